// Notifications (the header bell): one table and one function. A notification is the user's own, not
// an agency's (an accepted invitation or an approved payment belongs to no book), so it is read by
// user id, never through the tenant context.
import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { NotificationItem, NotificationKind, NotificationList } from '#shared/notifications.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { idOr404 } from '#server/db/helpers.ts';
import { notificationPreferences, notifications } from '#server/db/schema.ts';
import { notFound } from '#server/errors.ts';

export interface NotifyInput {
  userId: string;
  agencyId?: string | null;
  kind: NotificationKind;
  title: string;
  link: string;
  /** One event, one key: a second instance (or a rerun) with the same key adds nothing. */
  dedupeKey: string;
}

/**
 * Records the notification in the caller's transaction; true when it is new. A kind the user
 * switched off in Settings › Notifications is not recorded at all (false).
 */
export async function notify(tx: Db | Tx, input: NotifyInput): Promise<boolean> {
  const [pref] = await tx
    .select({ inApp: notificationPreferences.inApp })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, input.userId), eq(notificationPreferences.kind, input.kind)));
  if (pref && !pref.inApp) return false;
  const rows = await tx
    .insert(notifications)
    .values({ userId: input.userId, agencyId: input.agencyId ?? null, kind: input.kind, title: input.title, link: input.link, dedupeKey: input.dedupeKey })
    .onConflictDoNothing({ target: notifications.dedupeKey })
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/**
 * notify() for many events at once: `events` is a SELECT of (user_id, agency_id, kind, title, link,
 * dedupe_key), written by one INSERT … SELECT with the same rules (a kind the user switched off is
 * not recorded; a dedupe key already present adds nothing). Returns how many are new.
 */
export async function notifyMany(tx: Db | Tx, events: SQL): Promise<number> {
  const result = (await tx.execute(sql`
    with added as (
      insert into ${notifications} (user_id, agency_id, kind, title, link, dedupe_key)
      select e.user_id, e.agency_id, e.kind, e.title, e.link, e.dedupe_key from (${events}) e
      where not exists (
        select 1 from ${notificationPreferences} np where np.user_id = e.user_id and np.kind = e.kind and not np.in_app
      )
      on conflict (dedupe_key) do nothing
      returning 1
    )
    select count(*)::int as added from added`)) as unknown as { rows: { added: number }[] };
  return Number(result.rows[0]?.added ?? 0);
}

export async function listNotifications(db: Db, userId: string, limit = 20): Promise<NotificationList> {
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

export async function markRead(db: Db, userId: string, rawId: string): Promise<void> {
  const id = idOr404(rawId, 'Notification not found.');
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (!row) throw notFound('Notification not found.');
}

export async function markAllRead(db: Db, userId: string): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}
