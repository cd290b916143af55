// System Analytics (/admin/analytics): the figures the one endpoint answers.
import { PAID_TIERS, PLAN_PRICES, type PaidTier, type Tier } from './tiers.ts';

export interface SystemAnalytics {
  generated_at: string;
  /** the last 12 weeks (Monday, UTC), oldest first */
  signups_per_week: { week: string; confirmed: number; unconfirmed: number }[];
  /** an agency is active when its book changed (activity log) or one of its members signed in */
  active_agencies: { last_7_days: number; last_30_days: number; total: number };
  agencies_per_plan: { tier: Tier; agencies: number; trialing: number }[];
  /** trials whose end falls in the current week (Monday to Sunday, UTC) */
  trials_ending_this_week: { count: number; rows: { id: string; email: string; tier: Tier; trial_ends_at: string }[] };
  /** accounts on a paid plan with an approved payment, at the plan's price; decimals as strings */
  mrr: { total: string; by_plan: { tier: PaidTier; accounts: number; revenue: string }[] };
  pending_verifications: {
    count: number;
    oldest_submitted_at: string | null;
    by_age: { bucket: PendingAgeBucket; count: number }[];
  };
}

export const PENDING_AGE_BUCKETS = ['Under 1 day', '1–3 days', '3–7 days', 'Over 7 days'] as const;
export type PendingAgeBucket = (typeof PENDING_AGE_BUCKETS)[number];

/** The monthly price of a paid plan as a decimal string ("5.99"), from the pricing page's figures. */
export function planMonthlyPrice(tier: PaidTier): string {
  const price = PLAN_PRICES[tier].replace(/^\$/, '');
  if (!/^\d+\.\d{2}$/.test(price)) throw new Error(`plan price of ${tier} is not a dollar amount: ${PLAN_PRICES[tier]}`);
  return price;
}

export const MRR_TIERS = PAID_TIERS;
