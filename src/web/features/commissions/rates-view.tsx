// Commission schedules: a rate per carrier × line × new business or renewal, from a date; and the
// agency's tolerance (a received amount this close to the expected one is paid in full).
import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { BUSINESS_KINDS, BUSINESS_LABEL, COMMISSION_TEXT, rateInputSchema } from '#shared/commissions.ts';
import { LINES, POLICY_TYPE_LABEL } from '#shared/lines/index.ts';
import { fieldErrors } from '#shared/validation.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input, Select } from '#web/components/ui/input.tsx';
import { ApiError, errorMessage } from '#web/lib/api.ts';
import { formatDay } from '#web/lib/format.ts';
import { notify } from '#web/lib/toast.ts';
import { RateImport } from './rate-import.tsx';
import { restoreTolerance, useCommissionCarriers, useCreateRate, useDeleteRate, useRates, useSaveTolerance, useTolerance } from './queries.ts';

const EMPTY = { carrier: '', line: 'car', business: 'new', rate: '', effective_from: `${new Date().getFullYear()}-01-01` };

export function RatesView() {
  const rates = useRates();
  const carriers = useCommissionCarriers();
  const create = useCreateRate();
  const remove = useDeleteRate();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (k: keyof typeof EMPTY) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = rateInputSchema.safeParse(form);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    create.mutate(form, {
      onSuccess: () => {
        notify.success(COMMISSION_TEXT.rateSaved);
        setForm((f) => ({ ...f, rate: '' }));
      },
      onError: (err) => (err instanceof ApiError && err.fields ? setErrors(err.fields) : notify.error(errorMessage(err))),
    });
  };

  return (
    <div className="space-y-4">
      <Card>
        <CardHeader>
          <CardTitle>Add a commission rate</CardTitle>
          <p className="text-sm text-slate-600">A rate applies to terms of the carrier and line that start on or after its date; a later rate takes over from its own date.</p>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6 lg:items-end">
            <FormField label="Carrier" required error={errors.carrier} className="lg:col-span-2">
              <Input list="rate-carriers" value={form.carrier} onChange={set('carrier')} autoComplete="off" />
            </FormField>
            <datalist id="rate-carriers">
              {(carriers.data?.carriers ?? []).map((c) => (
                <option key={c} value={c} />
              ))}
            </datalist>
            <FormField label="Line" required error={errors.line}>
              <Select value={form.line} onChange={set('line')}>
                {LINES.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.label}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField label="Business" required error={errors.business}>
              <Select value={form.business} onChange={set('business')}>
                {BUSINESS_KINDS.map((b) => (
                  <option key={b} value={b}>
                    {BUSINESS_LABEL[b]}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField label="Rate (%)" required error={errors.rate}>
              <Input inputMode="decimal" value={form.rate} onChange={set('rate')} placeholder="12.5" />
            </FormField>
            <FormField label="Applies from" required error={errors.effective_from}>
              <Input type="date" value={form.effective_from} onChange={set('effective_from')} />
            </FormField>
            <div className="lg:col-span-6">
              <Button type="submit" disabled={create.isPending}>
                Save rate
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Commission schedules</CardTitle>
        </CardHeader>
        <CardContent>
          {rates.isPending ? <p className="text-sm text-slate-500">Loading rates…</p> : null}
          {rates.data && rates.data.rates.length === 0 ? (
            <p className="text-sm text-slate-600">No rates yet: every policy shows “No rate” until its carrier and line have one.</p>
          ) : null}
          {rates.data?.rates.length ? (
            <div className="overflow-x-auto">
              <table className="w-full text-sm" aria-label="Commission rates">
                <thead className="text-left text-slate-600">
                  <tr>
                    <th className="py-2 pr-3 font-medium">Carrier</th>
                    <th className="py-2 pr-3 font-medium">Line</th>
                    <th className="py-2 pr-3 font-medium">Business</th>
                    <th className="py-2 pr-3 text-right font-medium">Rate</th>
                    <th className="py-2 pr-3 font-medium">From</th>
                    <th className="py-2 font-medium">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rates.data.rates.map((r) => (
                    <tr key={r.id} className="border-t border-slate-100">
                      <td className="py-2 pr-3">{r.carrier}</td>
                      <td className="py-2 pr-3">{POLICY_TYPE_LABEL[r.line] ?? r.line}</td>
                      <td className="py-2 pr-3">{BUSINESS_LABEL[r.business]}</td>
                      <td className="py-2 pr-3 text-right tabular-nums">{Number(r.rate)}%</td>
                      <td className="whitespace-nowrap py-2 pr-3">{formatDay(r.effective_from)}</td>
                      <td className="py-2 text-right">
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Delete the ${r.carrier} ${r.line} rate from ${r.effective_from}`}
                          onClick={() => remove.mutate(r.id, { onSuccess: () => notify.success(COMMISSION_TEXT.rateDeleted), onError: (err) => notify.error(errorMessage(err)) })}
                        >
                          <Trash2 className="h-4 w-4" aria-hidden />
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </CardContent>
      </Card>
      <RateImport />
      <ToleranceCard />
    </div>
  );
}

function ToleranceCard() {
  const q = useTolerance();
  const save = useSaveTolerance();
  const qc = useQueryClient();
  const [value, setValue] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const shown = value ?? q.data?.tolerance ?? '';
  return (
    <Card>
      <CardHeader>
        <CardTitle>Tolerance</CardTitle>
        <p className="text-sm text-slate-600">A received amount within this much of the expected commission counts as paid in full.</p>
      </CardHeader>
      <CardContent>
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            setError(null);
            save.mutate(shown, {
              onSuccess: (saved) => {
                setValue(null);
                if (saved.previous === saved.tolerance) return notify.success(COMMISSION_TEXT.settingsSaved);
                // the change is in the activity log; Undo saves the value it replaced
                notify.successWithAction(COMMISSION_TEXT.settingsSaved, COMMISSION_TEXT.toleranceChanged(saved.previous, saved.tolerance), {
                  label: 'Undo',
                  onClick: () =>
                    void restoreTolerance(qc, saved.previous).then(
                      () => notify.success(COMMISSION_TEXT.toleranceRestored(saved.previous)),
                      (err: unknown) => notify.error(errorMessage(err)),
                    ),
                });
              },
              onError: (err) => setError(errorMessage(err)),
            });
          }}
        >
          <FormField label="Tolerance ($)" error={error ?? undefined}>
            <Input inputMode="decimal" className="w-32" value={shown} onChange={(e) => setValue(e.target.value)} />
          </FormField>
          <Button type="submit" variant="outline" disabled={save.isPending}>
            Save tolerance
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
