// The communication log listens to its customers' deletes: the log is append-only, so an entry goes
// only with its customer (the foreign key deletes it) — and then says so, one communication.deleted
// per entry, read before the row goes: the change feed's tombstones and the webhooks' event.
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

export function subscribeCommunications() {
  subscribe({
    name: 'communications.go-with-customer',
    types: ['customer.deleting'],
    mode: 'in-transaction',
    handle: async ({ t, by }, event) => {
      if (t) await communicationsGoWith(t, by, [event.customerId]);
    },
  });
}
