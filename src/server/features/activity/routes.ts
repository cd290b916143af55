import { Hono } from 'hono';
import { activityQuerySchema } from '#shared/activity.ts';
import { type AppEnv, requireUser } from '#server/context.ts';
import { validate } from '#server/http.ts';
import { listActivity } from './service.ts';

export function activityRoutes() {
  const r = new Hono<AppEnv>();
  r.use('/activity', requireUser);
  r.get('/activity', async (c) => c.json(await listActivity(c.var.deps.db, c.var.actor, validate(activityQuerySchema, c.req.query()))));
  return r;
}
