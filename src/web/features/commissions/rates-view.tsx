// Commission schedules: a rate per carrier × line × new business or renewal, from a date; and the
// agency's tolerance (a received amount this close to the expected one is paid in full).
import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { BUSINESS_KINDS, BUSINESS_LABEL, COMMISSION_TEXT, RATES_PAGE_SIZE, rateInputSchema, type CommissionRate } from '#shared/commissions.ts';
import { LINES, POLICY_TYPE_LABEL } from '#shared/lines/index.ts';
import { fieldErrors } from '#shared/validation.ts';
import { DataList, type ListColumn } from '#web/components/list-kit/data-list.tsx';
import { usePageParam } from '#web/components/list-kit/use-page-param.ts';
import { Pager } from '#web/components/list-parts.tsx';
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

const COLUMNS: ListColumn<CommissionRate>[] = [
  { id: 'carrier', header: 'Carrier', primary: true, className: 'text-slate-900', cell: (r) => r.carrier },
  { id: 'line', header: 'Line', cell: (r) => POLICY_TYPE_LABEL[r.line] ?? r.line },
  { id: 'business', header: 'Business', cell: (r) => BUSINESS_LABEL[r.business] },
  { id: 'rate', header: 'Rate', className: 'tabular-nums', cell: (r) => `${Number(r.rate)}%` },
  { id: 'from', header: 'From', className: 'whitespace-nowrap', cell: (r) => formatDay(r.effective_from) },
];

const rateLabel = (r: CommissionRate) => `${r.carrier} ${POLICY_TYPE_LABEL[r.line] ?? r.line} ${BUSINESS_LABEL[r.business]} from ${formatDay(r.effective_from)}`;

export function RatesView() {
  const rates = useRates();
  // the schedule comes whole (it is small): the page is a slice of it, its number in the URL (issue 28)
  const [page, setPage] = usePageParam();
  const all = rates.data?.rates ?? [];
  const pages = Math.max(1, Math.ceil(all.length / RATES_PAGE_SIZE));
  // a page the deletes emptied (or a stale link) shows the last one
  const current = Math.min(page, pages);
  const shown = all.slice((current - 1) * RATES_PAGE_SIZE, current * RATES_PAGE_SIZE);
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
        <CardContent className="px-0 pb-0">
          <DataList
            label="Commission rates"
            columns={COLUMNS}
            source={{ ...rates, data: rates.data ? { rows: shown } : undefined }}
            rowKey={(r) => r.id}
            rowLabel={rateLabel}
            empty={COMMISSION_TEXT.ratesEmpty}
            actionsHeader="Delete"
            actions={(r) => (
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Delete the ${r.carrier} ${r.line} rate from ${r.effective_from}`}
                onClick={() => remove.mutate(r.id, { onSuccess: () => notify.success(COMMISSION_TEXT.rateDeleted), onError: (err) => notify.error(errorMessage(err)) })}
              >
                <Trash2 className="h-4 w-4" aria-hidden />
              </Button>
            )}
          />
          {rates.data ? <Pager page={current} total={all.length} pageSize={RATES_PAGE_SIZE} onPage={setPage} /> : null}
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
