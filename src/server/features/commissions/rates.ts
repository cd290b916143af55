// Commission schedules (carrier × line × new business/renewal, from a date), a policy's own rate,
// and the agency's tolerance (the settings' reads and the statement mappings are entities/commissions;
// the rates' and own rates' writes too, shared with /api/v1: entities/commissions/rate-writes.ts).
import { and, asc } from 'drizzle-orm';
import type { CommissionRate } from '#shared/commissions.ts';
import type { Actor } from '#server/context.ts';
import { activityLog, commissionRates, commissionSettings, policies } from '#server/db/schema.ts';
import { carrierKey, readSettings } from '#server/entities/commissions/settings.ts';
import { toApiRate } from '#server/entities/commissions/rate-changes.ts';
import { tenant, type Connection } from '#server/tenant.ts';

export { createRate, deleteRate, setOverride } from '#server/entities/commissions/rate-writes.ts';

export async function listRates(db: Connection, actor: Actor): Promise<CommissionRate[]> {
  const rows = await tenant(db, actor)
    .from(commissionRates)
    .orderBy(asc(commissionRates.carrierKey), asc(commissionRates.line), asc(commissionRates.business), asc(commissionRates.effectiveFrom));
  return rows.map(toApiRate);
}

/**
 * The agency's tolerance, in the activity log with the value it replaced (`previous`: the web's Undo
 * saves it back). An unchanged value writes nothing.
 */
export async function saveTolerance(db: Connection, actor: Actor, tolerance: string): Promise<{ tolerance: string; previous: string }> {
  return tenant(db, actor).transaction(async (tx) => {
    await tx.lockAgency();
    const { tolerance: previous } = await readSettings(tx);
    if (Number(previous) === Number(tolerance)) return { tolerance: previous, previous };
    await tx
      .insert(commissionSettings, { tolerance })
      .onConflictDoUpdate({ target: commissionSettings.agencyId, set: { tolerance, updatedAt: new Date() } });
    await tx.insert(activityLog, {
      actorId: actor.userId,
      kind: 'payment',
      action: 'updated',
      entityId: null,
      summary: `Changed the commission tolerance from $${previous} to $${tolerance}`,
    });
    return { tolerance, previous };
  });
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
