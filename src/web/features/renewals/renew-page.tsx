// /dashboard/policies/:id/renew: the Renew form, prefilled from the current term. The premium is
// editable; its change against the current term shows in %, with Remarket at or above the threshold.
// The term keeps the current one's length unless the agent chooses another (decision 053).
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { formatMoney, parseMoney } from '#shared/money.ts';
import { isRemarket, premiumChangePercent, RENEWAL_TEXT, renewInputSchema } from '#shared/renewals.ts';
import { POLICY_TERM_LABEL, POLICY_TERMS, resolveTermEnd, TERM_TEXT, termEndDate, type PolicyTerm } from '#shared/terms.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input, Select } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { FeatureGate } from '#web/app/guards.tsx';
import { ApiError, errorMessage } from '#web/lib/api.ts';
import { notify } from '#web/lib/toast.ts';
import { formatDay } from '#web/lib/format.ts';
import { PageHeader } from '#web/components/page-header.tsx';
import { usePrefill, useRenew } from '#web/lib/renewals.ts';
import { RemarketBadge } from '#web/components/badges.tsx';

export function RenewPolicyPage() {
  return (
    <FeatureGate feature="renewals">
      <RenewForm />
    </FeatureGate>
  );
}

function RenewForm() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const prefill = usePrefill(id);
  const renew = useRenew();
  const [premium, setPremium] = useState('');
  const [number, setNumber] = useState('');
  const [term, setTerm] = useState<PolicyTerm>('12_months');
  const [customEnd, setCustomEnd] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (prefill.data) {
      setPremium(prefill.data.premium_amount);
      setNumber(prefill.data.next_policy_number);
      setTerm(prefill.data.term);
      setCustomEnd(prefill.data.end_date);
    }
  }, [prefill.data]);

  if (prefill.isPending) return <Spinner label="Loading policy" />;
  if (prefill.isError)
    return (
      <div className="space-y-4">
        <p role="alert" className="text-red-600">
          {errorMessage(prefill.error)}
        </p>
        <Button variant="outline" asChild>
          <Link to={`/dashboard/policies/${id}`}>Back to the policy</Link>
        </Button>
      </div>
    );
  const p = prefill.data;
  const parsed = parseMoney(premium);
  const change = parsed === null ? null : premiumChangePercent(p.premium_amount, parsed);
  const remarket = parsed !== null && isRemarket(p.premium_amount, parsed, p.remarket_threshold);
  const shownEnd = term === 'custom' ? customEnd : termEndDate(p.start_date, term);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = { premium_amount: premium, policy_number: number, term, end_date: term === 'custom' ? customEnd : undefined };
    const checked = renewInputSchema.safeParse(body);
    const dates = resolveTermEnd(p.start_date, term, body.end_date);
    const found = checked.success ? {} : Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message]));
    if (dates && 'message' in dates) found.end_date = dates.message;
    if (Object.keys(found).length) {
      setErrors(found);
      return;
    }
    renew.mutate(
      { id, ...body },
      {
        onSuccess: (next) => {
          notify.success('Success', RENEWAL_TEXT.renewed);
          navigate(`/dashboard/policies/${next.id}`);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.fields) setErrors(err.fields);
          notify.error('Error', errorMessage(err));
        },
      },
    );
  };

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={`Renew policy ${p.policy_number}`} description="The next term starts when the current one ends. Details are copied from the current term." />
      <form onSubmit={submit} noValidate>
        <Card>
          <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
            <CardTitle>Next term</CardTitle>
            {remarket ? (
              <span data-testid="remarket-flag">
                <RemarketBadge />
              </span>
            ) : null}
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <FormField label="Policy Number" required error={errors.policy_number}>
              <Input value={number} maxLength={50} onChange={(e) => (setNumber(e.target.value), setErrors({}))} />
            </FormField>
            <FormField
              label="Premium Amount"
              required
              error={errors.premium_amount}
              hint={
                <span data-testid="premium-change">
                  Current premium {formatMoney(p.premium_amount)}
                  {change === null ? '' : ` · change ${change > 0 ? '+' : ''}${change} %`}
                </span>
              }
            >
              <Input inputMode="decimal" value={premium} onChange={(e) => (setPremium(e.target.value), setErrors({}))} />
            </FormField>
            <FormField label="Start Date" hint="The current term's end date.">
              <Input value={formatDay(p.start_date)} readOnly aria-readonly="true" className="bg-slate-50" />
            </FormField>
            <FormField label="Term" hint={TERM_TEXT.renewHint}>
              <Select
                value={term}
                onChange={(e) => {
                  const next = e.target.value as PolicyTerm;
                  // a custom end date starts from the end the form showed
                  if (next === 'custom' && term !== 'custom') setCustomEnd(shownEnd);
                  setTerm(next);
                  setErrors({});
                }}
              >
                {POLICY_TERMS.map((choice) => (
                  <option key={choice} value={choice}>
                    {POLICY_TERM_LABEL[choice]}
                  </option>
                ))}
              </Select>
            </FormField>
            {term === 'custom' ? (
              <FormField label="End Date" required hint={TERM_TEXT.hint.custom} error={errors.end_date}>
                <Input type="date" value={customEnd} onChange={(e) => (setCustomEnd(e.target.value), setErrors({}))} />
              </FormField>
            ) : (
              <FormField label="End Date" hint={TERM_TEXT.hint[term]}>
                <Input value={formatDay(shownEnd)} readOnly aria-readonly="true" className="bg-slate-50" />
              </FormField>
            )}
            {remarket ? (
              <p className="text-sm text-orange-800 sm:col-span-2" role="status">
                {RENEWAL_TEXT.remarketHint(p.remarket_threshold)}
              </p>
            ) : null}
          </CardContent>
        </Card>
        <div className="mt-6 flex justify-end gap-2">
          <Button type="button" variant="outline" asChild>
            <Link to={`/dashboard/policies/${id}`}>Cancel</Link>
          </Button>
          <Button type="submit" disabled={renew.isPending}>
            Renew policy
          </Button>
        </div>
      </form>
    </div>
  );
}
