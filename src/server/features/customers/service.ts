// Customers: queries and rules, always within the caller's agency.
import { and, asc, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { hasTier } from '#shared/access.ts';
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
import { accessSubject, type Actor } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { customerCommunications, customers, policies, user } from '../../db/schema.ts';
import { conflict, notFound } from '../../errors.ts';
import { logActivity } from '../activity/service.ts';
import { assertWithinLimit } from '../limits/service.ts';
import { containsPattern, idOr404, isUniqueViolation } from '../../db/helpers.ts';
import { boundedCount } from '../../db/count.ts';
import { sortOrder } from '../../lists.ts';

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

/** The expression of customers_search_trgm_idx, so PostgreSQL can answer the search from the index. */
export function customerSearch(search: string): SQL {
  return sql`lower(${customers.name} || ' ' || ${customers.email}) like ${containsPattern(search)}`;
}

/** The list's filter (also the export's). */
export function customerFilter(actor: Actor, q: Pick<CustomerListQuery, 'search' | 'type'>): SQL | undefined {
  const filters: SQL[] = [eq(customers.agencyId, actor.agency.id)];
  if (q.type !== 'all') filters.push(eq(customers.customerType, q.type));
  if (q.search) filters.push(customerSearch(q.search));
  return and(...filters);
}

/** Each served by an (agency_id, column, id) index, read in either direction. */
export const CUSTOMER_SORT = { created_at: [customers.createdAt], name: [customers.name] };

export async function listCustomers(db: Db, actor: Actor, q: CustomerListQuery): Promise<Page<Customer>> {
  const where = customerFilter(actor, q);
  const [rows, { total, estimated }] = await Promise.all([
    db
      .select()
      .from(customers)
      .where(where)
      .orderBy(...sortOrder(q.sort, CUSTOMER_SORT, customers.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    boundedCount(db, customers, where),
  ]);
  return { rows: rows.map(toCustomer), total, totalIsEstimate: estimated, page: q.page, pageSize: q.pageSize };
}

export async function getCustomer(db: Db, actor: Actor, rawId: string): Promise<CustomerDetail> {
  const id = idOr404(rawId, CUSTOMER_TEXT.notFound);
  const [row] = await db.select().from(customers).where(and(eq(customers.id, id), eq(customers.agencyId, actor.agency.id)));
  if (!row) throw notFound(CUSTOMER_TEXT.notFound);
  const withLog = hasTier(accessSubject(actor), 'business');
  const [own, log] = await Promise.all([
    db
      .select({ id: policies.id, policy_number: policies.policyNumber, status: policies.status, end_date: policies.endDate })
      .from(policies)
      .where(and(eq(policies.agencyId, actor.agency.id), eq(policies.customerId, id)))
      .orderBy(asc(policies.endDate), asc(policies.policyNumber)),
    // The log is a business feature: below that tier it is kept but not shown.
    withLog ? listCommunications(db, actor, id) : Promise.resolve([]),
  ]);
  return { ...toCustomer(row), policies: own, communications: log };
}

export async function listCommunications(db: Db | Tx, actor: Actor, customerId: string): Promise<Communication[]> {
  const rows = await db
    .select({ c: customerCommunications, firstName: user.firstName, lastName: user.lastName })
    .from(customerCommunications)
    .leftJoin(user, eq(user.id, customerCommunications.createdBy))
    .where(and(eq(customerCommunications.agencyId, actor.agency.id), eq(customerCommunications.customerId, customerId)))
    .orderBy(desc(customerCommunications.communicationDate), desc(customerCommunications.createdAt));
  return rows.map(({ c, firstName, lastName }) => ({
    id: c.id,
    customer_id: c.customerId,
    type: c.type,
    subject: c.subject,
    content: c.content,
    communication_date: c.communicationDate.toISOString(),
    created_by: c.createdBy,
    created_by_name: c.createdBy ? `${firstName ?? ''} ${lastName ?? ''}`.trim() || null : null,
    created_at: c.createdAt.toISOString(),
  }));
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

async function assertEmailFree(tx: Tx, actor: Actor, email: string, exceptId?: string) {
  const filters = [eq(customers.agencyId, actor.agency.id), eq(customers.email, email)];
  if (exceptId) filters.push(ne(customers.id, exceptId));
  const [taken] = await tx.select({ id: customers.id }).from(customers).where(and(...filters));
  if (taken) throw duplicateEmail();
}

function columns(input: CustomerValues) {
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

export async function createCustomer(db: Db, actor: Actor, input: CustomerValues): Promise<Customer> {
  return mapDuplicate(() =>
    db.transaction(async (tx) => {
      await assertWithinLimit(tx, actor, 'customers');
      await assertEmailFree(tx, actor, input.email);
      const [row] = await tx
        .insert(customers)
        .values({ agencyId: actor.agency.id, createdBy: actor.userId, ...columns(input) })
        .returning();
      await logActivity(tx, actor, { kind: 'customer', action: 'created', entityId: row.id, summary: `Created customer ${row.name}` });
      return toCustomer(row);
    }),
  );
}

export async function updateCustomer(db: Db, actor: Actor, rawId: string, input: CustomerValues): Promise<Customer> {
  const id = idOr404(rawId, CUSTOMER_TEXT.notFound);
  return mapDuplicate(() =>
    db.transaction(async (tx) => {
      await assertEmailFree(tx, actor, input.email, id);
      const [row] = await tx
        .update(customers)
        .set({ ...columns(input), updatedAt: new Date() })
        .where(and(eq(customers.id, id), eq(customers.agencyId, actor.agency.id)))
        .returning();
      if (!row) throw notFound(CUSTOMER_TEXT.notFound);
      await logActivity(tx, actor, { kind: 'customer', action: 'updated', entityId: id, summary: `Updated customer ${row.name}` });
      return toCustomer(row);
    }),
  );
}

/** Its communications go with it (cascade); its policies stay, unlinked (customer_id set null). */
export async function deleteCustomer(db: Db, actor: Actor, rawId: string): Promise<void> {
  const id = idOr404(rawId, CUSTOMER_TEXT.notFound);
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(customers)
      .where(and(eq(customers.id, id), eq(customers.agencyId, actor.agency.id)))
      .returning({ name: customers.name });
    if (!gone) throw notFound(CUSTOMER_TEXT.notFound);
    await logActivity(tx, actor, { kind: 'customer', action: 'deleted', entityId: id, summary: `Deleted customer ${gone.name}` });
  });
}
