// CMS pages (About Us, Privacy Policy …) and the payment instructions shown on the upgrade page (issue 16).
import { z } from 'zod';
import { LONG_TEXT_MIN, safeText } from './validation.ts';

import type { CmsSlug } from './content-pages.ts';

export { CMS_PAGES, CMS_SLUGS, type CmsSlug } from './content-pages.ts';

export const CONTENT_STATUSES = ['draft', 'published'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

/** Markdown sources are capped: a page or post is text, not a file store. */
export const MARKDOWN_MAX_CHARS = 200_000;

export const CONTENT_TEXT = {
  titleRequired: 'Please enter a title.',
  titleTooLong: 'The title must be at most 150 characters.',
  bodyRequired: 'Please write the page content.',
  bodyTooLong: `The content must be at most ${MARKDOWN_MAX_CHARS.toLocaleString('en-US')} characters.`,
  invalidStatus: 'Please choose draft or published.',
  pageNotFound: 'Page not found',
  revisionNotFound: 'Revision not found',
  saved: 'Page saved.',
  published: 'Page published.',
  restored: 'Revision restored into the editor. Save to keep it.',
  saveFailed: 'Failed to save the page.',
  superAdminOnly: 'Only a super admin can change this.',
} as const;

export const cmsPageSchema = z.object({
  title: safeText({ error: CONTENT_TEXT.titleRequired }).min(1, CONTENT_TEXT.titleRequired).max(150, CONTENT_TEXT.titleTooLong),
  body: safeText({ error: CONTENT_TEXT.bodyRequired, multiline: true }).min(1, CONTENT_TEXT.bodyRequired).max(MARKDOWN_MAX_CHARS, CONTENT_TEXT.bodyTooLong),
  status: z.enum(CONTENT_STATUSES, { error: CONTENT_TEXT.invalidStatus }),
});
export type CmsPageInput = z.input<typeof cmsPageSchema>;

export interface CmsPageSummary {
  slug: CmsSlug;
  path: string;
  title: string;
  status: ContentStatus;
  /** true while the page shows the default text (published) that nobody has saved yet */
  is_default: boolean;
  updated_at: string | null;
}

export interface CmsRevision {
  id: string;
  title: string;
  status: ContentStatus;
  created_at: string;
  author: string | null;
  body?: string;
}

export interface CmsPageDetail extends CmsPageSummary {
  body: string;
  revisions: CmsRevision[];
}

/** What the public sees at /about, /privacy …: sanitised HTML, never the raw Markdown. */
export interface PublicCmsPage {
  slug: CmsSlug;
  title: string;
  html: string;
  updated_at: string | null;
}

// ---------------------------------------------------------------- payment instructions

export const PAYMENT_INSTRUCTIONS_TEXT = {
  bankNameTooLong: 'The bank name must be at most 100 characters.',
  accountTooLong: 'The account details must be at most 1,000 characters.',
  paypalInvalid: 'Please enter a valid PayPal e-mail address.',
  noteTooLong: 'The note must be at most 1,000 characters.',
  saved: 'Payment instructions saved.',
  saveFailed: 'Failed to save the payment instructions.',
  notSet: 'Payment details will be sent by support.',
} as const;

const optionalText = (max: number, message: string) => safeText({ multiline: max >= LONG_TEXT_MIN }).max(max, message).default('');

export const paymentInstructionsSchema = z.object({
  bank_name: optionalText(100, PAYMENT_INSTRUCTIONS_TEXT.bankNameTooLong),
  account_details: optionalText(1000, PAYMENT_INSTRUCTIONS_TEXT.accountTooLong),
  paypal_email: safeText()
    .max(254, PAYMENT_INSTRUCTIONS_TEXT.paypalInvalid)
    .refine((v) => v === '' || z.email().safeParse(v).success, PAYMENT_INSTRUCTIONS_TEXT.paypalInvalid)
    .default(''),
  note: optionalText(1000, PAYMENT_INSTRUCTIONS_TEXT.noteTooLong),
});
export type PaymentInstructionsInput = z.input<typeof paymentInstructionsSchema>;
export type PaymentInstructions = z.output<typeof paymentInstructionsSchema>;

/** Instructions count as set once there is somewhere to send the money. */
export function hasPaymentInstructions(p: PaymentInstructions | null | undefined): p is PaymentInstructions {
  return Boolean(p && (p.bank_name || p.account_details || p.paypal_email));
}
