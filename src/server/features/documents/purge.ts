// The Trash purge (issue 13): documents deleted more than 30 days ago lose their bytes and their row;
// reservations of uploads that died half-way (pending for a day) are freed the same way. A system job
// over every agency (decision 015's exceptions), run hourly by one instance at a time (the
// `documents.purge` schedule of the jobs module, decision 043). Bytes go first: a crash between leaves a row whose object is gone, which
// the next run deletes again; never an object without a row.
import { and, eq, inArray, isNotNull, lt, or } from 'drizzle-orm';
import { TRASH_DAYS } from '#shared/documents.ts';
import type { Deps } from '#server/context.ts';
import { documents } from '#server/db/schema.ts';
import { defineJob } from '#server/jobs/queue.ts';

export const PURGE_JOB = 'documents.purge';
const DAY_MS = 24 * 3600 * 1000;
const BATCH = 200;

export async function runDocumentPurge(deps: Deps, now = new Date()): Promise<{ ran: boolean; purged: number }> {
  const { db } = deps;
  let purged = 0;
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
}

export const documentPurgeJob = defineJob<Record<string, never>>({ name: PURGE_JOB, run: async (deps, ctx) => void (await runDocumentPurge(deps, ctx.now)) });
