// The policies list (the page, /api/v1, search and bulk selections): its filters, its sort and the
// prepared page-and-count statement of each filter shape (decisions 036 and 041).
import { eq, inArray, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Page, Policy, PolicyListQuery, PolicyStatus } from '#shared/policies.ts';
import { checkAccess, denialMessage } from '#shared/access.ts';
import { featureNeed } from '#shared/features.ts';
import { parseSort } from '#shared/lists.ts';
import { accessSubject, type Actor } from '#server/context.ts';
import { forbidden } from '#server/errors.ts';
import { commissionOrder, commissionPage, pageCommissions } from '#server/entities/commissions/list-column.ts';
import type { Db } from '#server/db/client.ts';
import { policies, user } from '#server/db/schema.ts';
import { agencyTodayOf, statusIs } from '#server/platform/policy-status.ts';
import { preparedWhere, tenant, type Tenant } from '#server/tenant.ts';
import { cachedStatement, constantLimit, preparedRows, rowPositions } from '#server/db/prepared.ts';
import { containsPattern } from '#server/db/helpers.ts';
import { boundedCount, BROAD_SEARCH_ROWS, estimatedRows, EXACT_COUNT_LIMIT, isShortSearch, totalFromBoundedCount, totalWithoutCount } from '#server/db/count.ts';
import { sortOrder } from '#server/lists.ts';
import { assigneeName } from '#server/platform/team-membership.ts';
import { policyFromText, policyTextColumns, toPolicy } from './decode.ts';

/** The expression of policies_agency_search_trgm_idx (with agency_id), so PostgreSQL can answer the search from the index. */
export function searchMatches(search: string): SQL {
  return searchLike(containsPattern(search));
}

/** The same condition with the pattern given (a prepared statement's placeholder). */
export function searchLike(pattern: string | Placeholder): SQL {
  return sql`lower(${policies.policyNumber} || ' ' || ${policies.customerName} || ' ' || ${policies.insuranceCompany}) like ${pattern}`;
}

/** Each served by an (agency_id, column, id) index, read in either direction. */
export const POLICY_SORT = { created_at: [policies.createdAt], end_date: [policies.endDate], premium_amount: [policies.premiumAmount] };
type ColumnSort = `${keyof typeof POLICY_SORT}.${'asc' | 'desc'}`;

/** The list's filters (the screen's and /api/v1's), and'ed with any extra condition. */
export function policyFilter(
  t: Tenant,
  actor: Actor,
  q: Pick<PolicyListQuery, 'type' | 'status' | 'search' | 'assignee'>,
  ...extra: (SQL | undefined)[]
): SQL {
  return t.where(
    policies,
    q.type !== 'all' ? eq(policies.policyType, q.type) : undefined,
    q.status !== 'all' ? statusIs(q.status, agencyTodayOf(actor)) : undefined,
    q.search ? searchMatches(q.search) : undefined,
    assigneeFilter(actor, q.assignee),
    ...extra,
  );
}

/**
 * Whether the list carries the Commission column (the agency's plan has the commissions feature);
 * sorting or filtering by it without the feature is the feature's 403.
 */
function commissionColumn(actor: Actor, q: Pick<PolicyListQuery, 'commission' | 'sort'>): boolean {
  const denial = checkAccess(accessSubject(actor), featureNeed('commissions'));
  if (!denial) return true;
  if (q.commission !== 'all' || q.sort.startsWith('commission.')) throw forbidden(denialMessage(denial, actor.agency.tier), `DENIED_${denial.kind.toUpperCase()}`);
  return false;
}

export async function listPolicies(db: Db, actor: Actor, q: PolicyListQuery): Promise<Page<Policy>> {
  if (!commissionColumn(actor, q)) return listPage(db, actor, q as PolicyListQuery & { sort: ColumnSort });
  if (q.commission !== 'all' || q.sort.startsWith('commission.')) return listByCommission(db, actor, q);
  const page = await listPage(db, actor, q as PolicyListQuery & { sort: ColumnSort });
  // a second statement in the same request, for this page's rows only
  const commissions = await pageCommissions(tenant(db, actor), page.rows.map((p) => p.id));
  return { ...page, rows: page.rows.map((p) => ({ ...p, commission: commissions.get(p.id) })) };
}

/** Sorted or filtered by commission: the page's ids from the stored commissions (index reads), its rows read by id. */
async function listByCommission(db: Db, actor: Actor, q: PolicyListQuery): Promise<Page<Policy>> {
  const t = tenant(db, actor);
  const today = agencyTodayOf(actor);
  const { column, direction } = parseSort(q.sort);
  // no rate (expected 0.00) last whichever the direction
  const order = column === 'commission' ? commissionOrder(direction) : sortOrder(q.sort as ColumnSort, POLICY_SORT, policies.id);
  const { ids, commissions, counted, countedWhere } = await commissionPage(t, policyFilter(t, actor, q), {
    state: q.commission,
    sortedByCommission: column === 'commission',
    wholeBook: !q.search && q.type === 'all' && q.status === 'all' && (q.assignee === 'all' || q.assignee === ''),
    order,
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
  });
  const { total, estimated } = await totalFromBoundedCount(db, policies, countedWhere, counted);
  const rows = ids.length
    ? await db
        .select({ policy: policies, first: assigneeName, name: user.name })
        .from(policies)
        .leftJoin(user, eq(user.id, policies.assigneeId))
        .where(t.where(policies, inArray(policies.id, ids)))
    : [];
  const byId = new Map(rows.map((r) => [r.policy.id, r]));
  const listed = ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [{ ...toPolicy(r.policy, r, today), commission: commissions.get(id) }] : [];
  });
  return { rows: listed, total, totalIsEstimate: estimated, page: q.page, pageSize: q.pageSize };
}

async function listPage(db: Db, actor: Actor, q: PolicyListQuery & { sort: ColumnSort }): Promise<Page<Policy>> {
  const t = tenant(db, actor);
  const today = agencyTodayOf(actor);
  // 1–2 characters: no trigram to look up, so no count that would read the whole agency. A broad
  // term (the planner expects more than BROAD_SEARCH_ROWS matches): its page, read newest first,
  // stops early, and its total is the estimate. Both are planned for their own values (not prepared).
  const estimate = q.search && !isShortSearch(q.search) ? await estimatedRows(db, policies, policyFilter(t, actor, q)) : 0;
  if (isShortSearch(q.search) || estimate > BROAD_SEARCH_ROWS) {
    const where = policyFilter(t, actor, q);
    const rows = await db
      .select({ policy: policies, first: assigneeName, name: user.name })
      .from(policies)
      .leftJoin(user, eq(user.id, policies.assigneeId))
      .where(where)
      .orderBy(...sortOrder(q.sort, POLICY_SORT, policies.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    const { total, estimated } = await totalWithoutCount(db, policies, where, { ...q, rows: rows.length }, estimate || undefined);
    return { rows: rows.map((r) => toPolicy(r.policy, r, today)), total, totalIsEstimate: estimated, page: q.page, pageSize: q.pageSize };
  }
  // The page and its bounded count in one prepared statement (decision 036): built once per filter
  // shape, the agency and the filter values bound on every execution.
  const assignee = q.assignee === 'all' || q.assignee === '' ? 'any' : q.assignee === 'unassigned' ? 'none' : 'one';
  // The first page's size is part of its statement (firstPage), later pages bind limit and offset.
  // Only without a value-dependent filter (keepsPlan): a filtered page is planned for its values.
  const firstPage = q.page === 1 && keepsPlan(q) ? q.pageSize : undefined;
  const rows = await t.run(listStatement(db, { sort: q.sort, type: q.type !== 'all', status: q.status === 'all' ? false : q.status, search: Boolean(q.search), assignee, firstPage }), {
    type: q.type,
    today,
    search: q.search ? containsPattern(q.search) : null,
    assignee: q.assignee === 'me' ? actor.userId : q.assignee,
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
  });
  // An empty page (past the end, or no rows at all) carries no count: counted on its own.
  const { total, estimated } = rows.length
    ? await totalFromBoundedCount(db, policies, rows[0].total > EXACT_COUNT_LIMIT ? policyFilter(t, actor, q) : undefined, rows[0].total)
    : await boundedCount(db, policies, policyFilter(t, actor, q));
  return { rows: rows.map((r) => policyFromText(r.policy, today)), total, totalIsEstimate: estimated, page: q.page, pageSize: q.pageSize };
}

interface ListShape {
  sort: ColumnSort;
  type: boolean;
  /** the status filtered on (its stored statuses are part of the statement), or none */
  status: PolicyStatus | false;
  search: boolean;
  assignee: 'any' | 'none' | 'one';
  /**
   * The first page, read with this page size written into the statement (no offset). A limit or
   * offset given as a parameter makes PostgreSQL cost the statement's generic plan as if it read a
   * tenth of the rows, so it never keeps that plan and plans the statement anew on every run
   * (0.3 ms of its CPU per list request, pg_stat_statements: as many plans as calls). With
   * constants the generic plan is kept after the first few runs. Later pages bind limit and offset.
   * Only for the unfiltered list (keepsPlan).
   */
  firstPage?: number;
}

/**
 * Whether a list's plan does not depend on its values, so PostgreSQL may keep one plan for every run
 * (decision 041): no search, type, status or assignee to choose rows by ("unassigned" is no value).
 */
export function keepsPlan(q: Pick<PolicyListQuery, 'type' | 'status' | 'search' | 'assignee'>): boolean {
  return !q.search && q.type === 'all' && q.status === 'all' && (q.assignee === 'all' || q.assignee === '' || q.assignee === 'unassigned');
}

/** The prepared list statement of one filter shape on this database (prepared once, then reused). */
function listStatement(db: Db, shape: ListShape) {
  const key = `${shape.sort}_${shape.type ? 't' : ''}${shape.status ? `s${shape.status}` : ''}${shape.search ? 'q' : ''}_${shape.assignee}${shape.firstPage ? `_first${shape.firstPage}` : ''}`;
  return cachedStatement(db, `policies_list_${key}`, (name) => prepareList(db, shape, name));
}

/** policyFilter's conditions for a prepared statement: placeholders type, today (with a status), search and assignee. */
export function preparedPolicyFilter(shape: Pick<ListShape, 'type' | 'status' | 'search' | 'assignee'>): (SQL | undefined)[] {
  return [
    shape.type ? eq(policies.policyType, sql.placeholder('type')) : undefined,
    shape.status ? statusIs(shape.status, sql.placeholder('today')) : undefined,
    shape.search ? searchLike(sql.placeholder('search')) : undefined,
    shape.assignee === 'one' ? eq(policies.assigneeId, sql.placeholder('assignee')) : shape.assignee === 'none' ? isNull(policies.assigneeId) : undefined,
  ];
}

function prepareList(db: Db, shape: ListShape, name: string) {
  const where = preparedWhere(policies, ...preparedPolicyFilter(shape));
  // Uncorrelated (its "policies" is its own), so PostgreSQL runs it once per statement (an InitPlan).
  const total = sql<number>`(select count(*)::int from (select 1 from ${policies} where ${where} limit ${sql.raw(String(EXACT_COUNT_LIMIT + 1))}) as bounded)`;
  const query = db
    .select(listColumns(total))
    .from(policies)
    .leftJoin(user, eq(user.id, policies.assigneeId))
    .where(where)
    .orderBy(...sortOrder(shape.sort, POLICY_SORT, policies.id));
  const paged = shape.firstPage
    ? query.limit(constantLimit(shape.firstPage))
    : query.limit(sql.placeholder('limit')).offset(sql.placeholder('offset'));
  // Named (one plan kept) only without a search, type, status or assignee: a plan made without
  // those values cannot tell a rare term from a common one. PostgreSQL did keep such a plan for the
  // search (its cost guess was no worse), and then took 31 ms a run in the 200,000-policy agency
  // (pg_stat_statements). Sent unnamed, a filtered page is planned for its values on every run.
  const kept = !shape.type && !shape.status && !shape.search && shape.assignee !== 'one';
  // mapped by the caller, which knows the agency's today
  return preparedRows(db, kept ? name : undefined, paged, (r) => ({ total: Number(r[LIST_AT.total]), policy: r }));
}

/** The list's select: a policy's text columns and the bounded count. */
const listColumns = (total: SQL<number>) => ({ ...policyTextColumns, total });
const LIST_AT = rowPositions(listColumns(sql<number>`0`));

/** The assignee filter of the policies list and the cockpit: all, me, unassigned, or one member. */
export function assigneeFilter(actor: Actor, assignee: string, column: AnyPgColumn = policies.assigneeId): SQL | undefined {
  if (assignee === 'all' || assignee === '') return undefined;
  if (assignee === 'me') return eq(column, actor.userId);
  if (assignee === 'unassigned') return isNull(column);
  return eq(column, assignee);
}
