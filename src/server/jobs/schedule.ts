// Schedules: every N seconds/minutes, or daily at a local time in a time zone. Every instance runs
// them; a schedule's row in job_schedules says when it is next due, and the instance whose UPDATE
// moves it on (the row lock makes the other wait, then see the new time) enqueues that run, as a
// singleton: a run still queued or running keeps the next one from piling up.
import { and, eq, lte, sql } from 'drizzle-orm';
import { zonedInstant, zonedParts } from '#shared/time.ts';
import type { Db } from '#server/db/client.ts';
import { jobSchedules } from '#server/db/schema.ts';
import { enqueue } from './queue.ts';

export type Every = { everyMs: number } | { dailyAt: string; timeZone: string };

export interface Schedule {
  /** the job it enqueues (also the schedule's name and the run's singleton key) */
  job: string;
  every: Every;
  payload?: Record<string, unknown>;
  maxAttempts?: number;
}

/** The first time after `now` the schedule is due. */
export function nextRun(every: Every, now: Date): Date {
  if ('everyMs' in every) return new Date(now.getTime() + every.everyMs);
  const { date } = zonedParts(now, every.timeZone);
  const today = zonedInstant(date, every.dailyAt, every.timeZone);
  if (today.getTime() > now.getTime()) return today;
  // the next local day (a day is not always 24 hours across a DST change: read the date again)
  const tomorrow = zonedParts(new Date(today.getTime() + 26 * 3_600_000), every.timeZone).date;
  return zonedInstant(tomorrow, every.dailyAt, every.timeZone);
}

/**
 * Enqueues each schedule's due run, once across instances. A schedule seen for the first time is due
 * at once for intervals (a fresh install runs its purges), and at its next local time for daily ones.
 * Returns the names enqueued.
 */
export async function runSchedules(db: Db, schedules: Schedule[], now: Date): Promise<string[]> {
  // one read per pass; a write only for a schedule that is new or due
  const known = new Map((await db.select().from(jobSchedules)).map((r) => [r.name, r.nextRunAt]));
  const enqueued: string[] = [];
  for (const s of schedules) {
    if (!known.has(s.job)) {
      const first = 'everyMs' in s.every ? now : nextRun(s.every, now);
      await db.insert(jobSchedules).values({ name: s.job, nextRunAt: first }).onConflictDoNothing();
      known.set(s.job, first);
    }
    if (known.get(s.job)!.getTime() > now.getTime()) continue;
    const won = await db.transaction(async (tx) => {
      const [moved] = await tx
        .update(jobSchedules)
        .set({ nextRunAt: nextRun(s.every, now), lastRunAt: now })
        .where(and(eq(jobSchedules.name, s.job), lte(jobSchedules.nextRunAt, now)))
        .returning({ name: jobSchedules.name });
      if (!moved) return false;
      await enqueue(tx, s.job, s.payload ?? {}, { singletonKey: `schedule:${s.job}`, maxAttempts: s.maxAttempts ?? 3, runAt: now });
      return true;
    });
    if (won) enqueued.push(s.job);
  }
  return enqueued;
}

/** Tests and the admin page: when each schedule runs next. */
export async function readSchedules(db: Db) {
  return db.select().from(jobSchedules).orderBy(sql`${jobSchedules.name}`);
}
