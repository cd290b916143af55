// What the reconciliation says of a term, without zod: the policies list's Commission column reads
// these labels on its first screen (first-load.test keeps zod off that page).
/** What the reconciliation says of a term. */
export const COMMISSION_STATES = ['paid', 'short_paid', 'unpaid', 'overpaid', 'no_rate'] as const;
export type CommissionState = (typeof COMMISSION_STATES)[number];
export const COMMISSION_STATE_LABEL: Record<CommissionState, string> = {
  paid: 'Paid in full',
  short_paid: 'Short-paid',
  unpaid: 'Unpaid',
  overpaid: 'Over-paid',
  no_rate: 'No rate',
};


/** A term's commission as the policies list carries it (money as exact decimal text). */
export interface PolicyCommission {
  /** 0.00 without a rate (the state says "no_rate") */
  expected: string;
  received: string;
  difference: string;
  state: CommissionState;
}
