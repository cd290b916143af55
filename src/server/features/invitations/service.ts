// Reading and accepting an invitation by the token from its e-mailed link.
import { eq } from 'drizzle-orm';
import { planIncludes } from '#shared/features.ts';
import { isExpired, TEAM_TEXT, type InvitationView, type InviteRole } from '#shared/team.ts';
import { effectiveTier } from '#shared/tiers.ts';
import type { Actor } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { agencies, agencyMembers, session as sessionTable, user, userInvitations } from '#server/db/schema.ts';
import { AppError, forbidden } from '#server/errors.ts';
import { tenant } from '#server/tenant.ts';
import { hashInvitationToken, looksLikeToken } from '../team/tokens.ts';
import { notify } from '../notifications/service.ts';
import { brandForAgency } from '../branding/service.ts';

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

/**
 * One transaction: the invitation is locked, must still be pending and unexpired and addressed to
 * the signed-in user's e-mail; the user becomes a member, the invitation is spent, and the
 * session switches to the agency.
 */
export async function acceptInvitation(db: Db, actor: Actor, token: string) {
  if (!looksLikeToken(token)) throw invalid();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(userInvitations)
      .where(eq(userInvitations.tokenHash, hashInvitationToken(token)))
      .for('update');
    if (!row) throw invalid();
    const refused = refusal(row);
    if (refused) throw refused;
    if (row.email.toLowerCase() !== actor.email.toLowerCase()) throw forbidden(TEAM_TEXT.wrongAccount(row.email), 'WRONG_ACCOUNT');
    // Teams are an Enterprise feature: an invitation sent before the owner's plan lapsed can't add members.
    const [owner] = await tx
      .select({ subscriptionTier: user.subscriptionTier, subscriptionStatus: user.subscriptionStatus, trialEndsAt: user.trialEndsAt })
      .from(agencies)
      .innerJoin(user, eq(user.id, agencies.ownerId))
      .where(eq(agencies.id, row.agencyId));
    if (!owner || !planIncludes(effectiveTier(owner), 'team-management')) throw forbidden(TEAM_TEXT.planNoLongerIncludesTeams, 'TEAM_NOT_IN_PLAN');
    // From here on the invitation's agency is the tenant (found by the token, not by the session).
    const t = tenant(tx, { agency: { id: row.agencyId } });
    await t.insert(agencyMembers, { userId: actor.userId, role: row.role }).onConflictDoNothing();
    await t.update(
      userInvitations,
      { status: 'accepted', acceptedAt: new Date(), acceptedBy: actor.userId },
      eq(userInvitations.id, row.id),
      eq(userInvitations.status, 'pending'),
    );
    await tx.update(sessionTable).set({ activeAgencyId: row.agencyId }).where(eq(sessionTable.id, actor.sessionId));
    if (row.invitedBy)
      await notify(tx, {
        userId: row.invitedBy,
        agencyId: row.agencyId,
        kind: 'invitation_accepted',
        title: `${actor.email} accepted your invitation`,
        link: '/dashboard/team-management',
        dedupeKey: `invitation_accepted:${row.id}`,
      });
    const [agency] = await tx.select({ id: agencies.id, name: agencies.name }).from(agencies).where(eq(agencies.id, row.agencyId));
    const [membership] = await t.select({ role: agencyMembers.role }).from(agencyMembers, eq(agencyMembers.userId, actor.userId));
    return { agency: { id: agency.id, name: agency.name, role: membership.role } };
  });
}
