// Platform settings a super admin changes at /admin/security (issue 16).
import { z } from 'zod';
import { safeText } from './validation.ts';
import { PASSWORD_MAX, REGISTER_PASSWORD_MIN } from './auth.ts';

export interface PlatformSettings {
  min_password_length: number;
  require_admin_two_factor: boolean;
  session_lifetime_days: number;
  sign_up_limit_per_hour: number;
}

/** What the app did before these were settings; the migration writes the same row. */
export const DEFAULT_PLATFORM_SETTINGS: PlatformSettings = {
  min_password_length: REGISTER_PASSWORD_MIN,
  require_admin_two_factor: false,
  session_lifetime_days: 30,
  sign_up_limit_per_hour: 10,
};

export const SETTINGS_TEXT = {
  saved: 'Platform settings saved.',
  saveFailed: 'Failed to save platform settings.',
  passwordMin: `The minimum password length must be between ${REGISTER_PASSWORD_MIN} and ${PASSWORD_MAX}.`,
  sessionLifetime: 'The session lifetime must be between 1 and 365 days.',
  signUpLimit: 'The sign-up limit must be between 1 and 10000 per hour.',
  ownTwoFactorFirst: 'Set up two-factor authentication on your own account before requiring it for admins.',
  twoFactorRequired: 'Two-factor authentication is required for administrators. Set it up in your profile to use the admin area.',
} as const;

const whole = (min: number, max: number, message: string) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);

export const platformSettingsSchema = z.object({
  min_password_length: whole(REGISTER_PASSWORD_MIN, PASSWORD_MAX, SETTINGS_TEXT.passwordMin),
  require_admin_two_factor: z.boolean(),
  session_lifetime_days: whole(1, 365, SETTINGS_TEXT.sessionLifetime),
  sign_up_limit_per_hour: whole(1, 10_000, SETTINGS_TEXT.signUpLimit),
});
export type PlatformSettingsInput = z.input<typeof platformSettingsSchema>;

/**
 * The minimum for a new password set through a form whose own spec minimum is `formMin` (8 at
 * sign-up, 6 at reset and change): the platform minimum applies everywhere once it is raised above
 * the sign-up minimum; at its default the spec's per-form minimums stand.
 */
export function passwordMinimum(formMin: number, platformMin: number): number {
  return platformMin > REGISTER_PASSWORD_MIN ? Math.max(formMin, platformMin) : formMin;
}

export const passwordTooShort = (min: number) => `Password must be at least ${min} characters long.`;

export interface SignInLockout {
  key: string;
  /** email: an account's failures; client: one address's failures over any accounts */
  kind: 'email' | 'client';
  subject: string;
  failures: number;
  locked: boolean;
  window_ends_at: string;
}

export const LOCKOUT_TEXT = {
  unlocked: 'Sign-in unlocked.',
  unlockFailed: 'Failed to unlock sign-in.',
  notFound: 'There is no sign-in lockout for this account.',
} as const;

export const unlockSchema = z.object({ key: safeText({ trim: false }).regex(/^signin:(email|ip):.{1,320}$/, LOCKOUT_TEXT.notFound) });
