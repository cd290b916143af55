// Changes to policies that another write causes (a customer deleted, a member removed, a bulk action,
// an import undone): each changed term's updated_at moves and it sends one policy event, with its
// answer read only if a subscriber needs it — so pollers (updated_since), the change feed and the
// webhooks see these terms as they see an edit.
import { inArray, type SQL } from 'drizzle-orm';
import { policies } from '#server/db/schema.ts';
import { emit, type EventSource } from '#server/platform/events.ts';
import type { Tenant } from '#server/tenant.ts';
import { readPolicy } from './read.ts';

/** One event per term; `summary` only where the change is not logged by the write that caused it. */
export async function policiesChanged(t: Tenant, by: EventSource, type: 'policy.created' | 'policy.updated' | 'policy.deleted', ids: Iterable<string>): Promise<void> {
  for (const id of new Set(ids)) await emit(t, by, { type, entityId: id, data: () => readPolicy(t, id) });
}

/** Sets columns on the matching terms, moves their updated_at, and sends policy.updated for each. */
export async function updatePoliciesWhere(t: Tenant, by: EventSource, set: Partial<typeof policies.$inferInsert>, ...conds: SQL[]): Promise<string[]> {
  const changed = await t.update(policies, { ...set, updatedAt: new Date() }, ...conds).returning({ id: policies.id });
  const ids = changed.map((r) => r.id);
  await policiesChanged(t, by, 'policy.updated', ids);
  return ids;
}

/** A deleted customer's terms stay, unlinked (before the row goes, so the foreign key has nothing to null). */
export async function unlinkCustomers(t: Tenant, by: EventSource, customerIds: string[]): Promise<string[]> {
  if (!customerIds.length) return [];
  return updatePoliciesWhere(t, by, { customerId: null }, inArray(policies.customerId, customerIds));
}
