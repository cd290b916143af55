// GET /api/dashboard (issue 33): the dashboard's usage, recent activity and performance panel in one
// round trip instead of one request per card. Each part is the same service call (and the same
// tenant scope) as its own endpoint; the analytics part is null where the plan does not include it,
// and so is the commission line (issue 31). It sits beside index.ts, not in a feature folder: it
// composes features' reads, as index.ts composes their routes, and no feature depends on another for it.
//
// The performance panel (the analytics and the commission line) reads the agency's whole book; it is
// kept per process under the agency's book version, which triggers bump in every write of what it
// reads (decision 070), so it is recomputed after any write, whichever process made it.
import { Hono } from 'hono';
import { activityQuerySchema } from '#shared/activity.ts';
import type { Analytics } from '#shared/analytics.ts';
import { DASHBOARD_ACTIVITY_QUERY, type CommissionComparison, type DashboardData } from '#shared/dashboard.ts';
import { canUseFeature } from '#shared/features.ts';
import { type Actor, type AppEnv, accessSubject, requireUser } from '#server/context.ts';
import { bookCache } from '#server/platform/book-version.ts';
import { now as clockNow } from '#server/platform/clock.ts';
import { agencyTodayOf } from '#server/platform/policy-status.ts';
import { tenant, type Connection } from '#server/tenant.ts';
import { listActivity } from './activity/service.ts';
import { getAnalytics } from './analytics/service.ts';
import { commissionComparison } from '#server/entities/commissions/month-totals.ts';
import { readUsage } from '#server/platform/limits.ts';

const recentQuery = activityQuerySchema.parse(DASHBOARD_ACTIVITY_QUERY);

interface Panel {
  analytics: Analytics | null;
  commission: CommissionComparison | null;
}

/** Exported for the tests (how many times the panel was computed). */
export const panelCache = bookCache<Panel>();

async function readPanel(db: Connection, actor: Actor, now = clockNow()): Promise<Panel> {
  const subject = accessSubject(actor);
  const analytics = canUseFeature(subject, 'analytics');
  const commission = canUseFeature(subject, 'commissions');
  if (!analytics && !commission) return { analytics: null, commission: null };
  const today = agencyTodayOf(actor, now);
  // what the panel depends on besides the book: the agency's today, the UTC month of the charts' window, the plan
  const key = [today, now.toISOString().slice(0, 7), analytics, commission].join('|');
  const t = tenant(db, actor);
  return panelCache.get(t, key, async () => {
    const [a, c] = await Promise.all([analytics ? getAnalytics(db, actor, now) : null, commission ? commissionComparison(t, today) : null]);
    return { analytics: a, commission: c };
  });
}

export function dashboardRoutes() {
  const r = new Hono<AppEnv>();
  r.use('/dashboard', requireUser);
  r.get('/dashboard', async (c) => {
    const { db } = c.var.deps;
    const actor = c.var.actor;
    const [usage, recentActivity, panel] = await Promise.all([readUsage(db, actor), listActivity(db, actor, recentQuery), readPanel(db, actor)]);
    return c.json({ usage, recentActivity, ...panel } satisfies DashboardData);
  });
  return r;
}
