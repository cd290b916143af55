// GET /api/dashboard (issue 33): the dashboard's usage, recent activity and performance panel in one
// round trip instead of one request per card. Each part is the same service call (and the same
// tenant scope) as its own endpoint; the analytics part is null where the plan does not include it.
// It sits beside index.ts, not in a feature folder: it composes three features' reads, as index.ts
// composes their routes, and no feature depends on another for it.
import { Hono } from 'hono';
import { activityQuerySchema } from '#shared/activity.ts';
import { DASHBOARD_ACTIVITY_QUERY, type DashboardData } from '#shared/dashboard.ts';
import { canUseFeature } from '#shared/features.ts';
import { type AppEnv, accessSubject, requireUser } from '#server/context.ts';
import { listActivity } from './activity/service.ts';
import { getAnalytics } from './analytics/service.ts';
import { readUsage } from '#server/platform/limits.ts';

const recentQuery = activityQuerySchema.parse(DASHBOARD_ACTIVITY_QUERY);

export function dashboardRoutes() {
  const r = new Hono<AppEnv>();
  r.use('/dashboard', requireUser);
  r.get('/dashboard', async (c) => {
    const { db } = c.var.deps;
    const actor = c.var.actor;
    const [usage, recentActivity, analytics] = await Promise.all([
      readUsage(db, actor),
      listActivity(db, actor, recentQuery),
      canUseFeature(accessSubject(actor), 'analytics') ? getAnalytics(db, actor) : null,
    ]);
    return c.json({ usage, recentActivity, analytics } satisfies DashboardData);
  });
  return r;
}
