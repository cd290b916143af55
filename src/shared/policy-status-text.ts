// A term's status rule, cancellation's labels, texts and premium arithmetic, apart from the
// cancellation schema (policy-status.ts) so that the lists, which show statuses, don't load the
// validation library (issue 33).
import { parseMoney } from './money-text.ts';
import type { CancelInput } from './policy-status.ts';

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

/** The form's hint under Status: why only two choices are offered. */
export const STATUS_HINT = 'Active once bound. Expired, Renewed, Lost and Cancelled follow the term\'s dates and events.';

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

// ---- Cancellation and reinstatement ----

export const CANCEL_REASONS = ['client_request', 'non_payment', 'underwriting', 'replaced'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];
export const CANCEL_REASON_LABEL: Record<CancelReason, string> = {
  client_request: 'Client request',
  non_payment: 'Non-payment',
  underwriting: 'Underwriting',
  replaced: 'Replaced',
};
export const CANCEL_METHODS = ['pro_rata', 'flat'] as const;
export type CancelMethod = (typeof CANCEL_METHODS)[number];
export const CANCEL_METHOD_LABEL: Record<CancelMethod, string> = {
  pro_rata: 'Pro rata',
  flat: 'Flat (whole premium returned)',
};

export const CANCEL_TEXT = {
  title: 'Cancel policy',
  action: 'Cancel policy',
  confirm: 'Confirm cancellation',
  cancelled: 'Policy cancelled.',
  scheduled: (date: string) => `Policy cancellation scheduled for ${date}.`,
  reinstate: 'Reinstate',
  reinstated: 'Policy reinstated.',
  unearned: 'Unearned premium',
  dateRequired: 'Effective Date is required.',
  dateInvalid: 'Please enter a valid date (YYYY-MM-DD).',
  reasonRequired: 'Please choose a reason.',
  methodRequired: 'Please choose flat or pro rata.',
  beforeStart: (start: string) => `The cancellation cannot take effect before the term starts (${start}).`,
  afterEnd: (end: string) => `The cancellation must take effect before the term ends (${end}).`,
  alreadyCancelled: 'This policy is already cancelled.',
  renewedTerm: 'This term has been renewed: cancel the new term instead.',
  notCancelled: 'This policy is not cancelled.',
  reinstateRenewed: 'This term has been renewed, so it cannot be reinstated.',
  reinstateEnded: 'The term has ended, so it can no longer be reinstated.',
} as const;

/** The field message when the effective date falls outside the term [start, end); null when inside. */
export function cancelDateError(term: Pick<TermFacts, 'start_date' | 'end_date'>, effective: string): string | null {
  if (effective < term.start_date) return CANCEL_TEXT.beforeStart(term.start_date);
  if (effective >= term.end_date) return CANCEL_TEXT.afterEnd(term.end_date);
  return null;
}

const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);

/**
 * The premium returned on cancellation, exact to the cent: flat returns all of it; pro rata the share
 * of the term's days from the effective date to the end, in integer cents rounded half up.
 */
export function unearnedPremium(term: { premium_amount: string; start_date: string; end_date: string }, effective: string, method: CancelMethod): string {
  const premium = parseMoney(term.premium_amount) ?? '0.00';
  if (method === 'flat') return premium;
  const cents = BigInt(premium.replace('.', ''));
  const termDays = BigInt(Math.max(1, dayNumber(term.end_date) - dayNumber(term.start_date)));
  const leftDays = BigInt(Math.min(Number(termDays), Math.max(0, dayNumber(term.end_date) - dayNumber(effective))));
  const share = (cents * leftDays * 2n + termDays) / (termDays * 2n);
  const text = share.toString().padStart(3, '0');
  return `${text.slice(0, -2)}.${text.slice(-2)}`;
}

/** What the dialog shows before confirming (computed by the server). */
export interface CancelQuote {
  effective_date: string;
  method: CancelMethod;
  unearned_premium: string;
  term_days: number;
  unearned_days: number;
}

export function cancelQuote(term: { premium_amount: string; start_date: string; end_date: string }, input: CancelInput): CancelQuote {
  return {
    effective_date: input.effective_date,
    method: input.method,
    unearned_premium: unearnedPremium(term, input.effective_date, input.method),
    term_days: dayNumber(term.end_date) - dayNumber(term.start_date),
    unearned_days: input.method === 'flat' ? dayNumber(term.end_date) - dayNumber(term.start_date) : dayNumber(term.end_date) - dayNumber(input.effective_date),
  };
}
