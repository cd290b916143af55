// The platform settings row: read where a rule needs it (never cached across requests, so every
// instance sees a change at once), changed by a super admin with an audit entry.
import { eq } from 'drizzle-orm';
import { DEFAULT_PLATFORM_SETTINGS, passwordMinimum, passwordTooShort, SETTINGS_TEXT, type PlatformSettings } from '#shared/platform-settings.ts';
import type { Actor } from '#server/context.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { platformSettings } from '#server/db/schema.ts';
import { badRequest } from '#server/errors.ts';
import { auditByActor } from '../audit/audit.ts';

type Row = typeof platformSettings.$inferSelect;

const toSettings = (r: Row | undefined): PlatformSettings =>
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

export async function updatePlatformSettings(db: Db, actor: Actor, input: PlatformSettings): Promise<PlatformSettings> {
  // Requiring two-factor while lacking it would lock the operator out of the page that undoes it.
  if (input.require_admin_two_factor && !actor.twoFactorEnabled)
    throw badRequest(SETTINGS_TEXT.ownTwoFactorFirst, { require_admin_two_factor: SETTINGS_TEXT.ownTwoFactorFirst }, 'OWN_TWO_FACTOR_FIRST');
  return db.transaction(async (tx) => {
    await tx.insert(platformSettings).values({ id: 1 }).onConflictDoNothing();
    const [current] = await tx.select().from(platformSettings).where(eq(platformSettings.id, 1)).for('update');
    const before = toSettings(current);
    const [row] = await tx
      .update(platformSettings)
      .set({
        minPasswordLength: input.min_password_length,
        requireAdminTwoFactor: input.require_admin_two_factor,
        sessionLifetimeDays: input.session_lifetime_days,
        signUpLimitPerHour: input.sign_up_limit_per_hour,
        updatedAt: new Date(),
      })
      .where(eq(platformSettings.id, 1))
      .returning();
    const after = toSettings(row);
    await auditByActor(tx, actor, { action: 'settings.changed', targetType: 'platform_settings', targetId: '1', targetLabel: 'platform settings', before, after });
    return after;
  });
}

/** A new password at least as long as the form's spec minimum and the platform's (once raised). */
export function checkPasswordLength(password: string, formMin: number, settings: PlatformSettings, field: string): void {
  const min = passwordMinimum(formMin, settings.min_password_length);
  if (password.length < min) throw badRequest(passwordTooShort(min), { [field]: passwordTooShort(min) }, 'PASSWORD_TOO_SHORT');
}
