// GET /api/dashboard (issue 33): what the dashboard's first screen shows, in one round trip. Types
// only, and the recent-activity query as a plain object: the dashboard's first load stays without zod.
import type { ActivityEntry } from './activity.ts';
import type { Analytics } from './analytics.ts';
import type { Page } from './policies.ts';
import type { Usage } from './usage.ts';

/** The recent-activity card's query: the web app's cache key for the same page of /api/activity. */
export const DASHBOARD_ACTIVITY_QUERY = { page: 1, pageSize: 10, kind: 'all' } as const;

export interface DashboardData {
  usage: Usage;
  recentActivity: Page<ActivityEntry>;
  /** null below the analytics feature's plan: the panel shows its upsell, not an error. */
  analytics: Analytics | null;
}
