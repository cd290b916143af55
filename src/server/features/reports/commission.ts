// The commission reports (issue 31): by carrier, by producer, by month, and outstanding by age. They
// read the reconciliation's own terms (the stored terms, storedTermsSql in
// #server/entities/commissions/terms.ts) over the terms starting within the date range, so each total is the reconciliation's for the same terms and expected − received =
// outstanding per row and in total.
import { sql, type SQL } from 'drizzle-orm';
import { reportGroup, type ReportColumn, type ReportGroup, type ReportResult, type ReportRow } from '#shared/reports.ts';
import { readSettings } from '#server/entities/commissions/settings.ts';
import { readProducerReport } from '#server/entities/commissions/producer-report.ts';
import { agingOf, agingSql, CARRIER_KEY, storedTermsSql, SUMS, totalsOf, type Raw } from '#server/entities/commissions/terms.ts';
import type { Tenant } from '#server/tenant.ts';

interface CommissionQuery {
  from?: string;
  to?: string;
  carrier: string;
  group?: ReportGroup;
  today: string;
}

const col = (key: string, label: string, kind: ReportColumn['kind'] = 'text'): ReportColumn => ({ key, label, kind });

/** The range (on the term's start, as the reconciliation's month) and carrier, over the columns of `storedTermsSql`. */
function termFilter(q: CommissionQuery): SQL {
  const conds: SQL[] = [sql`true`];
  if (q.from) conds.push(sql`start_date >= ${q.from}::date`);
  if (q.to) conds.push(sql`start_date <= ${q.to}::date`);
  if (q.carrier) conds.push(sql`carrier_key = ${CARRIER_KEY(sql`${q.carrier}`)}`);
  return sql.join(conds, sql` and `);
}

const LEDGER = [
  col('count', 'Terms', 'count'),
  col('premium', 'Premium', 'money'),
  col('expected', 'Expected', 'money'),
  col('received', 'Received', 'money'),
  col('outstanding', 'Outstanding', 'money'),
  col('noRate', 'No rate', 'count'),
];

const LEDGER_SUMS = sql`${SUMS}, coalesce(sum(premium_amount), 0)::numeric(18,2)::text as premium,
  (count(*) filter (where state = 'no_rate'))::int as no_rate`;

const ledgerRow = (r: Raw): ReportRow => {
  const s = totalsOf(r);
  return { count: s.terms, premium: String(r.premium), expected: s.expected, received: s.received, outstanding: s.difference, noRate: Number(r.no_rate) };
};

/**
 * The terms in range grouped by `key` (one row each, `label` first) and the same figures over all of
 * them: the two statements every commission report but the producer one sends.
 */
async function groupedTerms(t: Tenant, q: CommissionQuery, key: SQL, label: SQL, fields: SQL): Promise<{ rows: Raw[]; total: Raw }> {
  const { tolerance } = await readSettings(t);
  const where = termFilter(q);
  const terms = storedTermsSql(t, tolerance);
  const [rows, totals] = await Promise.all([
    t.execute(sql`with terms as (${terms}) select ${label} as label, ${fields} from terms where ${where} group by ${key} order by 1`),
    t.execute(sql`with terms as (${terms}) select ${fields} from terms where ${where}`),
  ]);
  return { rows: rows.rows as Raw[], total: (totals.rows as Raw[])[0] };
}

/** A report's answer; its totals line holds the sum row's every figure column but the count and premium. */
function commissionResult(kind: ReportResult['kind'], columns: ReportColumn[], rows: ReportRow[], sum: ReportRow, premium = '0.00'): ReportResult {
  const cells: Record<string, string | number> = {};
  for (const c of columns) if (c.kind !== 'text' && c.key !== 'count' && c.key !== 'premium') cells[c.key] = sum[c.key] as string | number;
  return { kind, columns, rows, totals: { rows: rows.length, count: Number(sum.count), premium, cells }, truncated: false };
}

export async function commissionReport(t: Tenant, q: CommissionQuery): Promise<ReportResult> {
  const group = reportGroup('commission', q.group);
  if (group === 'producer') return producerRows(t, termFilter(q));
  const key = group === 'month' ? sql`to_char(start_date, 'YYYY-MM')` : sql`carrier_key`;
  const label = group === 'month' ? sql`to_char(start_date, 'YYYY-MM')` : sql`min(btrim(insurance_company))`;
  const { rows, total } = await groupedTerms(t, q, key, label, LEDGER_SUMS);
  const first = group === 'month' ? 'month' : 'carrier';
  const sum = ledgerRow(total);
  const columns = [col(first, group === 'month' ? 'Month' : 'Carrier'), ...LEDGER];
  return commissionResult('commission', columns, rows.map((r) => ({ [first]: String(r.label), ...ledgerRow(r) })), sum, String(sum.premium));
}

/** A split as a plain percentage ("40.0000" → "40"), blank when the member has none. */
const percent = (v: string | null) => (v === null ? null : String(Number(v)));

async function producerRows(t: Tenant, where: SQL): Promise<ReportResult> {
  const report = await readProducerReport(t, where);
  const s = report.totals;
  const columns = [
    col('producer', 'Producer'),
    col('newSplit', 'New business split (%)'),
    col('renewalSplit', 'Renewal split (%)'),
    col('count', 'Terms', 'count'),
    col('expected', 'Expected', 'money'),
    col('received', 'Received', 'money'),
    col('outstanding', 'Outstanding', 'money'),
    col('earnedExpected', 'Producer share of expected', 'money'),
    col('earned', 'Producer earned', 'money'),
  ];
  const rows = report.rows.map((p) => ({
    producer: p.name,
    newSplit: percent(p.new_business),
    renewalSplit: percent(p.renewal),
    count: p.terms,
    expected: p.expected,
    received: p.received,
    outstanding: p.difference,
    earnedExpected: p.earned_expected,
    earned: p.earned,
  }));
  // a term shared by two producers is one term of the total
  return commissionResult('commission', columns, rows, { count: s.terms, expected: s.expected, received: s.received, outstanding: s.difference, earnedExpected: s.earned_expected, earned: s.earned });
}

/** Outstanding by carrier and by the term's age on the agency's today: the reconciliation's buckets. */
export async function commissionAging(t: Tenant, q: CommissionQuery): Promise<ReportResult> {
  const fields = sql`${SUMS}, ${agingSql(q.today)}`;
  const { rows, total } = await groupedTerms(t, q, sql`carrier_key`, sql`min(btrim(insurance_company))`, fields);
  const toRow = (r: Raw): ReportRow => {
    const a = agingOf(r);
    const s = totalsOf(r);
    return { count: s.terms, d0: a['0-30'], d31: a['31-60'], d61: a['61-90'], d91: a['90+'], outstanding: s.difference };
  };
  const columns = [
    col('carrier', 'Carrier'),
    col('count', 'Terms', 'count'),
    col('d0', '0–30 days', 'money'),
    col('d31', '31–60 days', 'money'),
    col('d61', '61–90 days', 'money'),
    col('d91', 'Over 90 days', 'money'),
    col('outstanding', 'Outstanding', 'money'),
  ];
  return commissionResult('commission-aging', columns, rows.map((r) => ({ carrier: String(r.label), ...toRow(r) })), toRow(total));
}
