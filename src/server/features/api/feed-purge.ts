// The change feed's retention (decision 055's next step): entries older than CHANGE_FEED_RETENTION_DAYS
// are deleted by a scheduled system job (jobs/all.ts). Each agency loses a *prefix* of its feed in
// (txid, seq) order — every entry before its first one still inside the window — never a hole, so a
// cursor whose own entry is still there has everything after it (and the reader answers 410 for a
// cursor whose entry is gone: v1/changes.ts). Entries of transactions still running are kept.
import { sql } from 'drizzle-orm';
import { CHANGE_FEED_RETENTION_DAYS } from '#shared/changes.ts';
import { agencies } from '#server/db/schema.ts';
import { defineJob } from '#server/jobs/queue.ts';
import { crossAgency, type Connection } from '#server/tenant.ts';

export const FEED_PURGE_JOB = 'api.change-feed-purge';
const DAY_MS = 86_400_000;

/** Deletes every agency's entries before the window; answers how many. */
export async function purgeChangeFeed(on: Connection, now = new Date()): Promise<number> {
  const db = crossAgency(on, "the change feed's retention runs over every agency");
  const cutoff = new Date(now.getTime() - CHANGE_FEED_RETENTION_DAYS * DAY_MS).toISOString();
  let purged = 0;
  // one agency at a time: each delete is a range of change_feed_agency_order_idx
  for (const { id } of await db.select({ id: agencies.id }).from(agencies)) {
    const result = await db.execute(sql`
      with kept as (
        select txid, seq from change_feed
         where agency_id = ${id} and occurred_at >= ${cutoff}::timestamptz
         order by txid, seq limit 1),
      gone as (
        delete from change_feed f
         where f.agency_id = ${id}
           and f.occurred_at < ${cutoff}::timestamptz
           and f.txid < pg_snapshot_xmin(pg_current_snapshot())
           and not exists (select 1 from kept where (kept.txid, kept.seq) < (f.txid, f.seq))
        returning 1)
      select count(*)::int as n from gone`);
    purged += (result.rows as { n: number }[])[0]?.n ?? 0;
  }
  return purged;
}

export const feedPurgeJob = defineJob<Record<string, never>>({ name: FEED_PURGE_JOB, run: async (deps, ctx) => void (await purgeChangeFeed(deps.db, ctx.now)) });
