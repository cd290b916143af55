// Producer splits: what share of the agency's commission each member earns on the terms assigned to
// them, a term shared with a second producer, and the producer report. The report splits each term
// of the reconciliation (same SQL, same filters) between its producers — the second producer's part
// rounded to the cent, the assignee the rest — so its agency columns add up to the reconciliation's
// totals exactly, and expected − received = outstanding per producer too.
import { and, eq } from 'drizzle-orm';
import { checkAccess } from '#shared/access.ts';
import { SPLIT_MANAGERS, SPLIT_TEXT, type ProducerReport, type ProducerSplit, type ProducerSplitInput, type TermSplit } from '#shared/commission-splits.ts';
import { COMMISSION_TEXT, type ReconciliationQuery } from '#shared/commissions.ts';
import { accessSubject, type Actor } from '#server/context.ts';
import { activityLog, agencyMembers, commissionProducerSplits, commissionTermSplits, policies, user } from '#server/db/schema.ts';
import { badRequest, forbidden, notFound } from '#server/errors.ts';
import { tenant, type Connection, type Tenant } from '#server/tenant.ts';
import { readProducerReport } from '#server/entities/commissions/producer-report.ts';
import { reconciliationFilter } from '#server/entities/commissions/reconciliation.ts';
import { agencyTodayOf } from '#server/platform/policy-status.ts';

/** Owners and admins set splits: checked before the request's body is read. */
export function assertManager(actor: Actor): void {
  if (checkAccess(accessSubject(actor), SPLIT_MANAGERS)) throw forbidden(SPLIT_TEXT.managersOnly, 'DENIED_AGENCY_ROLE');
}

/** Every member of the agency with their split (null when none is set). */
export function listProducers(db: Connection, actor: Actor): Promise<ProducerSplit[]> {
  return readProducers(tenant(db, actor));
}

async function readProducers(t: Tenant): Promise<ProducerSplit[]> {
  const rows = await t
    .select({
      userId: agencyMembers.userId,
      name: user.name,
      email: user.email,
      role: agencyMembers.role,
      newBusiness: commissionProducerSplits.newBusiness,
      renewal: commissionProducerSplits.renewal,
    })
    .from(agencyMembers)
    .innerJoin(user, eq(user.id, agencyMembers.userId))
    .leftJoin(commissionProducerSplits, and(eq(commissionProducerSplits.agencyId, agencyMembers.agencyId), eq(commissionProducerSplits.userId, agencyMembers.userId)))
    .orderBy(user.name);
  return rows.map((r) => ({ user_id: r.userId, name: r.name, email: r.email, role: r.role, new_business: r.newBusiness, renewal: r.renewal }));
}

async function memberName(t: Tenant, userId: string): Promise<string | null> {
  const [row] = await t
    .select({ name: user.name })
    .from(agencyMembers, eq(agencyMembers.userId, userId))
    .innerJoin(user, eq(user.id, agencyMembers.userId));
  return row?.name ?? null;
}

/** A split's change in the activity log (the commissions' kind, as payments). */
function logSplit(tx: Tenant, actor: Actor, action: 'updated' | 'deleted', entityId: string | null, summary: string) {
  return tx.insert(activityLog, { actorId: actor.userId, kind: 'payment', action, entityId, summary });
}

export async function setProducerSplit(db: Connection, actor: Actor, userId: string, input: ProducerSplitInput | null): Promise<ProducerSplit | null> {
  assertManager(actor);
  return tenant(db, actor).transaction(async (tx) => {
    const name = await memberName(tx, userId);
    if (name === null) throw notFound(SPLIT_TEXT.memberNotFound);
    if (input === null) await tx.delete(commissionProducerSplits, eq(commissionProducerSplits.userId, userId));
    else
      await tx
        .insert(commissionProducerSplits, { userId, newBusiness: input.new_business, renewal: input.renewal })
        .onConflictDoUpdate({
          target: [commissionProducerSplits.agencyId, commissionProducerSplits.userId],
          set: { newBusiness: input.new_business, renewal: input.renewal, updatedAt: new Date() },
        });
    await logSplit(
      tx,
      actor,
      input === null ? 'deleted' : 'updated',
      null,
      input === null
        ? `Removed the producer split of ${name}`
        : `Set the producer split of ${name} to ${Number(input.new_business)}% of new business and ${Number(input.renewal)}% of renewals`,
    );
    return (await readProducers(tx)).find((p) => p.user_id === userId) ?? null;
  });
}

/** The term's second producer, or null when the assignee produces it alone. */
export async function termSplitOf(t: Tenant, policyId: string): Promise<TermSplit | null> {
  const [row] = await t
    .select({ producerId: commissionTermSplits.producerId, share: commissionTermSplits.share, name: user.name })
    .from(commissionTermSplits, eq(commissionTermSplits.policyId, policyId))
    .innerJoin(user, eq(user.id, commissionTermSplits.producerId));
  return row ? { producer_id: row.producerId, producer_name: row.name, share: row.share } : null;
}

export async function setTermSplit(db: Connection, actor: Actor, policyId: string, input: { producer_id: string; share: string } | null): Promise<TermSplit | null> {
  return tenant(db, actor).transaction(async (tx) => {
    const [policy] = await tx.select({ number: policies.policyNumber, assignee: policies.assigneeId }).from(policies, eq(policies.id, policyId));
    if (!policy) throw notFound(COMMISSION_TEXT.policyNotFound);
    if (input === null) await tx.delete(commissionTermSplits, eq(commissionTermSplits.policyId, policyId));
    else {
      const name = await memberName(tx, input.producer_id);
      if (name === null) throw badRequest(SPLIT_TEXT.memberNotFound, { producer_id: SPLIT_TEXT.memberNotFound });
      if (input.producer_id === policy.assignee) throw badRequest(SPLIT_TEXT.sameProducer, { producer_id: SPLIT_TEXT.sameProducer });
      await tx
        .insert(commissionTermSplits, { policyId, producerId: input.producer_id, share: input.share })
        .onConflictDoUpdate({
          target: [commissionTermSplits.agencyId, commissionTermSplits.policyId],
          set: { producerId: input.producer_id, share: input.share, updatedAt: new Date() },
        });
    }
    await logSplit(
      tx,
      actor,
      'updated',
      policyId,
      input === null
        ? `Policy ${policy.number} is produced by its assignee alone`
        : `Policy ${policy.number} shares ${Number(input.share)}% of its commission with a second producer`,
    );
    return termSplitOf(tx, policyId);
  });
}

/** Each producer's part of the filtered terms and their earnings at their split (rows with no producer last). */
export async function producerReport(db: Connection, actor: Actor, q: ReconciliationQuery): Promise<ProducerReport> {
  const t = tenant(db, actor);
  return readProducerReport(t, reconciliationFilter(t, q, agencyTodayOf(actor)));
}
