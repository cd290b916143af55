// /dashboard/policies/new and /dashboard/policies/:id/edit
import { isPolicyType } from '#shared/lines/index.ts';
import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { parseMoney } from '#shared/money.ts';
import { atLimit } from '#shared/usage.ts';
import { POLICY_TEXT } from '#shared/policies.ts';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorMessage } from '#web/lib/api.ts';
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
  const customer = useCustomer(customerId);
  const usage = useUsage();
  const initial = useMemo(() => {
    const blank = {
      ...emptyPolicy(),
      ...(isPolicyType(line) ? { policy_type: line } : {}),
      ...(premium ? { premium_amount: premium } : {}),
    };
    if (!customer.data) return blank;
    const c = customer.data;
    return { ...blank, customer_id: c.id, customer_name: c.name, customer_email: c.email, customer_phone: c.phone ?? '' };
  }, [customer.data, line, premium]);
  if (customerId && customer.isPending) return <Spinner label="Loading customer" />;
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title="Add New Policy" description="Create a policy of any line for a customer." />
      <PolicyForm key={customer.data?.id ?? 'new'} initial={initial} limitReached={atLimit(usage.data?.policies)} />
    </div>
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
