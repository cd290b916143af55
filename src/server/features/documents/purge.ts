// The Trash purge (issue 13): documents deleted more than 30 days ago lose their bytes and their row;
// reservations of uploads that died half-way (pending for a day) are freed the same way. A system job
// over every agency (decision 015's exceptions), run by one instance at a time (the scheduled_jobs
// lease of decision 017). Bytes go first: a crash between leaves a row whose object is gone, which
// the next run deletes again; never an object without a row.
import { and, eq, inArray, isNotNull, lt, or } from 'drizzle-orm';
import { TRASH_DAYS } from '#shared/documents.ts';
import type { Deps } from '#server/context.ts';
import { documents } from '#server/db/schema.ts';
import { releaseLease, takeLease } from '../renewals/digest.ts';

export const PURGE_JOB = 'document-purge';
const DAY_MS = 24 * 3600 * 1000;
const BATCH = 200;

export async function runDocumentPurge(deps: Deps, now = new Date(), holder = `${process.pid}-${Math.random().toString(36).slice(2, 8)}`): Promise<{ ran: boolean; purged: number }> {
  const { db } = deps;
  if (!(await takeLease(db, PURGE_JOB, holder, now))) return { ran: false, purged: 0 };
  let purged = 0;
  try {
    const due = or(
      and(isNotNull(documents.deletedAt), lt(documents.deletedAt, new Date(now.getTime() - TRASH_DAYS * DAY_MS))),
      and(eq(documents.status, 'pending'), lt(documents.createdAt, new Date(now.getTime() - DAY_MS))),
    );
    for (;;) {
      const batch = await db.select({ id: documents.id, key: documents.storageKey }).from(documents).where(due).limit(BATCH);
      if (!batch.length) break;
      const done: string[] = [];
      for (const doc of batch) {
        try {
          await deps.storage.delete(doc.key);
          done.push(doc.id);
        } catch (err) {
          deps.logger.error({ err, key: doc.key }, 'document purge: object not deleted, kept for the next run');
        }
      }
      if (done.length) await db.delete(documents).where(inArray(documents.id, done));
      purged += done.length;
      if (done.length < batch.length) break;
    }
    return { ran: true, purged };
  } finally {
    await releaseLease(db, PURGE_JOB, holder);
  }
}

/** Started by main.ts: one run an hour (and one shortly after start), unref'd. */
export function startDocumentPurge(deps: Deps, everyMs = 60 * 60_000): () => void {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = runDocumentPurge(deps)
      .catch((err) => deps.logger.error({ err }, 'document purge failed'))
      .finally(() => (running = null));
  };
  const first = setTimeout(tick, 30_000);
  const timer = setInterval(tick, everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
