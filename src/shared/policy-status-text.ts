// A term's status follows its dates and events (issue 29 §1, decision 052): one rule, read by the
// list, the policy page, the reports, the dashboard, /api/v1 and the daily job. The agent chooses
// only whether the term is bound (Pending or Active); dates, renewal and cancellation decide the rest.
// Apart from cancellation (policy-status.ts) so that the lists, which show statuses, don't load the
// validation library (issue 33).
export const POLICY_STATUSES = ['pending', 'active', 'expired', 'renewed', 'lost', 'cancelled'] as const;
export type PolicyStatus = (typeof POLICY_STATUSES)[number];
/** What the agent may choose on the form, the API and bulk "Change status" (bound or not). */
export const CHOSEN_STATUSES = ['pending', 'active'] as const;
export type ChosenStatus = (typeof CHOSEN_STATUSES)[number];

export const POLICY_STATUS_LABEL: Record<PolicyStatus, string> = {
  pending: 'Pending',
  active: 'Active',
  expired: 'Expired',
  renewed: 'Renewed',
  lost: 'Lost',
  cancelled: 'Cancelled',
};

/** What the rule reads of a term. Dates are yyyy-MM-dd; the term runs from start up to (not including) end. */
export interface TermFacts {
  start_date: string;
  end_date: string;
  /** the agent's choice: Active (bound) or Pending (not yet bound) */
  bound: boolean;
  cancel_effective_date: string | null;
  /** the renewal cockpit's state: 'renewed' once the next term exists, 'lost' when marked lost */
  renewal_state: string;
}

/**
 * The status of a term on `today` (the agency's date). Order matters: a cancellation in effect wins,
 * then an ended term is Renewed, Lost (per the cockpit) or Expired — never Active — then a term
 * not yet started or not bound is Pending. The server's SQL twin (policyStatusSql) is tested against it.
 */
export function derivePolicyStatus(term: TermFacts, today: string): PolicyStatus {
  if (term.cancel_effective_date !== null && term.cancel_effective_date <= today) return 'cancelled';
  if (term.end_date <= today) return term.renewal_state === 'renewed' ? 'renewed' : term.renewal_state === 'lost' ? 'lost' : 'expired';
  if (term.start_date > today || !term.bound) return 'pending';
  return 'active';
}

/**
 * The stored statuses a term can show `status` under today: the stored column is what the rule said
 * at the last write or daily run, and a date passing moves a term only forward (pending → active →
 * ended or cancelled). A list filtered by status reads these from its index, then applies the rule.
 */
export function storedStatusesFor(status: PolicyStatus): PolicyStatus[] {
  if (status === 'pending') return ['pending'];
  if (status === 'active') return ['pending', 'active'];
  if (status === 'cancelled') return ['pending', 'active', 'cancelled'];
  // Renewed and Lost also follow the cockpit's actions on an ended term
  return ['pending', 'active', 'expired', 'renewed', 'lost'];
}
