// The bell's writes, for every feature that tells a user something (subscribers of the domain events,
// the renewals digest's window notices): one row per event and user, deduplicated, and nothing for a
// kind the user switched off. The bell's reads and marks stay in features/notifications.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { NotificationKind } from '#shared/notifications.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { notificationPreferences, notifications } from '#server/db/schema.ts';

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
