// Upgrades by proof of payment (platform.md §2 Upgrade and billing, §3, §4, §5, §8).
import { z } from 'zod';
import { sortSchema } from './lists.ts';
import { optionalText, safeText } from './validation.ts';
import { DATE_TEXT, isPlausibleDate } from './money.ts';
import { PAID_TIERS, type PaidTier } from './tiers.ts';
import type { StoredFileInfo } from './files.ts';

export const PAYMENT_METHODS = ['Bank Transfer', 'PayPal', 'Credit Card', 'Other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const SUBMISSION_STATUSES = ['Pending', 'Under Review', 'Approved', 'Rejected'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export const PAYMENT_TEXT = {
  invalidFileTitle: 'Invalid file type',
  invalidFile: 'Please upload JPG, PNG, or PDF.',
  tooLargeTitle: 'File too large',
  tooLarge: 'File must be under 5MB.',
  termsTitle: 'Terms not accepted',
  terms: 'You must agree to the terms and conditions.',
  receiptTitle: 'Receipt required',
  receipt: 'Please upload a payment receipt.',
  submissionFailed: 'Submission Failed',
  uploadFailed: (reason: string) => `Failed to upload receipt: ${reason}`,
  success: 'Your payment submission has been received.',
  historyError: (message: string) => `Error loading billing history: ${message}`,
  approved: 'Submission approved',
  rejected: 'Submission rejected',
  actionFailed: 'Action failed',
  alreadyDecided: 'This submission has already been decided.',
  tierRequired: 'Please select a plan.',
  methodRequired: 'Please select a payment method.',
  dateRequired: 'Please enter the payment date.',
  dateInFuture: 'The payment date cannot be in the future.',
  rejectNotesRequired: 'Please give the reason for the rejection.',
  notFound: 'Submission not found',
  replaced: 'Replaced by a newer submission.',
  fieldsToFix: (labels: string[]) => `Please complete or correct: ${labels.join(', ')}.`,
  trialEnded: 'Your free trial has ended, so your account now has the Starter plan’s features and limits. Your data is kept. Upgrade to get your plan back.',
} as const;

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
