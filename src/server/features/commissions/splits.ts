// Producer splits: what share of the agency's commission each member earns on the terms assigned to
// them, a term shared with a second producer, and the producer report. The report splits each term
// of the reconciliation (same SQL, same filters) between its producers — the second producer's part
// rounded to the cent, the assignee the rest — so its agency columns add up to the reconciliation's
// totals exactly, and expected − received = outstanding per producer too.
import { and, eq, sql } from 'drizzle-orm';
import { checkAccess } from '#shared/access.ts';
import { SPLIT_MANAGERS, SPLIT_TEXT, type ProducerReport, type ProducerReportRow, type ProducerSplit, type ProducerSplitInput, type TermSplit } from '#shared/commission-splits.ts';
import { COMMISSION_TEXT, type ReconciliationQuery } from '#shared/commissions.ts';
import { accessSubject, type Actor } from '#server/context.ts';
import { activityLog, agencyMembers, commissionProducerSplits, commissionTermSplits, policies, user } from '#server/db/schema.ts';
import { badRequest, forbidden, notFound } from '#server/errors.ts';
import { tenant, type Connection, type Tenant } from '#server/tenant.ts';
import { readSettings } from '#server/entities/commissions/settings.ts';
import { reconciliationFilter, termsSql } from '#server/entities/commissions/reconciliation.ts';

/** Owners and admins set splits: checked before the request's body is read. */
export function assertManager(actor: Actor): void {
  if (checkAccess(accessSubject(actor), SPLIT_MANAGERS)) throw forbidden(SPLIT_TEXT.managersOnly, 'DENIED_AGENCY_ROLE');
}

/** Every member of the agency with their split (null when none is set). */
export async function listProducers(db: Connection, actor: Actor): Promise<ProducerSplit[]> {
  const t = tenant(db, actor);
  const rows = await t.db
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
    .where(t.where(agencyMembers))
    .orderBy(user.name);
  return rows.map((r) => ({ user_id: r.userId, name: r.name, email: r.email, role: r.role, new_business: r.newBusiness, renewal: r.renewal }));
}

async function memberName(t: Tenant, userId: string): Promise<string | null> {
  const [row] = await t.db
    .select({ name: user.name })
    .from(agencyMembers)
    .innerJoin(user, eq(user.id, agencyMembers.userId))
    .where(t.where(agencyMembers, eq(agencyMembers.userId, userId)));
  return row?.name ?? null;
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
    await tx.insert(activityLog, {
      actorId: actor.userId,
      kind: 'payment',
      action: input === null ? 'deleted' : 'updated',
      entityId: null,
      summary:
        input === null
          ? `Removed the producer split of ${name}`
          : `Set the producer split of ${name} to ${Number(input.new_business)}% of new business and ${Number(input.renewal)}% of renewals`,
    });
    return (await listProducers(tx.db, actor)).find((p) => p.user_id === userId) ?? null;
  });
}

/** The term's second producer, or null when the assignee produces it alone. */
export async function termSplitOf(t: Tenant, policyId: string): Promise<TermSplit | null> {
  const [row] = await t.db
    .select({ producerId: commissionTermSplits.producerId, share: commissionTermSplits.share, name: user.name })
    .from(commissionTermSplits)
    .innerJoin(user, eq(user.id, commissionTermSplits.producerId))
    .where(t.where(commissionTermSplits, eq(commissionTermSplits.policyId, policyId)));
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
    await tx.insert(activityLog, {
      actorId: actor.userId,
      kind: 'payment',
      action: 'updated',
      entityId: policyId,
      summary:
        input === null
          ? `Policy ${policy.number} is produced by its assignee alone`
          : `Policy ${policy.number} shares ${Number(input.share)}% of its commission with a second producer`,
    });
    return termSplitOf(tx, policyId);
  });
}

type Raw = Record<string, unknown>;
const money = (v: unknown) => String(v ?? '0.00');

/** Each producer's part of the filtered terms and their earnings at their split (rows with no producer last). */
export async function producerReport(db: Connection, actor: Actor, q: ReconciliationQuery): Promise<ProducerReport> {
  const t = tenant(db, actor);
  const { tolerance } = await readSettings(t);
  const where = reconciliationFilter(t, q);
  const part = (col: string, secondPart: boolean) => {
    const x = sql.raw(`terms.${col}`);
    const share = sql`round(${x} * s.share / 100, 2)`;
    return secondPart ? share : sql`(${x} - coalesce(${share}, 0))`;
  };
  // grouping sets: one row per producer and the total row, which counts a shared term once
  const result = await t.execute(sql`with terms as (${termsSql(t, tolerance)}),
    parts as (
      select terms.id, terms.business, terms.assignee_id as producer_id, ${part('expected', false)} as expected, ${part('received', false)} as received
        from terms left join commission_term_splits s on s.agency_id = ${t.agency} and s.policy_id = terms.id
       where ${where}
      union all
      select terms.id, terms.business, s.producer_id, ${part('expected', true)}, ${part('received', true)}
        from terms join commission_term_splits s on s.agency_id = ${t.agency} and s.policy_id = terms.id
       where ${where}
    ), earned as (
      select parts.*, ps.new_business, ps.renewal, u.name,
             round(parts.expected * case when parts.business = 'new' then ps.new_business else ps.renewal end / 100, 2) as earned_expected,
             round(parts.received * case when parts.business = 'new' then ps.new_business else ps.renewal end / 100, 2) as earned
        from parts left join commission_producer_splits ps on ps.agency_id = ${t.agency} and ps.user_id = parts.producer_id
        left join "user" u on u.id = parts.producer_id
    )
    select grouping(producer_id) as is_total, producer_id, name, new_business::text as new_business, renewal::text as renewal,
           count(distinct id)::int as terms,
           coalesce(sum(expected), 0)::numeric(16,2)::text as expected, coalesce(sum(received), 0)::numeric(16,2)::text as received,
           coalesce(sum(expected - received), 0)::numeric(16,2)::text as difference,
           coalesce(sum(earned_expected), 0)::numeric(16,2)::text as earned_expected, coalesce(sum(earned), 0)::numeric(16,2)::text as earned
      from earned
     group by grouping sets ((producer_id, name, new_business, renewal), ())
     order by grouping(producer_id), producer_id is null, name`);
  const all = result.rows as Raw[];
  const rows: ProducerReportRow[] = all
    .filter((r) => Number(r.is_total) === 0)
    .map((r) => ({
      producer_id: r.producer_id === null ? null : String(r.producer_id),
      name: r.producer_id === null ? SPLIT_TEXT.noProducer : String(r.name ?? ''),
      new_business: r.new_business === null ? null : String(r.new_business),
      renewal: r.renewal === null ? null : String(r.renewal),
      terms: Number(r.terms),
      expected: money(r.expected),
      received: money(r.received),
      difference: money(r.difference),
      earned_expected: money(r.earned_expected),
      earned: money(r.earned),
    }));
  const sum = all.find((r) => Number(r.is_total) === 1);
  return {
    rows,
    totals: {
      terms: Number(sum?.terms ?? 0),
      expected: money(sum?.expected),
      received: money(sum?.received),
      difference: money(sum?.difference),
      earned_expected: money(sum?.earned_expected),
      earned: money(sum?.earned),
    },
  };
}
