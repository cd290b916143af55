// GET /api/usage: the agency's counts against its plan's limits (dashboard bars, list headers).
import { Hono } from 'hono';
import { type AppEnv, requireUser } from '#server/context.ts';
import { readUsage } from '#server/platform/limits.ts';

export function usageRoutes() {
  const r = new Hono<AppEnv>();
  r.use('/usage', requireUser);
  r.get('/usage', async (c) => c.json(await readUsage(c.var.deps.db, c.var.actor)));
  return r;
}
