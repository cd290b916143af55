// Small building blocks for the feature schemas.
import { z } from 'zod';
import { INVALID_EMAIL } from './auth-text.ts';
import { EMAIL_PATTERN, hasControlCharacters, TEXT_RULE_TEXT } from './text-rules.ts';

export { EMAIL_PATTERN, hasControlCharacters, TEXT_RULE_TEXT };
export { INVALID_EMAIL };

/** Fields this long are free text (notes, messages): tab and line breaks are allowed in them. */
export const LONG_TEXT_MIN = 1000;

/**
 * The one text rule every text field of every schema starts from: a string without control
 * characters (tab and line breaks allowed in long text), trimmed.
 */
export function safeText(options: { multiline?: boolean; error?: string; trim?: boolean } = {}) {
  const multiline = options.multiline ?? false;
  // the one z.string() of src/shared (eslint's no-restricted-syntax allows it in this file only)
  const text = z
    .string(options.error === undefined ? undefined : { error: options.error })
    .refine((v) => !hasControlCharacters(v, multiline), TEXT_RULE_TEXT.controlCharacters);
  return options.trim === false ? text : text.trim();
}

/** A password as typed: never trimmed (spaces may be part of it), control characters refused. */
export function passwordText(error?: string) {
  return safeText({ error, trim: false });
}

/** Any well-formed UUID (PostgreSQL's uuid type reads every version). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/** The one id type: a row's or a user's id (UUIDs both), with the message to show otherwise. */
export function idField(message: string) {
  return safeText({ error: message }).regex(UUID_PATTERN, message);
}

export function requiredText(message: string, max = 200, multiline = max >= LONG_TEXT_MIN) {
  return safeText({ error: message, multiline })
    .min(1, message)
    .max(max, `Must be at most ${max} characters.`);
}

/**
 * Optional text: absent, empty or blank becomes null. It accepts null as input too, so a form can
 * send back what it read (the web sends what the schema accepts as input).
 */
export function optionalText(max = 200) {
  return safeText({ multiline: max >= LONG_TEXT_MIN })
    .max(max, `Must be at most ${max} characters.`)
    .nullish()
    .transform((v) => (v ? v : null));
}

/** A list's search box: control characters are refused (400); anything else unusable is ignored. */
export function searchField(max = 200) {
  return z.unknown().optional().transform((value, ctx): string => {
    if (typeof value !== 'string') return '';
    if (hasControlCharacters(value)) {
      ctx.addIssue({ code: 'custom', message: TEXT_RULE_TEXT.controlCharacters });
      return z.NEVER;
    }
    const trimmed = value.trim();
    return trimmed.length > max ? '' : trimmed;
  }).meta({ type: 'string', description: `Matches anywhere in the row's text, case-insensitive; over ${max} characters it is ignored.` });
}

export function emailField(requiredMessage: string, invalidMessage = INVALID_EMAIL) {
  return safeText({ error: requiredMessage })
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
