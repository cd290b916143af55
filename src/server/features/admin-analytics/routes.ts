// /api/admin/analytics: System Analytics, super admin only.
import { Hono } from 'hono';
import type { AppEnv } from '#server/context.ts';
import { requireSuperAdmin } from '#server/platform/access.ts';
import { computeAnalytics } from './service.ts';

export function adminAnalyticsRoutes() {
  const r = new Hono<AppEnv>();
  r.get('/admin/analytics', requireSuperAdmin, async (c) => c.json(await computeAnalytics(c.var.deps.db)));
  return r;
}
