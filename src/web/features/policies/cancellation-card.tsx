// The policy page's cancellation card (issue 29 §1): Cancel policy (effective date, reason, flat or pro
// rata, the unearned premium the server computes, shown before confirming) and Reinstate.
import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, RotateCcw } from 'lucide-react';
import { formatMoney } from '#shared/money.ts';
import type { PolicyDetail } from '#shared/policies.ts';
import {
  CANCEL_METHOD_LABEL,
  CANCEL_METHODS,
  CANCEL_REASON_LABEL,
  CANCEL_REASONS,
  CANCEL_TEXT,
  cancelInputSchema,
  type CancelInput,
  type CancelMethod,
  type CancelQuote,
} from '#shared/policy-status.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input, Select } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ApiError, apiPost, errorMessage } from '#web/lib/api.ts';
import { policyKeys, refreshBook } from '#web/lib/book.ts';
import { formatDay } from '#web/lib/format.ts';
import { notify } from '#web/lib/toast.ts';

type Fields = Partial<Record<keyof CancelInput, string>>;

function useLifecycle(policyId: string, path: 'cancel' | 'reinstate') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CancelInput | Record<string, never>) => apiPost<PolicyDetail>(`/api/policies/${encodeURIComponent(policyId)}/${path}`, body),
    onSuccess: async (saved) => {
      qc.setQueryData(policyKeys.detail(saved.id), saved);
      await refreshBook(qc);
    },
  });
}

export function CancellationCard({ policy }: { policy: PolicyDetail }) {
  const [open, setOpen] = useState(false);
  const reinstate = useLifecycle(policy.id, 'reinstate');
  const renewed = policy.renewal_state === 'renewed';
  if (!policy.cancel_effective_date && renewed) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Cancellation</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        {policy.cancel_effective_date ? (
          <>
            <dl className="grid gap-4 sm:grid-cols-2" data-testid="cancellation">
              <div>
                <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">Effective date</dt>
                <dd className="mt-1 text-slate-900">{formatDay(policy.cancel_effective_date)}</dd>
              </div>
              <div>
                <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">Reason</dt>
                <dd className="mt-1 text-slate-900">{policy.cancel_reason ? CANCEL_REASON_LABEL[policy.cancel_reason] : 'Not recorded'}</dd>
              </div>
              {policy.cancel_method ? (
                <div>
                  <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">Method</dt>
                  <dd className="mt-1 text-slate-900">{CANCEL_METHOD_LABEL[policy.cancel_method]}</dd>
                </div>
              ) : null}
              {policy.unearned_premium !== null ? (
                <div>
                  <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{CANCEL_TEXT.unearned}</dt>
                  <dd className="mt-1 text-slate-900">{formatMoney(policy.unearned_premium)}</dd>
                </div>
              ) : null}
            </dl>
            {renewed ? null : (
              <Button
                variant="outline"
                size="sm"
                disabled={reinstate.isPending}
                onClick={() =>
                  reinstate.mutate({}, { onSuccess: () => notify.success('Success', CANCEL_TEXT.reinstated), onError: (e) => notify.error('Error', errorMessage(e)) })
                }
              >
                <RotateCcw className="h-4 w-4" aria-hidden /> {CANCEL_TEXT.reinstate}
              </Button>
            )}
          </>
        ) : (
          <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
            <Ban className="h-4 w-4" aria-hidden /> {CANCEL_TEXT.action}
          </Button>
        )}
      </CardContent>
      {open ? <CancelDialog policy={policy} onClose={() => setOpen(false)} /> : null}
    </Card>
  );
}

/** Today in the browser, kept inside the term (the server checks the term again). */
function defaultDate(policy: PolicyDetail): string {
  const d = new Date();
  const today = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  return today < policy.start_date ? policy.start_date : today >= policy.end_date ? policy.start_date : today;
}

function CancelDialog({ policy, onClose }: { policy: PolicyDetail; onClose: () => void }) {
  const [values, setValues] = useState<{ effective_date: string; reason: string; method: CancelMethod }>({ effective_date: defaultDate(policy), reason: '', method: 'pro_rata' });
  const [errors, setErrors] = useState<Fields>({});
  const cancel = useLifecycle(policy.id, 'cancel');
  const parsed = cancelInputSchema.safeParse(values);
  // the figures come from the server (exact cents), for the date and method as typed
  const quoteInput = parsed.success ? parsed.data : { ...values, reason: 'client_request' as const };
  const quoteOk = cancelInputSchema.safeParse(quoteInput).success;
  const quote = useQuery({
    queryKey: [...policyKeys.detail(policy.id), 'cancel-quote', quoteInput.effective_date, quoteInput.method],
    queryFn: () => apiPost<CancelQuote>(`/api/policies/${encodeURIComponent(policy.id)}/cancel/quote`, quoteInput),
    enabled: quoteOk,
    retry: false,
    placeholderData: keepPreviousData,
  });
  const quoteError = quote.error instanceof ApiError ? quote.error.fields?.effective_date : undefined;

  const set = (key: keyof typeof values) => (value: string) => (setValues((v) => ({ ...v, [key]: value })), setErrors((e) => ({ ...e, [key]: undefined })));
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!parsed.success) {
      const fields: Fields = {};
      for (const issue of parsed.error.issues) fields[issue.path[0] as keyof CancelInput] ??= issue.message;
      return setErrors(fields);
    }
    cancel.mutate(parsed.data, {
      onSuccess: (saved) => {
        notify.success('Success', saved.status === 'cancelled' ? CANCEL_TEXT.cancelled : CANCEL_TEXT.scheduled(formatDay(parsed.data.effective_date)));
        onClose();
      },
      onError: (err) => (err instanceof ApiError && err.fields ? setErrors(err.fields as Fields) : notify.error('Error', errorMessage(err))),
    });
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent title={CANCEL_TEXT.title} description={`Policy ${policy.policy_number}, term ${formatDay(policy.start_date)} – ${formatDay(policy.end_date)}.`}>
        <form onSubmit={submit} className="space-y-4" noValidate>
          <FormField label="Effective Date" required error={errors.effective_date ?? quoteError}>
            <Input type="date" value={values.effective_date} onChange={(e) => set('effective_date')(e.target.value)} />
          </FormField>
          <FormField label="Reason" required error={errors.reason}>
            <Select value={values.reason} onChange={(e) => set('reason')(e.target.value)}>
              <option value="">Choose a reason</option>
              {CANCEL_REASONS.map((r) => (
                <option key={r} value={r}>
                  {CANCEL_REASON_LABEL[r]}
                </option>
              ))}
            </Select>
          </FormField>
          <fieldset>
            <legend className="mb-1.5 text-sm font-medium text-slate-800">Refund</legend>
            <div className="flex flex-wrap gap-4 text-sm">
              {CANCEL_METHODS.map((m) => (
                <label key={m} className="flex items-center gap-2">
                  <input type="radio" name="method" value={m} checked={values.method === m} onChange={() => set('method')(m)} /> {CANCEL_METHOD_LABEL[m]}
                </label>
              ))}
            </div>
            {errors.method ? <p className="mt-1 text-sm text-red-600" role="alert">{errors.method}</p> : null}
          </fieldset>
          <div className="rounded-md bg-slate-50 p-3 text-sm" aria-live="polite" data-testid="unearned-premium">
            {quote.isFetching && !quote.data ? (
              <Spinner label="Computing the unearned premium" />
            ) : quote.data && quoteOk && !quoteError ? (
              <p>
                {CANCEL_TEXT.unearned}: <strong>{formatMoney(quote.data.unearned_premium)}</strong>
                <span className="block text-xs text-slate-500">
                  {quote.data.unearned_days} of {quote.data.term_days} days returned
                </span>
              </p>
            ) : (
              <p className="text-slate-500">{CANCEL_TEXT.unearned}: enter a date within the term.</p>
            )}
          </div>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              Keep policy
            </Button>
            <Button type="submit" variant="destructive" disabled={cancel.isPending}>
              {CANCEL_TEXT.confirm}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
