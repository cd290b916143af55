// Renewals' states, buckets, texts and arithmetic, and the cockpit's row types, apart from the Renew
// form's schemas (renewals.ts) so that the cockpit and the lists' badges don't load the validation
// library (issue 33).
import type { PolicyTerm } from './terms.ts';
import type { PolicyType } from './policy-types.ts';
import type { RenewalState } from './renewal-states.ts';
import { REMARKET_LABEL } from './renewal-states.ts';

export * from './renewal-states.ts';

/** The states a user sets by hand; Renewed and Lost come from Renew and Mark lost. */
export const MANUAL_RENEWAL_STATES = ['not_started', 'contacted', 'quoted'] as const;

export const LOST_REASONS = ['price', 'coverage', 'service', 'moved_or_sold', 'other'] as const;
export type LostReason = (typeof LOST_REASONS)[number];
export const LOST_REASON_LABEL: Record<LostReason, string> = {
  price: 'Price',
  coverage: 'Coverage',
  service: 'Service',
  moved_or_sold: 'Moved or sold',
  other: 'Other',
};

export const BUCKETS = ['lapsed', 'd0_30', 'd31_60', 'd61_90', 'd91_120'] as const;
export type Bucket = (typeof BUCKETS)[number];
export const BUCKET_LABEL: Record<Bucket, string> = {
  lapsed: 'Lapsed',
  d0_30: '0–30 days',
  d31_60: '31–60 days',
  d61_90: '61–90 days',
  d91_120: '91–120 days',
};
/** The last day (days left) of each upcoming bucket; Lapsed is everything below 0. */
export const BUCKET_UPPER: Record<Exclude<Bucket, 'lapsed'>, number> = { d0_30: 30, d31_60: 60, d61_90: 90, d91_120: 120 };
export const COCKPIT_HORIZON_DAYS = 120;
export const DEFAULT_REMARKET_THRESHOLD = 10;
/** A premium more than this many times the current one is a typing error, not a renewal quote. */
export const MAX_PREMIUM_FACTOR = 100;

export const RENEWAL_TEXT = {
  title: 'Renewals',
  subtitle: 'Terms that end in the next 120 days, and those that lapsed in the last 12 months.',
  empty: 'No renewals due. Terms ending in the next 120 days will appear here.',
  retention: 'Retention (last 12 months)',
  renewed: 'Policy renewed successfully.',
  alreadyRenewed: 'This policy has already been renewed.',
  cannotRenewLost: 'This policy is marked lost. Undo Mark lost before renewing it.',
  markedLost: 'Renewal marked as lost.',
  lostUndone: 'Lost status removed.',
  notLost: 'This renewal is not marked as lost.',
  renewedIsFinal: 'This policy has already been renewed; its renewal state cannot change.',
  assigned: 'Assignee updated.',
  notMember: 'The assignee must be a member of this agency.',
  stateUpdated: 'Renewal state updated.',
  contactLogged: 'Contact logged: the renewal is now Contacted.',
  remarket: REMARKET_LABEL,
  remarketHint: (threshold: number) => `The premium rises by ${threshold} % or more: shop this policy with other carriers.`,
  premiumAbsurd: `The new premium cannot be more than ${MAX_PREMIUM_FACTOR} times the current one.`,
  chainTitle: 'Terms',
  previousTerm: 'Previous term',
  nextTerm: 'Next term',
  unassigned: 'Unassigned',
  undo: 'Undo',
  undoLost: 'Undo lost',
  view: 'Show',
  viewOpen: 'Open renewals',
  viewLost: 'Lost',
  emptyLost: 'No renewals marked lost in the last 12 months.',
} as const;

/** What the cockpit's table lists: the open terms (buckets), or those marked lost in the same span. */
export const COCKPIT_VIEWS = ['open', 'lost'] as const;

/** Days from `today` to `endDate` (both yyyy-MM-dd): 0 on the end date, negative once it passed. */
export function daysLeft(endDate: string, today: string): number {
  return Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

export function bucketOf(days: number): Bucket | null {
  if (days < 0) return 'lapsed';
  if (days <= 30) return 'd0_30';
  if (days <= 60) return 'd31_60';
  if (days <= 90) return 'd61_90';
  if (days <= COCKPIT_HORIZON_DAYS) return 'd91_120';
  return null;
}

/** The retention rule's counts over a set of terms (not cancelled) whose end date falls in a span. */
export interface RetentionCounts {
  renewed: number;
  lost: number;
  /** still open (not renewed, not lost) and ended before today */
  lapsed: number;
}

/**
 * Retention: renewed ÷ (renewed + lost + lapsed), in % with one decimal; null when none of the terms
 * is decided yet. The cockpit's 12-month figure and analytics' retention per month both use it.
 */
export function retentionRate(c: RetentionCounts): number | null {
  const decided = c.renewed + c.lost + c.lapsed;
  return decided ? Math.round((c.renewed / decided) * 1000) / 10 : null;
}

/** The premium change in %, one decimal, from the current premium to the new one; null when the current is 0. */
export function premiumChangePercent(current: string, next: string): number | null {
  const a = Number(current);
  const b = Number(next);
  if (!Number.isFinite(a) || !Number.isFinite(b) || a <= 0) return null;
  return Math.round(((b - a) / a) * 1000) / 10;
}

/**
 * Remarket when the rise is at or above the threshold. Compared in cents with integers, so
 * 1000.00 → 1100.00 at 10 % is a remarket and never misses by a float's rounding.
 */
export function isRemarket(current: string, next: string, thresholdPercent: number): boolean {
  const cents = (v: string) => BigInt(Math.round(Number(v) * 100));
  const a = cents(current);
  const b = cents(next);
  if (a <= 0n) return false;
  return (b - a) * 100n >= a * BigInt(thresholdPercent);
}

export interface BucketSummary {
  bucket: Bucket;
  count: number;
  /** exact decimal string */
  premium: string;
}

export interface RenewalRow {
  id: string;
  policy_number: string;
  customer_id: string | null;
  customer_name: string;
  insurance_company: string;
  policy_type: PolicyType;
  end_date: string;
  days_left: number;
  bucket: Bucket | null;
  premium_amount: string;
  assignee: { id: string; name: string } | null;
  renewal_state: RenewalState;
  remarket: boolean;
}

export interface RenewalCockpit {
  today: string;
  time_zone: string;
  remarket_threshold: number;
  buckets: BucketSummary[];
  rows: RenewalRow[];
  total: number;
  page: number;
  pageSize: number;
  /** the assignee filter that applied ("me" for a team member by default) */
  assignee: string;
  retention: { renewed: number; lost: number; lapsed: number; rate: number | null };
  carriers: string[];
  members: { id: string; name: string }[];
}

export interface RenewalPrefill {
  policy_id: string;
  policy_number: string;
  next_policy_number: string;
  start_date: string;
  end_date: string;
  /** the previous term's length as the form's choice (Renew keeps it unless changed) */
  term: PolicyTerm;
  premium_amount: string;
  remarket_threshold: number;
}

export interface TermLink {
  id: string;
  policy_number: string;
  start_date: string;
  end_date: string;
}
