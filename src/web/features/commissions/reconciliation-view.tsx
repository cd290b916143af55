// The reconciliation: per term expected against received, the difference and its state, with the
// totals on top (expected − received = outstanding, as the server summed them for these filters)
// and per carrier. Filters live in the URL; rows become cards on phones.
import { Link, useSearchParams } from 'react-router';
import { Download } from 'lucide-react';
import { COMMISSION_STATE_LABEL, COMMISSION_STATES, COMMISSION_TEXT, type CommissionState, type ReconciliationRow } from '#shared/commissions.ts';
import { POLICY_TYPE_LABEL, type PolicyType } from '#shared/lines/index.ts';
import { formatMoney } from '#shared/money.ts';
import { Badge, type BadgeTone } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input, Select } from '#web/components/ui/input.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { formatDay } from '#web/lib/format.ts';
import { signedMoney } from './signed-money.ts';
import { UnmatchedLines } from './unmatched-lines.tsx';
import { reconciliationSearch, useCommissionCarriers, useReconciliation, type ReconciliationFilters } from './queries.ts';

const STATE_TONE: Record<CommissionState, BadgeTone> = { paid: 'green', short_paid: 'orange', unpaid: 'gray', overpaid: 'blue', no_rate: 'red' };

const rateText = (r: ReconciliationRow) => (r.rate === null ? COMMISSION_TEXT.noRate : `${Number(r.rate)}%${r.rate_overridden ? ' (own)' : ''}`);
const lineLabel = (line: string) => POLICY_TYPE_LABEL[line as PolicyType] ?? line;

export function StateBadge({ row }: { row: ReconciliationRow }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <Badge tone={STATE_TONE[row.state]}>{COMMISSION_STATE_LABEL[row.state]}</Badge>
      {row.overdue ? <Badge tone="red">Over 60 days</Badge> : null}
    </span>
  );
}

function useFilters(): [ReconciliationFilters, (next: Partial<ReconciliationFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const f: ReconciliationFilters = {
    state: params.get('state') ?? 'all',
    carrier: params.get('carrier') ?? '',
    month: params.get('month') ?? '',
    statement: params.get('statement') ?? '',
    page: Math.max(1, Number(params.get('page') ?? 1) || 1),
  };
  const change = (next: Partial<ReconciliationFilters>) => {
    const merged = { ...f, page: 1, ...next };
    const s = new URLSearchParams(params);
    for (const [k, v] of Object.entries(merged)) {
      if (v === '' || v === 'all' || (k === 'page' && v === 1)) s.delete(k);
      else s.set(k, String(v));
    }
    setParams(s, { replace: true });
  };
  return [f, change];
}

function Total({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-xl font-semibold text-slate-900" data-testid={testId}>
        {signedMoney(value)}
      </p>
    </div>
  );
}

export function ReconciliationView() {
  const [f, change] = useFilters();
  const q = useReconciliation(f);
  const carriers = useCommissionCarriers();
  const data = q.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;
  // the previous filters' rows stay on screen while the new ones load: say so to assistive technology (and tests)
  const busy = q.isFetching || q.isPlaceholderData;
  return (
    <div className="space-y-4" data-testid="reconciliation" aria-busy={busy}>
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField label="State">
          <Select value={f.state} onChange={(e) => change({ state: e.target.value })}>
            <option value="all">All states</option>
            {COMMISSION_STATES.map((s) => (
              <option key={s} value={s}>
                {COMMISSION_STATE_LABEL[s]}
                {data ? ` (${data.by_state[s]})` : ''}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Carrier">
          <Select value={f.carrier} onChange={(e) => change({ carrier: e.target.value })}>
            <option value="">All carriers</option>
            {(carriers.data?.carriers ?? []).map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Terms starting in">
          <Input type="month" value={f.month} onChange={(e) => change({ month: e.target.value })} />
        </FormField>
      </div>
      {f.statement ? (
        <p className="text-sm text-slate-600">
          Showing the terms paid by one statement.{' '}
          <button type="button" className="font-medium text-brand-700 hover:underline" onClick={() => change({ statement: '' })}>
            Show all terms
          </button>
        </p>
      ) : null}
      {/* the statement's lines not in the book: create the policy from one, or ignore it */}
      {f.statement ? <UnmatchedLines statement={f.statement} /> : null}
      {q.isError ? (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-700">
          {errorMessage(q.error)}{' '}
          <Button variant="outline" size="sm" onClick={() => void q.refetch()}>
            Retry
          </Button>
        </div>
      ) : null}
      {q.isPending ? <p className="text-sm text-slate-500">Loading commissions…</p> : null}
      {data ? (
        <>
          <section aria-label="Totals" className="grid gap-3 sm:grid-cols-3">
            <Total label="Expected" value={data.totals.expected} testId="total-expected" />
            <Total label="Received" value={data.totals.received} testId="total-received" />
            <Total label="Outstanding (expected − received)" value={data.totals.difference} testId="total-outstanding" />
          </section>
          <div className="flex flex-col gap-2 text-sm sm:flex-row sm:items-center sm:justify-between">
            <p className="text-slate-600" data-testid="aging">
              Outstanding by days since the term started:{' '}
              {Object.entries(data.aging)
                .map(([bucket, value]) => `${bucket} days ${signedMoney(value)}`)
                .join(' · ')}
            </p>
            <Button variant="outline" size="sm" asChild>
              <a href={`/api/commissions/csv?${reconciliationSearch({ ...f, page: 1 })}`} download>
                <Download className="h-4 w-4" aria-hidden /> Download CSV
              </a>
            </Button>
          </div>
          {data.by_carrier.length ? (
            <Card className="overflow-x-auto">
              <table className="w-full text-sm" aria-label="Totals per carrier">
                <thead className="bg-slate-50 text-left text-slate-600">
                  <tr>
                    <th className="px-3 py-2 font-medium">Carrier</th>
                    <th className="px-3 py-2 text-right font-medium">Terms</th>
                    <th className="px-3 py-2 text-right font-medium">Expected</th>
                    <th className="px-3 py-2 text-right font-medium">Received</th>
                    <th className="px-3 py-2 text-right font-medium">Outstanding</th>
                  </tr>
                </thead>
                <tbody>
                  {data.by_carrier.map((c) => (
                    <tr key={c.carrier} className="border-t border-slate-100">
                      <td className="px-3 py-2">{c.carrier}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{c.terms}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{signedMoney(c.expected)}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{signedMoney(c.received)}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{signedMoney(c.difference)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </Card>
          ) : null}
          {data.rows.length === 0 ? (
            <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">No policy terms match these filters.</p>
          ) : (
            <TermRows rows={data.rows} />
          )}
          {pages > 1 ? (
            <nav aria-label="Pages" className="flex items-center justify-between text-sm">
              <Button variant="outline" size="sm" disabled={f.page <= 1} onClick={() => change({ page: f.page - 1 })}>
                Previous
              </Button>
              <span>
                Page {f.page} of {pages} ({data.total} terms)
              </span>
              <Button variant="outline" size="sm" disabled={f.page >= pages} onClick={() => change({ page: f.page + 1 })}>
                Next
              </Button>
            </nav>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

function TermRows({ rows }: { rows: ReconciliationRow[] }) {
  return (
    <>
      <ul className="space-y-2 sm:hidden" aria-label="Policy terms">
        {rows.map((r) => (
          <li key={r.policy_id} className="rounded-lg border border-slate-200 bg-white p-3 text-sm" data-testid="commission-row">
            <div className="flex items-start justify-between gap-2">
              <Link to={`/dashboard/policies/${r.policy_id}`} className="font-medium text-brand-700 hover:underline">
                {r.policy_number}
              </Link>
              <StateBadge row={r} />
            </div>
            <p className="text-slate-600">
              {r.customer_name} · {r.carrier} · {lineLabel(r.line)}
            </p>
            <dl className="mt-2 grid grid-cols-3 gap-1">
              <dt className="text-slate-500">Expected</dt>
              <dt className="text-slate-500">Received</dt>
              <dt className="text-slate-500">Difference</dt>
              <dd className="tabular-nums">{signedMoney(r.rate === null ? null : r.expected)}</dd>
              <dd className="tabular-nums">{signedMoney(r.received)}</dd>
              <dd className="tabular-nums">{signedMoney(r.difference)}</dd>
            </dl>
          </li>
        ))}
      </ul>
      <Card className="hidden overflow-x-auto sm:block">
        <table className="w-full text-sm" aria-label="Policy terms">
          <thead className="bg-slate-50 text-left text-slate-600">
            <tr>
              <th className="px-3 py-2 font-medium">Policy</th>
              <th className="px-3 py-2 font-medium">Insured</th>
              <th className="px-3 py-2 font-medium">Carrier</th>
              <th className="px-3 py-2 font-medium">Start</th>
              <th className="px-3 py-2 text-right font-medium">Premium</th>
              <th className="px-3 py-2 text-right font-medium">Rate</th>
              <th className="px-3 py-2 text-right font-medium">Expected</th>
              <th className="px-3 py-2 text-right font-medium">Received</th>
              <th className="px-3 py-2 text-right font-medium">Difference</th>
              <th className="px-3 py-2 font-medium">State</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.policy_id} className="border-t border-slate-100" data-testid="commission-row">
                <td className="px-3 py-2">
                  <Link to={`/dashboard/policies/${r.policy_id}`} className="font-medium text-brand-700 hover:underline">
                    {r.policy_number}
                  </Link>
                  <span className="block text-xs text-slate-500">
                    {lineLabel(r.line)} · {r.business === 'new' ? 'New business' : 'Renewal'}
                  </span>
                </td>
                <td className="px-3 py-2">{r.customer_name}</td>
                <td className="px-3 py-2">{r.carrier}</td>
                <td className="whitespace-nowrap px-3 py-2">{formatDay(r.start_date)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatMoney(r.premium)}</td>
                <td className="whitespace-nowrap px-3 py-2 text-right">{rateText(r)}</td>
                <td className="px-3 py-2 text-right tabular-nums">
                  {signedMoney(r.rate === null ? null : r.expected)}
                  {r.chargeback !== '0.00' ? <span className="block text-xs text-slate-500">chargeback {signedMoney(r.chargeback)}</span> : null}
                </td>
                <td className="px-3 py-2 text-right tabular-nums">{signedMoney(r.received)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{signedMoney(r.difference)}</td>
                <td className="px-3 py-2">
                  <StateBadge row={r} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </>
  );
}
