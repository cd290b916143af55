// The contact form (spec: platform.md §2 /contact, §3, §5). Company is the only optional field.
import { z } from 'zod';
import { emailField, optionalText, requiredText, safeText } from './validation.ts';

export const CONTACT_REASONS = ['sales', 'support', 'billing', 'feature', 'partnership', 'other'] as const;
export type ContactReason = (typeof CONTACT_REASONS)[number];

export const CONTACT_REASON_LABEL: Record<ContactReason, string> = {
  sales: 'Sales inquiry',
  support: 'Technical support',
  billing: 'Billing question',
  feature: 'Feature request',
  partnership: 'Partnership',
  other: 'Other',
};

export const CONTACT_MESSAGE_MAX = 5000;

export const CONTACT_TEXT = {
  nameRequired: 'Please enter your name.',
  emailRequired: 'Please enter your email address.',
  reasonRequired: 'Please choose a reason for contacting us.',
  subjectRequired: 'Please enter a subject.',
  messageRequired: 'Please enter your message.',
  messageTooLong: `Your message must be at most ${CONTACT_MESSAGE_MAX} characters.`,
  sentTitle: 'Message sent',
  sent: "Thank you for contacting us. We'll get back to you within 24 hours.",
  failedTitle: 'Message not sent',
  tooMany: 'You have sent several messages recently. Please wait a while before sending another, or e-mail us directly.',
} as const;

export const contactSchema = z.object({
  name: requiredText(CONTACT_TEXT.nameRequired, 200),
  email: emailField(CONTACT_TEXT.emailRequired),
  company: optionalText(200),
  contactReason: z.enum(CONTACT_REASONS, { error: CONTACT_TEXT.reasonRequired }),
  // A pasted line break is kept here and flattened where the subject becomes a mail header.
  subject: requiredText(CONTACT_TEXT.subjectRequired, 200, true),
  message: safeText({ error: CONTACT_TEXT.messageRequired, multiline: true })
    .min(1, CONTACT_TEXT.messageRequired)
    .max(CONTACT_MESSAGE_MAX, CONTACT_TEXT.messageTooLong),
  /** Honeypot: hidden from people, filled in by bots; a filled-in message is dropped silently. */
  website: safeText().max(500).optional(),
});
export type ContactInput = z.input<typeof contactSchema>;
export type ContactData = z.output<typeof contactSchema>;
