// The communication log of a customer (business tier and above), through the tenant context.
import { eq } from 'drizzle-orm';
import type { Communication } from '#shared/customers.ts';
import { CUSTOMER_TEXT } from '#shared/customers.ts';
import { COMMUNICATION_TEXT, type CommunicationValues } from '#shared/communications.ts';
import type { Actor } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { idOr404 } from '#server/db/helpers.ts';
import { customerCommunications, customers, user } from '#server/db/schema.ts';
import { notFound } from '#server/errors.ts';
import { tenant, type Tenant } from '#server/tenant.ts';
import { logActivity } from '../activity/service.ts';
import { listCommunications, toCommunication } from '../customers/service.ts';
import { markContacted } from '../renewals/actions.ts';

async function ownCustomer(t: Tenant, rawId: string) {
  const id = idOr404(rawId, CUSTOMER_TEXT.notFound);
  const [customer] = await t.select({ id: customers.id, name: customers.name }).from(customers, eq(customers.id, id));
  if (!customer) throw notFound(CUSTOMER_TEXT.notFound);
  return customer;
}

export async function listCustomerCommunications(db: Db, actor: Actor, rawCustomerId: string): Promise<Communication[]> {
  const t = tenant(db, actor);
  const customer = await ownCustomer(t, rawCustomerId);
  return listCommunications(t, customer.id);
}

export async function addCommunication(db: Db, actor: Actor, rawCustomerId: string, input: CommunicationValues): Promise<Communication> {
  return tenant(db, actor).transaction(async (t) => {
    const customer = await ownCustomer(t, rawCustomerId);
    const [row] = await t
      .insert(customerCommunications, {
        customerId: customer.id,
        type: input.type,
        subject: input.subject,
        content: input.content,
        communicationDate: input.communication_date ? new Date(input.communication_date) : new Date(),
        createdBy: actor.userId,
      })
      .returning({ id: customerCommunications.id });
    await markContacted(t, customer.id);
    const about = input.subject ? `: ${input.subject}` : '';
    await logActivity(t, actor, {
      kind: 'communication',
      action: 'logged',
      entityId: customer.id,
      summary: `Logged ${input.type} with ${customer.name}${about}`,
    });
    const all = await listCommunications(t, customer.id);
    return all.find((c) => c.id === row.id)!;
  });
}

async function readCommunication(t: Tenant, rawId: string): Promise<Communication> {
  const id = idOr404(rawId, COMMUNICATION_TEXT.notFound);
  const [row] = await t.db
    .select({ c: customerCommunications, firstName: user.firstName, lastName: user.lastName })
    .from(customerCommunications)
    .leftJoin(user, eq(user.id, customerCommunications.createdBy))
    .where(t.where(customerCommunications, eq(customerCommunications.id, id)));
  if (!row) throw notFound(COMMUNICATION_TEXT.notFound);
  return toCommunication(row);
}

export async function getCommunication(db: Db, actor: Actor, rawId: string): Promise<Communication> {
  return readCommunication(tenant(db, actor), rawId);
}

/** Corrects an entry of the log (type, subject, content, date); its customer does not change. */
export async function updateCommunication(db: Db, actor: Actor, rawId: string, input: CommunicationValues): Promise<Communication> {
  const id = idOr404(rawId, COMMUNICATION_TEXT.notFound);
  return tenant(db, actor).transaction(async (t) => {
    const [row] = await t
      .update(
        customerCommunications,
        {
          type: input.type,
          subject: input.subject,
          content: input.content,
          ...(input.communication_date ? { communicationDate: new Date(input.communication_date) } : {}),
          updatedAt: new Date(),
        },
        eq(customerCommunications.id, id),
      )
      .returning({ customerId: customerCommunications.customerId });
    if (!row) throw notFound(COMMUNICATION_TEXT.notFound);
    await logActivity(t, actor, { kind: 'communication', action: 'updated', entityId: row.customerId, summary: `Updated a ${input.type} log entry` });
    return readCommunication(t, id);
  });
}

export async function deleteCommunication(db: Db, actor: Actor, rawId: string): Promise<void> {
  const id = idOr404(rawId, COMMUNICATION_TEXT.notFound);
  await tenant(db, actor).transaction(async (t) => {
    const [gone] = await t
      .delete(customerCommunications, eq(customerCommunications.id, id))
      .returning({ customerId: customerCommunications.customerId, type: customerCommunications.type });
    if (!gone) throw notFound(COMMUNICATION_TEXT.notFound);
    await logActivity(t, actor, { kind: 'communication', action: 'deleted', entityId: gone.customerId, summary: `Deleted a ${gone.type} log entry` });
  });
}
