// Who belongs to the agency, for every feature that assigns work to a member (policies, renewals,
// tasks, the pipeline, bulk actions): one check and one way to name a member in SQL.
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { effectiveTier } from '#shared/tiers.ts';
import { agencies, agencyMembers, user } from '#server/db/schema.ts';
import { badRequest } from '#server/errors.ts';
import { crossAgency, tenant, type Connection, type Tenant } from '#server/tenant.ts';
import { emit, type EventSource } from './events.ts';

/** The name shown for an assignee: first and last name, else the account name. */
export const assigneeName = sql<string | null>`nullif(trim(coalesce(${user.firstName}, '') || ' ' || coalesce(${user.lastName}, '')), '')`;

/** The assignee must be a member of the agency: 400 otherwise (the composite key would refuse it too). */
export async function assertMember(
  t: Tenant,
  userId: string,
  message: string,
): Promise<{ first: string | null; name: string | null; firstName: string | null; lastName: string | null; email: string }> {
  const [member] = await t.db
    .select({ first: assigneeName, name: user.name, firstName: user.firstName, lastName: user.lastName, email: user.email })
    .from(agencyMembers)
    .innerJoin(user, eq(user.id, agencyMembers.userId))
    .where(t.where(agencyMembers, eq(agencyMembers.userId, userId)));
  if (!member) throw badRequest(message, { assignee_id: message }, 'NOT_A_MEMBER');
  return member;
}

/** The agency's members, for the assignee filter and select. */
export async function readMembers(t: Tenant) {
  const rows = await t
    .select({ id: agencyMembers.userId, first: assigneeName, name: user.name, email: user.email })
    .from(agencyMembers)
    .innerJoin(user, eq(user.id, agencyMembers.userId))
    .orderBy(asc(user.firstName), asc(user.lastName));
  return rows.map((r) => ({ id: r.id, name: r.first ?? (r.name || r.email) }));
}

/**
 * A whole account is deleted (the super admin, or its owner): in every other agency it was a member
 * of, what it held there ends as a removal's does — `membership.ending` in that agency's context, so
 * its terms fall back to that agency's owner and its tasks and opportunities lose their assignee, each
 * a change (updated_at, one event, one change-feed entry), not the foreign key's silent SET NULL.
 * Call inside the deleting transaction, before the user row goes. Its own agency goes whole with it.
 */
export async function endMembershipsOfDeletedUser(tx: Connection, userId: string): Promise<void> {
  const db = crossAgency(tx, 'a deleted account leaves every agency it was a member of');
  const rows = await db
    .select({ agencyId: agencies.id, ownerId: agencies.ownerId, owner: { subscriptionTier: user.subscriptionTier, subscriptionStatus: user.subscriptionStatus, trialEndsAt: user.trialEndsAt } })
    .from(agencyMembers)
    .innerJoin(agencies, eq(agencies.id, agencyMembers.agencyId))
    .innerJoin(user, eq(user.id, agencies.ownerId))
    .where(and(eq(agencyMembers.userId, userId), ne(agencies.ownerId, userId)))
    .orderBy(asc(agencies.id));
  for (const a of rows) {
    // no member of that agency did it: the system's change, under that agency's plan (its webhooks)
    const by: EventSource = { userId: null, agency: { tier: effectiveTier(a.owner) } };
    await emit(tenant(tx, { agency: { id: a.agencyId } }), by, { type: 'membership.ending', userId, ownerId: a.ownerId });
  }
  // what it wrote in other agencies (log entries, premium payments, stage moves, uploads) stays there and loses its author,
  // each a change — `author.deleting` in that agency, not the foreign key's silent SET NULL (decision 083)
  const wroteIn = await db
    .select({ agencyId: agencies.id, owner: { subscriptionTier: user.subscriptionTier, subscriptionStatus: user.subscriptionStatus, trialEndsAt: user.trialEndsAt } })
    .from(agencies)
    .innerJoin(user, eq(user.id, agencies.ownerId))
    .where(and(sql`${agencies.id} in (${authoredIn(userId)})`, ne(agencies.ownerId, userId)))
    .orderBy(asc(agencies.id));
  for (const a of wroteIn) await emit(tenant(tx, { agency: { id: a.agencyId } }), { userId: null, agency: { tier: effectiveTier(a.owner) } }, { type: 'author.deleting', userId });
}

/** The agencies where this account wrote rows that name it as author (log entries, premium payments, stage moves, uploads). */
const authoredIn = (userId: string) => sql`select c.agency_id from customer_communications c where c.created_by = ${userId}
    union select p.agency_id from premium_payments p where p.created_by = ${userId}
    union select h.agency_id from opportunity_stage_history h where h.changed_by = ${userId}
    union select d.agency_id from documents d where d.uploaded_by = ${userId}`;

/**
 * A member renamed themselves: in every agency they belong to, the rows that show them as assignee
 * (terms, tasks, opportunities) change — `member.renamed` in that agency's context, with the member
 * as its author under that agency's plan (its webhooks). The rows that show them as author (log
 * entries, premium payments, stage moves) keep their author after the member left: those agencies hear it too
 * (decision 083). Call inside the rename's transaction.
 */
export async function memberRenamed(tx: Connection, userId: string): Promise<void> {
  const db = crossAgency(tx, "a member's name shows in every agency they belong to or wrote in");
  const wrote = sql`select m.agency_id from ${agencyMembers} m where m.user_id = ${userId} union ${authoredIn(userId)}`;
  const rows = await db
    .select({ agencyId: agencies.id, owner: { subscriptionTier: user.subscriptionTier, subscriptionStatus: user.subscriptionStatus, trialEndsAt: user.trialEndsAt } })
    .from(agencies)
    .innerJoin(user, eq(user.id, agencies.ownerId))
    .where(sql`${agencies.id} in (${wrote})`)
    .orderBy(asc(agencies.id));
  for (const a of rows) await emit(tenant(tx, { agency: { id: a.agencyId } }), { userId, agency: { tier: effectiveTier(a.owner) } }, { type: 'member.renamed', userId });
}
