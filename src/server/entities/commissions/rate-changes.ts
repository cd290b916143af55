// Commission schedules' rates and policies' own rates as /api/v1 answers them, and their changes as
// events (issue 34 §2): each rate created or deleted (by hand, by a schedules import or its undo) and
// each own rate set, changed or removed (by hand, or gone with its policy) is one event, which the
// change feed, the webhooks and the activity log hear. The writes stay the commissions feature's.
import { eq, inArray, type SQL } from 'drizzle-orm';
import type { ApiCommissionOverride, ApiCommissionRate } from '#shared/commission-api.ts';
import type { BusinessKind } from '#shared/commissions.ts';
import type { PolicyType } from '#shared/lines/index.ts';
import { commissionOverrides, commissionRates } from '#server/db/schema.ts';
import { emit, type EventSource } from '#server/platform/events.ts';
import type { Tenant } from '#server/tenant.ts';

type RateRow = typeof commissionRates.$inferSelect;
type OverrideRow = typeof commissionOverrides.$inferSelect;

export const toApiRate = (r: RateRow): ApiCommissionRate => ({
  id: r.id,
  carrier: r.carrier,
  line: r.line as PolicyType,
  business: r.business as BusinessKind,
  rate: r.rate,
  effective_from: r.effectiveFrom,
  created_at: r.createdAt.toISOString(),
});

export const toApiOverride = (r: OverrideRow): ApiCommissionOverride => ({ id: r.policyId, policy_id: r.policyId, rate: r.rate, updated_at: r.updatedAt.toISOString() });

/** One commission_rate.created or .deleted per rate (a rate never changes; data as it was for a delete). */
export async function ratesChanged(t: Tenant, by: EventSource, op: 'created' | 'deleted', rows: RateRow[]): Promise<void> {
  for (const r of rows) await emit(t, by, { type: `commission_rate.${op}`, entityId: r.id, data: toApiRate(r) });
}

/** A policy's own rate set (created, or updated when it had one) or removed: one event. */
export async function overrideChanged(t: Tenant, by: EventSource, op: 'created' | 'updated' | 'deleted', row: OverrideRow): Promise<void> {
  await emit(t, by, { type: `commission_override.${op}`, entityId: row.policyId, data: toApiOverride(row) });
}

/**
 * Called inside the transaction that removes policies, before their rows go: their own rates go with
 * them (as the foreign key would take them), each one commission_override.deleted.
 */
export async function dropOverridesOf(t: Tenant, by: EventSource, policyIds: string[]): Promise<void> {
  if (!policyIds.length) return;
  const gone = await t.delete(commissionOverrides, inArray(commissionOverrides.policyId, policyIds)).returning();
  for (const row of gone) await overrideChanged(t, by, 'deleted', row);
}

/** Own rates an undo put back with their policies (a bulk delete's): one commission_override.created each. */
export async function overridesRestored(t: Tenant, by: EventSource, policyIds: string[]): Promise<void> {
  if (!policyIds.length) return;
  for (const row of await t.from(commissionOverrides, inArray(commissionOverrides.policyId, policyIds))) await overrideChanged(t, by, 'created', row);
}

/** The agency's rates of these conditions, as the API answers them. */
export async function ratesWhere(t: Tenant, ...conds: (SQL | undefined)[]): Promise<ApiCommissionRate[]> {
  return (await t.from(commissionRates, ...conds)).map(toApiRate);
}

/** One own rate (by its policy's id), or undefined. */
export async function overrideOf(t: Tenant, policyId: string): Promise<ApiCommissionOverride | undefined> {
  const [row] = await t.from(commissionOverrides, eq(commissionOverrides.policyId, policyId));
  return row && toApiOverride(row);
}
