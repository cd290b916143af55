// The communication log listens to its customers' deletes: the log is append-only, so an entry goes
// only with its customer (the foreign key deletes it) — and then says so, one communication.deleted
// per entry, read before the row goes: the change feed's tombstones and the webhooks' event.
// An entry answers its author's current name (created_by_name): an author's rename (member.renamed)
// changes the answer, not the record — updated_at moves and one communication.updated each; so does the
// author's account being deleted (author.deleting: the entry stays, by no one) (decision 083).
import { eq, inArray } from 'drizzle-orm';
import { customerCommunications, user } from '#server/db/schema.ts';
import { emit, subscribe, type EventSource } from '#server/platform/events.ts';
import type { Tenant } from '#server/tenant.ts';
import { toCommunication } from '#server/entities/customers.ts';

export async function communicationsGoWith(t: Tenant, by: EventSource, customerIds: string[]): Promise<void> {
  if (!customerIds.length) return;
  const rows = await t
    .select({ c: customerCommunications, firstName: user.firstName, lastName: user.lastName })
    .from(customerCommunications, inArray(customerCommunications.customerId, customerIds))
    .leftJoin(user, eq(user.id, customerCommunications.createdBy));
  for (const c of rows.map(toCommunication))
    await emit(t, by, { type: 'communication.deleted', entityId: c.customer_id, customerId: c.customer_id, communicationId: c.id, data: c });
}

/**
 * The entries this member logged in this agency, touched: their answers now carry the member's new name
 * (or no author at all: `gone`, the account is being deleted).
 */
export async function authorChanged(t: Tenant, by: EventSource, userId: string, gone = false): Promise<void> {
  const touched = await t
    .update(customerCommunications, { updatedAt: new Date(), ...(gone ? { createdBy: null } : {}) }, eq(customerCommunications.createdBy, userId))
    .returning({ id: customerCommunications.id });
  if (!touched.length) return;
  const rows = await t
    .select({ c: customerCommunications, firstName: user.firstName, lastName: user.lastName })
    .from(customerCommunications, inArray(customerCommunications.id, touched.map((r) => r.id)))
    .leftJoin(user, eq(user.id, customerCommunications.createdBy));
  for (const c of rows.map(toCommunication))
    await emit(t, by, { type: 'communication.updated', entityId: c.customer_id, customerId: c.customer_id, communicationId: c.id, data: c });
}

export function subscribeCommunications() {
  subscribe({
    name: 'communications.go-with-customer',
    types: ['customer.deleting'],
    mode: 'in-transaction',
    handle: async ({ t, by }, event) => {
      if (t) await communicationsGoWith(t, by, [event.customerId]);
    },
  });
  subscribe({
    name: 'communications.follow-author',
    types: ['member.renamed', 'author.deleting'],
    mode: 'in-transaction',
    handle: async ({ t, by }, event) => {
      if (t) await authorChanged(t, by, event.userId, event.type === 'author.deleting');
    },
  });
}
