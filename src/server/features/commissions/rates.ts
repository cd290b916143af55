// Commission schedules (carrier × line × new business/renewal, from a date), a policy's own rate,
// and the agency's tolerance (the settings' reads and the statement mappings are entities/commissions).
import { and, asc, eq } from 'drizzle-orm';
import { COMMISSION_TEXT, type CommissionRate, type BusinessKind, type RateInput } from '#shared/commissions.ts';
import type { PolicyType } from '#shared/lines/index.ts';
import type { Actor } from '#server/context.ts';
import { isUniqueViolation } from '#server/db/helpers.ts';
import { activityLog, commissionOverrides, commissionRates, commissionSettings, policies } from '#server/db/schema.ts';
import { conflict, notFound } from '#server/errors.ts';
import { carrierKey, readSettings } from '#server/entities/commissions/settings.ts';
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

export async function listRates(db: Connection, actor: Actor): Promise<CommissionRate[]> {
  const rows = await tenant(db, actor)
    .from(commissionRates)
    .orderBy(asc(commissionRates.carrierKey), asc(commissionRates.line), asc(commissionRates.business), asc(commissionRates.effectiveFrom));
  return rows.map(toRate);
}

export async function createRate(db: Connection, actor: Actor, input: RateInput): Promise<CommissionRate> {
  const t = tenant(db, actor);
  try {
    return await t.transaction(async (tx) => {
      const [row] = await tx
        .insert(commissionRates, {
          carrier: input.carrier.trim().replace(/\s+/g, ' '),
          carrierKey: carrierKey(input.carrier),
          line: input.line,
          business: input.business,
          rate: input.rate,
          effectiveFrom: input.effective_from,
          createdBy: actor.userId,
        })
        .returning();
      await tx.insert(activityLog, {
        actorId: actor.userId,
        kind: 'payment',
        action: 'created',
        entityId: row.id,
        summary: `Set the ${input.business === 'new' ? 'new business' : 'renewal'} commission rate of ${row.carrier} ${input.line} to ${Number(input.rate)}% from ${input.effective_from}`,
      });
      return toRate(row);
    });
  } catch (err) {
    if (isUniqueViolation(err, 'commission_rates_schedule_uq')) throw conflict(COMMISSION_TEXT.rateExists, 'RATE_EXISTS', { effective_from: COMMISSION_TEXT.rateExists });
    throw err;
  }
}

export async function deleteRate(db: Connection, actor: Actor, id: string): Promise<void> {
  await tenant(db, actor).transaction(async (tx) => {
    const [row] = await tx.delete(commissionRates, eq(commissionRates.id, id)).returning();
    if (!row) throw notFound(COMMISSION_TEXT.rateNotFound);
    await tx.insert(activityLog, {
      actorId: actor.userId,
      kind: 'payment',
      action: 'deleted',
      entityId: row.id,
      summary: `Deleted the commission rate of ${row.carrier} ${row.line} from ${row.effectiveFrom}`,
    });
  });
}

/** A policy's own rate (null: back to its schedule's); another agency's policy is a 404. */
export async function setOverride(db: Connection, actor: Actor, policyId: string, rate: string | null): Promise<{ rate: string | null }> {
  return tenant(db, actor).transaction(async (tx) => {
    const [policy] = await tx.select({ id: policies.id, number: policies.policyNumber }).from(policies, eq(policies.id, policyId));
    if (!policy) throw notFound(COMMISSION_TEXT.policyNotFound);
    if (rate === null) await tx.delete(commissionOverrides, eq(commissionOverrides.policyId, policyId));
    else
      await tx
        .insert(commissionOverrides, { policyId, rate })
        .onConflictDoUpdate({ target: [commissionOverrides.agencyId, commissionOverrides.policyId], set: { rate, updatedAt: new Date() } });
    await tx.insert(activityLog, {
      actorId: actor.userId,
      kind: 'payment',
      action: 'updated',
      entityId: policyId,
      summary: rate === null ? `Removed the own commission rate of policy ${policy.number}` : `Set the commission rate of policy ${policy.number} to ${Number(rate)}%`,
    });
    return { rate };
  });
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
