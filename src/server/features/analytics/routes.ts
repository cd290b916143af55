// /api/analytics (Business and above): the charts' data for the caller's agency.
import { Hono } from 'hono';
import { type AppEnv, requireFeature } from '#server/context.ts';
import { getAnalytics } from './service.ts';

export function analyticsRoutes() {
  const r = new Hono<AppEnv>();
  r.get('/analytics', requireFeature('analytics'), async (c) => c.json(await getAnalytics(c.var.deps.db, c.var.actor)));
  return r;
}
