// /dashboard/policies/new and /dashboard/policies/:id/edit
import { isPolicyType } from '#shared/lines/index.ts';
import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { COMMISSION_TEXT, type StatementLineDetail } from '#shared/commissions.ts';
import { useParams, useSearchParams } from 'react-router';
import { formatMoney, parseMoney } from '#shared/money.ts';
import { atLimit } from '#shared/usage.ts';
import { POLICY_TEXT } from '#shared/policies.ts';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { formatDay } from '#web/lib/format.ts';

import { notify } from '#web/lib/toast.ts';
import { matchLine, reopenLine, useStatementLine } from '#web/lib/statement-line.ts';
import { useCustomer } from '#web/lib/customers.ts';
import { PageHeader } from '#web/components/page-header.tsx';
import { emptyPolicy, PolicyForm, policyToForm } from './policy-form.tsx';
import { usePolicy } from './queries.ts';
import { useUsage } from '#web/lib/book.ts';

export function NewPolicyPage() {
  const [params] = useSearchParams();
  const customerId = params.get('customer') ?? undefined;
  // ?line=<a registered line>: a won opportunity opens the form on its line (the pipeline's Won)
  const line = params.get('line');
  // ?premium=…: the won opportunity's estimated premium, kept only when it is a valid amount
  const premium = parseMoney(params.get('premium'));
  // ?from_line=<statement line>: a line on a carrier statement but not in the book (issue 31): the
  // form is filled from it and, once saved, the line pays the new policy
  const fromLine = params.get('from_line');
  const statementLine = useStatementLine(fromLine);
  const source = statementLine.data?.line.status === 'unmatched' ? statementLine.data.line : null;
  const customer = useCustomer(customerId);
  const usage = useUsage();
  const qc = useQueryClient();
  const initial = useMemo(() => {
    const blank = {
      ...emptyPolicy(),
      ...(isPolicyType(line) ? { policy_type: line } : {}),
      ...(premium ? { premium_amount: premium } : {}),
      ...(source
        ? {
            policy_number: source.policy_number ?? '',
            customer_name: source.insured_name ?? '',
            premium_amount: source.premium ?? '',
            insurance_company: source.carrier ?? '',
          }
        : {}),
    };
    if (!customer.data) return blank;
    const c = customer.data;
    return { ...blank, customer_id: c.id, customer_name: c.name, customer_email: c.email, customer_phone: c.phone ?? '' };
  }, [customer.data, line, premium, source]);
  if (customerId && customer.isPending) return <Spinner label="Loading customer" />;
  if (fromLine && statementLine.isPending) return <Spinner label="Loading the statement line" />;
  const afterCreate = source
    ? async (saved: { id: string; policy_number: string }) => {
        try {
          await matchLine(qc, source.id, saved.id);
          notify.successWithAction(POLICY_TEXT.created, COMMISSION_TEXT.lineMatched(saved.policy_number), {
            label: 'Undo',
            onClick: () =>
              void reopenLine(qc, source.id).then(
                () => notify.success(COMMISSION_TEXT.lineReopened),
                (err: unknown) => notify.error(errorMessage(err)),
              ),
          });
        } catch (err) {
          notify.error(POLICY_TEXT.created, errorMessage(err));
        }
      }
    : undefined;
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title="Add New Policy" description="Create a policy of any line for a customer." />
      {fromLine ? <FromLineNote line={statementLine.data?.line} error={statementLine.isError ? errorMessage(statementLine.error) : null} /> : null}
      <PolicyForm key={`${customer.data?.id ?? 'new'}-${source?.id ?? ''}`} initial={initial} limitReached={atLimit(usage.data?.policies)} afterCreate={afterCreate} />
    </div>
  );
}

/** What the form was filled from, or why it was not. */
function FromLineNote({ line, error }: { line?: StatementLineDetail; error: string | null }) {
  if (error || !line)
    return (
      <p role="alert" className="mb-4 text-sm text-red-600">
        {error ?? COMMISSION_TEXT.lineNotFound}
      </p>
    );
  if (line.status !== 'unmatched')
    return (
      <p role="alert" className="mb-4 text-sm text-red-600">
        {COMMISSION_TEXT.lineNotMatchable}
      </p>
    );
  return (
    <p className="mb-4 rounded-md border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-slate-800" data-testid="from-line">
      {COMMISSION_TEXT.fromLine(line.carrier ?? '', line.policy_number ?? line.insured_name ?? '', line.amount.startsWith('-') ? `−${formatMoney(line.amount.slice(1))}` : formatMoney(line.amount), formatDay(line.received_on))}
    </p>
  );
}

export function EditPolicyPage() {
  const { id = '' } = useParams();
  const policy = usePolicy(id);
  if (policy.isPending) return <Spinner label="Loading policy" />;
  if (policy.isError)
    return (
      <p role="alert" className="text-red-600">
        {POLICY_TEXT.loadError(errorMessage(policy.error))}
      </p>
    );
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title="Edit Policy" description={`Policy ${policy.data.policy_number}`} />
      <PolicyForm initial={policyToForm(policy.data)} policyId={policy.data.id} />
    </div>
  );
}
