// Settings › Notifications (issue 16): the caller's own switches, by the session's user id only.
// Each kind's in-app switch is a row in notification_preferences (no row: on); the daily digest's
// e-mail is user.digest_opt_out, the same flag the profile and the digest job use.
import { eq, sql } from 'drizzle-orm';
import { NOTIFICATION_KINDS, type NotificationKind } from '#shared/notifications.ts';
import type { NotificationPreferences } from '#shared/settings.ts';
import type { Actor } from '#server/context.ts';
import { notificationPreferences, user } from '#server/db/schema.ts';
import { crossAgency, type Connection } from '#server/tenant.ts';

export async function getNotificationPreferences(connection: Connection, actor: Actor): Promise<NotificationPreferences> {
  const db = crossAgency(connection, 'a user’s own notification preferences and digest opt-out: rows of a user, not of an agency');
  const [rows, [me]] = await Promise.all([
    db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, actor.userId)),
    db.select({ optOut: user.digestOptOut }).from(user).where(eq(user.id, actor.userId)),
  ]);
  const off = new Set(rows.filter((r) => !r.inApp).map((r) => r.kind));
  const in_app = Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, !off.has(k)])) as Record<NotificationKind, boolean>;
  return { in_app, digest_email: !(me?.optOut ?? false) };
}

export async function updateNotificationPreferences(connection: Connection, actor: Actor, input: NotificationPreferences): Promise<NotificationPreferences> {
  const db = crossAgency(connection, 'a user’s own notification preferences and digest opt-out: rows of a user, not of an agency');
  await db.transaction(async (tx) => {
    await tx
      .insert(notificationPreferences)
      .values(NOTIFICATION_KINDS.map((kind) => ({ userId: actor.userId, kind, inApp: input.in_app[kind] })))
      .onConflictDoUpdate({ target: [notificationPreferences.userId, notificationPreferences.kind], set: { inApp: sql`excluded.in_app` } });
    await tx.update(user).set({ digestOptOut: !input.digest_email, updatedAt: new Date() }).where(eq(user.id, actor.userId));
  });
  return getNotificationPreferences(db, actor);
}
