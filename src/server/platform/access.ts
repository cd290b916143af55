// The route guards every feature uses (role, tier, permission): platform, so that a feature guards its
// routes without importing the feature that happens to own a role's pages.
// Admin-only data actions answer 'Permission denied' to everyone below admin (platform.md §6, §8).
import { createMiddleware } from 'hono/factory';
import { ADMIN_TEXT } from '#shared/admin.ts';
import { checkAccess, denialMessage, hasRole } from '#shared/access.ts';
import { canUseTwoFactor, featureDenial } from '#shared/features.ts';
import { SETTINGS_TEXT } from '#shared/platform-settings.ts';
import type { Role } from '#shared/roles.ts';
import { TEAM_MANAGEMENT, TEAM_TEXT } from '#shared/team.ts';
import { accessSubject, ensureActor, type AppEnv } from '#server/context.ts';
import { forbidden } from '#server/errors.ts';

export function requireRole(role: Extract<Role, 'admin' | 'super_admin'>) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const actor = await ensureActor(c);
    if (!hasRole(accessSubject(actor), role)) throw forbidden(ADMIN_TEXT.permissionDenied, 'PERMISSION_DENIED');
    // Platform setting (issue 16): an admin without two-factor is sent to set it up first.
    if (actor.adminTwoFactorRequired && !actor.twoFactorEnabled) throw forbidden(SETTINGS_TEXT.twoFactorRequired, 'TWO_FACTOR_REQUIRED');
    await next();
  });
}

export const requireAdmin = requireRole('admin');
export const requireSuperAdmin = requireRole('super_admin');

/** 401 'Not logged in' without a session (the spec's text for team actions). */
export const requireSignedIn = createMiddleware<AppEnv>(async (c, next) => {
  await ensureActor(c, TEAM_TEXT.notLoggedIn);
  await next();
});

/**
 * Who may manage an agency's team (TEAM_MANAGEMENT in src/shared/team.ts): a signed-in owner or admin
 * of that agency, whose plan (the owner's) is enterprise and whose owner holds manage_team.
 */
export const requireTeamManager = createMiddleware<AppEnv>(async (c, next) => {
  const actor = await ensureActor(c, TEAM_TEXT.notLoggedIn);
  if (actor.agency.role !== 'owner' && actor.agency.role !== 'admin') throw forbidden(TEAM_TEXT.teamRoleDenied, 'DENIED_AGENCY_ROLE');
  // actor.permissions are agency-scoped: an agency admin holds the owner's manage_team (context.ts).
  const denial = checkAccess(accessSubject(actor), TEAM_MANAGEMENT);
  if (denial) throw forbidden(denialMessage(denial, actor.agency.tier), `DENIED_${denial.kind.toUpperCase()}`);
  await next();
});

/** Setting up two-factor: Enterprise, or any admin (whom the platform may require to have it). */
export const requireTwoFactorAccess = createMiddleware<AppEnv>(async (c, next) => {
  const actor = await ensureActor(c);
  if (!canUseTwoFactor(accessSubject(actor))) throw forbidden(denialMessage(featureDenial(accessSubject(actor), 'two-factor')!, actor.agency.tier), 'DENIED_TIER');
  await next();
});
