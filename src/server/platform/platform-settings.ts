// The platform settings row (Admin › Security), read where a rule needs it (never cached across
// requests, so every instance sees a change at once): sign-up and password resets read the password
// minimum, the security feature edits the row.
import { eq } from 'drizzle-orm';
import { DEFAULT_PLATFORM_SETTINGS, passwordMinimum, passwordTooShort, type PlatformSettings } from '#shared/platform-settings.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { platformSettings } from '#server/db/schema.ts';
import { badRequest } from '#server/errors.ts';

type Row = typeof platformSettings.$inferSelect;

export const toSettings = (r: Row | undefined): PlatformSettings =>
  r
    ? {
        min_password_length: r.minPasswordLength,
        require_admin_two_factor: r.requireAdminTwoFactor,
        session_lifetime_days: r.sessionLifetimeDays,
        sign_up_limit_per_hour: r.signUpLimitPerHour,
      }
    : DEFAULT_PLATFORM_SETTINGS;

export async function readPlatformSettings(db: Db | Tx): Promise<PlatformSettings> {
  const [row] = await db.select().from(platformSettings).where(eq(platformSettings.id, 1));
  return toSettings(row);
}

/** A new password at least as long as the form's spec minimum and the platform's (once raised). */
export function checkPasswordLength(password: string, formMin: number, settings: PlatformSettings, field: string): void {
  const min = passwordMinimum(formMin, settings.min_password_length);
  if (password.length < min) throw badRequest(passwordTooShort(min), { [field]: passwordTooShort(min) }, 'PASSWORD_TOO_SHORT');
}
