// Customers: queries and rules, always within the caller's agency (through the tenant context).
import { asc, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { canUseFeature } from '#shared/features.ts';
import {
  CUSTOMER_TEXT,
  type Communication,
  type Customer,
  type CustomerDetail,
  type CustomerListQuery,
  type CustomerType,
  type CustomerValues,
} from '#shared/customers.ts';
import type { Page } from '#shared/policies.ts';
import { accessSubject, type Actor } from '#server/context.ts';
import { customerCommunications, customers, policies, user } from '#server/db/schema.ts';
import { conflict, notFound } from '#server/errors.ts';
import { tenant, type Connection, type Tenant, type TenantInsert } from '#server/tenant.ts';
import { preparedInsert } from '#server/db/prepared.ts';
import { emit } from '#server/platform/events.ts';
import { assertWithinLimit } from '#server/platform/limits.ts';
import { containsPattern, idOr404, isUniqueViolation } from '#server/db/helpers.ts';
import { boundedCount, isShortSearch, totalWithoutCount } from '#server/db/count.ts';
import { sortOrder } from '#server/lists.ts';
import { agencyTodayOf, policyStatusSql } from '#server/platform/policy-status.ts';

type CustomerRow = typeof customers.$inferSelect;

export function toCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    city: row.city,
    postal_code: row.postalCode,
    date_of_birth: row.dateOfBirth,
    customer_type: row.customerType as CustomerType,
    notes: row.notes,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The expression of customers_agency_search_trgm_idx (with agency_id), so PostgreSQL can answer the search from the index. */
export function customerSearch(search: string): SQL {
  return sql`lower(${customers.name} || ' ' || ${customers.email}) like ${containsPattern(search)}`;
}

/** The list's filter (also the export's). */
/** The customers list's filter (type, search) without the agency: for `t.select(…).from(customers, …)`. */
export function customerConds(q: Pick<CustomerListQuery, 'search' | 'type'>): (SQL | undefined)[] {
  return [q.type !== 'all' ? eq(customers.customerType, q.type) : undefined, q.search ? customerSearch(q.search) : undefined];
}

export function customerFilter(t: Tenant, q: Pick<CustomerListQuery, 'search' | 'type'>, ...extra: (SQL | undefined)[]): SQL {
  return t.where(customers, ...customerConds(q), ...extra);
}

/** Each served by an (agency_id, column, id) index, read in either direction. */
export const CUSTOMER_SORT = { created_at: [customers.createdAt], name: [customers.name] };

export async function listCustomers(db: Connection, actor: Actor, q: CustomerListQuery): Promise<Page<Customer>> {
  const t = tenant(db, actor);
  const where = customerFilter(t, q);
  const pageQuery = t
    .from(customers, ...customerConds(q))
    .orderBy(...sortOrder(q.sort, CUSTOMER_SORT, customers.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  // 1–2 characters: no trigram to look up, so no count that would read the whole agency.
  const [rows, { total, estimated }] = isShortSearch(q.search)
    ? await pageQuery.then(async (found) => [found, await totalWithoutCount(t, customers, where, { ...q, rows: found.length })] as const)
    : await Promise.all([pageQuery, boundedCount(t, customers, where)]);
  return { rows: rows.map(toCustomer), total, totalIsEstimate: estimated, page: q.page, pageSize: q.pageSize };
}

export async function getCustomer(db: Connection, actor: Actor, rawId: string): Promise<CustomerDetail> {
  const id = idOr404(rawId, CUSTOMER_TEXT.notFound);
  const t = tenant(db, actor);
  const [row] = await t.from(customers, eq(customers.id, id));
  if (!row) throw notFound(CUSTOMER_TEXT.notFound);
  const withLog = canUseFeature(accessSubject(actor), 'communications');
  const [own, log] = await Promise.all([
    t
      // the status by the date rule on the agency's today, as on the policies list (#shared/policy-status.ts)
      .select({ id: policies.id, policy_number: policies.policyNumber, policy_type: policies.policyType, status: policyStatusSql(agencyTodayOf(actor)), end_date: policies.endDate })
      .from(policies, eq(policies.customerId, id))
      .orderBy(asc(policies.endDate), asc(policies.policyNumber)),
    // The log is a business feature: below that tier it is kept but not shown.
    withLog ? listCommunications(t, id) : Promise.resolve([]),
  ]);
  return { ...toCustomer(row), policies: own, communications: log };
}

export async function listCommunications(t: Tenant, customerId: string): Promise<Communication[]> {
  const rows = await t
    .select({ c: customerCommunications, firstName: user.firstName, lastName: user.lastName })
    .from(customerCommunications, eq(customerCommunications.customerId, customerId))
    .leftJoin(user, eq(user.id, customerCommunications.createdBy))
    .orderBy(desc(customerCommunications.communicationDate), desc(customerCommunications.createdAt));
  return rows.map(toCommunication);
}

export function toCommunication({
  c,
  firstName,
  lastName,
}: {
  c: typeof customerCommunications.$inferSelect;
  firstName: string | null;
  lastName: string | null;
}): Communication {
  return {
    id: c.id,
    customer_id: c.customerId,
    type: c.type,
    subject: c.subject,
    content: c.content,
    communication_date: c.communicationDate.toISOString(),
    created_by: c.createdBy,
    created_by_name: c.createdBy ? `${firstName ?? ''} ${lastName ?? ''}`.trim() || null : null,
    created_at: c.createdAt.toISOString(),
    corrects_id: c.correctsId,
    updated_at: c.updatedAt.toISOString(),
  };
}

function duplicateEmail() {
  return conflict(CUSTOMER_TEXT.duplicate, 'DUPLICATE_CUSTOMER', { email: CUSTOMER_TEXT.duplicate });
}

async function mapDuplicate<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    // The unique (agency, email) index is the last word when two requests race.
    if (isUniqueViolation(err, 'customers_agency_email_uq')) throw duplicateEmail();
    throw err;
  }
}

async function assertEmailFree(t: Tenant, email: string, exceptId?: string) {
  const [taken] = await t
    .select({ id: customers.id })
    .from(customers, eq(customers.email, email), exceptId ? ne(customers.id, exceptId) : undefined);
  if (taken) throw duplicateEmail();
}

/** The agency's customer with this (lower-case) e-mail, if any. */
export async function findCustomerByEmail(t: Tenant, email: string): Promise<{ id: string } | undefined> {
  const [row] = await t.select({ id: customers.id }).from(customers, eq(customers.email, email));
  return row;
}

export type NewCustomer = Omit<TenantInsert<typeof customers>, 'createdBy'>;

/**
 * The customer insert (on conflict of the agency's e-mail: nothing), built once and run as a named
 * prepared statement (decision 040). A column the caller leaves out is stored as NULL.
 */
const customerInsert = preparedInsert(
  'customer_create_v1',
  customers,
  ['name', 'email', 'phone', 'address', 'city', 'postalCode', 'dateOfBirth', 'customerType', 'notes', 'createdBy'],
  [customers.agencyId, customers.email],
);

/**
 * The one create path of a customer (the form and a policy's new customer): insert … on conflict
 * (agency_id, email) do nothing, then read. A parallel request that created the same e-mail first
 * wins; this one then gets that row (created: false) instead of a unique violation.
 * Call it inside the transaction after assertWithinLimit.
 */
export async function insertCustomer(
  t: Tenant,
  actor: Actor,
  values: NewCustomer,
  summary: (name: string) => string = (name) => `Created customer ${name}`,
): Promise<{ row: CustomerRow; created: boolean }> {
  const [row] = await t.write(customerInsert, { ...values, createdBy: actor.userId });
  if (row) {
    await emit(t, actor, { type: 'customer.created', entityId: row.id, summary: summary(row.name), data: toCustomer(row) });
    return { row, created: true };
  }
  const [existing] = await t.from(customers, eq(customers.email, values.email as string));
  return { row: existing, created: false };
}

/** A customer's columns from the form's (and an import row's) values. */
export function customerColumns(input: CustomerValues) {
  return {
    name: input.name,
    email: input.email,
    phone: input.phone,
    address: input.address,
    city: input.city,
    postalCode: input.postal_code,
    dateOfBirth: input.date_of_birth,
    customerType: input.customer_type,
    notes: input.notes,
  };
}

export async function createCustomer(db: Connection, actor: Actor, input: CustomerValues): Promise<Customer> {
  return mapDuplicate(() =>
    tenant(db, actor).transaction(async (t) => {
      await assertWithinLimit(t, actor, 'customers');
      await assertEmailFree(t, input.email);
      const { row, created } = await insertCustomer(t, actor, customerColumns(input));
      if (!created) throw duplicateEmail();
      return toCustomer(row);
    }),
  );
}

export async function updateCustomer(db: Connection, actor: Actor, rawId: string, input: CustomerValues): Promise<Customer> {
  const id = idOr404(rawId, CUSTOMER_TEXT.notFound);
  return mapDuplicate(() =>
    tenant(db, actor).transaction(async (t) => {
      // No e-mail check first: an unknown id is a 404 whatever the e-mail (issue 34); a taken e-mail
      // is refused by the unique (agency, email) index, which mapDuplicate answers as the 409.
      const [before] = await t.select({ name: customers.name }).from(customers, eq(customers.id, id)).for('update');
      const [row] = await t.update(customers, { ...customerColumns(input), updatedAt: new Date() }, eq(customers.id, id)).returning();
      if (!row) throw notFound(CUSTOMER_TEXT.notFound);
      await emit(t, actor, { type: 'customer.updated', entityId: id, summary: `Updated customer ${row.name}`, data: toCustomer(row) });
      // tasks, opportunities and documents show the customer's name: their answers change with it
      if (before && before.name !== row.name) await emit(t, actor, { type: 'customer.renamed', entityId: id, customerId: id });
      return toCustomer(row);
    }),
  );
}

/** Its communications go with it (cascade); its policies stay, unlinked (customer_id set null). */
export async function deleteCustomer(db: Connection, actor: Actor, rawId: string): Promise<void> {
  const id = idOr404(rawId, CUSTOMER_TEXT.notFound);
  await tenant(db, actor).transaction(async (t) => {
    // its documents go to the Trash first (the delete then unlinks them): restorable, purged with their bytes
    await emit(t, actor, { type: 'customer.deleting', entityId: id, customerId: id });
    const [gone] = await t.delete(customers, eq(customers.id, id)).returning();
    if (!gone) throw notFound(CUSTOMER_TEXT.notFound);
    await emit(t, actor, { type: 'customer.deleted', entityId: id, summary: `Deleted customer ${gone.name}`, data: toCustomer(gone) });
  });
}
