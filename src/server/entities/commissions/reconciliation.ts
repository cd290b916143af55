// Expected against received, per policy term, in SQL with numeric (exact to the cent; text out): the
// rate is the policy's own or its schedule's (carrier × line × new/renewal, the latest effective on or
// before the term's start); a cancelled term's unearned share comes back as a negative chargeback, pro
// rata by days. Each term's figures are read as the database keeps them (commission_terms, decision
// 077; storedTermsSql, decision 082), so nothing is rated per request. Totals are sums of the same
// rows, so for every filter expected − received = outstanding.
import { sql, type SQL } from 'drizzle-orm';
import { csvLine } from '#shared/csv.ts';
import {
  COMMISSION_STATE_LABEL,
  COMMISSION_STATES,
  COMMISSION_TEXT,
  type BusinessKind,
  type CommissionState,
  type ReconciliationQuery,
  type ReconciliationResult,
  type ReconciliationRow,
  type TermState,
} from '#shared/commissions.ts';
import type { Actor } from '#server/context.ts';
import { idOr404 } from '#server/db/helpers.ts';
import { bookCache } from '#server/platform/book-version.ts';
import { agencyTodayOf } from '#server/platform/policy-status.ts';
import { tenant, type Connection, type Tenant } from '#server/tenant.ts';
import { readSettings } from './settings.ts';
import { agingOf, agingSql, CARRIER_KEY, storedTermsSql, SUMS, totalsOf, type Raw } from './terms.ts';

export const PAGE_SIZE = 50;
/** Unpaid this many days after the term's start is overdue. */
export const OVERDUE_DAYS = 60;

/**
 * Issue 31's "expected but not paid 60 days after the term's start": unpaid or short-paid terms that
 * started OVERDUE_DAYS or more before the agency's today (the rows' "Over 60 days" badge, in SQL).
 */
export function overdueSql(today: string): SQL {
  return sql`(state in ('unpaid', 'short_paid') and start_date <= ${today}::date - ${OVERDUE_DAYS}::int)`;
}

function filtersOf(q: ReconciliationQuery, withState: boolean, today: string): SQL {
  const conds: SQL[] = [sql`true`];
  if (q.carrier) conds.push(sql`carrier_key = ${CARRIER_KEY(sql`${q.carrier}`)}`);
  // a range, not to_char: it reaches policies_agency_start_idx, and only the month's terms are joined
  if (q.month) conds.push(sql`start_date >= ${`${q.month}-01`}::date and start_date < (${`${q.month}-01`}::date + interval '1 month')`);
  if (withState && q.state !== 'all') conds.push(sql`state = ${q.state}`);
  if (withState && q.overdue) conds.push(overdueSql(today));
  return sql.join(conds, sql` and `);
}

/** The view's filters and its one-statement filter, over the columns of `storedTermsSql`. */
export function reconciliationFilter(t: Tenant, q: ReconciliationQuery, today: string): SQL {
  const statementFilter = q.statement
    ? sql` and id in (select l.policy_id from commission_lines l where l.agency_id = ${t.agency} and l.statement_id::text = ${q.statement})`
    : sql``;
  return sql`${filtersOf(q, true, today)}${statementFilter}`;
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

const ROW_COLUMNS = sql`id, policy_number, customer_name, insurance_company, policy_type, business,
  start_date::text as start_date, end_date::text as end_date, premium_amount::text as premium_amount, rate::text as rate, own_rate::text as own_rate,
  written::text as written, chargeback::text as chargeback, expected::text as expected, received::text as received, difference::text as difference, state`;

/**
 * The last view computed per agency (its filters, page, tolerance and today as the key), kept while
 * the agency's book version stays (decision 070): the version moves with every write of policies,
 * rates, own rates and commission lines, which is all the view reads besides the tolerance (in the
 * key). A bookkeeper reopening the month, or a colleague looking at the same one, gets it without
 * reading and summing 10,000 terms again (issue 31: ≤ 200 ms p99 under load); another filter or page recomputes.
 */
const viewCache = bookCache<ReconciliationResult>();

/**
 * The view in one statement (issue 31: ≤ 200 ms p99 for a month of 10,000 lines): the filtered stored
 * terms are read once (materialized) and the page, totals, carriers, counts per state and aging are
 * summed from them, instead of five statements each reading every term again.
 */
export async function reconcile(db: Connection, actor: Actor, q: ReconciliationQuery): Promise<ReconciliationResult> {
  const t = tenant(db, actor);
  const { tolerance } = await readSettings(t);
  const today = agencyTodayOf(actor);
  // no JIT: its compile (hundreds of ms for the view's expressions) costs more than the 10,000 terms it would speed up
  return viewCache.get(t, JSON.stringify([q, tolerance, today]), () =>
    t.transaction(async (tx) => {
      await tx.execute(sql`set local jit = off`);
      return computeView(tx, q, tolerance, today);
    }),
  );
}

async function computeView(t: Tenant, q: ReconciliationQuery, tolerance: string, today: string): Promise<ReconciliationResult> {
  const statementFilter = q.statement
    ? sql` and id in (select l.policy_id from commission_lines l where l.agency_id = ${t.agency} and l.statement_id::text = ${q.statement})`
    : sql``;
  // the state and the 60-day group narrow the rows and the totals; the counts per state and the
  // group's own count and amount are of the other filters, so each can be read before it is chosen
  const stateFilter = sql.join([q.state === 'all' ? sql`true` : sql`state = ${q.state}`, q.overdue ? overdueSql(today) : sql`true`], sql` and `);
  const offset = (q.page - 1) * PAGE_SIZE;
  const result = await t.execute(sql`with terms as materialized (
      select * from (${storedTermsSql(t, tolerance)}) all_terms where ${filtersOf(q, false, today)}${statementFilter}
    ), shown as (select * from terms where ${stateFilter})
    select
      (select coalesce(json_agg(r), '[]') from (select ${ROW_COLUMNS} from (select * from shown order by start_date desc, policy_number limit ${PAGE_SIZE} offset ${offset}) page) r) as rows,
      (select row_to_json(s) from (select ${SUMS} from shown) s) as totals,
      (select coalesce(json_agg(c order by c.carrier), '[]') from (select min(btrim(insurance_company)) as carrier, ${SUMS} from shown
        group by carrier_key) c) as carriers,
      (select coalesce(json_agg(st), '[]') from (select state, count(*)::int as n from terms group by state) st) as states,
      (select row_to_json(a) from (select ${agingSql(today)} from shown) a) as aging,
      (select row_to_json(o) from (select ${SUMS} from terms where ${overdueSql(today)}) o) as overdue`);
  const out = (result.rows as Raw[])[0] as { rows: Raw[]; totals: Raw; carriers: Raw[]; states: Raw[]; aging: Raw; overdue: Raw };
  const byState = Object.fromEntries(COMMISSION_STATES.map((s) => [s, 0])) as Record<CommissionState, number>;
  for (const r of out.states) byState[r.state as CommissionState] = Number(r.n);
  const sum = totalsOf(out.totals);
  return {
    rows: out.rows.map((r) => toRow(r, today)),
    page: q.page,
    page_size: PAGE_SIZE,
    total: sum.terms,
    totals: sum,
    by_carrier: out.carriers.map((r) => ({ carrier: String(r.carrier), ...totalsOf(r) })),
    by_state: byState,
    aging: agingOf(out.aging),
    overdue: totalsOf(out.overdue),
    tolerance,
  };
}

/** One term's commission (the policy page), or null when the policy is not the agency's. */
export async function termCommission(db: Connection, actor: Actor, policyId: string): Promise<ReconciliationRow | null> {
  const id = idOr404(policyId, COMMISSION_TEXT.policyNotFound);
  const t = tenant(db, actor);
  const { tolerance } = await readSettings(t);
  const today = agencyTodayOf(actor);
  // the policy by its key (an id, not id::text: the primary key's probe, not a scan of the agency's book)
  const result = await t.execute(sql`select ${ROW_COLUMNS} from (${storedTermsSql(t, tolerance, sql`p.id = ${id}::uuid`)}) terms`);
  const [row] = result.rows as Raw[];
  return row ? toRow(row, today) : null;
}

const CSV_HEADER = ['Policy', 'Insured', 'Carrier', 'Line', 'Business', 'Start', 'End', 'Premium', 'Rate', 'Written', 'Chargeback', 'Expected', 'Received', 'Difference', 'State'];

/** Every term of the filters as CSV (what the view shows, without paging), with the totals line last. */
export async function reconciliationCsv(db: Connection, actor: Actor, q: ReconciliationQuery): Promise<string> {
  const t = tenant(db, actor);
  const { tolerance } = await readSettings(t);
  const today = agencyTodayOf(actor);
  const where = reconciliationFilter(t, q, today);
  const [rows, totals] = await Promise.all([
    t.execute(sql`with terms as (${storedTermsSql(t, tolerance)}) select ${ROW_COLUMNS} from terms where ${where} order by start_date desc, policy_number`),
    t.execute(sql`with terms as (${storedTermsSql(t, tolerance)}) select ${SUMS} from terms where ${where}`),
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
  // the outer filter reaches the policies scan (the CTE is inlined): these policies' terms are read by key
  const result = await t.execute(sql`with terms as (${storedTermsSql(t, tolerance)}) select id::text as id, expected::text as expected,
      received::text as received, difference::text as difference, state
    from terms where id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`);
  return Object.fromEntries(
    (result.rows as Raw[]).map((r) => [String(r.id), { expected: String(r.expected), received: String(r.received), difference: String(r.difference), state: r.state as CommissionState }]),
  );
}
