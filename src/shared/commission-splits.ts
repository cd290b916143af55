// Producer splits (issue 31): each agency member's share of the commission on the terms they are
// assigned (new business and renewals), a term shared with a second producer, and the producer
// report. Percentages and money are exact decimal strings; sums are the server's.
import { z } from 'zod';
import type { Requirement } from './access.ts';
import { COMMISSION_TEXT, parseRate } from './commissions.ts';
import { idField } from './validation.ts';

export const SPLIT_TEXT = {
  newRequired: 'Please enter the split of new business.',
  renewalRequired: 'Please enter the split of renewals.',
  splitInvalid: 'Please enter a split between 0 and 100 percent (for example 40).',
  memberNotFound: 'Team member not found.',
  managersOnly: 'Only the agency owner or an admin can change producer splits.',
  producerRequired: 'Please choose the second producer.',
  shareRequired: "Please enter the second producer's share.",
  shareInvalid: 'Please enter a share above 0 and below 100 percent (for example 50).',
  sameProducer: "The second producer must be someone other than the policy's assignee.",
  splitSaved: 'Split saved.',
  splitRemoved: 'Split removed.',
  termSplitSaved: 'Producers saved.',
  noProducer: 'No producer',
  noSplit: 'No split',
} as const;

/** Pay is the owner's and admins' business: members see the splits, only they change them. */
export const SPLIT_MANAGERS: Requirement = { agencyRoles: ['owner', 'admin'] };

const percent = (required: string, invalid: string, check: (rate: string) => boolean = () => true) =>
  z.unknown().transform((value, ctx): string => {
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      ctx.addIssue({ code: 'custom', message: required });
      return z.NEVER;
    }
    const rate = parseRate(value);
    if (rate === null || !check(rate)) {
      ctx.addIssue({ code: 'custom', message: invalid });
      return z.NEVER;
    }
    return rate;
  });

/** A member's split: percentages of the agency's commission, 0–100, up to 4 decimals. */
export const producerSplitSchema = z.object({
  new_business: percent(SPLIT_TEXT.newRequired, SPLIT_TEXT.splitInvalid),
  renewal: percent(SPLIT_TEXT.renewalRequired, SPLIT_TEXT.splitInvalid),
});
export type ProducerSplitInput = z.output<typeof producerSplitSchema>;

const shareField = percent(SPLIT_TEXT.shareRequired, SPLIT_TEXT.shareInvalid, (r) => Number(r) > 0 && Number(r) < 100);

/** A term's second producer and their share (the assignee keeps the rest); `producer_id: null` ends the sharing. */
export const termSplitSchema = z
  .object({
    producer_id: idField(SPLIT_TEXT.producerRequired).nullable(),
    share: z.unknown().optional(),
  })
  .transform((v, ctx): { producer_id: string; share: string } | null => {
    if (v.producer_id === null) return null;
    const share = shareField.safeParse(v.share);
    if (!share.success) {
      ctx.addIssue({ code: 'custom', path: ['share'], message: share.error.issues[0].message });
      return z.NEVER;
    }
    return { producer_id: v.producer_id, share: share.data };
  });

export interface ProducerSplit {
  user_id: string;
  name: string;
  email: string;
  role: string;
  /** null: no split set (the member earns nothing in the report until one is) */
  new_business: string | null;
  renewal: string | null;
}

export interface TermSplit {
  producer_id: string;
  producer_name: string;
  share: string;
}

/**
 * One producer's part of the agency's commission (their share of each term they produce) and what
 * they earn of it at their split. The agency's columns of all rows, with "No producer", add up to
 * the reconciliation's totals for the same filters.
 */
export interface ProducerReportRow {
  /** null: terms with no assignee */
  producer_id: string | null;
  name: string;
  new_business: string | null;
  renewal: string | null;
  terms: number;
  expected: string;
  received: string;
  difference: string;
  /** the producer's split of the expected commission */
  earned_expected: string;
  /** the producer's split of what the carriers paid: what they earned */
  earned: string;
}

export interface ProducerReport {
  rows: ProducerReportRow[];
  totals: Omit<ProducerReportRow, 'producer_id' | 'name' | 'new_business' | 'renewal'>;
}

export { COMMISSION_TEXT };
