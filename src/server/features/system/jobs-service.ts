// Admin › System: the job queue read across agencies (a platform view, decision 015's exceptions),
// and Retry of a dead job.
import { count, desc, eq, sql } from 'drizzle-orm';
import { JOB_NAMES, JOB_STATES, JOBS_PAGE_SIZE, JOBS_TEXT, type JobInfo, type JobsPage, type JobsQuery, type JobState } from '#shared/jobs.ts';
import { idOr404, isUniqueViolation } from '#server/db/helpers.ts';
import { agencies, jobs } from '#server/db/schema.ts';
import { conflict, notFound } from '#server/errors.ts';
import { retryJob } from '#server/jobs/queue.ts';
import { crossAgency, type Connection } from '#server/tenant.ts';

type Row = typeof jobs.$inferSelect & { agencyName: string | null };

function toInfo(r: Row): JobInfo {
  return {
    id: r.id,
    name: r.name,
    label: JOB_NAMES[r.name] ?? r.name,
    state: r.state as JobState,
    agency_name: r.agencyName,
    attempts: r.attempts,
    max_attempts: r.maxAttempts,
    run_at: r.runAt.toISOString(),
    locked_until: r.lockedUntil?.toISOString() ?? null,
    progress: r.progress ?? null,
    last_error: r.lastError,
    created_at: r.createdAt.toISOString(),
    finished_at: r.finishedAt?.toISOString() ?? null,
  };
}

const columns = {
  id: jobs.id,
  name: jobs.name,
  payload: sql<Record<string, unknown>>`'{}'::jsonb`,
  state: jobs.state,
  agencyId: jobs.agencyId,
  attempts: jobs.attempts,
  maxAttempts: jobs.maxAttempts,
  backoffMs: jobs.backoffMs,
  runAt: jobs.runAt,
  lockedUntil: jobs.lockedUntil,
  lockedBy: jobs.lockedBy,
  singletonKey: jobs.singletonKey,
  progress: jobs.progress,
  lastError: jobs.lastError,
  createdAt: jobs.createdAt,
  updatedAt: jobs.updatedAt,
  finishedAt: jobs.finishedAt,
  agencyName: agencies.name,
};

/** Newest first; payloads stay out (an import's carries its rows, and none is the admin's to read). */
export async function listJobs(connection: Connection, q: JobsQuery): Promise<JobsPage> {
  const db = crossAgency(connection, 'the super admin’s view of the job queue spans every agency');
  const where = q.state === 'all' ? undefined : eq(jobs.state, q.state);
  const [rows, perState] = await Promise.all([
    db
      .select(columns)
      .from(jobs)
      .leftJoin(agencies, eq(agencies.id, jobs.agencyId))
      .where(where)
      .orderBy(desc(jobs.createdAt), desc(jobs.id))
      .limit(JOBS_PAGE_SIZE)
      .offset((q.page - 1) * JOBS_PAGE_SIZE),
    db.select({ state: jobs.state, n: count() }).from(jobs).groupBy(jobs.state),
  ]);
  const counts = Object.fromEntries(JOB_STATES.map((s) => [s, 0])) as Record<JobState, number>;
  for (const r of perState) counts[r.state as JobState] = Number(r.n);
  const total = q.state === 'all' ? Object.values(counts).reduce((a, b) => a + b, 0) : counts[q.state];
  return { rows: rows.map(toInfo), total, page: q.page, pageSize: JOBS_PAGE_SIZE, counts };
}

export async function retryFailedJob(connection: Connection, rawId: string): Promise<JobInfo> {
  const db = crossAgency(connection, 'the super admin’s view of the job queue spans every agency');
  const id = idOr404(rawId, JOBS_TEXT.notFound);
  const [found] = await db.select({ state: jobs.state }).from(jobs).where(eq(jobs.id, id));
  if (!found) throw notFound(JOBS_TEXT.notFound);
  try {
    if (!(await retryJob(db, id))) throw conflict(JOBS_TEXT.notFailed, 'JOB_NOT_FAILED');
  } catch (err) {
    // a scheduled job whose next run is already queued: the retry would be a second one
    if (isUniqueViolation(err, 'jobs_singleton_uq')) throw conflict(JOBS_TEXT.alreadyQueued, 'JOB_ALREADY_QUEUED');
    throw err;
  }
  const [row] = await db.select(columns).from(jobs).leftJoin(agencies, eq(agencies.id, jobs.agencyId)).where(eq(jobs.id, id));
  return toInfo(row);
}
