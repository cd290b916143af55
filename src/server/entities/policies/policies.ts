// Policies: queries and rules, through the tenant context; writes that belong together share a transaction.
import { and, eq, isNull, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  CHOSEN_STATUSES,
  POLICY_TEXT,
  type Page,
  type Policy,
  type PolicyDetail,
  type PolicyListQuery,
  type PolicyStatus,
  type PolicyType,
  type PolicyValues,
} from '#shared/policies.ts';
import { RENEWAL_TEXT, type LostReason, type RenewalState, type TermLink } from '#shared/renewals.ts';
import { termOf } from '#shared/terms.ts';
import type { Actor } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { customers, policies, user } from '#server/db/schema.ts';
import { derivePolicyStatus, type CancelMethod, type CancelReason } from '#shared/policy-status.ts';
import { agencyTodayOf, refreshStoredStatus, statusIs, statusOfRow, tenantToday } from '#server/platform/policy-status.ts';
import { badRequest, conflict, notFound } from '#server/errors.ts';
import { assertUnderlyingPolicies, detailsOf, lineChangeSummary } from './lines.ts';
import { emit } from '#server/platform/events.ts';
import { insertCustomer } from '../customers.ts';
import { preparedWhere, tenant, type Tenant } from '#server/tenant.ts';
import { cachedStatement, constantLimit, preparedInsert, preparedRows, rowPositions } from '#server/db/prepared.ts';
import { limitGuard, type LimitGuard } from '#server/platform/limits.ts';
import { containsPattern, idOr404, isUniqueViolation } from '#server/db/helpers.ts';
import { boundedCount, BROAD_SEARCH_ROWS, estimatedRows, EXACT_COUNT_LIMIT, isShortSearch, totalFromBoundedCount, totalWithoutCount } from '#server/db/count.ts';
import { sortOrder } from '#server/lists.ts';
import { assertMember, assigneeName } from '#server/platform/team-membership.ts';

type PolicyRow = typeof policies.$inferSelect;


/** A row as the API answers it; its status by the rule on the agency's `today`. */
export function toPolicy(row: PolicyRow, assignee: { first: string | null; name: string | null } | null, today: string): Policy {
  return {
    id: row.id,
    customer_id: row.customerId,
    policy_number: row.policyNumber,
    insurance_company: row.insuranceCompany,
    policy_type: row.policyType as PolicyType,
    customer_name: row.customerName,
    customer_email: row.customerEmail,
    customer_phone: row.customerPhone,
    premium_amount: row.premiumAmount,
    coverage_amount: row.coverageAmount,
    deductible: row.deductible,
    start_date: row.startDate,
    end_date: row.endDate,
    term: termOf(row.startDate, row.endDate),
    status: statusOfRow(row, today),
    bound: row.bound,
    cancel_effective_date: row.cancelEffectiveDate,
    cancel_reason: row.cancelReason as CancelReason | null,
    cancel_method: row.cancelMethod as CancelMethod | null,
    unearned_premium: row.unearnedPremium,
    assignee_id: row.assigneeId,
    assignee_name: row.assigneeId ? (assignee?.first ?? assignee?.name ?? null) : null,
    renewal_state: row.renewalState as RenewalState,
    lost_reason: row.lostReason as LostReason | null,
    lost_note: row.lostNote,
    renewed_from_id: row.renewedFromId,
    remarket: row.remarket,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

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

export async function listPolicies(db: Db, actor: Actor, q: PolicyListQuery): Promise<Page<Policy>> {
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
  sort: PolicyListQuery['sort'];
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

/**
 * A policy's columns for a prepared statement read as text rows (the web list and /api/v1's page),
 * read by name through their positions (POLICY_TEXT_AT) in `policyFromText`; a statement may add
 * its own columns after these (rowPositions of the whole select list).
 */
export const policyTextColumns = {
  id: policies.id,
  customerId: policies.customerId,
  policyNumber: policies.policyNumber,
  insuranceCompany: policies.insuranceCompany,
  policyType: policies.policyType,
  customerName: policies.customerName,
  customerEmail: policies.customerEmail,
  customerPhone: policies.customerPhone,
  premiumAmount: policies.premiumAmount,
  coverageAmount: policies.coverageAmount,
  deductible: policies.deductible,
  startDate: policies.startDate,
  endDate: policies.endDate,
  status: policies.status,
  bound: policies.bound,
  cancelEffectiveDate: policies.cancelEffectiveDate,
  cancelReason: policies.cancelReason,
  cancelMethod: policies.cancelMethod,
  unearnedPremium: policies.unearnedPremium,
  assigneeId: policies.assigneeId,
  renewalState: policies.renewalState,
  lostReason: policies.lostReason,
  lostNote: policies.lostNote,
  renewedFromId: policies.renewedFromId,
  remarket: policies.remarket,
  createdAt: policies.createdAt,
  updatedAt: policies.updatedAt,
  first: assigneeName,
  name: user.name,
};
export const POLICY_TEXT_AT = rowPositions(policyTextColumns);

/** The list's select: a policy's text columns and the bounded count. */
const listColumns = (total: SQL<number>) => ({ ...policyTextColumns, total });
const LIST_AT = rowPositions(listColumns(sql<number>`0`));

/** A row of policyTextColumns, as text, read by name: the same answer as toPolicy's. */
export function policyFromText(r: (string | null)[], today: string): Policy {
  const at = POLICY_TEXT_AT;
  return {
    id: r[at.id]!,
    customer_id: r[at.customerId],
    policy_number: r[at.policyNumber]!,
    insurance_company: r[at.insuranceCompany]!,
    policy_type: r[at.policyType] as PolicyType,
    customer_name: r[at.customerName]!,
    customer_email: r[at.customerEmail]!,
    customer_phone: r[at.customerPhone],
    premium_amount: r[at.premiumAmount]!,
    coverage_amount: r[at.coverageAmount]!,
    deductible: r[at.deductible]!,
    start_date: r[at.startDate]!,
    end_date: r[at.endDate]!,
    term: termOf(r[at.startDate]!, r[at.endDate]!),
    status: derivePolicyStatus(
      { start_date: r[at.startDate]!, end_date: r[at.endDate]!, bound: r[at.bound] === 't', cancel_effective_date: r[at.cancelEffectiveDate], renewal_state: r[at.renewalState]! },
      today,
    ),
    bound: r[at.bound] === 't',
    cancel_effective_date: r[at.cancelEffectiveDate],
    cancel_reason: r[at.cancelReason] as CancelReason | null,
    cancel_method: r[at.cancelMethod] as CancelMethod | null,
    unearned_premium: r[at.unearnedPremium],
    assignee_id: r[at.assigneeId],
    assignee_name: r[at.assigneeId] ? (r[at.first] ?? r[at.name] ?? null) : null,
    renewal_state: r[at.renewalState] as RenewalState,
    lost_reason: r[at.lostReason] as LostReason | null,
    lost_note: r[at.lostNote],
    renewed_from_id: r[at.renewedFromId],
    remarket: r[at.remarket] === 't',
    created_at: new Date(r[at.createdAt]!).toISOString(),
    updated_at: new Date(r[at.updatedAt]!).toISOString(),
  };
}

/** The assignee filter of the policies list and the cockpit: all, me, unassigned, or one member. */
export function assigneeFilter(actor: Actor, assignee: string, column: AnyPgColumn = policies.assigneeId): SQL | undefined {
  if (assignee === 'all' || assignee === '') return undefined;
  if (assignee === 'me') return eq(column, actor.userId);
  if (assignee === 'unassigned') return isNull(column);
  return eq(column, assignee);
}

export async function getPolicy(db: Db, actor: Actor, rawId: string): Promise<PolicyDetail> {
  return readPolicy(tenant(db, actor), idOr404(rawId, POLICY_TEXT.notFound), agencyTodayOf(actor));
}

async function readPolicy(t: Tenant, id: string, today?: string): Promise<PolicyDetail> {
  // Joined on (agency_id, id), the composite keys, so a join never leaves the agency either. Named
  // (prepared once per connection, the transaction's inside one): planning this five-table join took
  // PostgreSQL 0.4 ms on every read, seven times the read itself (decision 041).
  const [found] = await t.run(
    t.db
      .select({ policy: policies, customer: customers, first: assigneeName, name: user.name })
      .from(policies)
      .leftJoin(user, eq(user.id, policies.assigneeId))
      .leftJoin(customers, and(eq(customers.agencyId, policies.agencyId), eq(customers.id, policies.customerId)))
      .where(preparedWhere(policies, eq(policies.id, sql.placeholder('id'))))
      .prepare('policy_read_v2'),
    { id },
  );
  if (!found) throw notFound(POLICY_TEXT.notFound);
  const { policy, customer } = found;
  const [previous, next] = await Promise.all([
    policy.renewedFromId ? readTermLink(t, 'previous', policy.renewedFromId) : null,
    readTermLink(t, 'next', policy.id),
  ]);
  // Missing details are tolerated (agency.md §7): the section then shows N/A.
  return {
    ...toPolicy(policy, found, today ?? (await tenantToday(t))),
    previous_term: previous,
    next_term: next,
    ...detailsOf(policy.policyType, policy.details),
    customer: customer ? { id: customer.id, name: customer.name, email: customer.email, phone: customer.phone } : null,
  };
}

/** The term a policy renewed (`previous`: the policy with this id) or the term that renewed it (`next`: renewed from this id). */
async function readTermLink(t: Tenant, which: 'previous' | 'next', id: string): Promise<TermLink | null> {
  const [row] = await t.run(
    t.db
      .select({ id: policies.id, policy_number: policies.policyNumber, start_date: policies.startDate, end_date: policies.endDate })
      .from(policies)
      .where(preparedWhere(policies, eq(which === 'previous' ? policies.id : policies.renewedFromId, sql.placeholder('id'))))
      .prepare(`policy_term_${which}_v1`),
    { id },
  );
  return row ?? null;
}

/**
 * The spec's customer resolution: the chosen customer (of this agency, else 404); otherwise the
 * agency's customer with the policy's e-mail; otherwise a new Individual customer (within the limit),
 * made by the customer service's own create path, so parallel policies for one new e-mail share it.
 */
async function resolveCustomer(t: Tenant, actor: Actor, input: PolicyValues, limits?: LimitGuard, options: PolicyWriteOptions = {}): Promise<LinkedCustomer> {
  if (input.customer_id) {
    const [own] = await t.select(LINKED_CUSTOMER).from(customers, eq(customers.id, input.customer_id));
    if (!own) throw notFound(POLICY_TEXT.customerNotFound);
    return own;
  }
  if (options.newCustomerDenied) {
    // an API key without customers: write may link an existing customer, never create one (issue 26)
    const [existing] = await t.select(LINKED_CUSTOMER).from(customers, eq(customers.email, input.customer_email));
    if (existing) return existing;
    throw options.newCustomerDenied();
  }
  const guard = limits ?? (await limitGuard(t, actor));
  // Unlimited customers: insert … on conflict reads the existing one, so no lookup first.
  if (guard.limit('customers') !== null) {
    const [existing] = await t.select(LINKED_CUSTOMER).from(customers, eq(customers.email, input.customer_email));
    if (existing) return existing;
    await guard.assert('customers');
  }
  const { row } = await insertCustomer(
    t,
    actor,
    { name: input.customer_name, email: input.customer_email, phone: input.customer_phone, customerType: 'individual' },
    (name) => customerFromPolicySummary(name, input.policy_number),
  );
  return { id: row.id, name: row.name, email: row.email, phone: row.phone };
}

export interface PolicyWriteOptions {
  /** Set when the caller may not create customers: the error to throw instead of creating one. */
  newCustomerDenied?: () => Error;
}

const LINKED_CUSTOMER = { id: customers.id, name: customers.name, email: customers.email, phone: customers.phone };
type LinkedCustomer = { id: string; name: string; email: string; phone: string | null };

/** A new term's columns; its stored status is the rule's on `today` (a new term has no renewal or cancellation). */
export function policyColumns(input: PolicyValues, customerId: string, today: string) {
  const bound = input.status === 'active';
  return {
    customerId,
    policyNumber: input.policy_number,
    insuranceCompany: input.insurance_company,
    policyType: input.policy_type,
    customerName: input.customer_name,
    customerEmail: input.customer_email,
    customerPhone: input.customer_phone,
    premiumAmount: input.premium_amount,
    coverageAmount: input.coverage_amount,
    deductible: input.deductible,
    startDate: input.start_date,
    endDate: input.end_date,
    bound,
    status: derivePolicyStatus({ start_date: input.start_date, end_date: input.end_date, bound, cancel_effective_date: null, renewal_state: 'not_started' }, today),
    // only the chosen line's details (policyInputSchema leaves the others null)
    details: (input[`${input.policy_type}_details`] ?? null) as Record<string, unknown> | null,
  };
}

/** The columns a create sets (`policyColumns`, the creator, the assignee). */
const CREATED_POLICY_COLUMNS = [
  'createdBy',
  'assigneeId',
  'customerId',
  'policyNumber',
  'insuranceCompany',
  'policyType',
  'customerName',
  'customerEmail',
  'customerPhone',
  'premiumAmount',
  'coverageAmount',
  'deductible',
  'startDate',
  'endDate',
  'bound',
  'status',
  'details',
] as const;

/** A create's inserts, built once and run as named prepared statements (decision 040). */
const policyInsert = preparedInsert('policy_create_v2', policies, CREATED_POLICY_COLUMNS);
function duplicateNumber() {
  return conflict(POLICY_TEXT.duplicateNumber, 'DUPLICATE_POLICY_NUMBER', { policy_number: POLICY_TEXT.duplicateNumber });
}

async function assertNumberFree(t: Tenant, policyNumber: string, exceptId?: string) {
  const [taken] = await t
    .select({ id: policies.id })
    .from(policies, eq(policies.policyNumber, policyNumber), exceptId ? ne(policies.id, exceptId) : undefined);
  if (taken) throw duplicateNumber();
}

async function mapUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err, 'policies_agency_number_uq')) throw duplicateNumber();
    throw err;
  }
}

/** What only a renewal sets on the new term. */
export interface TermLinkage {
  renewedFromId: string;
  remarket: boolean;
}

/** The activity line of a created policy (the form, the API and an import's batch all write it). */
export const policyCreatedSummary = (input: Pick<PolicyValues, 'policy_type' | 'policy_number' | 'customer_name'>) =>
  `Created ${input.policy_type} policy ${input.policy_number} for ${input.customer_name}`;

/** The activity line of a customer created for a policy's new e-mail. */
export const customerFromPolicySummary = (name: string, policyNumber: string) => `Created customer ${name} (from policy ${policyNumber})`;

/**
 * The one create path (the form and Renew): limit, unique number, customer, row, details, activity.
 * Runs inside the caller's transaction.
 */
export async function insertPolicy(t: Tenant, actor: Actor, input: PolicyValues, linkage?: TermLinkage): Promise<string> {
  return (await insertPolicyDetail(t, actor, input, linkage)).id;
}

/**
 * The create path's statements: the plan's limits (read with the identity; the lock and counts only
 * on a limited plan), the assignee check when one is chosen, the customer, the policy and its details
 * inserted with RETURNING, the activity rows (one statement at the transaction's end). The policy
 * number's uniqueness is the unique index's job (a violation rolls the transaction back and answers
 * 409), and the answer is built from what the inserts returned: nothing is read again (issue 17).
 */
async function insertPolicyDetail(t: Tenant, actor: Actor, input: PolicyValues, linkage?: TermLinkage, options: PolicyWriteOptions = {}): Promise<PolicyDetail> {
  const limits = await limitGuard(t, actor);
  await limits.assert('policies');
  const assigneeId = input.assignee_id ?? actor.userId;
  const assignee = input.assignee_id
    ? await assertMember(t, input.assignee_id, RENEWAL_TEXT.notMember)
    : { first: `${actor.firstName} ${actor.lastName}`.trim() || null, name: null };
  if (!(CHOSEN_STATUSES as readonly string[]).includes(input.status)) throw badRequest(POLICY_TEXT.statusChoice, { status: POLICY_TEXT.statusChoice });
  const customer = await resolveCustomer(t, actor, input, limits, options);
  await assertUnderlyingPolicies(t, input, customer.id);
  const today = agencyTodayOf(actor);
  const values = { createdBy: actor.userId, ...policyColumns(input, customer.id, today), assigneeId };
  // a renewal's term also sets its linkage: built per run; a plain create runs the prepared insert
  const [row] = linkage ? await t.insert(policies, { ...values, ...linkage }).returning() : await t.write(policyInsert, values);
  const summary = linkage ? `Renewed policy as ${input.policy_number} for ${input.customer_name}` : policyCreatedSummary(input);
  // The account name is shown only for a member without first and last name (rare): read it then.
  if (!assignee.first && !assignee.name) {
    const [named] = await t.db.select({ name: user.name }).from(user).where(eq(user.id, assigneeId));
    assignee.name = named?.name ?? null;
  }
  const previous = linkage ? await readTermLink(t, 'previous', linkage.renewedFromId) : null;
  const detail: PolicyDetail = { ...toPolicy(row, assignee, today), previous_term: previous, next_term: null, ...detailsOf(row.policyType, row.details), customer };
  await emit(t, actor, { type: 'policy.created', entityId: row.id, summary, data: detail });
  return detail;
}

export async function createPolicy(db: Db, actor: Actor, input: PolicyValues, options: PolicyWriteOptions = {}): Promise<PolicyDetail> {
  return mapUnique(() => tenant(db, actor).transaction((t) => insertPolicyDetail(t, actor, input, undefined, options)));
}

export { readPolicy, mapUnique };

export async function updatePolicy(db: Db, actor: Actor, rawId: string, input: PolicyValues, options: PolicyWriteOptions = {}): Promise<PolicyDetail> {
  const id = idOr404(rawId, POLICY_TEXT.notFound);
  return mapUnique(() =>
    tenant(db, actor).transaction(async (t) => {
      const [current] = await t
        .select({
          id: policies.id,
          policyType: policies.policyType,
          details: policies.details,
          startDate: policies.startDate,
          endDate: policies.endDate,
          bound: policies.bound,
          cancelEffectiveDate: policies.cancelEffectiveDate,
          renewalState: policies.renewalState,
        })
        .from(policies, eq(policies.id, id))
        .for('update');
      if (!current) throw notFound(POLICY_TEXT.notFound);
      const today = agencyTodayOf(actor);
      // a status the rule decides is the agent's current choice only as what the term shows now (a read sent back)
      if (!(CHOSEN_STATUSES as readonly string[]).includes(input.status)) {
        if (input.status !== statusOfRow(current, today)) throw badRequest(POLICY_TEXT.statusChoice, { status: POLICY_TEXT.statusChoice });
        input = { ...input, status: current.bound ? 'active' : 'pending' };
      }
      await assertNumberFree(t, input.policy_number, id);
      if (input.assignee_id) await assertMember(t, input.assignee_id, RENEWAL_TEXT.notMember);
      const customerId = (await resolveCustomer(t, actor, input, undefined, options)).id;
      await assertUnderlyingPolicies(t, input, customerId, id);
      const assignee = input.assignee_id ? { assigneeId: input.assignee_id } : {};
      // the term keeps its renewal and cancellation: the stored status is the rule's on them and the new dates
      const columns = policyColumns(input, customerId, today);
      const status = statusOfRow({ ...columns, cancelEffectiveDate: current.cancelEffectiveDate, renewalState: current.renewalState }, today);
      await t.update(policies, { ...columns, status, ...assignee, updatedAt: new Date() }, eq(policies.id, id));
      const detail = await readPolicy(t, id, today);
      // a change of line drops the old details from the policy: the activity line keeps them
      const summary = `Updated policy ${input.policy_number} for ${input.customer_name}${lineChangeSummary(current, input.policy_type)}`;
      await emit(t, actor, { type: 'policy.updated', entityId: id, summary, data: detail });
      return detail;
    }),
  );
}

export async function deletePolicy(db: Db, actor: Actor, rawId: string): Promise<void> {
  const id = idOr404(rawId, POLICY_TEXT.notFound);
  await tenant(db, actor).transaction(async (t) => {
    // Read while it still exists (the webhooks' payload); a missing policy is a 404 here.
    const before = await readPolicy(t, id, agencyTodayOf(actor));
    // its documents go to the Trash first (documents/subscribe.ts; the delete then unlinks them): restorable, purged with their bytes
    await emit(t, actor, { type: 'policy.deleting', entityId: id, policyId: id });
    // its next term loses the link before the row goes (the foreign key would null it unseen): a change of that term
    const detached = await t.update(policies, { renewedFromId: null, updatedAt: new Date() }, eq(policies.renewedFromId, id)).returning({ id: policies.id });
    const [gone] = await t
      .delete(policies, eq(policies.id, id))
      .returning({ number: policies.policyNumber, customerName: policies.customerName, renewedFromId: policies.renewedFromId });
    if (!gone) throw notFound(POLICY_TEXT.notFound);
    await emit(t, actor, { type: 'policy.deleted', entityId: id, summary: `Deleted policy ${gone.number} of ${gone.customerName}`, data: before });
    for (const next of detached) await emit(t, actor, { type: 'policy.updated', entityId: next.id, data: () => readPolicy(t, next.id) });
    // Deleting a renewal reopens the term it renewed, so that term is not renewed without a successor.
    if (gone.renewedFromId) {
      const [reopened] = await t
        .update(policies, { renewalState: 'not_started', remarket: false, updatedAt: new Date() }, eq(policies.id, gone.renewedFromId), eq(policies.renewalState, 'renewed'))
        .returning({ id: policies.id });
      await refreshStoredStatus(t, agencyTodayOf(actor), eq(policies.id, gone.renewedFromId));
      // the reopened term is a change of its own (pollers, the change feed and webhooks see it)
      if (reopened) await emit(t, actor, { type: 'policy.updated', entityId: reopened.id, data: () => readPolicy(t, reopened.id) });
    }
  });
}
