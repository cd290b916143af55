// Communication log entries (agency.md §3, §5): content is required; types from §9.
import { z } from 'zod';
import { nullableText } from './money.ts';
import { requiredText, safeText } from './validation.ts';

export const COMMUNICATION_TYPES = ['email', 'phone', 'meeting', 'letter'] as const;
export type CommunicationType = (typeof COMMUNICATION_TYPES)[number];
export const COMMUNICATION_TYPE_LABEL: Record<CommunicationType, string> = {
  email: 'Email',
  phone: 'Phone',
  meeting: 'Meeting',
  letter: 'Letter',
};

export const COMMUNICATION_TEXT = {
  contentRequired: 'Content is required.',
  logged: 'Communication logged.',
  upsellTitle: 'Upgrade to access communication logs',
  upsellText: 'This feature is available on the Business plan and above.',
  empty: 'No communications logged yet.',
  invalidDate: 'Please enter a valid date and time.',
  // the log is append-only (issue 14): a mistake is fixed by a correction that names the entry it corrects
  corrected: 'Correction logged.',
  notFound: 'Communication not found.',
  appendOnly: 'The communication log is append-only: an entry cannot be deleted. Log a correction instead.',
} as const;

export const communicationInputSchema = z.object({
  type: z.enum(COMMUNICATION_TYPES, 'Please choose a communication type.').default('email'),
  subject: nullableText(200),
  content: requiredText(COMMUNICATION_TEXT.contentRequired, 10_000),
  communication_date: safeText()
    .optional()
    .nullable()
    .transform((v, ctx) => {
      if (!v) return null;
      const d = new Date(v);
      if (Number.isNaN(d.getTime()) || d.getFullYear() < 1900 || d.getFullYear() > 2200) {
        ctx.addIssue({ code: 'custom', message: COMMUNICATION_TEXT.invalidDate });
        return z.NEVER;
      }
      return d.toISOString();
    })
    .meta({ type: ['string', 'null'], format: 'date-time', description: 'When it happened (ISO 8601); now when omitted.' }),
});
export type CommunicationInput = z.input<typeof communicationInputSchema>;
export type CommunicationValues = z.output<typeof communicationInputSchema>;
