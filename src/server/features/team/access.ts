// Who may manage an agency's team (TEAM_MANAGEMENT in src/shared/team.ts): a signed-in owner or
// admin of that agency, whose plan (the owner's) is enterprise and whose owner holds manage_team.
import { createMiddleware } from 'hono/factory';
import { checkAccess, denialMessage } from '#shared/access.ts';
import { TEAM_MANAGEMENT, TEAM_TEXT } from '#shared/team.ts';
import { accessSubject, ensureActor, type AppEnv } from '#server/context.ts';
import { forbidden } from '#server/errors.ts';

/** 401 'Not logged in' without a session (the spec's text for team actions). */
export const requireSignedIn = createMiddleware<AppEnv>(async (c, next) => {
  await ensureActor(c, TEAM_TEXT.notLoggedIn);
  await next();
});

export const requireTeamManager = createMiddleware<AppEnv>(async (c, next) => {
  const actor = await ensureActor(c, TEAM_TEXT.notLoggedIn);
  if (actor.agency.role !== 'owner' && actor.agency.role !== 'admin') throw forbidden(TEAM_TEXT.teamRoleDenied, 'DENIED_AGENCY_ROLE');
  // actor.permissions are agency-scoped: an agency admin holds the owner's manage_team (context.ts).
  const denial = checkAccess(accessSubject(actor), TEAM_MANAGEMENT);
  if (denial) throw forbidden(denialMessage(denial, actor.agency.tier), `DENIED_${denial.kind.toUpperCase()}`);
  await next();
});
