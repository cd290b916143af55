// /api/admin/platform-settings and /api/admin/lockouts: super admin only.
import { Hono } from 'hono';
import { platformSettingsSchema, SETTINGS_TEXT, unlockSchema } from '#shared/platform-settings.ts';
import { ensureActor, type AppEnv } from '#server/context.ts';
import { readJson } from '#server/http.ts';
import { requireSuperAdmin } from '#server/platform/access.ts';
import { listLockouts, unlockSignIn } from './lockouts.ts';
import { readPlatformSettings } from '#server/platform/platform-settings.ts';
import { updatePlatformSettings } from './settings.ts';

export function securityRoutes() {
  const r = new Hono<AppEnv>();

  r.get('/admin/platform-settings', requireSuperAdmin, async (c) => c.json({ settings: await readPlatformSettings(c.var.deps.db) }));

  r.put('/admin/platform-settings', requireSuperAdmin, async (c) => {
    const input = await readJson(c, platformSettingsSchema);
    return c.json({ settings: await updatePlatformSettings(c.var.deps.db, c.var.actor, input) });
  });

  r.get('/admin/lockouts', requireSuperAdmin, async (c) => c.json({ rows: await listLockouts(c.var.deps.db) }));

  r.post('/admin/lockouts/unlock', requireSuperAdmin, async (c) => {
    const { key } = await readJson(c, unlockSchema);
    await unlockSignIn(c.var.deps.db, c.var.actor, key);
    return c.json({ ok: true });
  });

  return r;
}

/**
 * GET /api/admin-gate: whether the admin area will turn the caller away for lack of two-factor,
 * so the web app can say so before any admin call fails. Outside /admin/* on purpose.
 */
export function adminGateRoutes() {
  const r = new Hono<AppEnv>();
  r.get('/admin-gate', async (c) => {
    const actor = await ensureActor(c);
    const isAdmin = actor.role === 'admin' || actor.role === 'super_admin';
    const twoFactorRequired = isAdmin && actor.adminTwoFactorRequired && !actor.twoFactorEnabled;
    return c.json({ twoFactorRequired, message: twoFactorRequired ? SETTINGS_TEXT.twoFactorRequired : null });
  });
  return r;
}
