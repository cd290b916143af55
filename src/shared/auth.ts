// Sign-up, sign-in, password and profile forms (spec: platform.md §3, §5, §8). The texts are the spec's.
import { z } from 'zod';
import { emailField, INVALID_EMAIL, optionalText, requiredText } from './validation.ts';

export const REGISTER_PASSWORD_MIN = 8;
export const RESET_PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

export const AUTH_TEXT = {
  emailRequired: 'Email is required.',
  passwordRequired: 'Password is required.',
  invalidEmail: INVALID_EMAIL,
  companyRequired: 'Please enter your company name.',
  fullNameRequired: 'Please enter your full name.',
  passwordTooShortRegister: 'Password must be at least 8 characters long.',
  passwordsDoNotMatch: 'Passwords do not match.',
  termsRequired: 'You must accept the terms and conditions.',
  resetMismatch: 'Passwords do not match',
  resetTooShort: 'Password must be at least 6 characters long.',
  changeMismatchTitle: "Passwords don't match",
  changeMismatch: 'Please make sure your new passwords match.',
  changeTooShortTitle: 'Password too short',
  changeTooShort: 'Password must be at least 6 characters long.',
  currentPasswordRequired: 'Please enter your current password.',
  passwordTooLong: `Password must be at most ${PASSWORD_MAX} characters long.`,
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
  emailCannotChange: 'Email cannot be changed',
  // toasts and inline errors
  loginErrorTitle: 'Login Error',
  correctFields: 'Please correct the highlighted fields.',
  loginFailedTitle: 'Login Failed',
  invalidCredentials: 'Invalid credentials. Please try again.',
  emailNotConfirmedInline: 'Email not confirmed. Please check your inbox.',
  confirmationRequiredTitle: 'Confirmation Required',
  confirmationRequired: 'Please check your email and click the confirmation link to activate your account.',
  registrationErrorTitle: 'Registration Error',
  registrationFailedTitle: 'Registration Failed',
  registrationSuccess: 'Please check your email to verify your account.',
  signOutFailedTitle: 'Sign out Failed',
  somethingWentWrong: 'Something went wrong',
  socialNotSetUpTitle: 'Feature Not Implemented',
  socialNotSetUp: (provider: string) => `Social login with ${provider} isn't set up yet.`,
  twoFactorEnterpriseOnly: 'This feature is available for Enterprise plan users.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
} as const;

export const loginSchema = z.object({
  email: emailField(AUTH_TEXT.emailRequired),
  password: z.string({ error: AUTH_TEXT.passwordRequired }).min(1, AUTH_TEXT.passwordRequired).max(PASSWORD_MAX, AUTH_TEXT.passwordTooLong),
  rememberMe: z.boolean().optional().default(true),
});
export type LoginInput = z.input<typeof loginSchema>;

const registerFields = {
  company: requiredText(AUTH_TEXT.companyRequired, 200),
  full_name: requiredText(AUTH_TEXT.fullNameRequired, 200),
  email: emailField(AUTH_TEXT.invalidEmail),
  password: z
    .string({ error: AUTH_TEXT.passwordTooShortRegister })
    .min(REGISTER_PASSWORD_MIN, AUTH_TEXT.passwordTooShortRegister)
    .max(PASSWORD_MAX, AUTH_TEXT.passwordTooLong),
  confirmPassword: z.string({ error: AUTH_TEXT.passwordsDoNotMatch }),
  termsAccepted: z.boolean({ error: AUTH_TEXT.termsRequired }).refine((v) => v === true, AUTH_TEXT.termsRequired),
  plan: z.string().max(40).optional(),
  /** Where to go after confirming and signing in (e.g. back to an invitation); same-site paths only. */
  redirect: z.string().max(500).optional(),
};

export const registerSchema = z
  .object(registerFields)
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: AUTH_TEXT.passwordsDoNotMatch });
export type RegisterInput = z.input<typeof registerSchema>;

/** A same-site path to continue to after sign-in, or null (open redirects are refused). */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\') || value.startsWith('/login')) return null;
  return value;
}

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
    password: z.string().min(RESET_PASSWORD_MIN, AUTH_TEXT.resetTooShort).max(PASSWORD_MAX, AUTH_TEXT.passwordTooLong),
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: AUTH_TEXT.resetMismatch });

/** What the server receives for a reset (the confirmation is checked in the form). */
export const resetPasswordRequestSchema = z.object({
  token: z.string().min(1).max(500),
  newPassword: z.string().min(RESET_PASSWORD_MIN, AUTH_TEXT.resetTooShort).max(PASSWORD_MAX, AUTH_TEXT.passwordTooLong),
});

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, AUTH_TEXT.currentPasswordRequired).max(PASSWORD_MAX),
    newPassword: z.string().min(RESET_PASSWORD_MIN, AUTH_TEXT.changeTooShort).max(PASSWORD_MAX, AUTH_TEXT.passwordTooLong),
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: AUTH_TEXT.changeMismatch });

export const changePasswordRequestSchema = z.object({
  currentPassword: z.string().min(1, AUTH_TEXT.currentPasswordRequired).max(PASSWORD_MAX),
  newPassword: z.string().min(RESET_PASSWORD_MIN, AUTH_TEXT.changeTooShort).max(PASSWORD_MAX, AUTH_TEXT.passwordTooLong),
  revokeOtherSessions: z.boolean().optional(),
});

/** Profile tab. Unknown keys (role, subscription_tier …) are stripped, never applied. */
export const profileUpdateSchema = z.object({
  first_name: requiredText(AUTH_TEXT.firstNameRequired, 100),
  last_name: requiredText(AUTH_TEXT.lastNameRequired, 100),
  phone: optionalText(40),
  company: optionalText(200),
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
  two_factor_enabled: boolean;
}

export interface Me {
  profile: Profile;
  permissions: string[];
}
