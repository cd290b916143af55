// A bulk action's records are changes like any edit (issue 34 §2): each changed, deleted or restored
// record moves its updated_at and sends one event — no log line (the action's one line is
// bulk.applied) — so pollers, the change feed and the webhooks see every record the action touched.
import { eq, inArray } from 'drizzle-orm';
import type { BulkEntity } from '#shared/bulk.ts';
import { customerCommunications, customers, user } from '#server/db/schema.ts';
import { emit, type EventSource } from '#server/platform/events.ts';
import type { Tenant } from '#server/tenant.ts';
import { toCommunication, toCustomer } from '#server/entities/customers.ts';
import { policiesChanged } from '#server/entities/policies/cascade.ts';
import { unlinkTasks } from '#server/entities/tasks/tasks.ts';

type Op = 'created' | 'updated' | 'deleted';

/** The customers' answers, read once and only when a subscriber asks for one (an endpoint listens). */
async function customersChanged(t: Tenant, by: EventSource, op: Op, ids: string[]): Promise<void> {
  let read: Promise<Map<string, ReturnType<typeof toCustomer>>> | undefined;
  const answers = () => (read ??= (async () => new Map((await t.from(customers, inArray(customers.id, ids))).map((r) => [r.id, toCustomer(r)])))());
  for (const id of ids) await emit(t, by, { type: `customer.${op}`, entityId: id, data: async () => (await answers()).get(id)! });
}

/** One event per record; a delete's events go before the rows do (their answers are read then). */
export async function recordsChanged(t: Tenant, by: EventSource, entity: BulkEntity, op: Op, ids: string[]): Promise<void> {
  if (!ids.length) return;
  if (entity === 'customers') {
    // a customer's delete unlinks its terms and takes its log's entries: their subscribers say so
    if (op === 'deleted') for (const id of ids) await emit(t, by, { type: 'customer.deleting', entityId: id, customerId: id });
    await customersChanged(t, by, op, ids);
  } else {
    // a deleted term's tasks stay, unlinked: a change of each task (journaled with the term, relinked by undo)
    if (op === 'deleted') await unlinkTasks(t, by, 'policyId', ids);
    await policiesChanged(t, by, `policy.${op}`, ids);
  }
}

/** A customer's log entries restored with it: one communication.created each. */
export async function communicationsBack(t: Tenant, by: EventSource, ids: string[]): Promise<void> {
  if (!ids.length) return;
  const rows = await t
    .select({ c: customerCommunications, firstName: user.firstName, lastName: user.lastName })
    .from(customerCommunications, inArray(customerCommunications.id, ids))
    .leftJoin(user, eq(user.id, customerCommunications.createdBy));
  for (const c of rows.map(toCommunication))
    await emit(t, by, { type: 'communication.created', entityId: c.customer_id, customerId: c.customer_id, communicationId: c.id, data: c });
}
