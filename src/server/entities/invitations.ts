// Reading and accepting an invitation by the token from its e-mailed link.
import { eq } from 'drizzle-orm';
import { AUTH_TEXT } from '#shared/auth-text.ts';
import { planIncludes } from '#shared/features.ts';
import { isExpired, TEAM_TEXT, type InvitationView, type InviteRole } from '#shared/team.ts';
import { effectiveTier } from '#shared/tiers.ts';
import type { Actor } from '#server/context.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { agencies, agencyMembers, session as sessionTable, user, userInvitations } from '#server/db/schema.ts';
import { AppError, badRequest, forbidden } from '#server/errors.ts';
import { tenant } from '#server/tenant.ts';
import { hashInvitationToken, looksLikeToken } from '#server/platform/invitation-tokens.ts';
import { emit } from '#server/platform/events.ts';
import { brandForAgency } from '#server/platform/brand.ts';

type InvitationRow = typeof userInvitations.$inferSelect;

const invalid = () => new AppError(404, 'INVITATION_INVALID', TEAM_TEXT.invalid);

/** Why an invitation can't be used, or null when it can. */
function refusal(row: InvitationRow, now = new Date()): AppError | null {
  if (row.status === 'accepted') return new AppError(410, 'INVITATION_USED', TEAM_TEXT.used);
  if (row.status === 'cancelled') return new AppError(410, 'INVITATION_CANCELLED', TEAM_TEXT.cancelled);
  if (row.status === 'expired' || isExpired(row.expiresAt, now)) return new AppError(410, 'INVITATION_EXPIRED', TEAM_TEXT.expired);
  return null;
}

export async function getInvitation(db: Db, token: string): Promise<InvitationView> {
  if (!looksLikeToken(token)) throw invalid();
  const [row] = await db
    .select({ invitation: userInvitations, agencyName: agencies.name, company: user.company })
    .from(userInvitations)
    .innerJoin(agencies, eq(agencies.id, userInvitations.agencyId))
    .innerJoin(user, eq(user.id, agencies.ownerId))
    .where(eq(userInvitations.tokenHash, hashInvitationToken(token)));
  if (!row) throw invalid();
  const refused = refusal(row.invitation);
  if (refused) throw refused;
  let inviterName: string | null = null;
  if (row.invitation.invitedBy) {
    const [inviter] = await db
      .select({ firstName: user.firstName, lastName: user.lastName })
      .from(user)
      .where(eq(user.id, row.invitation.invitedBy));
    inviterName = inviter ? `${inviter.firstName} ${inviter.lastName}`.trim() || null : null;
  }
  return {
    email: row.invitation.email,
    role: row.invitation.role as InviteRole,
    agency_name: row.agencyName,
    company: row.company?.trim() || null,
    inviter_name: inviterName,
    expires_at: row.invitation.expiresAt.toISOString(),
    brand: await brandForAgency(db, row.invitation.agencyId),
  };
}

/** The invitation a token names while it can still be used, locked when read in a transaction. */
async function usable(db: Db | Tx, token: string, lock: boolean): Promise<InvitationRow> {
  if (!looksLikeToken(token)) throw invalid();
  const query = db.select().from(userInvitations).where(eq(userInvitations.tokenHash, hashInvitationToken(token)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw invalid();
  const refused = refusal(row);
  if (refused) throw refused;
  return row;
}

/** Teams are an Enterprise feature: an invitation sent before the owner's plan lapsed can't add members. */
async function assertTeamsInPlan(db: Db | Tx, agencyId: string) {
  const [owner] = await db
    .select({ subscriptionTier: user.subscriptionTier, subscriptionStatus: user.subscriptionStatus, trialEndsAt: user.trialEndsAt })
    .from(agencies)
    .innerJoin(user, eq(user.id, agencies.ownerId))
    .where(eq(agencies.id, agencyId));
  if (!owner || !planIncludes(effectiveTier(owner), 'team-management')) throw forbidden(TEAM_TEXT.planNoLongerIncludesTeams, 'TEAM_NOT_IN_PLAN');
}

/** Makes the user a member with the invited role, spends the invitation and tells the inviter. */
async function join(tx: Tx, row: InvitationRow, who: { userId: string; email: string }) {
  // From here on the invitation's agency is the tenant (found by the token, not by the session).
  const t = tenant(tx, { agency: { id: row.agencyId } });
  await t.insert(agencyMembers, { userId: who.userId, role: row.role }).onConflictDoNothing();
  await t.update(
    userInvitations,
    { status: 'accepted', acceptedAt: new Date(), acceptedBy: who.userId },
    eq(userInvitations.id, row.id),
    eq(userInvitations.status, 'pending'),
  );
  if (row.invitedBy)
    await emit(t, { userId: who.userId }, { type: 'invitation.accepted', entityId: row.id, invitedBy: row.invitedBy, email: who.email });
  const [agency] = await tx.select({ id: agencies.id, name: agencies.name }).from(agencies).where(eq(agencies.id, row.agencyId));
  const [membership] = await t.select({ role: agencyMembers.role }).from(agencyMembers, eq(agencyMembers.userId, who.userId));
  return { agency: { id: agency.id, name: agency.name, role: membership.role } };
}

/**
 * One transaction: the invitation is locked, must still be pending and unexpired and addressed to
 * the signed-in user's e-mail; the user becomes a member, the invitation is spent, and the
 * session switches to the agency.
 */
export async function acceptInvitation(db: Db, actor: Actor, token: string) {
  if (!looksLikeToken(token)) throw invalid();
  return db.transaction(async (tx) => {
    const row = await usable(tx, token, true);
    if (row.email.toLowerCase() !== actor.email.toLowerCase()) throw forbidden(TEAM_TEXT.wrongAccount(row.email), 'WRONG_ACCOUNT');
    await assertTeamsInPlan(tx, row.agencyId);
    const joined = await join(tx, row, actor);
    await tx.update(sessionTable).set({ activeAgencyId: row.agencyId }).where(eq(sessionTable.id, actor.sessionId));
    return joined;
  });
}

/**
 * Before an account is made through an invitation link: the link must be usable, addressed to the
 * e-mail typed (400 on that field otherwise) and its agency's plan must still include teams, so
 * nothing is created for a link that can't be used.
 */
export async function checkInvitationForSignUp(db: Db, token: string, email: string): Promise<void> {
  const row = await usable(db, token, false);
  if (row.email.toLowerCase() !== email.toLowerCase()) {
    const message = AUTH_TEXT.invitationEmailMismatch(row.email);
    throw badRequest(message, { email: message }, 'WRONG_EMAIL');
  }
  await assertTeamsInPlan(db, row.agencyId);
}

/**
 * The account just made through an invitation link joins the inviting agency: the link was mailed to
 * that address, so holding it proves the address as a confirmation link does. The new user owns no
 * agency, and their sessions work in this one (loadActor adopts the membership).
 */
export async function joinAtSignUp(db: Db, who: { userId: string; email: string }, token: string) {
  return db.transaction(async (tx) => {
    const row = await usable(tx, token, true);
    if (row.email.toLowerCase() !== who.email.toLowerCase()) throw forbidden(TEAM_TEXT.wrongAccount(row.email), 'WRONG_ACCOUNT');
    await assertTeamsInPlan(tx, row.agencyId);
    return join(tx, row, who);
  });
}
