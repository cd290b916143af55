// A client's premium payment recorded by the agency (the /payment-receipt page, platform.md §3, §5).
import { z } from 'zod';
import { optionalText, requiredText, safeText } from './validation.ts';
import { paymentDateField } from './payments.ts';
import type { StoredFileInfo } from './files.ts';

export const PREMIUM_METHODS = ['credit_card', 'debit_card', 'bank_transfer', 'check', 'cash', 'other'] as const;
export type PremiumMethod = (typeof PREMIUM_METHODS)[number];

export const PREMIUM_METHOD_LABEL: Record<PremiumMethod, string> = {
  credit_card: 'Credit Card',
  debit_card: 'Debit Card',
  bank_transfer: 'Bank Transfer',
  check: 'Check',
  cash: 'Cash',
  other: 'Other',
};

export const PREMIUM_TEXT = {
  paymentNotFound: 'Premium payment not found.',
  invalidFileTitle: 'Invalid file type',
  invalidFile: 'Please upload only images (JPEG, PNG, GIF) or PDF files.',
  tooLargeTitle: 'File too large',
  tooLarge: 'Please upload files smaller than 10MB.',
  receiptTitle: 'Receipt required',
  receipt: 'Please upload at least one payment receipt.',
  tooManyFiles: 'Please upload at most 5 files at a time.',
  clientNameRequired: 'Please enter the client name.',
  policyNumberRequired: 'Please enter the policy number.',
  policyNotFound: 'No policy with this number was found in your agency.',
  amountRequired: 'Please enter the payment amount.',
  amountPositive: 'The amount must be greater than 0.',
  amountFormat: 'Please enter an amount with at most 2 decimal places.',
  dateRequired: 'Please enter the payment date.',
  methodRequired: 'Please select a payment method.',
  saved: 'Payment receipt saved.',
  saveFailed: 'Failed to save the payment receipt.',
  loadFailed: 'Error loading premium payments',
  deleteTitle: 'Delete this payment?',
  deleteBody: (amount: string, date: string) => `The payment of ${amount} on ${date} and its receipts' links are removed from this policy. You can undo this for 10 minutes.`,
  deleted: 'Premium payment deleted.',
  restored: 'Premium payment restored.',
  undoInvalid: 'This undo is not valid.',
  undoExpired: 'This payment can no longer be restored: the undo lasts 10 minutes.',
  undoPolicyGone: 'The policy of this payment has been deleted since: the payment cannot be restored.',
  undoDone: 'This payment has already been restored.',
} as const;

const AMOUNT_PATTERN = /^\d{1,12}(\.\d{1,2})?$/;

export const premiumPaymentSchema = z.object({
  client_name: requiredText(PREMIUM_TEXT.clientNameRequired, 200),
  policy_number: requiredText(PREMIUM_TEXT.policyNumberRequired, 100),
  amount: safeText({ error: PREMIUM_TEXT.amountRequired })
    .min(1, PREMIUM_TEXT.amountRequired)
    .refine((v) => Number(v) > 0, PREMIUM_TEXT.amountPositive)
    .regex(AMOUNT_PATTERN, PREMIUM_TEXT.amountFormat),
  payment_date: paymentDateField(PREMIUM_TEXT.dateRequired),
  payment_method: z.enum(PREMIUM_METHODS, { error: PREMIUM_TEXT.methodRequired }),
  notes: optionalText(2000),
});
/** The Undo of a deleted payment: the token its delete answered. */
export const paymentUndoSchema = z.object({ undo: safeText({ error: PREMIUM_TEXT.undoInvalid }).min(1, PREMIUM_TEXT.undoInvalid).max(4000, PREMIUM_TEXT.undoInvalid) });

export type PremiumPaymentInput = z.input<typeof premiumPaymentSchema>;

export interface PremiumPayment {
  id: string;
  policy_id: string;
  client_name: string;
  policy_number: string;
  amount: string;
  payment_date: string;
  payment_method: PremiumMethod;
  notes: string | null;
  created_at: string;
  /** moves when the answer changes: its author renamed themselves (decision 083); restored by an Undo */
  updated_at: string;
  created_by_name: string | null;
  files: StoredFileInfo[];
}
