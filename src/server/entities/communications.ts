// The communication log of a customer (business tier and above), through the tenant context.
import { and, eq } from 'drizzle-orm';
import type { Communication } from '#shared/customers.ts';
import { CUSTOMER_TEXT } from '#shared/customers.ts';
import { COMMUNICATION_TEXT, type CommunicationValues } from '#shared/communications.ts';
import type { Actor } from '#server/context.ts';
import { idOr404 } from '#server/db/helpers.ts';
import { customerCommunications, customers, user } from '#server/db/schema.ts';
import { conflict, notFound } from '#server/errors.ts';
import { type Connection, tenant, type Tenant } from '#server/tenant.ts';
import { emit } from '#server/platform/events.ts';
import { listCommunications, toCommunication } from './customers.ts';

async function ownCustomer(t: Tenant, rawId: string) {
  const id = idOr404(rawId, CUSTOMER_TEXT.notFound);
  const [customer] = await t.select({ id: customers.id, name: customers.name }).from(customers, eq(customers.id, id));
  if (!customer) throw notFound(CUSTOMER_TEXT.notFound);
  return customer;
}

export async function listCustomerCommunications(db: Connection, actor: Actor, rawCustomerId: string): Promise<Communication[]> {
  const t = tenant(db, actor);
  const customer = await ownCustomer(t, rawCustomerId);
  return listCommunications(t, customer.id);
}

/**
 * Appends an entry; with `rawCorrectsId`, a correction of an earlier entry of the same customer
 * (another customer's or agency's entry: 404). Entries are never edited or deleted (E&O trail).
 */
export async function addCommunication(
  db: Connection,
  actor: Actor,
  rawCustomerId: string,
  input: CommunicationValues,
  rawCorrectsId?: string,
): Promise<Communication> {
  return tenant(db, actor).transaction(async (t) => {
    const customer = await ownCustomer(t, rawCustomerId);
    let correctsId: string | null = null;
    if (rawCorrectsId !== undefined) {
      const id = idOr404(rawCorrectsId, COMMUNICATION_TEXT.notFound);
      const [original] = await t
        .select({ id: customerCommunications.id })
        .from(customerCommunications, and(eq(customerCommunications.id, id), eq(customerCommunications.customerId, customer.id)));
      if (!original) throw notFound(COMMUNICATION_TEXT.notFound);
      correctsId = original.id;
    }
    const [row] = await t
      .insert(customerCommunications, {
        customerId: customer.id,
        type: input.type,
        subject: input.subject,
        content: input.content,
        communicationDate: input.communication_date ? new Date(input.communication_date) : new Date(),
        createdBy: actor.userId,
        correctsId,
      })
      .returning({ id: customerCommunications.id });
    const about = input.subject ? `: ${input.subject}` : '';
    const summary = `${correctsId ? 'Corrected' : 'Logged'} ${input.type} with ${customer.name}${about}`;
    const all = await listCommunications(t, customer.id);
    const created = all.find((c) => c.id === row.id)!;
    // the log's entry is the customer's (its timeline); the webhook carries the communication
    await emit(t, actor, { type: 'communication.created', entityId: customer.id, customerId: customer.id, communicationId: created.id, summary, data: created });
    return created;
  });
}

async function readCommunication(t: Tenant, rawId: string): Promise<Communication> {
  const id = idOr404(rawId, COMMUNICATION_TEXT.notFound);
  const [row] = await t
    .select({ c: customerCommunications, firstName: user.firstName, lastName: user.lastName })
    .from(customerCommunications, eq(customerCommunications.id, id))
    .leftJoin(user, eq(user.id, customerCommunications.createdBy));
  if (!row) throw notFound(COMMUNICATION_TEXT.notFound);
  return toCommunication(row);
}

export async function getCommunication(db: Connection, actor: Actor, rawId: string): Promise<Communication> {
  return readCommunication(tenant(db, actor), rawId);
}

/**
 * The API's PUT: the log is append-only (issue 14, E&O trail), so an "update" appends a correction
 * that references the entry it corrects; the original stays as it was.
 */
export async function updateCommunication(db: Connection, actor: Actor, rawId: string, input: CommunicationValues): Promise<Communication> {
  const original = await readCommunication(tenant(db, actor), rawId);
  return addCommunication(db, actor, original.customer_id, input, original.id);
}

/** The API's DELETE: refused, the log is append-only; a correction is the way to fix an entry. */
export async function deleteCommunication(db: Connection, actor: Actor, rawId: string): Promise<void> {
  await readCommunication(tenant(db, actor), rawId);
  throw conflict(COMMUNICATION_TEXT.appendOnly, 'APPEND_ONLY');
}
