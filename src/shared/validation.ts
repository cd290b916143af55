// Small building blocks for the feature schemas.
import { z } from 'zod';
import { INVALID_EMAIL } from './auth-text.ts';

/** text, @, text, dot, text, with no spaces (agency.md §5); used for every e-mail field. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export { INVALID_EMAIL };

export function requiredText(message: string, max = 200) {
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `Must be at most ${max} characters.`);
}

export function optionalText(max = 200) {
  return z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters.`)
    .optional()
    .transform((v) => (v ? v : null));
}

export function emailField(requiredMessage: string, invalidMessage = INVALID_EMAIL) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(254, invalidMessage)
    .regex(EMAIL_PATTERN, invalidMessage)
    .transform((v) => v.toLowerCase());
}

/** Field name → first message, for the `fields` part of an error answer. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
