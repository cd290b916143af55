// The agencies a user belongs to, and switching the one the session works in.
import { and, asc, eq } from 'drizzle-orm';
import { effectiveTier } from '#shared/tiers.ts';
import { TEAM_TEXT } from '#shared/team.ts';
import { type Actor, setActiveAgency } from '#server/context.ts';
import { crossAgency, type Connection } from '#server/tenant.ts';
import { agencies, agencyMembers, user } from '#server/db/schema.ts';
import { notFound } from '#server/errors.ts';

export async function listMyAgencies(connection: Connection, actor: Actor) {
  const rows = await crossAgency(connection, "the caller's memberships, one in each of their agencies")
    .select({ agency: agencies, role: agencyMembers.role, owner: user })
    .from(agencyMembers)
    .innerJoin(agencies, eq(agencies.id, agencyMembers.agencyId))
    .innerJoin(user, eq(user.id, agencies.ownerId))
    .where(eq(agencyMembers.userId, actor.userId))
    .orderBy(asc(agencies.name));
  return rows.map((r) => ({
    id: r.agency.id,
    name: r.agency.name,
    role: r.role,
    tier: effectiveTier(r.owner),
    owner_name: `${r.owner.firstName} ${r.owner.lastName}`.trim() || r.owner.email,
    current: r.agency.id === actor.agency.id,
  }));
}

/** Membership is checked here; an agency the user is not in answers 404 like any unknown id. */
export async function switchAgency(connection: Connection, actor: Actor, agencyId: string) {
  const db = crossAgency(connection, 'the agency to switch to is not the current one; membership is checked here');
  const [row] = await db
    .select({ id: agencies.id, name: agencies.name, role: agencyMembers.role })
    .from(agencyMembers)
    .innerJoin(agencies, eq(agencies.id, agencyMembers.agencyId))
    .where(and(eq(agencyMembers.agencyId, agencyId), eq(agencyMembers.userId, actor.userId)));
  if (!row) throw notFound(TEAM_TEXT.agencyNotFound);
  await setActiveAgency(db, actor.sessionId, row.id);
  return { agency: row };
}
