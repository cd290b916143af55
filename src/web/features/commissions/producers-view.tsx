// Producers: what each producer earned in a month (their part of each term they produce, at their
// split) with totals that tie to the reconciliation of the same month, and each member's split —
// changed by the owner and admins, read by the others.
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Download } from 'lucide-react';
import { checkAccess } from '#shared/access.ts';
import { SPLIT_MANAGERS, SPLIT_TEXT, producerSplitSchema, type ProducerSplit } from '#shared/commission-splits.ts';
import { todayIso } from '#shared/money.ts';
import { fieldErrors } from '#shared/validation.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { ApiError, errorMessage } from '#web/lib/api.ts';
import { accessSubjectOf, useSession } from '#web/lib/session.ts';
import { notify } from '#web/lib/toast.ts';
import { useProducerReport, useProducers, useSaveProducerSplit } from './queries.ts';
import { signedMoney } from './signed-money.ts';

const pct = (v: string | null) => (v === null ? SPLIT_TEXT.noSplit : `${Number(v)}%`);
const cell = 'px-3 py-2 text-right tabular-nums';

export function ProducersView() {
  const [params, setParams] = useSearchParams();
  const month = params.get('month') ?? todayIso().slice(0, 7);
  const report = useProducerReport(month);
  const data = report.data;
  return (
    <div className="space-y-4">
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-end justify-between gap-3">
          <div>
            <CardTitle>Producer report</CardTitle>
            <p className="text-sm text-slate-600">Terms starting in the month: each producer’s part of the commission, and what they earn of it at their split.</p>
          </div>
          <div className="flex flex-wrap items-end gap-2">
            <FormField label="Month">
              <Input
                type="month"
                value={month}
                onChange={(e) => {
                  const next = new URLSearchParams(params);
                  next.set('month', e.target.value);
                  setParams(next, { replace: true });
                }}
              />
            </FormField>
            <Button variant="outline" size="sm" asChild>
              <a href={`/api/commissions/producer-report/csv?month=${month}`} download>
                <Download className="h-4 w-4" aria-hidden /> Download CSV
              </a>
            </Button>
          </div>
        </CardHeader>
        <CardContent className="overflow-x-auto p-0">
          {report.isPending ? <p className="p-4 text-sm text-slate-500">Loading the producer report…</p> : null}
          {report.isError ? (
            <p role="alert" className="p-4 text-sm text-red-700">
              {errorMessage(report.error)}{' '}
              <Button variant="link" size="sm" onClick={() => void report.refetch()}>
                Try again
              </Button>
            </p>
          ) : null}
          {data && data.rows.length === 0 ? <p className="p-4 text-sm text-slate-500">No term starts in this month.</p> : null}
          {data && data.rows.length > 0 ? (
            <table className="w-full min-w-[40rem] text-sm" aria-label="Commission by producer">
              <thead className="bg-slate-50 text-left text-slate-600">
                <tr>
                  <th className="px-3 py-2 font-medium">Producer</th>
                  <th className="px-3 py-2 font-medium">Split (new / renewal)</th>
                  <th className="px-3 py-2 text-right font-medium">Terms</th>
                  <th className="px-3 py-2 text-right font-medium">Expected</th>
                  <th className="px-3 py-2 text-right font-medium">Received</th>
                  <th className="px-3 py-2 text-right font-medium">Outstanding</th>
                  <th className="px-3 py-2 text-right font-medium">Earned</th>
                </tr>
              </thead>
              <tbody>
                {data.rows.map((r) => (
                  <tr key={r.producer_id ?? 'none'} className="border-t border-slate-100">
                    <td className="px-3 py-2">{r.name}</td>
                    <td className="px-3 py-2">{r.producer_id === null ? '—' : r.new_business === null ? SPLIT_TEXT.noSplit : `${pct(r.new_business)} / ${pct(r.renewal)}`}</td>
                    <td className={cell}>{r.terms}</td>
                    <td className={cell}>{signedMoney(r.expected)}</td>
                    <td className={cell}>{signedMoney(r.received)}</td>
                    <td className={cell}>{signedMoney(r.difference)}</td>
                    <td className={cell}>
                      {signedMoney(r.earned)}
                      <span className="block text-xs text-slate-500">of {signedMoney(r.earned_expected)} expected</span>
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot className="border-t-2 border-slate-200 font-medium">
                <tr>
                  <td className="px-3 py-2">Total</td>
                  <td />
                  <td className={cell}>{data.totals.terms}</td>
                  <td className={cell}>{signedMoney(data.totals.expected)}</td>
                  <td className={cell}>{signedMoney(data.totals.received)}</td>
                  <td className={cell}>{signedMoney(data.totals.difference)}</td>
                  <td className={cell}>{signedMoney(data.totals.earned)}</td>
                </tr>
              </tfoot>
            </table>
          ) : null}
        </CardContent>
      </Card>
      <SplitsCard />
    </div>
  );
}

function SplitsCard() {
  const producers = useProducers();
  const { data: session } = useSession();
  const manager = checkAccess(accessSubjectOf(session), SPLIT_MANAGERS) === null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Producer splits</CardTitle>
        <p className="text-sm text-slate-600">
          The share of the agency’s commission each member earns on the terms assigned to them.{manager ? '' : ' Only the agency owner or an admin can change them.'}
        </p>
      </CardHeader>
      <CardContent className="space-y-3">
        {producers.isPending ? <p className="text-sm text-slate-500">Loading the team…</p> : null}
        {producers.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(producers.error)}
          </p>
        ) : null}
        <ul className="divide-y divide-slate-100">
          {(producers.data?.producers ?? []).map((p) => (
            <li key={p.user_id} className="py-3">
              {manager ? (
                <SplitForm producer={p} />
              ) : (
                <p className="text-sm">
                  <span className="font-medium">{p.name}</span>: {p.new_business === null ? SPLIT_TEXT.noSplit : `${pct(p.new_business)} of new business, ${pct(p.renewal)} of renewals`}
                </p>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function SplitForm({ producer }: { producer: ProducerSplit }) {
  const save = useSaveProducerSplit();
  const [form, setForm] = useState({ new_business: producer.new_business ? String(Number(producer.new_business)) : '', renewal: producer.renewal ? String(Number(producer.renewal)) : '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = producerSplitSchema.safeParse(form);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    save.mutate(
      { userId: producer.user_id, ...form },
      {
        onSuccess: () => notify.success(SPLIT_TEXT.splitSaved),
        onError: (err) => (err instanceof ApiError && err.fields ? setErrors(err.fields) : notify.error(errorMessage(err))),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3" aria-label={`Split of ${producer.name}`}>
      <p className="w-full text-sm font-medium sm:w-48">
        {producer.name}
        <span className="block text-xs font-normal text-slate-500">{producer.email}</span>
      </p>
      <FormField label="New business (%)" error={errors.new_business}>
        <Input inputMode="decimal" className="w-28" value={form.new_business} onChange={(e) => setForm((f) => ({ ...f, new_business: e.target.value }))} />
      </FormField>
      <FormField label="Renewals (%)" error={errors.renewal}>
        <Input inputMode="decimal" className="w-28" value={form.renewal} onChange={(e) => setForm((f) => ({ ...f, renewal: e.target.value }))} />
      </FormField>
      <Button type="submit" variant="outline" size="sm" disabled={save.isPending}>
        Save split
      </Button>
    </form>
  );
}
