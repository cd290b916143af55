// Upgrades by proof of payment (platform.md §2 Upgrade and billing, §3, §4, §5, §8).
import { z } from 'zod';
import { sortSchema } from './lists.ts';
import { optionalText, safeText } from './validation.ts';
import { DATE_TEXT, isPlausibleDate } from './money.ts';
import { PAID_TIERS, type PaidTier } from './tiers.ts';
import type { StoredFileInfo } from './files.ts';

import { PAYMENT_METHODS, PAYMENT_TEXT, SUBMISSION_STATUSES, type PaymentMethod, type SubmissionStatus } from './payments-text.ts';

export * from './payments-text.ts';

export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export function isRealDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** A payment date: a real yyyy-MM-dd, not after tomorrow (time zones differ by at most a day). */
export function paymentDateField(required: string) {
  return safeText({ error: required })
    .min(1, required)
    .refine(isRealDate, required)
    .refine((v) => new Date(`${v}T00:00:00Z`).getTime() <= Date.now() + 86_400_000, PAYMENT_TEXT.dateInFuture)
    .refine((v) => !isRealDate(v) || isPlausibleDate(v), DATE_TEXT.outOfRange);
}

/** The upgrade form's fields (the receipt travels next to them as a file). */
export const paymentSubmissionSchema = z.object({
  selected_tier: z.enum(PAID_TIERS, { error: PAYMENT_TEXT.tierRequired }),
  payment_method: z.enum(PAYMENT_METHODS, { error: PAYMENT_TEXT.methodRequired }),
  transaction_reference: optionalText(100),
  payment_date: paymentDateField(PAYMENT_TEXT.dateRequired),
  notes: optionalText(2000),
  agreed_to_terms: z.literal(true, { error: PAYMENT_TEXT.terms }),
});
export type PaymentSubmissionInput = z.input<typeof paymentSubmissionSchema>;

export const decisionSchema = z.object({ notes: optionalText(2000) });
export const rejectionSchema = z.object({
  notes: safeText({ error: PAYMENT_TEXT.rejectNotesRequired, multiline: true }).min(1, PAYMENT_TEXT.rejectNotesRequired).max(2000),
});

export const SUBMISSION_SORT_COLUMNS = ['created_at', 'payment_date'] as const;

export const adminSubmissionQuerySchema = z.object({
  status: z.enum(['all', ...SUBMISSION_STATUSES]).catch('Pending'),
  tier: z.enum(['all', ...PAID_TIERS]).catch('all'),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  sort: sortSchema(SUBMISSION_SORT_COLUMNS, 'created_at.desc'),
});
export type AdminSubmissionQuery = z.output<typeof adminSubmissionQuerySchema>;
export const ADMIN_SUBMISSIONS_PAGE_SIZE = 25;

/** The submitter's own billing history: every submission (a handful per user), sorted. */
export const ownSubmissionQuerySchema = z.object({ sort: sortSchema(SUBMISSION_SORT_COLUMNS, 'created_at.desc') });
export type OwnSubmissionQuery = z.output<typeof ownSubmissionQuerySchema>;

export interface PaymentSubmission {
  id: string;
  user_id: string;
  selected_tier: PaidTier;
  payment_method: PaymentMethod;
  transaction_reference: string | null;
  payment_date: string;
  notes: string | null;
  receipt_file: StoredFileInfo;
  status: SubmissionStatus;
  admin_notes: string | null;
  verified_by: string | null;
  verified_at: string | null;
  created_at: string;
}

export interface AdminPaymentSubmission extends PaymentSubmission {
  first_name: string;
  last_name: string;
  email: string;
}
