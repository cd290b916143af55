// Expected against received, per policy term, computed in SQL with numeric (exact to the cent; text
// out): the rate is the policy's own or its schedule's (carrier × line × new/renewal, the latest
// effective on or before the term's start); a cancelled term's unearned share comes back as a
// negative chargeback, pro rata by days. Totals are sums of the same rows, so for every filter
// expected − received = outstanding.
import { sql, type SQL } from 'drizzle-orm';
import { csvLine } from '#shared/csv.ts';
import {
  COMMISSION_STATE_LABEL,
  COMMISSION_STATES,
  type BusinessKind,
  type CommissionState,
  type ReconciliationQuery,
  type ReconciliationResult,
  type ReconciliationRow,
  type TermState,
} from '#shared/commissions.ts';
import type { Actor } from '#server/context.ts';
import { agencyTodayOf } from '#server/platform/policy-status.ts';
import { tenant, type Connection, type Tenant } from '#server/tenant.ts';
import { readSettings } from './settings.ts';
import { agingOf, agingSql, CARRIER_KEY, SUMS, termsSql, totalsOf, type Raw } from './terms.ts';

export const PAGE_SIZE = 50;
/** Unpaid this many days after the term's start is overdue. */
export const OVERDUE_DAYS = 60;

function filtersOf(q: ReconciliationQuery, withState: boolean): SQL {
  const conds: SQL[] = [sql`true`];
  if (q.carrier) conds.push(sql`${CARRIER_KEY(sql`insurance_company`)} = ${CARRIER_KEY(sql`${q.carrier}`)}`);
  if (q.month) conds.push(sql`to_char(start_date, 'YYYY-MM') = ${q.month}`);
  if (withState && q.state !== 'all') conds.push(sql`state = ${q.state}`);
  return sql.join(conds, sql` and `);
}

/** The view's filters and its one-statement filter, over the columns of `termsSql`. */
export function reconciliationFilter(t: Tenant, q: ReconciliationQuery): SQL {
  const statementFilter = q.statement
    ? sql` and id in (select l.policy_id from commission_lines l where l.agency_id = ${t.agency} and l.statement_id::text = ${q.statement})`
    : sql``;
  return sql`${filtersOf(q, true)}${statementFilter}`;
}

const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
const dayText = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v));

function toRow(r: Raw, today: string): ReconciliationRow {
  const state = r.state as CommissionState;
  const start = dayText(r.start_date);
  const due = new Date(Date.parse(`${start}T00:00:00Z`) + OVERDUE_DAYS * 86_400_000).toISOString().slice(0, 10);
  return {
    policy_id: String(r.id),
    policy_number: String(r.policy_number),
    customer_name: String(r.customer_name),
    carrier: String(r.insurance_company),
    line: String(r.policy_type),
    business: r.business as BusinessKind,
    start_date: start,
    end_date: dayText(r.end_date),
    premium: String(r.premium_amount),
    rate: text(r.rate),
    rate_overridden: r.own_rate !== null && r.own_rate !== undefined,
    written: text(r.written),
    chargeback: String(r.chargeback),
    expected: String(r.expected),
    received: String(r.received),
    difference: String(r.difference),
    state,
    overdue: (state === 'unpaid' || state === 'short_paid') && due <= today,
  };
}

export async function reconcile(db: Connection, actor: Actor, q: ReconciliationQuery): Promise<ReconciliationResult> {
  const t = tenant(db, actor);
  const { tolerance } = await readSettings(t);
  const today = agencyTodayOf(actor);
  const terms = termsSql(t, tolerance);
  const where = filtersOf(q, true);
  const statementFilter = q.statement
    ? sql` and id in (select l.policy_id from commission_lines l where l.agency_id = ${t.agency} and l.statement_id::text = ${q.statement})`
    : sql``;
  const offset = (q.page - 1) * PAGE_SIZE;
  const [rows, totals, carriers, states, aging] = await Promise.all([
    t.execute(sql`with terms as (${terms}) select id, policy_number, customer_name, insurance_company, policy_type, business,
        start_date::text as start_date, end_date::text as end_date, premium_amount::text as premium_amount, rate::text as rate, own_rate::text as own_rate,
        written::text as written, chargeback::text as chargeback, expected::text as expected, received::text as received, difference::text as difference, state
      from terms where ${where}${statementFilter} order by start_date desc, policy_number limit ${PAGE_SIZE} offset ${offset}`),
    t.execute(sql`with terms as (${terms}) select ${SUMS} from terms where ${where}${statementFilter}`),
    t.execute(sql`with terms as (${terms}) select min(btrim(insurance_company)) as carrier, ${SUMS} from terms where ${where}${statementFilter}
      group by ${CARRIER_KEY(sql`insurance_company`)} order by 1`),
    t.execute(sql`with terms as (${terms}) select state, count(*)::int as n from terms where ${filtersOf(q, false)}${statementFilter} group by state`),
    t.execute(sql`with terms as (${terms}) select ${agingSql(today)} from terms where ${where}${statementFilter}`),
  ]);
  const byState = Object.fromEntries(COMMISSION_STATES.map((s) => [s, 0])) as Record<CommissionState, number>;
  for (const r of states.rows as Raw[]) byState[r.state as CommissionState] = Number(r.n);
  const sum = totalsOf((totals.rows as Raw[])[0]);
  return {
    rows: (rows.rows as Raw[]).map((r) => toRow(r, today)),
    page: q.page,
    page_size: PAGE_SIZE,
    total: sum.terms,
    totals: sum,
    by_carrier: (carriers.rows as Raw[]).map((r) => ({ carrier: String(r.carrier), ...totalsOf(r) })),
    by_state: byState,
    aging: agingOf((aging.rows as Raw[])[0]),
    tolerance,
  };
}

/** One term's commission (the policy page), or null when the policy is not the agency's. */
export async function termCommission(db: Connection, actor: Actor, policyId: string): Promise<ReconciliationRow | null> {
  const t = tenant(db, actor);
  const { tolerance } = await readSettings(t);
  const today = agencyTodayOf(actor);
  const result = await t.execute(sql`with terms as (${termsSql(t, tolerance)}) select id, policy_number, customer_name, insurance_company, policy_type, business,
      start_date::text as start_date, end_date::text as end_date, premium_amount::text as premium_amount, rate::text as rate, own_rate::text as own_rate,
      written::text as written, chargeback::text as chargeback, expected::text as expected, received::text as received, difference::text as difference, state
    from terms where id::text = ${policyId}`);
  const [row] = result.rows as Raw[];
  return row ? toRow(row, today) : null;
}

const CSV_HEADER = ['Policy', 'Insured', 'Carrier', 'Line', 'Business', 'Start', 'End', 'Premium', 'Rate', 'Written', 'Chargeback', 'Expected', 'Received', 'Difference', 'State'];

/** Every term of the filters as CSV (what the view shows, without paging), with the totals line last. */
export async function reconciliationCsv(db: Connection, actor: Actor, q: ReconciliationQuery): Promise<string> {
  const t = tenant(db, actor);
  const { tolerance } = await readSettings(t);
  const today = agencyTodayOf(actor);
  const where = reconciliationFilter(t, q);
  const [rows, totals] = await Promise.all([
    t.execute(sql`with terms as (${termsSql(t, tolerance)}) select id, policy_number, customer_name, insurance_company, policy_type, business,
        start_date::text as start_date, end_date::text as end_date, premium_amount::text as premium_amount, rate::text as rate, own_rate::text as own_rate,
        written::text as written, chargeback::text as chargeback, expected::text as expected, received::text as received, difference::text as difference, state
      from terms where ${where} order by start_date desc, policy_number`),
    t.execute(sql`with terms as (${termsSql(t, tolerance)}) select ${SUMS} from terms where ${where}`),
  ]);
  const sum = totalsOf((totals.rows as Raw[])[0]);
  const lines = (rows.rows as Raw[]).map((raw) => {
    const r = toRow(raw, today);
    return csvLine([r.policy_number, r.customer_name, r.carrier, r.line, r.business, r.start_date, r.end_date, r.premium, r.rate ?? '', r.written ?? '', r.chargeback, r.expected, r.received, r.difference, COMMISSION_STATE_LABEL[r.state]]);
  });
  return csvLine(CSV_HEADER) + lines.join('') + csvLine(['Total', '', '', '', '', '', '', '', '', '', '', sum.expected, sum.received, sum.difference, '']);
}

/** The commission of each listed policy (the policies list's column); ids of another agency are left out. */
export async function termStates(db: Connection, actor: Actor, ids: string[]): Promise<Record<string, TermState>> {
  if (!ids.length) return {};
  const t = tenant(db, actor);
  const { tolerance } = await readSettings(t);
  // the outer filter reaches the policies scan (the CTEs are inlined), so only these terms are rated
  const result = await t.execute(sql`with terms as (${termsSql(t, tolerance)}) select id::text as id, expected::text as expected,
      received::text as received, difference::text as difference, state
    from terms where id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`);
  return Object.fromEntries(
    (result.rows as Raw[]).map((r) => [String(r.id), { expected: String(r.expected), received: String(r.received), difference: String(r.difference), state: r.state as CommissionState }]),
  );
}
