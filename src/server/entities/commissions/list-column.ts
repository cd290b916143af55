// The policies list's Commission column (issue 31), inside the list's own answer so the page's data
// never waits on a second request (e2e/waterfall.spec.ts). It reads each term's commission as the
// database keeps it (commission_terms, migration 0042, decision 077): the reconciliation's own
// formulas, recomputed by triggers for the terms every write touches, so the column equals the
// reconciliation view's row for the same term (which reads the same stored terms, decision 082).
// Sorting and filtering by it are index reads: commission_terms_expected_{asc,desc}_idx for the sort, a partial index per state for the filters; the state's tolerance is the agency's setting,
// applied at read time (nothing stored depends on it).
import { sql, type SQL } from 'drizzle-orm';
import type { CommissionState, PolicyCommission } from '#shared/commission-states.ts';
import { commissionTerms, policies } from '#server/db/schema.ts';
import { EXACT_COUNT_LIMIT } from '#server/db/count.ts';
import type { Tenant } from '#server/tenant.ts';
import { readSettings } from './settings.ts';
import { termStateSql, type Raw } from './terms.ts';

const commissionOf = (r: Raw): PolicyCommission => ({
  expected: String(r.expected),
  received: String(r.received),
  difference: String(r.difference),
  state: r.state as CommissionState,
});

/** The agency's tolerance as SQL, for a filter built without a read first (bulk "all matching"). */
const toleranceSql = (t: Tenant) => sql`coalesce((select s.tolerance from commission_settings s where s.agency_id = ${t.agency}), 1.00)`;

/** The state of the stored term "ct" (the reconciliation's, terms.ts). */
const stateOf = (tol: SQL) => termStateSql(sql`ct`, tol);

/**
 * The stored term "ct" is in `state`: termsSql's cases solved for each state (tolerance ≥ 0), with
 * their constants written out so that the partial indexes' predicates are implied.
 */
function inState(state: CommissionState, tol: SQL): SQL {
  switch (state) {
    case 'no_rate':
      return sql`ct.rate is null`;
    case 'unpaid':
      return sql`(ct.rate is not null and ct.received = 0 and ct.expected > 0)`;
    // more than the tolerance short: with nothing received that is unpaid
    case 'short_paid':
      return sql`(ct.rate is not null and ct.received <> 0 and ct.difference > ${tol})`;
    case 'paid':
      return sql`(ct.rate is not null and ct.difference >= -${tol} and ct.difference <= ${tol} and not (ct.received = 0 and ct.expected > 0))`;
    // more than the tolerance over (never unpaid: that has a positive difference)
    case 'overpaid':
      return sql`(ct.rate is not null and ct.difference < -${tol})`;
  }
}

/** A condition on "policies": the term's commission state is `state` (the bulk actions' "all matching" filter, the list's count). */
export function commissionStateIs(t: Tenant, state: CommissionState, tolerance?: string): SQL {
  const tol = tolerance === undefined ? toleranceSql(t) : sql`${tolerance}::numeric`;
  return sql`exists (select 1 from ${commissionTerms} ct where ct.agency_id = ${t.agency} and ct.policy_id = ${policies.id} and ${inState(state, tol)})`;
}

/** The commission of each listed policy, read for the page's ids (another agency's are left out). */
export async function pageCommissions(t: Tenant, ids: string[]): Promise<Map<string, PolicyCommission>> {
  if (!ids.length) return new Map();
  const { tolerance } = await readSettings(t);
  const result = await t.execute(sql`select ct.policy_id::text as id, ct.expected::text as expected, ct.received::text as received,
      ct.difference::text as difference, ${stateOf(sql`${tolerance}::numeric`)} as state
    from ${commissionTerms} ct where ct.agency_id = ${t.agency} and ct.policy_id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  return new Map((result.rows as Raw[]).map((r) => [String(r.id), commissionOf(r)]));
}

/** The list's order by expected commission ("ct"), No rate last whichever the direction (the two sort indexes). */
export function commissionOrder(direction: 'asc' | 'desc'): SQL[] {
  const dir = sql.raw(direction);
  return [sql`(ct.rate is null)`, sql`ct.expected ${dir}`, sql`ct.policy_id ${dir}`];
}

export interface CommissionPageQuery {
  state: CommissionState | 'all';
  /** `order` is commissionOrder (the stored terms' sort index leads) */
  sortedByCommission: boolean;
  /** `where` is the agency's alone (no search, type, status or assignee): a state is counted on its stored terms only */
  wholeBook: boolean;
  /** ORDER BY over "policies" and the stored term "ct" (commissionOrder, or the list's column sort) */
  order: SQL[];
  limit: number;
  offset: number;
}

/**
 * One page of the filtered book sorted or filtered by commission: the ids in order, their commission,
 * and the bounded count of the matching rows (at most EXACT_COUNT_LIMIT + 1, counted in the same
 * statement) with the condition on "policies" it counted (for the list's estimate above the limit).
 */
export async function commissionPage(
  t: Tenant,
  where: SQL,
  q: CommissionPageQuery,
): Promise<{ ids: string[]; commissions: Map<string, PolicyCommission>; counted: number; countedWhere: SQL }> {
  const { tolerance } = await readSettings(t);
  const tol = sql`${tolerance}::numeric`;
  const counted = q.state === 'all' ? where : sql`${where} and ${commissionStateIs(t, q.state, tolerance)}`;
  const limit = sql.raw(String(EXACT_COUNT_LIMIT + 1));
  // A state over the whole book is counted on its partial index alone (every stored term has its
  // policy: the foreign key).
  const bounded =
    q.state !== 'all' && q.wholeBook
      ? sql`(select count(*)::int from (select 1 from ${commissionTerms} ct where ct.agency_id = ${t.agency} and ${inState(q.state, tol)} limit ${limit}) as bounded)`
      : sql`(select count(*)::int from (select 1 from ${policies} where ${counted} limit ${limit}) as bounded)`;
  const columns = sql`${policies.id}::text as id, ct.expected::text as expected, ct.received::text as received, ct.difference::text as difference, ${stateOf(tol)} as state`;
  const page = sql`order by ${sql.join(q.order, sql`, `)} limit ${q.limit} offset ${q.offset}`;
  const found = (rows: Raw[]) => ({ ids: rows.map((r) => String(r.id)), commissions: new Map(rows.map((r) => [String(r.id), commissionOf(r)])) });

  if (q.state === 'all') {
    // every term: the sort index walked with the page's policies (the count uncorrelated, an InitPlan)
    const rows = (
      await t.execute(sql`select ${columns}, ${bounded} as total
        from ${policies} join ${commissionTerms} ct on ct.agency_id = ${t.agency} and ct.policy_id = ${policies.id}
        where ${where} ${page}`)
    ).rows as Raw[];
    // past the last page no row carries the count: counted on its own
    const n = rows.length ? Number(rows[0].total) : Number((((await t.execute(sql`select ${bounded} as total`)).rows as Raw[])[0]?.total ?? 0));
    return { ...found(rows), counted: n, countedWhere: counted };
  }
  // A state: counted first. Up to EXACT_COUNT_LIMIT terms are read from the state's partial index and
  // their policies probed by id (an array, so no join order to guess; bounded work however the page is
  // sorted: a join of the same rows had PGlite hash the whole book); the planner's guess of how many
  // there are is not trusted (after a rate change its statistics can say the opposite, and walking the
  // sorted policies for a rare state read the whole book: 80 ms of PostgreSQL CPU in the bench). More
  // than that: the state is common, and walking the sort finds the page's rows early.
  const n = Number((((await t.execute(sql`select ${bounded} as total`)).rows as Raw[])[0]?.total ?? 0));
  if (n === 0) return { ids: [], commissions: new Map(), counted: 0, countedWhere: counted };
  const rows = (
    n <= EXACT_COUNT_LIMIT
      ? await t.execute(sql`select ${columns}
          from ${policies} join ${commissionTerms} ct on ct.agency_id = ${t.agency} and ct.policy_id = ${policies.id}
          where ${policies.id} = any(array(select ct.policy_id from ${commissionTerms} ct where ct.agency_id = ${t.agency} and ${inState(q.state, tol)}))
            and ${where} ${page}`)
      : // a common state: the sort is walked and each row's term (or policy) probed, a lateral read the
        // planner cannot reorder (offset 0) — with statistics from before a rate change it took the
        // state's partial index for one row and sorted 77,744 (300 ms of PostgreSQL CPU)
        q.sortedByCommission
        ? await t.execute(sql`select ${columns}
            from ${commissionTerms} ct cross join lateral (select ${policies.id} from ${policies}
              where ${policies.agencyId} = ${t.agency} and ${policies.id} = ct.policy_id and ${where} offset 0) as ${policies}
            where ct.agency_id = ${t.agency} and ${inState(q.state, tol)} ${page}`)
        : await t.execute(sql`select ${columns}
            from ${policies} cross join lateral (select ct.* from ${commissionTerms} ct
              where ct.agency_id = ${t.agency} and ct.policy_id = ${policies.id} and ${inState(q.state, tol)} offset 0) as ct
            where ${where} ${page}`)
  ).rows as Raw[];
  return { ...found(rows), counted: n, countedWhere: counted };
}
