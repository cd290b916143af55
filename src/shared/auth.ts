// Sign-up, sign-in, password and profile forms (spec: platform.md §3, §5, §8). The texts are the spec's.
import { z } from 'zod';
import { AUTH_TEXT, PASSWORD_MAX } from './auth-text.ts';
import { emailField, optionalText, passwordText, requiredText, safeText } from './validation.ts';

export const REGISTER_PASSWORD_MIN = 8;
export const RESET_PASSWORD_MIN = 6;
export { PASSWORD_MAX };

export { AUTH_TEXT };
export { safeRedirectPath } from './login-check.ts';

export const loginSchema = z.object({
  email: emailField(AUTH_TEXT.emailRequired),
  password: passwordText(AUTH_TEXT.passwordRequired).min(1, AUTH_TEXT.passwordRequired).max(PASSWORD_MAX, AUTH_TEXT.passwordTooLong),
  rememberMe: z.boolean().optional().default(true),
});
export type LoginInput = z.input<typeof loginSchema>;

const registerFields = {
  company: requiredText(AUTH_TEXT.companyRequired, 200),
  full_name: requiredText(AUTH_TEXT.fullNameRequired, 200),
  email: emailField(AUTH_TEXT.invalidEmail),
  password: passwordText(AUTH_TEXT.passwordTooShortRegister)
    .min(REGISTER_PASSWORD_MIN, AUTH_TEXT.passwordTooShortRegister)
    .max(PASSWORD_MAX, AUTH_TEXT.passwordTooLong),
  confirmPassword: passwordText(AUTH_TEXT.passwordsDoNotMatch),
  termsAccepted: z.boolean({ error: AUTH_TEXT.termsRequired }).refine((v) => v === true, AUTH_TEXT.termsRequired),
  plan: safeText().max(40).optional(),
  /** Where to go after confirming and signing in (e.g. back to an invitation); same-site paths only. */
  redirect: safeText().max(500).optional(),
};

export const registerSchema = z
  .object(registerFields)
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: AUTH_TEXT.passwordsDoNotMatch });
export type RegisterInput = z.input<typeof registerSchema>;

/**
 * Sign-up through an invitation link: no company (the member joins the inviting agency, none of their
 * own is made) and no plan; the token says which invitation, and its e-mail must be the one typed.
 */
const { company: _company, plan: _plan, ...invitedFields } = registerFields;
export const invitedRegisterSchema = z
  .object({ ...invitedFields, invitation: safeText().min(1, AUTH_TEXT.invitationMissing).max(100) })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: AUTH_TEXT.passwordsDoNotMatch });
export type InvitedRegisterInput = z.input<typeof invitedRegisterSchema>;

/** full_name is split at the first space: first word → first_name, the rest → last_name. */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const trimmed = fullName.trim().replace(/\s+/g, ' ');
  const at = trimmed.indexOf(' ');
  if (at === -1) return { firstName: trimmed, lastName: '' };
  return { firstName: trimmed.slice(0, at), lastName: trimmed.slice(at + 1) };
}

export const forgotPasswordSchema = z.object({ email: emailField(AUTH_TEXT.emailRequired) });

export const resetPasswordSchema = z
  .object({
    password: passwordText().min(RESET_PASSWORD_MIN, AUTH_TEXT.resetTooShort).max(PASSWORD_MAX, AUTH_TEXT.passwordTooLong),
    confirmPassword: passwordText(),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: AUTH_TEXT.resetMismatch });

/** What the server receives for a reset (the confirmation is checked in the form). */
export const resetPasswordRequestSchema = z.object({
  token: safeText().min(1).max(500),
  newPassword: passwordText().min(RESET_PASSWORD_MIN, AUTH_TEXT.resetTooShort).max(PASSWORD_MAX, AUTH_TEXT.passwordTooLong),
});

export const changePasswordSchema = z
  .object({
    currentPassword: passwordText(AUTH_TEXT.currentPasswordRequired).min(1, AUTH_TEXT.currentPasswordRequired).max(PASSWORD_MAX),
    newPassword: passwordText().min(RESET_PASSWORD_MIN, AUTH_TEXT.changeTooShort).max(PASSWORD_MAX, AUTH_TEXT.passwordTooLong),
    confirmPassword: passwordText(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: AUTH_TEXT.changeMismatch });

export const changePasswordRequestSchema = z.object({
  currentPassword: passwordText(AUTH_TEXT.currentPasswordRequired).min(1, AUTH_TEXT.currentPasswordRequired).max(PASSWORD_MAX),
  newPassword: passwordText().min(RESET_PASSWORD_MIN, AUTH_TEXT.changeTooShort).max(PASSWORD_MAX, AUTH_TEXT.passwordTooLong),
  revokeOtherSessions: z.boolean().optional(),
});

/** Profile tab. Unknown keys (role, subscription_tier …) are stripped, never applied. */
export const profileUpdateSchema = z.object({
  first_name: requiredText(AUTH_TEXT.firstNameRequired, 100),
  last_name: requiredText(AUTH_TEXT.lastNameRequired, 100),
  phone: optionalText(40),
  company: optionalText(200),
  // the daily renewals digest (issue 11); a settings page will show it, the profile API carries it now
  digest_opt_out: z.boolean('Please choose yes or no.').optional(),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

/** The signed-in user's profile as the API returns it. */
export interface Profile {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  company: string | null;
  role: string;
  subscription_tier: string;
  /** tier after a lapsed trial is taken into account */
  effective_tier: string;
  subscription_status: string;
  trial_ends_at: string | null;
  created_at: string;
  last_login_at: string | null;
  /** when the user first saw the dashboard; null until then ("Welcome" rather than "Welcome back") */
  dashboard_seen_at: string | null;
  two_factor_enabled: boolean;
  /** no daily renewals digest e-mail */
  digest_opt_out: boolean;
}

export interface Me {
  profile: Profile;
  permissions: string[];
  /** The agency this session was just removed from: handed out once, then cleared. */
  removed_from_agency?: string | null;
}
