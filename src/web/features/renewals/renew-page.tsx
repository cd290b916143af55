// /dashboard/policies/:id/renew: the Renew form, prefilled from the current term. The premium is
// editable; its change against the current term shows in %, with Remarket at or above the threshold.
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { formatMoney, parseMoney } from '#shared/money.ts';
import { isRemarket, premiumChangePercent, RENEWAL_TEXT, renewInputSchema } from '#shared/renewals.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
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
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (prefill.data) {
      setPremium(prefill.data.premium_amount);
      setNumber(prefill.data.next_policy_number);
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

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const checked = renewInputSchema.safeParse({ premium_amount: premium, policy_number: number });
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    renew.mutate(
      { id, premium_amount: premium, policy_number: number },
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
            <FormField label="End Date" hint="Always the start date plus 12 months.">
              <Input value={formatDay(p.end_date)} readOnly aria-readonly="true" className="bg-slate-50" />
            </FormField>
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
