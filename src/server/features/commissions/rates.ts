// Commission schedules (carrier × line × new business/renewal, from a date), a policy's own rate,
// and the agency's tolerance (the settings' reads and the statement mappings are entities/commissions;
// the rates' and own rates' writes too, shared with /api/v1: entities/commissions/rate-writes.ts).
import { and, asc } from 'drizzle-orm';
import type { CommissionRate, BusinessKind } from '#shared/commissions.ts';
import type { PolicyType } from '#shared/lines/index.ts';
import type { Actor } from '#server/context.ts';
import { commissionRates, commissionSettings, policies } from '#server/db/schema.ts';
import { carrierKey } from '#server/entities/commissions/settings.ts';
import { tenant, type Connection } from '#server/tenant.ts';

type RateRow = typeof commissionRates.$inferSelect;
const toRate = (r: RateRow): CommissionRate => ({
  id: r.id,
  carrier: r.carrier,
  line: r.line as PolicyType,
  business: r.business as BusinessKind,
  rate: r.rate,
  effective_from: r.effectiveFrom,
  created_at: r.createdAt.toISOString(),
});

export { createRate, deleteRate, setOverride } from '#server/entities/commissions/rate-writes.ts';

export async function listRates(db: Connection, actor: Actor): Promise<CommissionRate[]> {
  const rows = await tenant(db, actor)
    .from(commissionRates)
    .orderBy(asc(commissionRates.carrierKey), asc(commissionRates.line), asc(commissionRates.business), asc(commissionRates.effectiveFrom));
  return rows.map(toRate);
}

export async function saveTolerance(db: Connection, actor: Actor, tolerance: string): Promise<{ tolerance: string }> {
  const t = tenant(db, actor);
  await t
    .insert(commissionSettings, { tolerance })
    .onConflictDoUpdate({ target: commissionSettings.agencyId, set: { tolerance, updatedAt: new Date() } });
  return { tolerance };
}

/** The carriers of the agency's book and of its schedules, for the pickers. */
export async function listCarriers(db: Connection, actor: Actor): Promise<string[]> {
  const t = tenant(db, actor);
  const [fromPolicies, fromRates] = await Promise.all([
    t.select({ name: policies.insuranceCompany }).from(policies).groupBy(policies.insuranceCompany),
    t.select({ name: commissionRates.carrier }).from(commissionRates, and()).groupBy(commissionRates.carrier),
  ]);
  const seen = new Map<string, string>();
  for (const { name } of [...fromPolicies, ...fromRates]) if (!seen.has(carrierKey(name))) seen.set(carrierKey(name), name.trim());
  return [...seen.values()].sort((a, b) => a.localeCompare(b));
}
