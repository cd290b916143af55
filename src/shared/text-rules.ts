// The text rules without the schema library, so that a page that only checks a few fields (the login
// form, issue 17) does not load zod; validation.ts builds the schemas from these.

/** text, @, text, dot, text, with no spaces (agency.md §5); used for every e-mail field. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const TEXT_RULE_TEXT = {
  controlCharacters: 'This field contains a control character (such as NUL) that is not allowed. Please remove it.',
} as const;

// NUL breaks PostgreSQL text outright; the other C0/C1 controls are invisible and never typed on purpose.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_IN_LINE = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_IN_LONG_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

export function hasControlCharacters(value: string, multiline = false): boolean {
  return (multiline ? CONTROL_IN_LONG_TEXT : CONTROL_IN_LINE).test(value);
}
