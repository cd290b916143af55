// The team as its page and /api/v1 read it: members and pending invitations, one list.
import { asc, eq } from 'drizzle-orm';
import { sortTeamEntries, isExpired, type InviteRole, type TeamEntry, type TeamOverview } from '#shared/team.ts';
import type { Actor } from '#server/context.ts';
import { agencyMembers, user, userInvitations } from '#server/db/schema.ts';
import { tenant, type Connection } from '#server/tenant.ts';

export const displayName = (u: { firstName: string; lastName: string; name: string }) =>
  `${u.firstName} ${u.lastName}`.trim() || u.name || null;

export async function getTeam(db: Connection, actor: Actor): Promise<TeamOverview> {
  const t = tenant(db, actor);
  const agencyId = t.agencyId;
  const members = await t.select({ member: agencyMembers, user }).from(agencyMembers).innerJoin(user, eq(user.id, agencyMembers.userId));
  const invitations = await t.from(userInvitations, eq(userInvitations.status, 'pending')).orderBy(asc(userInvitations.email));
  const now = new Date();
  const entries: TeamEntry[] = [
    ...members.map(
      (m): TeamEntry => ({
        kind: 'member',
        id: m.user.id,
        name: displayName(m.user),
        email: m.user.email,
        role: m.member.role as TeamEntry['role'],
        status: 'Active',
        since: m.member.createdAt.toISOString(),
        expires_at: null,
        is_you: m.user.id === actor.userId,
      }),
    ),
    ...invitations.map(
      (i): TeamEntry => ({
        kind: 'invitation',
        id: i.id,
        name: null,
        email: i.email,
        role: i.role as InviteRole,
        status: isExpired(i.expiresAt, now) ? 'Expired' : 'Pending',
        since: i.invitedAt.toISOString(),
        expires_at: i.expiresAt.toISOString(),
        is_you: false,
      }),
    ),
  ];
  return {
    agency: { id: agencyId, name: actor.agency.name },
    your_role: actor.agency.role,
    entries: sortTeamEntries(entries),
  };
}
