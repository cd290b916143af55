// Renewals (issue 11): the cockpit's buckets, renewal states, lost reasons, the Renew form's rules
// and the texts the server answers with and the web app shows.
import { z } from 'zod';
import { moneyField, nullableText } from './money.ts';
import { POLICY_TYPES } from './policy-types.ts';
import { endDateText, POLICY_TERMS, renewedTerm, resolveTermEnd, TERM_TEXT, type PolicyTerm } from './terms.ts';
import { safeText } from './validation.ts';
import { BUCKETS, COCKPIT_VIEWS, LOST_REASONS, MANUAL_RENEWAL_STATES } from './renewals-text.ts';

export * from './renewals-text.ts';

/** The Renew form's prefill: new start = old end, and the previous term's length (terms.ts). */
export function renewalDates(current: { start_date: string; end_date: string }): { start_date: string; end_date: string; term: PolicyTerm } {
  return renewedTerm(current);
}

export const renewInputSchema = z.object({
  premium_amount: moneyField('Premium Amount is required.'),
  // Optional: a new policy number for the next term; the current one with a suffix otherwise.
  policy_number: nullableText(50),
  // Optional: omitted, the next term keeps the current one's length; otherwise the policy form's choice.
  term: z.enum(POLICY_TERMS, TERM_TEXT.choose).nullish(),
  end_date: endDateText,
});
export type RenewInput = z.output<typeof renewInputSchema>;

/**
 * The next term's dates: it starts when `current` ends; its end keeps the current length unless the
 * input chose a term. `message` is the End Date field's error (the same rule as the policy form).
 */
export function renewalTerm(
  current: { start_date: string; end_date: string },
  input: { term?: unknown; end_date?: unknown },
): { start_date: string; end_date: string } | { message: string } {
  if (input.term === undefined || input.term === null) return renewedTerm(current);
  const resolved = resolveTermEnd(current.end_date, input.term, input.end_date);
  if (!resolved) return renewedTerm(current);
  return 'message' in resolved ? resolved : { start_date: current.end_date, end_date: resolved.end_date };
}

export const markLostSchema = z.object({
  reason: z.enum(LOST_REASONS, 'Please choose a reason.'),
  note: nullableText(1000),
});
export type MarkLostInput = z.output<typeof markLostSchema>;

export const assignSchema = z.object({
  assignee_id: safeText({ error: 'Please choose an assignee.' }).min(1, 'Please choose an assignee.').max(200),
});

export const renewalStateSchema = z.object({
  state: z.enum(MANUAL_RENEWAL_STATES, 'Please choose a renewal state.'),
});

export const renewalQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).catch(25).default(25),
  /** "me", "all", "unassigned" or a member's user id; a team member sees "me" unless they choose */
  assignee: safeText().max(200).optional(),
  type: z.enum(['all', ...POLICY_TYPES]).catch('all').default('all'),
  carrier: safeText().max(200).catch('').default(''),
  bucket: z.enum(['all', ...BUCKETS]).catch('all').default('all'),
  sort: z.enum(['end_asc', 'end_desc']).catch('end_asc').default('end_asc'),
  view: z.enum(COCKPIT_VIEWS).catch('open').default('open'),
});
export type RenewalQuery = z.output<typeof renewalQuerySchema>;

