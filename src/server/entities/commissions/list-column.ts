// The policies list's Commission column (issue 31), inside the list's own answer so the page's data
// never waits on a second request (e2e/waterfall.spec.ts). Every figure comes from termsSql, the
// reconciliation's own SQL, so the column reads what the reconciliation view reads for the same term.
// Two ways in: the page's ids only (the usual list: its prepared statements stay as they are and
// only its rows are rated), or, when the list is sorted or filtered by commission, the filtered book
// rated row by row in a lateral join (the rate, override and received lookups are index reads:
// commission_rates_schedule_uq, commission_overrides_pkey, commission_lines_agency_policy_idx).
import { sql, type SQL } from 'drizzle-orm';
import type { CommissionState, PolicyCommission } from '#shared/commission-states.ts';
import { policies } from '#server/db/schema.ts';
import type { Tenant } from '#server/tenant.ts';
import { readSettings } from './settings.ts';
import { termsSql, type Raw } from './terms.ts';

const commissionOf = (r: Raw): PolicyCommission => ({
  expected: String(r.expected),
  received: String(r.received),
  difference: String(r.difference),
  state: r.state as CommissionState,
});

/** The agency's tolerance as SQL, for a filter built without a read first (bulk "all matching"). */
const toleranceSql = (t: Tenant) => sql`coalesce((select s.tolerance from commission_settings s where s.agency_id = ${t.agency}), 1.00)`;

/** Rates only the outer query's current policy (the lateral join's row). */
const lateralTerm = (t: Tenant, tolerance: string | SQL) => sql`lateral (${termsSql(t, tolerance, sql`p.id = ${policies.id}`)}) c`;

/** A condition on "policies": the term's commission state is `state` (the bulk actions' "all matching" filter). */
export function commissionStateIs(t: Tenant, state: CommissionState): SQL {
  return sql`exists (select 1 from ${lateralTerm(t, toleranceSql(t))} where c.state = ${state})`;
}

/** The commission of each listed policy, read for the page's ids (another agency's are left out). */
export async function pageCommissions(t: Tenant, ids: string[]): Promise<Map<string, PolicyCommission>> {
  if (!ids.length) return new Map();
  const { tolerance } = await readSettings(t);
  // the outer filter reaches the policies scan (the CTEs are inlined), so only these terms are rated
  const result = await t.execute(sql`with terms as (${termsSql(t, tolerance)}) select id::text as id, expected::text as expected,
      received::text as received, difference::text as difference, state
    from terms where id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  return new Map((result.rows as Raw[]).map((r) => [String(r.id), commissionOf(r)]));
}

export interface CommissionPageQuery {
  state: CommissionState | 'all';
  /** ORDER BY over "policies" and the lateral row "c" (c.expected, c.state) */
  order: SQL[];
  limit: number;
  offset: number;
}

/**
 * One page of the filtered book sorted or filtered by commission: the ids in order, their commission
 * and the number of matching rows (a window count over the same rows, so it is computed once).
 */
export async function commissionPage(t: Tenant, where: SQL, q: CommissionPageQuery): Promise<{ ids: string[]; commissions: Map<string, PolicyCommission>; total: number }> {
  const { tolerance } = await readSettings(t);
  // no JIT, as the reconciliation's (decision 072): rating 100,000 terms row by row is estimated at
  // millions, so PostgreSQL JIT-compiled the statement for 2 of its 6.6 s (the bench's plan)
  const run = (limit: number, offset: number) =>
    t.transaction(async (tx) => {
      await tx.execute(sql`set local jit = off`);
      return tx.execute(sql`select ${policies.id}::text as id, c.expected::text as expected, c.received::text as received, c.difference::text as difference, c.state,
        count(*) over ()::int as total
      from ${policies} cross join ${lateralTerm(t, tolerance)}
      where ${where}${q.state === 'all' ? sql`` : sql` and c.state = ${q.state}`}
      order by ${sql.join(q.order, sql`, `)} limit ${limit} offset ${offset}`);
    });
  const rows = (await run(q.limit, q.offset)).rows as Raw[];
  // past the last page: no row carries the count, so it is read from the first row
  const total = rows.length ? Number(rows[0].total) : q.offset > 0 ? Number(((await run(1, 0)).rows as Raw[])[0]?.total ?? 0) : 0;
  return { ids: rows.map((r) => String(r.id)), commissions: new Map(rows.map((r) => [String(r.id), commissionOf(r)])), total };
}
