// The platform settings row, changed by a super admin with an audit entry (read through
// platform/platform-settings.ts).
import { eq } from 'drizzle-orm';
import { SETTINGS_TEXT, type PlatformSettings } from '#shared/platform-settings.ts';
import type { Actor } from '#server/context.ts';
import { platformSettings } from '#server/db/schema.ts';
import { badRequest } from '#server/errors.ts';
import { auditByActor } from '#server/platform/audit.ts';
import { toSettings } from '#server/platform/platform-settings.ts';
import { crossAgency, type Connection } from '#server/tenant.ts';

export async function updatePlatformSettings(connection: Connection, actor: Actor, input: PlatformSettings): Promise<PlatformSettings> {
  const db = crossAgency(connection, 'platform settings belong to no agency');
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
