// The performance panel's commission line (issue 31): expected and received of the terms starting in
// the agency's month, against the same month last year, from the dashboard's one request.
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DASHBOARD_COMMISSION_TEXT as TEXT, type CommissionComparison } from '#shared/dashboard.ts';
import { formatMoney } from '#shared/money-text.ts';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorMessage } from '#web/lib/api.ts';

/** Money that may be negative (a chargeback larger than the month's written commission). */
const money = (value: string) => (value.startsWith('-') ? `−${formatMoney(value.slice(1))}` : formatMoney(value));

/** The change of expected commission in %, null when last year's month had none (no base to compare). */
function change(now: string, before: string): number | null {
  const base = Number(before);
  return base === 0 ? null : ((Number(now) - base) / Math.abs(base)) * 100;
}

export function CommissionLine({ query }: { query: UseQueryResult<CommissionComparison | null> }) {
  if (query.isPending) return <Spinner label="Loading commission" />;
  if (query.isError) return <p className="text-sm text-red-600">{errorMessage(query.error)}</p>;
  if (!query.data) return null;
  const { thisMonth, lastYear } = query.data;
  const pct = change(thisMonth.expected, lastYear.expected);
  return (
    <section aria-labelledby="dashboard-commission" className="mb-4 rounded-md border border-slate-200 p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="dashboard-commission" className="text-sm font-medium text-slate-900">
          {TEXT.title} ({thisMonth.month})
        </h3>
        <Link to={`/dashboard/commissions?month=${thisMonth.month}`} className="text-sm text-blue-700 underline-offset-2 hover:underline">
          {TEXT.link}
        </Link>
      </div>
      <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">{TEXT.expected}</dt>
        <dd className="text-right font-medium tabular-nums text-slate-900">{money(thisMonth.expected)}</dd>
        <dt className="text-slate-600">{TEXT.received}</dt>
        <dd className="text-right font-medium tabular-nums text-slate-900">{money(thisMonth.received)}</dd>
      </dl>
      <p className="mt-2 text-sm text-slate-700">
        {TEXT.lastYear(lastYear.month)}: <span className="tabular-nums">{money(lastYear.expected)}</span> {TEXT.expected.toLowerCase()} ·{' '}
        <span className="tabular-nums">{money(lastYear.received)}</span> {TEXT.received.toLowerCase()}
      </p>
      <p className="mt-1 text-xs text-slate-600">
        {TEXT.terms(thisMonth.terms)} · {TEXT.change(pct)}
      </p>
    </section>
  );
}
