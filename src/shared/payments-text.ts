// Upgrade payments' texts, methods and statuses, apart from the schemas (payments.ts) so that the
// signed-in shell's trial banner doesn't load the validation library (issue 33).
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
