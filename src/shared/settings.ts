// /dashboard/settings (issue 16): the agency's details, the user's sessions and sign-in history, and
// deleting one's own account. One schema per form, used by the page and the server alike.
import { z } from 'zod';
import { NOTIFICATION_KINDS, type NotificationKind } from './notifications.ts';
import { DEFAULT_REMARKET_THRESHOLD } from './renewals.ts';
import { EMAIL_PATTERN, INVALID_EMAIL, optionalText, passwordText, requiredText, safeText } from './validation.ts';

export const SETTINGS_TABS = ['agency', 'notifications', 'security', 'data'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];
export const SETTINGS_TAB_LABEL: Record<SettingsTab, string> = {
  agency: 'Agency',
  notifications: 'Notifications',
  security: 'Security',
  data: 'Data',
};

export const USER_SETTINGS_TEXT = {
  title: 'Settings',
  agencySaved: 'Agency settings saved.',
  agencyReadOnly: 'Only the agency owner or an agency admin can change these settings.',
  agencyEditDenied: 'Only the agency owner or an agency admin can change the agency settings.',
  nameRequired: 'Please enter the agency name.',
  invalidTimezone: 'Please choose a valid time zone.',
  invalidThreshold: 'Please enter a whole percentage from 0 to 1000.',
  notificationsSaved: 'Notification preferences saved.',
  notificationsHint: 'In-app notifications appear under the bell in the header. Apart from the daily digest, notifications are not sent by e-mail.',
  sessionNotFound: 'Session not found.',
  sessionSignedOut: 'Session signed out.',
  otherSessionsSignedOut: 'Signed out of all other sessions.',
  cannotSignOutCurrent: 'This is the session you are using. Use Sign out in the menu instead.',
  deleteOwnerOnly: 'Only the owner of an agency can delete their account here.',
  wrongPassword: 'Your password is incorrect.',
  passwordRequired: 'Please enter your password.',
  wrongAgencyName: 'The agency name does not match. Type it exactly as shown.',
  agencyNameRequired: 'Please type the agency name.',
  lastSuperAdmin: 'You are the last super admin. Make another user a super admin before deleting your account.',
  accountGone: 'This account has already been deleted.',
  accountDeleted: 'Your account has been deleted.',
} as const;

/** The IANA time zones this runtime knows; 'UTC' is always accepted (some runtimes leave it out of the list). */
export function isValidTimeZone(name: string): boolean {
  if (name === 'UTC') return true;
  try {
    // throws RangeError for an unknown zone; newer runtimes also take offsets ("+05:00"), which are not IANA names
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name);
  } catch {
    return false;
  }
}

/** The zones offered in the picker. */
export function listTimeZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  const zones = intl.supportedValuesOf?.('timeZone') ?? [];
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}

export const agencySettingsSchema = z.object({
  name: requiredText(USER_SETTINGS_TEXT.nameRequired, 200),
  address: optionalText(500),
  phone: optionalText(50),
  email: safeText()
    .max(254, INVALID_EMAIL)
    .refine((v) => v === '' || EMAIL_PATTERN.test(v), INVALID_EMAIL)
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null)),
  timezone: safeText().max(100).default('UTC').refine(isValidTimeZone, USER_SETTINGS_TEXT.invalidTimezone),
  // issue 11: "default 10 %, set in settings"; agencies.remarket_threshold allows 0..1000
  // a number, not coerced: "" or null would silently become 0 % (every rise flagged)
  remarket_threshold: z
    .number({ error: USER_SETTINGS_TEXT.invalidThreshold })
    .int(USER_SETTINGS_TEXT.invalidThreshold)
    .min(0, USER_SETTINGS_TEXT.invalidThreshold)
    .max(1000, USER_SETTINGS_TEXT.invalidThreshold)
    .default(DEFAULT_REMARKET_THRESHOLD),
});
export type AgencySettingsInput = z.input<typeof agencySettingsSchema>;
export type AgencySettingsValues = z.output<typeof agencySettingsSchema>;

export interface AgencySettings {
  id: string;
  name: string;
  address: string | null;
  phone: string | null;
  email: string | null;
  timezone: string;
  /** percent: a renewal whose premium rises by at least this much is flagged Remarket */
  remarket_threshold: number;
  /** owner or agency admin: the form is editable */
  can_edit: boolean;
}

/** Settings › Notifications: what each switch is called and what it controls. */
export const NOTIFICATION_KIND_LABEL: Record<NotificationKind, { label: string; hint: string }> = {
  policy_assigned: { label: 'Policy assigned to me', hint: 'Someone makes you the assignee of a policy.' },
  renewal_window: { label: 'Renewal due within 30 days', hint: 'A policy assigned to you enters its 30-day renewal window.' },
  renewal_lapsed: { label: 'Renewal lapsed', hint: 'A policy assigned to you passed its end date without a renewal.' },
  invitation_accepted: { label: 'Invitation accepted', hint: 'Someone you invited joins your agency.' },
  payment_approved: { label: 'Payment approved', hint: 'A payment you submitted is approved.' },
  payment_rejected: { label: 'Payment rejected', hint: 'A payment you submitted is rejected.' },
  task_assigned: { label: 'Task assigned to me', hint: 'Someone assigns you a CRM task.' },
  opportunity_assigned: { label: 'Opportunity assigned to me', hint: 'Someone makes you the assignee of a pipeline opportunity.' },
  webhook_disabled: { label: 'Webhook disabled', hint: 'A webhook endpoint you own kept failing and was disabled.' },
  portal_message: { label: 'Client portal message', hint: 'A client you invited to the portal writes to the agency.' },
  signature_answered: { label: 'Signature signed or declined', hint: 'A client signs or declines a document you sent for signature.' },
};
export const DIGEST_EMAIL_LABEL = {
  label: 'Daily renewals digest',
  hint: 'An e-mail each morning at 07:00 listing your lapsed, due and Remarket renewals, and your tasks due today (CRM).',
};

/** The caller's own preferences: every kind's in-app switch, and the daily digest's e-mail. */
export const notificationPreferencesSchema = z.object({
  in_app: z.record(z.enum(NOTIFICATION_KINDS), z.boolean()),
  digest_email: z.boolean(),
});
export type NotificationPreferences = z.output<typeof notificationPreferencesSchema>;

export interface ActiveSession {
  id: string;
  device: string;
  browser: string;
  ip_address: string | null;
  last_active: string;
  created_at: string;
  current: boolean;
}

export const SIGN_IN_OUTCOMES = ['success', 'wrong_password', 'locked_out', 'unconfirmed'] as const;
export type SignInOutcome = (typeof SIGN_IN_OUTCOMES)[number];
export const SIGN_IN_OUTCOME_LABEL: Record<SignInOutcome, string> = {
  success: 'Success',
  wrong_password: 'Failed: wrong password',
  locked_out: 'Failed: locked out',
  unconfirmed: 'Failed: e-mail not confirmed',
};
/** How far back the history goes; older rows are not shown and are removed as the user signs in. */
export const SIGN_IN_HISTORY_DAYS = 90;
export const SIGN_IN_HISTORY_MAX_ROWS = 200;

export interface SignInAttempt {
  id: string;
  created_at: string;
  ip_address: string | null;
  device: string;
  browser: string;
  outcome: SignInOutcome;
}

export const deleteAccountSchema = z.object({
  password: passwordText(USER_SETTINGS_TEXT.passwordRequired).min(1, USER_SETTINGS_TEXT.passwordRequired).max(128),
  agency_name: safeText({ trim: false }).max(300).refine((v) => v.trim().length > 0, USER_SETTINGS_TEXT.agencyNameRequired),
});
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

/** A simple reading of a user agent: good enough to tell one's own devices apart, not a fingerprint. */
export function describeUserAgent(ua: string | null | undefined): { device: string; browser: string } {
  const s = ua ?? '';
  if (!s) return { device: 'Unknown device', browser: 'Unknown browser' };
  const device = /iPhone/.test(s)
    ? 'iPhone'
    : /iPad/.test(s)
      ? 'iPad'
      : /Android/.test(s)
        ? /Mobile/.test(s)
          ? 'Android phone'
          : 'Android tablet'
        : /Windows/.test(s)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(s)
            ? 'Mac'
            : /CrOS/.test(s)
              ? 'Chromebook'
              : /Linux/.test(s)
                ? 'Linux'
                : 'Unknown device';
  const browser = /Edg\//.test(s)
    ? 'Edge'
    : /OPR\/|Opera/.test(s)
      ? 'Opera'
      : /Firefox\//.test(s)
        ? 'Firefox'
        : /HeadlessChrome|Chromium|Chrome\//.test(s)
          ? 'Chrome'
          : /Safari\//.test(s)
            ? 'Safari'
            : /curl|node|undici/i.test(s)
              ? 'Script'
              : 'Unknown browser';
  return { device, browser };
}
