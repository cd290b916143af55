// Notifications (the header bell): the user's list and its read marks. A notification is the user's own,
// not an agency's (an accepted invitation or an approved payment belongs to no book), so it is read by
// user id, never through the tenant context. Writing one is platform/notify.ts (every feature tells).
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { NotificationItem, NotificationKind, NotificationList } from '#shared/notifications.ts';
import { idOr404 } from '#server/db/helpers.ts';
import { notifications } from '#server/db/schema.ts';
import { notFound } from '#server/errors.ts';
import { crossAgency, type Connection } from '#server/tenant.ts';

export async function listNotifications(connection: Connection, userId: string, limit = 20): Promise<NotificationList> {
  const db = crossAgency(connection, 'the bell’s notifications are a user’s rows (not an agency’s)');
  const [rows, [{ unread }]] = await Promise.all([
    db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(limit),
    db
      .select({ unread: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt))),
  ]);
  return {
    unread,
    rows: rows.map(
      (r): NotificationItem => ({
        id: r.id,
        kind: r.kind as NotificationKind,
        title: r.title,
        link: r.link,
        read: r.readAt !== null,
        created_at: r.createdAt.toISOString(),
      }),
    ),
  };
}

export async function markRead(connection: Connection, userId: string, rawId: string): Promise<void> {
  const db = crossAgency(connection, 'the bell’s notifications are a user’s rows (not an agency’s)');
  const id = idOr404(rawId, 'Notification not found.');
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (!row) throw notFound('Notification not found.');
}

export async function markAllRead(connection: Connection, userId: string): Promise<void> {
  const db = crossAgency(connection, 'the bell’s notifications are a user’s rows (not an agency’s)');
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}
