// Team management: the agency's members and its invitations, through the tenant context: another
// agency's row is simply not found.
import { and, eq, inArray } from 'drizzle-orm';
import { TEAM_TEXT, isExpired, type InviteRole } from '#shared/team.ts';
import type { Actor, Deps } from '#server/context.ts';
import { agencyMembers, session as sessionTable, user, userInvitations } from '#server/db/schema.ts';
import { AppError, badRequest, conflict, forbidden, notFound, tooMany } from '#server/errors.ts';
import { renderMail, sendInBackground } from '#server/mail.ts';
import { consume, type RateRule } from '#server/rate-limit.ts';
import { crossAgency, tenant, type Tenant, type Connection } from '#server/tenant.ts';
import { displayName } from '#server/entities/team.ts';
import { invitationExpiry, newInvitationToken } from '#server/platform/invitation-tokens.ts';
import { emit } from '#server/platform/events.ts';
import { mailBrandForAgency } from '#server/platform/brand.ts';

/** Invitation e-mails (new and resent) per agency: enough to onboard a team, not to send spam. */
export const INVITATION_MAIL_RULE: RateRule = { limit: 50, windowMs: 60 * 60_000 };

async function assertMailBudget(deps: Deps, actor: Actor) {
  if (deps.config.RATE_LIMIT !== 'on') return;
  if (!(await consume(deps.db, `invite:agency:${actor.agency.id}`, INVITATION_MAIL_RULE))) throw tooMany(TEAM_TEXT.tooManyInvitations);
}

async function inviterDetails(deps: Deps, actor: Actor) {
  // white label: the agency's own name, logo and reply-to while its plan includes it; else the
  // agency's name, the one the member will work in (not the owner's profile company)
  const brand = await mailBrandForAgency(deps, actor.agency.id);
  return {
    company: brand?.name ?? actor.agency.name,
    inviter: `${actor.firstName} ${actor.lastName}`.trim() || actor.email,
    brand,
  };
}

function sendInvitationMail(deps: Deps, to: string, role: string, token: string, details: Awaited<ReturnType<typeof inviterDetails>>) {
  const { company, inviter, brand } = details;
  const link = `${deps.config.appUrl}/accept-invitation/${token}`;
  sendInBackground(
    deps.mailer,
    renderMail({
      to,
      subject: `You're invited to join ${company} on PolicyDesk`,
      paragraphs: [
        `${inviter} has invited you to join ${company} on PolicyDesk as ${role === 'admin' ? 'an Admin' : 'a Team Member'}.`,
        'Open the link below to accept. If you do not have a PolicyDesk account yet, you can create one with this e-mail address.',
        'The invitation is valid for 7 days and can be used once.',
      ],
      action: { label: 'Accept invitation', url: link },
      footer: 'You received this e-mail because someone invited this address to their PolicyDesk agency. If you were not expecting it, ignore it.',
      brand,
    }),
    deps.logger,
  );
}

/** Stores a pending invitation (only the token's hash) and e-mails the link; the mail is sent after the commit. */
export async function inviteMember(deps: Deps, actor: Actor, input: { email: string; role: InviteRole }) {
  const { db } = deps;
  await assertMailBudget(deps, actor);
  const { token, tokenHash } = newInvitationToken();
  const invitation = await tenant(db, actor).transaction(async (t) => {
    // Serialise invitations per agency so two parallel invites of one address can't both pass.
    await t.lockAgency();
    const [member] = await t
      .select({ userId: agencyMembers.userId })
      .from(agencyMembers, eq(user.email, input.email))
      .innerJoin(user, eq(user.id, agencyMembers.userId));
    if (member) throw conflict(TEAM_TEXT.alreadyMember, 'ALREADY_MEMBER', { email: TEAM_TEXT.alreadyMember });
    const [pending] = await t.from(userInvitations, eq(userInvitations.email, input.email), eq(userInvitations.status, 'pending'));
    if (pending) {
      if (!isExpired(pending.expiresAt)) throw conflict(TEAM_TEXT.alreadyInvited, 'ALREADY_INVITED', { email: TEAM_TEXT.alreadyInvited });
      // An expired invitation gives way to the new one.
      await t.update(userInvitations, { status: 'expired' }, eq(userInvitations.id, pending.id));
    }
    const [row] = await t
      .insert(userInvitations, { invitedBy: actor.userId, email: input.email, role: input.role, tokenHash, expiresAt: invitationExpiry() })
      .returning();
    return row;
  });
  sendInvitationMail(deps, invitation.email, invitation.role, token, await inviterDetails(deps, actor));
  return toInvitationJson(invitation);
}

/** A new token and a new 7-day expiry; the old link stops working. */
export async function resendInvitation(deps: Deps, actor: Actor, invitationId: string) {
  await assertMailBudget(deps, actor);
  const { token, tokenHash } = newInvitationToken();
  const [row] = await tenant(deps.db, actor)
    .update(
      userInvitations,
      { tokenHash, expiresAt: invitationExpiry(), invitedAt: new Date(), invitedBy: actor.userId },
      eq(userInvitations.id, invitationId),
      eq(userInvitations.status, 'pending'),
    )
    .returning();
  if (!row) throw await missingInvitation(deps.db, actor, invitationId);
  sendInvitationMail(deps, row.email, row.role, token, await inviterDetails(deps, actor));
  return toInvitationJson(row);
}

export async function cancelInvitation(db: Connection, actor: Actor, invitationId: string) {
  const [row] = await tenant(db, actor)
    .update(userInvitations, { status: 'cancelled' }, eq(userInvitations.id, invitationId), eq(userInvitations.status, 'pending'))
    .returning();
  if (!row) throw await missingInvitation(db, actor, invitationId);
  return toInvitationJson(row);
}

async function missingInvitation(db: Connection, actor: Actor, invitationId: string): Promise<AppError> {
  const [exists] = await tenant(db, actor)
    .select({ status: userInvitations.status })
    .from(userInvitations, eq(userInvitations.id, invitationId));
  return exists ? conflict(TEAM_TEXT.notPending, 'NOT_PENDING') : notFound(TEAM_TEXT.invitationNotFound);
}

async function memberRow(db: Connection, actor: Actor, userId: string) {
  const [row] = await tenant(db, actor).from(agencyMembers, eq(agencyMembers.userId, userId));
  if (!row) throw notFound(TEAM_TEXT.memberNotFound);
  if (row.role === 'owner') throw forbidden(TEAM_TEXT.ownerUntouchable, 'OWNER');
  if (userId === actor.userId) throw badRequest(TEAM_TEXT.notYourself, undefined, 'SELF');
  return row;
}

const nameOf = async (t: Tenant, userId: string) => {
  const [row] = await crossAgency(t, 'a user row, of no agency').select({ firstName: user.firstName, lastName: user.lastName, name: user.name, email: user.email }).from(user).where(eq(user.id, userId));
  return row ? (displayName(row) ?? row.email) : 'A former member';
};

/** An admin who becomes a team member may no longer hold API keys: theirs are revoked with the change. */
export async function changeMemberRole(db: Connection, actor: Actor, userId: string, role: InviteRole) {
  const before = await memberRow(db, actor, userId);
  await tenant(db, actor).transaction(async (t) => {
    await t.update(agencyMembers, { role }, eq(agencyMembers.userId, userId));
    // the API keys' subscriber revokes a demoted admin's keys in this transaction
    await emit(t, actor, { type: 'membership.role_changed', entityId: userId, userId, name: await nameOf(t, userId), from: before.role, to: role });
  });
  return { user_id: userId, role };
}

/**
 * Ends the member's access at once (issue 26 §2): their sessions in this agency fall back to their own
 * agency, and each remembers which agency it lost, so the member is told on their next request; the
 * API keys they created are revoked and the invitations they sent cancelled, each in the activity log.
 * Document links they were given stop working with the session (they are bound to the user and the
 * agency and checked again when opened); webhook endpoints they added stay, as the agency's.
 */
export async function removeMember(db: Connection, actor: Actor, userId: string) {
  await memberRow(db, actor, userId);
  await tenant(db, actor).transaction(async (t) => {
    const who = await nameOf(t, userId);
    // Their assigned terms fall back to the owner before the membership (the assignee key's target) goes (policies listen).
    await emit(t, actor, { type: 'membership.ending', userId, ownerId: actor.agency.ownerId });
    await t.delete(agencyMembers, eq(agencyMembers.userId, userId));
    // what they held ends with the membership: the API keys' subscriber revokes theirs here
    await emit(t, actor, { type: 'membership.ended', entityId: userId, userId, name: who });
    const cancelled = await t
      .update(userInvitations, { status: 'cancelled' }, eq(userInvitations.invitedBy, userId), eq(userInvitations.status, 'pending'))
      .returning({ id: userInvitations.id, email: userInvitations.email });
    for (const inv of cancelled)
      await emit(t, actor, { type: 'invitation.cancelled', entityId: inv.id, summary: `Cancelled the invitation of ${inv.email}: ${who} who sent it was removed from the team` });
    // Sessions are better-auth's, not the agency's: the agency is matched by hand here.
    const sessions = await crossAgency(t, "sessions are better-auth's, of no agency")
      .select({ id: sessionTable.id })
      .from(sessionTable)
      .where(and(eq(sessionTable.userId, userId), eq(sessionTable.activeAgencyId, t.agencyId)));
    if (sessions.length)
      await crossAgency(t, "sessions are better-auth's, of no agency")
        .update(sessionTable)
        .set({ activeAgencyId: null, removedFromAgency: actor.agency.name })
        .where(inArray(sessionTable.id, sessions.map((s) => s.id)));
  });
  return { ok: true };
}

function toInvitationJson(row: typeof userInvitations.$inferSelect) {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status: row.status,
    invited_at: row.invitedAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
  };
}
