// The reconciliation: per term expected against received, the difference and its state, with the
// totals on top (expected − received = outstanding, as the server summed them for these filters)
// and per carrier. Per month (terms starting in it) and per statement (the terms it paid, and its
// lines not in the book); the group "expected but not paid 60 days after the term's start" with its
// count and amount, and a row's lines (a line matched wrongly is moved from there). Filters live in
// the URL with the page; the terms are on the list kit (cards on phones).
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Clock, Download, ListTree } from 'lucide-react';
import {
  BUSINESS_LABEL,
  COMMISSION_STATE_LABEL,
  COMMISSION_STATES,
  COMMISSION_TEXT,
  type CommissionState,
  type ReconciliationResult,
  type ReconciliationRow,
  type Statement,
} from '#shared/commissions.ts';
import { POLICY_TYPE_LABEL, type PolicyType } from '#shared/lines/index.ts';
import { formatMoney } from '#shared/money.ts';
import { DataList, type ListColumn, type ListSource } from '#web/components/list-kit/data-list.tsx';
import { Pager } from '#web/components/list-parts.tsx';
import { Badge, type BadgeTone } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input, Select } from '#web/components/ui/input.tsx';
import { formatDay } from '#web/lib/format.ts';
import { signedMoney } from './signed-money.ts';
import { UnmatchedLines } from './unmatched-lines.tsx';
import { TermLines } from './term-lines.tsx';
import { reconciliationSearch, useCommissionCarriers, useReconciliation, useStatements, type ReconciliationFilters } from './queries.ts';

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
    overdue: params.get('overdue') === '1',
    page: Math.max(1, Number(params.get('page') ?? 1) || 1),
  };
  const change = (next: Partial<ReconciliationFilters>) => {
    const merged = { ...f, page: 1, ...next };
    const s = new URLSearchParams(params);
    for (const [k, v] of Object.entries(merged)) {
      if (v === '' || v === 'all' || v === false || (k === 'page' && v === 1)) s.delete(k);
      else s.set(k, v === true ? '1' : String(v));
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

const statementLabel = (s: Statement) => `${s.carrier} · ${s.period} · ${s.file_name}`;

/**
 * Issue 31's "expected but not paid 60 days after the term's start": its count and outstanding within
 * the other filters, and a toggle that narrows the rows and the totals to it (?overdue=1).
 */
function OverdueGroup({ data, active, onToggle }: { data: ReconciliationResult; active: boolean; onToggle: () => void }) {
  const o = data.overdue;
  return (
    <section
      aria-labelledby="overdue-title"
      data-testid="overdue-group"
      className={`flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-center sm:justify-between ${active ? 'border-red-300 bg-red-50' : o.terms ? 'border-orange-200 bg-orange-50' : 'border-slate-200 bg-white'}`}
    >
      <div className="flex items-start gap-3">
        <Clock className={`mt-0.5 h-5 w-5 shrink-0 ${o.terms ? 'text-red-600' : 'text-slate-400'}`} aria-hidden />
        <div>
          <h2 id="overdue-title" className="text-sm font-semibold text-slate-900">
            Expected but not paid 60 days after the term’s start
          </h2>
          <p className="text-sm text-slate-700" data-testid="overdue-summary">
            {o.terms === 0
              ? 'None: every term that started 60 days ago or more is paid.'
              : `${o.terms} ${o.terms === 1 ? 'term' : 'terms'} · ${signedMoney(o.difference)} outstanding (expected ${signedMoney(o.expected)}, received ${signedMoney(o.received)})`}
          </p>
        </div>
      </div>
      {o.terms > 0 || active ? (
        <Button variant={active ? 'primary' : 'outline'} size="sm" aria-pressed={active} onClick={onToggle} className="self-start sm:self-auto">
          {active ? 'Show every term' : 'Show only these'}
        </Button>
      ) : null}
    </section>
  );
}

export function ReconciliationView() {
  const [f, change] = useFilters();
  const q = useReconciliation(f);
  const carriers = useCommissionCarriers();
  const statements = useStatements();
  const data = q.data;
  const applied = (statements.data?.statements ?? []).filter((s) => s.status === 'applied' || s.id === f.statement);
  const statement = statements.data?.statements.find((s) => s.id === f.statement);
  // the previous filters' rows stay on screen while the new ones load: say so to assistive technology (and tests)
  const busy = q.isFetching || q.isPlaceholderData;
  return (
    <div className="space-y-4" data-testid="reconciliation" aria-busy={busy}>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
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
        <FormField label="Statement">
          <Select value={f.statement} onChange={(e) => change({ statement: e.target.value })}>
            <option value="">All statements</option>
            {f.statement && !statement ? <option value={f.statement}>This statement</option> : null}
            {applied.map((s) => (
              <option key={s.id} value={s.id}>
                {statementLabel(s)}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      {f.statement ? (
        <p className="text-sm text-slate-600" data-testid="statement-scope">
          {statement
            ? `The terms paid by the ${statement.carrier} statement for ${statement.period} (${statement.file_name}): ${statement.matched} lines matched for ${signedMoney(statement.amount)}, ${statement.unmatched} not in the book, ${statement.failed} failed.`
            : 'The terms paid by one statement.'}{' '}
          <button type="button" className="font-medium text-brand-700 hover:underline" onClick={() => change({ statement: '' })}>
            Show all terms
          </button>
        </p>
      ) : null}
      {/* the lines not in the book (the statement's, or every statement's): match one to a policy, create the policy from it, or ignore it */}
      <UnmatchedLines statement={f.statement || undefined} hideWhenEmpty />
      {data ? (
        <>
          <OverdueGroup data={data} active={f.overdue} onToggle={() => change({ overdue: !f.overdue })} />
          <section aria-label="Totals" className="grid gap-3 sm:grid-cols-3">
            <Total label="Expected" value={data.totals.expected} testId="total-expected" />
            <Total label="Received" value={data.totals.received} testId="total-received" />
            <Total label="Outstanding (expected − received)" value={data.totals.difference} testId="total-outstanding" />
          </section>
          <p className="text-sm text-slate-600" data-testid="tolerance-note">
            Paid in full within {signedMoney(data.tolerance)} of the expected commission (the tolerance, set in{' '}
            <Link to="/dashboard/commissions?view=rates" className="font-medium text-brand-700 hover:underline">
              Rates
            </Link>
            ).
          </p>
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
                    <th className="px-2 py-2 sm:px-3 font-medium">Carrier</th>
                    <th className="hidden px-2 py-2 text-right font-medium sm:table-cell sm:px-3">Terms</th>
                    <th className="px-2 py-2 sm:px-3 text-right font-medium">Expected</th>
                    <th className="px-2 py-2 sm:px-3 text-right font-medium">Received</th>
                    <th className="px-2 py-2 sm:px-3 text-right font-medium">Outstanding</th>
                  </tr>
                </thead>
                <tbody>
                  {data.by_carrier.map((c) => (
                    <tr key={c.carrier} className="border-t border-slate-100">
                      <td className="px-2 py-2 sm:px-3">
                        {c.carrier}
                        {/* on a phone the terms column gives its width to the money: the count goes under the name */}
                        <span className="block text-xs text-slate-500 sm:hidden">{c.terms === 1 ? '1 term' : `${c.terms} terms`}</span>
                      </td>
                      <td className="hidden px-2 py-2 text-right tabular-nums sm:table-cell sm:px-3">{c.terms}</td>
                      <td className="px-2 py-2 sm:px-3 text-right tabular-nums">{signedMoney(c.expected)}</td>
                      <td className="px-2 py-2 sm:px-3 text-right tabular-nums">{signedMoney(c.received)}</td>
                      <td className="px-2 py-2 sm:px-3 text-right tabular-nums">{signedMoney(c.difference)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </Card>
          ) : null}
        </>
      ) : null}
      <Card className="@container">
        {data ? (
          <p className="border-b border-slate-200 px-4 py-3 text-sm font-medium text-slate-700" data-testid="term-count">
            {COMMISSION_TEXT.termCount(data.total)}
          </p>
        ) : null}
        <TermList source={q} overdue={f.overdue} />
        {data ? <Pager page={f.page} total={data.total} pageSize={data.page_size} onPage={(page) => change({ page })} /> : null}
      </Card>
    </div>
  );
}

/** The row's "Lines" button: opens what paid the term (where a line matched wrongly is moved). */
function LinesToggle({ row, open, onToggle, panelId }: { row: ReconciliationRow; open: boolean; onToggle: () => void; panelId: string }) {
  if (row.received === '0.00') return null;
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-expanded={open}
      aria-controls={open ? panelId : undefined}
      aria-label={`Lines that paid ${row.policy_number}`}
      onClick={onToggle}
      className="h-7 px-2 text-xs"
    >
      <ListTree className="h-3.5 w-3.5" aria-hidden /> Lines
    </Button>
  );
}

const TERM_COLUMNS: ListColumn<ReconciliationRow>[] = [
  {
    id: 'policy',
    header: 'Policy',
    primary: true,
    cell: (r) => (
      <>
        <Link to={`/dashboard/policies/${r.policy_id}`} className="whitespace-nowrap font-medium text-brand-700 hover:underline">
          {r.policy_number}
        </Link>
        <span className="block text-xs font-normal text-slate-500">
          {lineLabel(r.line)} · {BUSINESS_LABEL[r.business]}
        </span>
      </>
    ),
  },
  { id: 'insured', header: 'Insured', cell: (r) => r.customer_name },
  { id: 'carrier', header: 'Carrier', cell: (r) => r.carrier },
  { id: 'start', header: 'Start', className: 'whitespace-nowrap', cell: (r) => formatDay(r.start_date) },
  { id: 'premium', header: 'Premium', className: 'whitespace-nowrap tabular-nums', cell: (r) => formatMoney(r.premium) },
  { id: 'rate', header: 'Rate', className: 'whitespace-nowrap', cell: rateText },
  {
    id: 'expected',
    header: 'Expected',
    className: 'whitespace-nowrap tabular-nums',
    cell: (r) => (
      <>
        {signedMoney(r.rate === null ? null : r.expected)}
        {r.chargeback !== '0.00' ? <span className="block text-xs text-slate-500">chargeback {signedMoney(r.chargeback)}</span> : null}
      </>
    ),
  },
  { id: 'received', header: 'Received', className: 'whitespace-nowrap tabular-nums', cell: (r) => signedMoney(r.received) },
  { id: 'difference', header: 'Difference', className: 'whitespace-nowrap tabular-nums', cell: (r) => signedMoney(r.difference) },
];

/**
 * The terms on the list kit: a table from 768 px, a card per term below. The state and the row's
 * "Lines" are the row's end (kept in sight while a narrow screen scrolls the table, at the top of a
 * card); "Lines" opens what paid the term under the row, or at the foot of its card.
 */
function TermList({ source, overdue }: { source: ListSource<ReconciliationRow>; overdue: boolean }) {
  const [open, setOpen] = useState<string | null>(null);
  const toggle = (id: string) => setOpen((o) => (o === id ? null : id));
  const panelId = (r: ReconciliationRow) => `lines-${r.policy_id}`;
  return (
    <DataList
      label="Policy terms"
      columns={TERM_COLUMNS}
      source={source}
      rowKey={(r) => r.policy_id}
      rowLabel={(r) => r.policy_number}
      rowTestId="commission-row"
      empty={overdue ? COMMISSION_TEXT.termsEmptyOverdue : COMMISSION_TEXT.termsEmpty}
      actionsHeader="State"
      actions={(r) => (
        <span className="flex flex-col items-start gap-1 whitespace-nowrap">
          <StateBadge row={r} />
          <LinesToggle row={r} open={open === r.policy_id} onToggle={() => toggle(r.policy_id)} panelId={panelId(r)} />
        </span>
      )}
      detail={(r) =>
        open === r.policy_id ? (
          // as wide as the list's visible part (the card is the size container), and kept there while a wide table scrolls
          <div className="sticky left-4 w-[calc(100cqw-2rem)]">
            <TermLines policyId={r.policy_id} policyNumber={r.policy_number} id={panelId(r)} />
          </div>
        ) : null
      }
    />
  );
}
