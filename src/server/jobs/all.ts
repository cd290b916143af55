// Every job kind and schedule of the server, and the one background loop main.ts starts (decision
// 043). A feature declares its job next to its code (defineJob) and is listed here, so the process
// that works the queue knows every handler whatever it has served.
import { lt, and, eq, or } from 'drizzle-orm';
import type { Deps } from '#server/context.ts';
import { jobs } from '#server/db/schema.ts';
import { bulkJob, bulkPurgeJob } from '../features/bulk/service.ts';
import { documentPurgeJob } from '../features/documents/purge.ts';
import { importJob } from '../features/imports/service.ts';
import { statusJob } from '../features/policies/status-job.ts';
import { signatureExpiryJob, signatureMailJob } from '../features/portal/signatures.ts';
import { signatureReminderJob } from '../features/portal/signature-reminders.ts';
import { idempotencyPurgeJob } from '../features/api/v1/idempotency.ts';
import { feedPurgeJob } from '../features/api/feed-purge.ts';
import { digestJob, digestSendJob } from '../features/renewals/digest.ts';
import { wireSubscribers } from '../features/subscribers.ts';
import { onEventsWritten } from '../features/webhooks/events.ts';
import { eventJob } from '../platform/events.ts';
import { bookFoldJob } from '../platform/book-version.ts';
import { webhookJob } from '../features/webhooks/worker.ts';
import { defineJob, enqueue } from './queue.ts';
import { startJobs } from './runner.ts';
import type { Schedule } from './schedule.ts';

const DAY_MS = 86_400_000;

/** Finished jobs are kept a week for the admin page; dead ones a month (or until retried). */
export const jobsCleanupJob = defineJob<Record<string, never>>({
  name: 'jobs.cleanup',
  run: async (deps, ctx) => {
    const now = ctx.now.getTime();
    await deps.db
      .delete(jobs)
      .where(or(and(eq(jobs.state, 'done'), lt(jobs.finishedAt, new Date(now - 7 * DAY_MS))), and(eq(jobs.state, 'failed'), lt(jobs.finishedAt, new Date(now - 30 * DAY_MS)))));
  },
});

/** Every kind: the handlers a worker process needs (importing the modules registers them). */
export const JOB_KINDS = [bulkJob, bulkPurgeJob, documentPurgeJob, importJob, digestJob, digestSendJob, idempotencyPurgeJob, webhookJob, eventJob, jobsCleanupJob, statusJob, feedPurgeJob, signatureExpiryJob, signatureMailJob, signatureReminderJob, bookFoldJob].map((j) => j.name);

const MINUTE = 60_000;

export const SCHEDULES: Schedule[] = [
  // the digest decides per agency: from 07:00 in the agency's time zone, and catches up after downtime (decision 017)
  // DIGEST_EVERY_MS: tests only (takeover-digest.test.ts runs it every second)
  { job: digestJob.name, every: { everyMs: Number(process.env.DIGEST_EVERY_MS) || 5 * MINUTE } },
  { job: idempotencyPurgeJob.name, every: { everyMs: 15 * MINUTE } },
  // terms cross their dates at each agency's midnight (its own time zone): moved within 15 minutes of it (decision 052)
  { job: statusJob.name, every: { everyMs: 15 * MINUTE } },
  { job: documentPurgeJob.name, every: { everyMs: 60 * MINUTE } },
  { job: bulkPurgeJob.name, every: { everyMs: 5 * MINUTE } },
  // retries and other instances' events; this process's own events wake it at once (below)
  { job: webhookJob.name, every: { everyMs: 5_000 } },
  { job: jobsCleanupJob.name, every: { dailyAt: '03:00', timeZone: 'UTC' } },
  // the change feed keeps CHANGE_FEED_RETENTION_DAYS (api/feed-purge.ts)
  { job: feedPurgeJob.name, every: { dailyAt: '03:30', timeZone: 'UTC' } },
  // client portal signature requests end 30 days after they were sent (issue 32)
  { job: signatureExpiryJob.name, every: { everyMs: 60 * MINUTE } },
  // automatic reminders of pending signature requests, 3 and 7 days after sending (issue 32)
  { job: signatureReminderJob.name, every: { everyMs: 60 * MINUTE } },
  // the dashboard cache's book versions: one row per writing transaction, folded so reads stay a short range (decision 070)
  { job: bookFoldJob.name, every: { everyMs: 60 * MINUTE } },
];

/** Starts the process's job loop; returns its stop function (it hands this process's running jobs back). */
export function startAllJobs(deps: Deps): () => Promise<number> {
  // a job may emit events (a bulk action's end, an endpoint disabled): their subscribers listen here too
  wireSubscribers();
  const loop = startJobs(deps, { schedules: SCHEDULES });
  // events were just written and committed here: a drain now, not at the next 5-second run
  const stopWaking = onEventsWritten(() => {
    void enqueue(deps.db, webhookJob.name, {}, { singletonKey: `schedule:${webhookJob.name}`, maxAttempts: 3 })
      .then(() => loop.wake())
      .catch((err: unknown) => deps.logger.error({ err }, 'webhook drain not queued'));
  });
  return () => {
    stopWaking();
    return loop.stop();
  };
}
