// Who may manage an agency's team: a signed-in owner or admin of that agency, whose plan (the
// owner's) is enterprise and whose owner holds manage_team (agency.md §6). Checked on every route.
import { eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { checkAccess, denialMessage } from '#shared/access.ts';
import { TEAM_TEXT } from '#shared/team.ts';
import { type AppEnv, loadActor } from '../../context.ts';
import { userPermissions } from '../../db/schema.ts';
import { forbidden, unauthorized } from '../../errors.ts';

/** 401 'Not logged in' without a session (the spec's text for team actions). */
export const requireSignedIn = createMiddleware<AppEnv>(async (c, next) => {
  const actor = c.get('actor') ?? (await loadActor(c.var.deps, c.req.raw.headers));
  if (!actor) throw unauthorized(TEAM_TEXT.notLoggedIn);
  c.set('actor', actor);
  await next();
});

export const requireTeamManager = createMiddleware<AppEnv>(async (c, next) => {
  const actor = c.get('actor') ?? (await loadActor(c.var.deps, c.req.raw.headers));
  if (!actor) throw unauthorized(TEAM_TEXT.notLoggedIn);
  c.set('actor', actor);
  if (actor.agency.role !== 'owner' && actor.agency.role !== 'admin') throw forbidden(TEAM_TEXT.teamRoleDenied, 'DENIED_AGENCY_ROLE');
  // The permission belongs to the agency's owner: an admin manages the team the owner was granted.
  const ownerPermissions =
    actor.agency.ownerId === actor.userId
      ? actor.permissions
      : (
          await c.var.deps.db
            .select({ name: userPermissions.permissionName })
            .from(userPermissions)
            .where(eq(userPermissions.userId, actor.agency.ownerId))
        ).map((p) => p.name);
  const denial = checkAccess(
    { role: actor.role, tier: actor.agency.tier, permissions: ownerPermissions },
    { tier: 'enterprise', permission: 'manage_team' },
  );
  if (denial) throw forbidden(denialMessage(denial, actor.agency.tier), `DENIED_${denial.kind.toUpperCase()}`);
  await next();
});
