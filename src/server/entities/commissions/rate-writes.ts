// The writes of commission schedules' rates and of a policy's own rate (issue 31), shared by the
// Rates view and the Commission card (features/commissions) and /api/v1 (issue 34 §3): the same rules,
// activity lines and events (entities/commissions/rate-changes.ts) whoever writes.
import { eq } from 'drizzle-orm';
import { COMMISSION_TEXT, type CommissionRate, type RateInput } from '#shared/commissions.ts';
import type { Actor } from '#server/context.ts';
import { isUniqueViolation } from '#server/db/helpers.ts';
import { activityLog, commissionOverrides, commissionRates, policies } from '#server/db/schema.ts';
import { conflict, notFound } from '#server/errors.ts';
import { tenant, type Connection } from '#server/tenant.ts';
import { carrierKey } from './settings.ts';
import { overrideChanged, ratesChanged, toApiRate } from './rate-changes.ts';

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
      await ratesChanged(tx, actor, 'created', [row]);
      return toApiRate(row);
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
    await ratesChanged(tx, actor, 'deleted', [row]);
  });
}

/** A policy's own rate (null: back to its schedule's); another agency's policy is a 404. */
export async function setOverride(db: Connection, actor: Actor, policyId: string, rate: string | null): Promise<{ rate: string | null }> {
  return tenant(db, actor).transaction(async (tx) => {
    const [policy] = await tx.select({ id: policies.id, number: policies.policyNumber }).from(policies, eq(policies.id, policyId));
    if (!policy) throw notFound(COMMISSION_TEXT.policyNotFound);
    const [had] = await tx.select({ policyId: commissionOverrides.policyId }).from(commissionOverrides, eq(commissionOverrides.policyId, policyId)).for('update');
    if (rate === null) {
      const [gone] = await tx.delete(commissionOverrides, eq(commissionOverrides.policyId, policyId)).returning();
      if (gone) await overrideChanged(tx, actor, 'deleted', gone);
    } else {
      const [row] = await tx
        .insert(commissionOverrides, { policyId, rate })
        .onConflictDoUpdate({ target: [commissionOverrides.agencyId, commissionOverrides.policyId], set: { rate, updatedAt: new Date() } })
        .returning();
      await overrideChanged(tx, actor, had ? 'updated' : 'created', row);
    }
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
