// Commission schedules and a policy's own rate as /api/v1, its change feed and its webhooks answer
// them (issue 34 §3): one shape for the three, so they never disagree.
import type { CommissionRate } from './commissions.ts';

/** A schedule's rate (the app's shape). A rate never changes: a new one is created (and an old one deleted) instead. */
export type ApiCommissionRate = CommissionRate;

/** A policy's own rate over its schedule's: one per policy, so its id is the policy's. */
export interface ApiCommissionOverride {
  id: string;
  policy_id: string;
  rate: string;
  updated_at: string;
}

export const COMMISSION_API_TEXT = {
  noOverride: 'This policy has no own commission rate.',
  invalidCursor: 'cursor must be a next_cursor of this list.',
} as const;
