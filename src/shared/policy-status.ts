// Cancellation and reinstatement of a term (its labels, texts, schema and premium arithmetic); the
// status rule itself is policy-status-text.ts, re-exported here.
import { z } from 'zod';
import { parseMoney } from './money-text.ts';
import { safeText } from './validation.ts';
import type { TermFacts } from './policy-status-text.ts';

export * from './policy-status-text.ts';

/** The form's hint under Status: why only two choices are offered. */
export const STATUS_HINT = 'Active once bound. Expired, Renewed, Lost and Cancelled follow the term\'s dates and events.';

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

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** One schema for the dialog and the server (the term's bounds are checked against the stored row). */
export const cancelInputSchema = z.object({
  effective_date: safeText({ error: CANCEL_TEXT.dateRequired })
    .min(1, CANCEL_TEXT.dateRequired)
    .refine((v) => isoDate.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), CANCEL_TEXT.dateInvalid),
  reason: z.enum(CANCEL_REASONS, CANCEL_TEXT.reasonRequired),
  method: z.enum(CANCEL_METHODS, CANCEL_TEXT.methodRequired),
});
export type CancelInput = z.output<typeof cancelInputSchema>;

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
