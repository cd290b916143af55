// The login form's three checks (e-mail given and well-formed, password given, password not too long)
// without zod, so the login page's first load stays small (issue 17). The server keeps loginSchema
// (auth.ts); login-check.test.ts proves both give the same first message per field.
import { AUTH_TEXT, PASSWORD_MAX } from './auth-text.ts';
import { EMAIL_PATTERN, hasControlCharacters, TEXT_RULE_TEXT } from './text-rules.ts';

export interface LoginValues {
  email: string;
  password: string;
  rememberMe?: boolean;
}
export type LoginErrors = Partial<Record<'email' | 'password', string>>;

export function checkLoginEmail(email: string): string | undefined {
  if (hasControlCharacters(email)) return TEXT_RULE_TEXT.controlCharacters;
  const trimmed = email.trim();
  if (trimmed.length < 1) return AUTH_TEXT.emailRequired;
  if (trimmed.length > 254 || !EMAIL_PATTERN.test(trimmed)) return AUTH_TEXT.invalidEmail;
  return undefined;
}

export function checkLoginPassword(password: string): string | undefined {
  if (password.length < 1) return AUTH_TEXT.passwordRequired;
  if (password.length > PASSWORD_MAX) return AUTH_TEXT.passwordTooLong;
  return undefined;
}

/** The first message per field; no key when the field is valid. */
export function checkLogin(values: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  const email = checkLoginEmail(values.email);
  const password = checkLoginPassword(values.password);
  if (email) errors.email = email;
  if (password) errors.password = password;
  return errors;
}

/** A same-site path to continue to after sign-in, or null (open redirects are refused). */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\') || value.startsWith('/login')) return null;
  return value;
}
