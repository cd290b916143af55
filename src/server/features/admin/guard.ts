// Admin-only data actions answer 'Permission denied' to everyone below admin (platform.md §6, §8).
import { createMiddleware } from 'hono/factory';
import { ADMIN_TEXT } from '#shared/admin.ts';
import { hasRole } from '#shared/access.ts';
import { SETTINGS_TEXT } from '#shared/platform-settings.ts';
import type { Role } from '#shared/roles.ts';
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
