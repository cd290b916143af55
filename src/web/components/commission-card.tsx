// The policy page's commission (issue 31, Professional and above): the rate that applies (the
// schedule's or the policy's own), expected against received, and two actions — set the policy's
// own rate, record a commission received without a statement.
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TermSplit } from '#shared/commission-splits.ts';
import { COMMISSION_STATE_LABEL, COMMISSION_TEXT, type ReconciliationRow } from '#shared/commissions.ts';
import { formatMoney, todayIso } from '#shared/money.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { apiDelete, apiGet, apiPost, apiPut, errorMessage, ApiError } from '#web/lib/api.ts';
import { useFeature } from '#web/lib/session.ts';
import { notify } from '#web/lib/toast.ts';
import { SecondProducer } from './second-producer.tsx';

const money = (v: string) => (v.startsWith('-') ? `−${formatMoney(v.slice(1))}` : formatMoney(v));

export function CommissionCard({ policyId }: { policyId: string }) {
  const feature = useFeature('commissions');
  if (!feature.allowed) return null;
  return <CommissionBody policyId={policyId} />;
}

function CommissionBody({ policyId }: { policyId: string }) {
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: ['commissions', 'policy', policyId],
    queryFn: ({ signal }) => apiGet<{ commission: ReconciliationRow; split: TermSplit | null }>(`/api/commissions/policies/${policyId}`, signal),
  });
  const done = () => qc.invalidateQueries({ queryKey: ['commissions'] });
  const setRate = useMutation({ mutationFn: (rate: string) => apiPut(`/api/commissions/policies/${policyId}/rate`, { rate }), onSuccess: done });
  const receive = useMutation({
    mutationFn: (body: Record<string, string>) => apiPost<{ receipt: { id: string } }>('/api/commissions/receipts', { policy_id: policyId, ...body }),
    onSuccess: done,
  });
  // the undo of a receipt recorded by hand (issue 31: every manual change can be undone)
  const unreceive = (id: string) =>
    apiDelete(`/api/commissions/receipts/${id}`).then(
      () => (void done(), notify.success(COMMISSION_TEXT.receiptDeleted)),
      (err: unknown) => notify.error(errorMessage(err)),
    );
  const [rate, setRateText] = useState('');
  const [amount, setAmount] = useState('');
  const [date, setDate] = useState(() => todayIso());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const failed = (err: unknown) => (err instanceof ApiError && err.fields ? setErrors(err.fields) : notify.error(errorMessage(err)));

  const saveRate = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setRate.mutate(rate, { onSuccess: () => notify.success(COMMISSION_TEXT.overrideSaved), onError: failed });
  };
  const saveReceipt = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    receive.mutate(
      { amount, received_on: date },
      {
        onSuccess: ({ receipt }) => {
          setAmount('');
          notify.successWithAction('Commission recorded', COMMISSION_TEXT.receiptRecorded(formatMoney(amount), date), { label: 'Undo', onClick: () => void unreceive(receipt.id) });
        },
        onError: failed,
      },
    );
  };

  const c = q.data?.commission;
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>Commission</CardTitle>
        <Link to="/dashboard/commissions?view=rates" className="text-sm font-medium text-brand-700 hover:underline">
          Commission rates
        </Link>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        {q.isPending ? <p className="text-slate-500">Loading commission…</p> : null}
        {q.isError ? (
          <p role="alert" className="text-red-700">
            {errorMessage(q.error)}
          </p>
        ) : null}
        {c ? (
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="policy-commission">
            <div>
              <dt className="text-slate-500">Rate</dt>
              <dd>{c.rate === null ? COMMISSION_TEXT.noRate : `${Number(c.rate)}%${c.rate_overridden ? ' (this policy’s own)' : ''}`}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Expected</dt>
              <dd>
                {c.rate === null ? COMMISSION_TEXT.noRate : money(c.expected)}
                {c.chargeback !== '0.00' ? <span className="block text-xs text-slate-500">after a chargeback of {money(c.chargeback)}</span> : null}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">Received</dt>
              <dd>{money(c.received)}</dd>
            </div>
            <div>
              <dt className="text-slate-500">State</dt>
              <dd>
                {COMMISSION_STATE_LABEL[c.state]} ({money(c.difference)} outstanding)
              </dd>
            </div>
          </dl>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <form onSubmit={saveRate} className="flex flex-wrap items-end gap-2" noValidate>
            <FormField label="This policy’s own rate (%)" error={errors.rate} hint="Empty: the schedule’s rate.">
              <Input inputMode="decimal" className="w-28" value={rate} onChange={(e) => setRateText(e.target.value)} />
            </FormField>
            <Button type="submit" variant="outline" size="sm" disabled={setRate.isPending}>
              Save rate
            </Button>
          </form>
          <form onSubmit={saveReceipt} className="flex flex-wrap items-end gap-2" noValidate>
            <FormField label="Commission received ($)" error={errors.amount}>
              <Input inputMode="decimal" className="w-28" value={amount} onChange={(e) => setAmount(e.target.value)} />
            </FormField>
            <FormField label="Received on" error={errors.received_on}>
              <Input type="date" value={date} onChange={(e) => setDate(e.target.value)} />
            </FormField>
            <Button type="submit" variant="outline" size="sm" disabled={receive.isPending}>
              Record
            </Button>
          </form>
        </div>
        {q.data ? <SecondProducer key={q.data.split?.producer_id ?? 'none'} policyId={policyId} split={q.data.split} /> : null}
      </CardContent>
    </Card>
  );
}
