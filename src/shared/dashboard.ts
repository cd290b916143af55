// GET /api/dashboard (issue 33): what the dashboard's first screen shows, in one round trip. Types
// only, and the recent-activity query as a plain object: the dashboard's first load stays without zod.
import type { ActivityEntry } from './activity.ts';
import type { Analytics } from './analytics.ts';
import type { CommissionTotals } from './commissions.ts';
import type { Page } from './policies.ts';
import type { Usage } from './usage.ts';

/** The recent-activity card's query: the web app's cache key for the same page of /api/activity. */
export const DASHBOARD_ACTIVITY_QUERY = { page: 1, pageSize: 10, kind: 'all' } as const;

export interface DashboardData {
  usage: Usage;
  recentActivity: Page<ActivityEntry>;
  /** null below the analytics feature's plan: the panel shows its upsell, not an error. */
  analytics: Analytics | null;
  /** null below the commissions feature's plan (issue 31): the performance panel leaves the line out. */
  commission: CommissionComparison | null;
}

/**
 * Commission of the terms that start in a month, as the reconciliation view's month filter counts
 * them (expected = written × rate + chargebacks, received = matched statement lines and receipts).
 */
export interface CommissionMonth extends CommissionTotals {
  /** yyyy-MM */
  month: string;
}

/** The agency's current month (its own today) against the same month a year before. */
export interface CommissionComparison {
  thisMonth: CommissionMonth;
  lastYear: CommissionMonth;
}

/** The agency's month and the same month a year before, from its today (yyyy-MM-dd). */
export function comparedMonths(today: string): { thisMonth: string; lastYear: string } {
  const [year, month] = today.split('-');
  return { thisMonth: `${year}-${month}`, lastYear: `${Number(year) - 1}-${month}` };
}

export const DASHBOARD_COMMISSION_TEXT = {
  title: 'Commission this month',
  expected: 'Expected',
  received: 'Received',
  lastYear: (month: string) => `Same month last year (${month})`,
  /** the change of expected commission against last year, in % (null when last year had none) */
  change: (pct: number | null) => (pct === null ? 'No commission in the same month last year' : `${pct > 0 ? '+' : ''}${pct.toFixed(1)} % expected against last year`),
  terms: (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'term' : 'terms'} starting this month`,
  link: 'Open reconciliation',
} as const;
