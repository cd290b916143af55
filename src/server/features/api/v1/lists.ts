// /api/v1 lists: the screens' filters (the services' own filter functions), plus keyset paging in
// (updated_at, id) order from an opaque cursor and `updated_since`, so a client can sync changes.
import { and, asc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { API_LIST_DEFAULT_LIMIT, API_LIST_MAX_LIMIT, API_TEXT } from '#shared/api-keys.ts';
import { safeText } from '#shared/validation.ts';
import { COMMUNICATION_TYPES } from '#shared/communications.ts';
import { CUSTOMER_TYPES, customerListQuerySchema, type Communication, type Customer } from '#shared/customers.ts';
import { POLICY_STATUSES, POLICY_TYPES, policyListQuerySchema, type Policy, type PolicyStatus } from '#shared/policies.ts';
import { agencyTodayOf } from '#server/platform/policy-status.ts';
import type { Actor } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { customerCommunications, customers, policies, user } from '#server/db/schema.ts';
import { badRequest } from '#server/errors.ts';
import { preparedWhere, tenant } from '#server/tenant.ts';
import { containsPattern } from '#server/db/helpers.ts';
import { cachedStatement, constantLimit, preparedRows } from '#server/db/prepared.ts';
import { customerFilter, toCommunication, toCustomer } from '#server/entities/customers.ts';
import { keepsPlan, preparedPolicyFilter } from '#server/entities/policies/list.ts';
import { policyFromText, policyTextColumns, POLICY_TEXT_AT } from '#server/entities/policies/decode.ts';

// An ISO 8601 / PostgreSQL timestamp with a four-digit year from 1 to 9999. Date.parse alone reads
// "1" as 2001 and accepts years like -200000 or +275760, which PostgreSQL refuses (a 500).
const TIMESTAMP_TEXT = /^(\d{4})-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?$/i;

export function isStoredTimestamp(value: string): boolean {
  const match = TIMESTAMP_TEXT.exec(value);
  // V8 reads PostgreSQL's own text ("2026-01-02 03:04:05.123456+00") only with the space
  return match !== null && Number(match[1]) >= 1 && !(Number.isNaN(Date.parse(value)) && Number.isNaN(Date.parse(value.replace(/t/i, ' '))));
}

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${API_LIST_MAX_LIMIT}.`;

/** The paging parameters every /api/v1 list shares. */
export const pagingSchema = z.object({
  limit: z.coerce
    .number(LIMIT_MESSAGE)
    .int(LIMIT_MESSAGE)
    .min(1, LIMIT_MESSAGE)
    .max(API_LIST_MAX_LIMIT, LIMIT_MESSAGE)
    .default(API_LIST_DEFAULT_LIMIT)
    .describe(`Rows per page, at most ${API_LIST_MAX_LIMIT}.`),
  cursor: safeText({ trim: false }).max(500).optional().describe('The next_cursor of the previous page.'),
  updated_since: safeText({ trim: false })
    .optional()
    .refine((v) => v === undefined || isStoredTimestamp(v), API_TEXT.invalidUpdatedSince)
    .describe('Only rows created or changed at or after this time (ISO 8601).'),
});
type Paging = z.output<typeof pagingSchema>;

/**
 * A filter of /api/v1: unlike the screens (a mangled URL falls back to all), an unknown value is a 400
 * naming the field, so a client never reads an unfiltered list as the filtered one.
 */
function oneOf<const V extends readonly [string, ...string[]]>(field: string, values: V) {
  const allowed = ['all', ...values] as const;
  return z.enum(allowed, API_TEXT.oneOf(field, allowed)).default('all');
}

// The screens' filters, picked from the screens' own query schemas.
export const customerApiQuerySchema = customerListQuerySchema.pick({ search: true }).extend({ type: oneOf('type', CUSTOMER_TYPES) }).extend(pagingSchema.shape);
export const policyApiQuerySchema = policyListQuerySchema
  .pick({ search: true, assignee: true })
  .extend({
    type: oneOf('type', POLICY_TYPES),
    status: oneOf('status', POLICY_STATUSES),
    customer_id: z.uuid(API_TEXT.customerIdInvalid).optional().describe("Only this customer's policies."),
  })
  .extend(pagingSchema.shape);
export const communicationApiQuerySchema = pagingSchema.extend({
  customer_id: z.uuid(API_TEXT.customerIdInvalid).optional(),
  type: oneOf('type', COMMUNICATION_TYPES),
});

export interface ListPage<T> {
  data: T[];
  next_cursor: string | null;
}

interface Cursor {
  at: string;
  id: string;
}

/** The list a cursor pages: a cursor of another list is refused (its position means nothing there). */
const LIST_NAMES = ['customers', 'policies', 'communications', 'tasks', 'opportunities', 'documents', 'premium_payments', 'portal_requests', 'commission_rates', 'commission_overrides'] as const;
export type ListName = (typeof LIST_NAMES)[number];

const cursorShape = z.tuple([z.enum(LIST_NAMES), safeText({ trim: false }).max(64).refine(isStoredTimestamp), z.uuid()]);

function decodeCursor(list: ListName, raw: string | undefined): Cursor | null {
  if (!raw) return null;
  try {
    const [of, at, id] = cursorShape.parse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
    if (of !== list) throw new Error('another list');
    return { at, id };
  } catch {
    throw badRequest(API_TEXT.invalidCursor, { cursor: API_TEXT.invalidCursor }, 'INVALID_CURSOR');
  }
}

const encodeCursor = (list: ListName, c: Cursor) => Buffer.from(JSON.stringify([list, c.at, c.id])).toString('base64url');

/** The paging conditions on (updated_at, id): the rows after the cursor, changed since the given time. */
export function pageConditions(list: ListName, updatedAt: AnyPgColumn, id: AnyPgColumn, q: Paging): (SQL | undefined)[] {
  const after = decodeCursor(list, q.cursor);
  return [
    q.updated_since ? gte(updatedAt, new Date(q.updated_since)) : undefined,
    // The cursor keeps PostgreSQL's own microsecond text of updated_at, so no row is skipped or repeated.
    after ? sql`(${updatedAt}, ${id}) > (${after.at}::timestamptz, ${after.id}::uuid)` : undefined,
  ];
}

export function toPage<R extends { cursorAt: string }, T extends { id: string }>(list: ListName, rows: R[], q: Paging, map: (row: R) => T): ListPage<T> {
  const more = rows.length > q.limit;
  const shown = more ? rows.slice(0, q.limit) : rows;
  const data = shown.map(map);
  const last = shown.at(-1);
  return { data, next_cursor: more && last ? encodeCursor(list, { at: last.cursorAt, id: data.at(-1)!.id }) : null };
}

export const cursorAt = (column: AnyPgColumn) => sql<string>`${column}::text`;

export async function listCustomersPage(db: Db, actor: Actor, q: z.output<typeof customerApiQuerySchema>): Promise<ListPage<Customer>> {
  const where = customerFilter(tenant(db, actor), q, ...pageConditions('customers', customers.updatedAt, customers.id, q));
  const rows = await db
    .select({ row: customers, cursorAt: cursorAt(customers.updatedAt) })
    .from(customers)
    .where(where)
    .orderBy(asc(customers.updatedAt), asc(customers.id))
    .limit(q.limit + 1);
  return toPage('customers', rows, q, (r) => toCustomer(r.row));
}

/**
 * A page of policies: one prepared statement per filter shape (decision 036), built once with
 * drizzle through the tenant layer, the agency and the values bound on every execution, rows read
 * as text and mapped like the web list's. The cursor keeps the row's updated_at as PostgreSQL sent it.
 */
export async function listPoliciesPage(db: Db, actor: Actor, q: z.output<typeof policyApiQuerySchema>): Promise<ListPage<Policy>> {
  const after = decodeCursor('policies', q.cursor);
  const assignee = q.assignee === 'all' || q.assignee === '' ? 'any' : q.assignee === 'unassigned' ? 'none' : 'one';
  const shape: PageShape = {
    type: q.type !== 'all',
    status: q.status === 'all' ? false : q.status,
    search: Boolean(q.search),
    assignee,
    customer: Boolean(q.customer_id),
    since: Boolean(q.updated_since),
    after: Boolean(after),
    // a filtered page is planned for its values on every run (no constant: see PageShape.rows)
    rows: keepsPlan(q) && !q.customer_id ? (PAGE_ROWS.find((n) => n > q.limit) ?? q.limit + 1) : 0,
  };
  const today = agencyTodayOf(actor);
  const rows = await tenant(db, actor).run(policiesPageStatement(db, shape), {
    type: q.type,
    today,
    search: q.search ? containsPattern(q.search) : null,
    assignee: q.assignee === 'me' ? actor.userId : q.assignee,
    customerId: q.customer_id ?? null,
    // drizzle sent a Date of this column as its ISO text: the same value.
    since: q.updated_since ? new Date(q.updated_since).toISOString() : null,
    afterAt: after?.at ?? null,
    afterId: after?.id ?? null,
    limit: q.limit + 1,
  });
  return toPage('policies', rows, q, (r) => policyFromText(r.policy, today));
}

interface PageShape {
  type: boolean;
  /** the status filtered on (#shared/policy-status.ts: its stored statuses are part of the statement), or none */
  status: PolicyStatus | false;
  search: boolean;
  assignee: 'any' | 'none' | 'one';
  /** one customer's policies (customer_id) */
  customer: boolean;
  since: boolean;
  after: boolean;
  /**
   * Rows read, written into the statement (constantLimit): one of PAGE_ROWS, at least the limit + 1.
   * 0 for a search, type, status or assignee (keepsPlan): its limit stays a parameter, so PostgreSQL
   * plans each run for its values rather than keeping one plan for all (decision 041). The cursor and
   * updated_since are read in the order of their index, whatever their values.
   */
  rows: number;
}

/**
 * The row counts a page statement reads: the limit + 1 (is there a next page?) rounded up to one of
 * these, so a constant LIMIT lets PostgreSQL keep the statement's plan while a shape has at most four
 * statements; toPage shows the first `limit` rows.
 */
const PAGE_ROWS = [11, 26, 51, API_LIST_MAX_LIMIT + 1];

/** The prepared page statement of one filter shape on this database (at most 192 × 4; prepared once, then reused). */
function policiesPageStatement(db: Db, shape: PageShape) {
  const key = `${shape.type ? 't' : ''}${shape.status ? `s${shape.status}` : ''}${shape.search ? 'q' : ''}${shape.customer ? 'k' : ''}${shape.since ? 'u' : ''}${shape.after ? 'c' : ''}_${shape.assignee}_${shape.rows}`;
  return cachedStatement(db, `api_policies_page_${key}`, (name) => preparePoliciesPage(db, shape, name));
}

function preparePoliciesPage(db: Db, shape: PageShape, name: string) {
  // The conditions of policyFilter and pageConditions, with placeholders for their values.
  const where = preparedWhere(
    policies,
    ...preparedPolicyFilter(shape),
    shape.customer ? eq(policies.customerId, sql.placeholder('customerId')) : undefined,
    shape.since ? gte(policies.updatedAt, sql.placeholder('since')) : undefined,
    shape.after ? sql`(${policies.updatedAt}, ${policies.id}) > (${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterId')}::uuid)` : undefined,
  );
  const query = db
    .select(policyTextColumns)
    .from(policies)
    .leftJoin(user, eq(user.id, policies.assigneeId))
    .where(where)
    .orderBy(asc(policies.updatedAt), asc(policies.id))
    .limit(shape.rows ? constantLimit(shape.rows) : sql.placeholder('limit'));
  // updated_at's text is timestamptz's output, the same as the `::text` the cursor was read with.
  // Named (one plan kept) only without a filter; a filtered page is planned for its values.
  return preparedRows(db, shape.rows ? name : undefined, query, (r) => ({ policy: r, cursorAt: r[POLICY_TEXT_AT.updatedAt]! }));
}

export async function listCommunicationsPage(
  db: Db,
  actor: Actor,
  q: z.output<typeof communicationApiQuerySchema>,
): Promise<ListPage<Communication>> {
  const t = tenant(db, actor);
  const c = customerCommunications;
  const where = t.where(
    c,
    q.customer_id ? eq(c.customerId, q.customer_id) : undefined,
    q.type !== 'all' ? eq(c.type, q.type) : undefined,
    ...pageConditions('communications', c.updatedAt, c.id, q),
  );
  const rows = await db
    .select({ c, firstName: user.firstName, lastName: user.lastName, cursorAt: cursorAt(c.updatedAt) })
    .from(c)
    .leftJoin(user, eq(user.id, c.createdBy))
    .where(and(where))
    .orderBy(asc(c.updatedAt), asc(c.id))
    .limit(q.limit + 1);
  return toPage('communications', rows, q, toCommunication);
}
