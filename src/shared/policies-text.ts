// Policies' texts, list query and row types, apart from the form and API schemas (policies.ts) so
// that the lists, which show policies, don't load the validation library (issue 33).
import type { ListQueryDefinition, ListQueryOf } from './lists-text.ts';
import type { LineDetails } from './lines/index.ts';
import type { CancelMethod, CancelReason } from './policy-status.ts';
import { POLICY_STATUSES, type PolicyStatus } from './policy-status-text.ts';
import { POLICY_TYPES, type PolicyType } from './policy-types.ts';
import type { LostReason, RenewalState, TermLink } from './renewals-text.ts';
import type { PolicyTerm } from './terms.ts';
import { COMMISSION_STATES, type PolicyCommission } from './commission-states.ts';

export { POLICY_TYPES, POLICY_TYPE_LABEL, POLICY_TYPE_OPTIONS, type PolicyType } from './policy-types.ts';
export { POLICY_STATUSES, POLICY_STATUS_LABEL, CHOSEN_STATUSES, type PolicyStatus, type ChosenStatus } from './policy-status-text.ts';

export const COVERAGE_TYPES = ['comprehensive', 'third-party', 'collision'] as const;

export const COVERAGE_LABEL: Record<(typeof COVERAGE_TYPES)[number], string> = {
  comprehensive: 'Comprehensive',
  'third-party': 'Third Party',
  collision: 'Collision',
};

export const PAGE_SIZE = 25;
export const PICKER_PAGE_SIZE = 5;

export const POLICY_TEXT = {
  statusChoice: 'Please choose Pending or Active: the other statuses follow the dates.',
  searchPlaceholder: 'Search by customer, policy #, or company',
  empty: 'No policies found.',
  limitTitle: 'Policy limit reached',
  limitMessage: 'Please upgrade your plan to add more policies.',
  created: 'Policy created successfully.',
  updated: 'Policy updated successfully.',
  deleted: 'Policy deleted successfully.',
  deleteTitle: 'Are you sure?',
  deleteText: 'This action cannot be undone. This will permanently delete the policy and all its associated data.',
  loadError: (message: string) => `Error loading policy: ${message}`,
  customerFailed: (message: string) => `Failed to create customer: ${message}`,
  notAuthenticated: 'User not authenticated',
  duplicateNumber: 'A policy with this number already exists.',
  customerNotFound: 'Customer not found.',
  notFound: 'Policy not found.',
  unlimited: 'Unlimited',
  // the spec's 'Unlimited', saying what is unlimited (issue 30: the header read just "Unlimited")
  used: (count: number, limit: number | null) => (limit === null ? 'Unlimited policies' : `${count} / ${limit} policies used`),
} as const;

/** The message of a policy_type that is no registered line. */
export const POLICY_TYPE_REQUIRED = 'Please choose a policy type.';

/** `commission` sorts by expected commission (only with the commissions feature; no rate last). */
export const POLICY_SORT_COLUMNS = ['created_at', 'end_date', 'premium_amount', 'commission'] as const;

/** The policies list's URL query; policyListQuerySchema (policies.ts) reads the same on the server. */
export const POLICY_LIST_QUERY = {
  sortColumns: POLICY_SORT_COLUMNS,
  defaultSort: 'created_at.desc',
  pageSize: PAGE_SIZE,
  filters: {
    type: { oneOf: ['all', ...POLICY_TYPES] },
    status: { oneOf: ['all', ...POLICY_STATUSES] },
    /** "all", "me", "unassigned" or a member's user id */
    assignee: { text: 200, fallback: 'all' },
    /** the reconciliation's state of the term (only with the commissions feature) */
    commission: { oneOf: ['all', ...COMMISSION_STATES] },
  },
} as const satisfies ListQueryDefinition;
export type PolicyListQuery = ListQueryOf<typeof POLICY_LIST_QUERY>;

export interface Policy {
  id: string;
  customer_id: string | null;
  policy_number: string;
  insurance_company: string;
  policy_type: PolicyType;
  customer_name: string;
  customer_email: string;
  customer_phone: string | null;
  premium_amount: string;
  coverage_amount: string;
  deductible: string;
  start_date: string;
  end_date: string;
  /** which choice the dates are: 12 or 6 months from the start, or a custom end date */
  term: PolicyTerm;
  /** derived from the dates and events on the agency's today (derivePolicyStatus) */
  status: PolicyStatus;
  /** the agent's choice: Active (bound) or Pending */
  bound: boolean;
  cancel_effective_date: string | null;
  cancel_reason: CancelReason | null;
  cancel_method: CancelMethod | null;
  unearned_premium: string | null;
  assignee_id: string | null;
  assignee_name: string | null;
  renewal_state: RenewalState;
  lost_reason: LostReason | null;
  lost_note: string | null;
  renewed_from_id: string | null;
  remarket: boolean;
  created_at: string;
  updated_at: string;
  /** the term's commission, in the session list's answer when the agency has the commissions feature */
  commission?: PolicyCommission;
}

export type PolicyDetail = Policy & LineDetails & {
  customer: { id: string; name: string; email: string; phone: string | null } | null;
  /** the chain of terms: the term this one renews, and the one that renewed it */
  previous_term: TermLink | null;
  next_term: TermLink | null;
};

export interface Page<T> {
  rows: T[];
  /** exact up to 10,000 matching rows; above that the database's estimate */
  total: number;
  /** true when total is an estimate, shown as "about N" */
  totalIsEstimate?: boolean;
  page: number;
  pageSize: number;
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Unknown statuses are shown as pending (agency.md §4). */
export function displayStatus(status: string): PolicyStatus {
  return (POLICY_STATUSES as readonly string[]).includes(status) ? (status as PolicyStatus) : 'pending';
}

/** On a customer's policy table: active only while status is active and the end date is ahead. */
export function customerPolicyState(policy: { status: string; end_date: string }, today: string): 'active' | 'expired' {
  return policy.status === 'active' && policy.end_date > today ? 'active' : 'expired';
}
