// Runs claimed jobs: the handler with a heartbeat that renews its lease, then the outcome (done, a
// retry after its backoff, or dead). `startJobs` is the one background loop of a server process
// (main.ts): it moves the schedules on and claims due jobs; `kickJob` runs a job just enqueued in
// this process at once, so the instance that started an import or a bulk change works it first.
import type { Deps } from '#server/context.ts';
import { claimJobs, complete, DEFAULT_LEASE_MS, fail, jobDefinition, release, renew, saveProgress, type Claim, type JobContext } from './queue.ts';
import { runSchedules, type Schedule } from './schedule.ts';

export interface RunOptions {
  /** a fixed clock (tests) */
  now?: Date;
}

/** The claims this process is running (the loop's and kicked ones): handed back at shutdown. */
const runningClaims = new Set<Claim>();

/** Runs one claimed job to its outcome; the outcome is in the row. */
export async function runClaim(deps: Deps, claim: Claim, opts: RunOptions = {}): Promise<'done' | 'retry' | 'dead' | 'unknown'> {
  runningClaims.add(claim);
  try {
    return await runClaimed(deps, claim, opts);
  } finally {
    runningClaims.delete(claim);
  }
}

/**
 * Shutdown (SIGTERM): hands every running claim of this process back to the queue, so another
 * instance takes each over now, not when its lease runs out. A handler that checks `holds` stops at
 * its next batch; returns how many were handed back.
 */
export async function releaseRunning(deps: Deps): Promise<number> {
  const now = new Date();
  const released = await Promise.all([...runningClaims].map((c) => release(deps.db, c, now).catch(() => false)));
  return released.filter(Boolean).length;
}

async function runClaimed(deps: Deps, claim: Claim, opts: RunOptions): Promise<'done' | 'retry' | 'dead' | 'unknown'> {
  const clock = () => opts.now ?? new Date();
  const def = jobDefinition(claim.job.name);
  if (!def) {
    await fail(deps.db, claim, `No handler for job "${claim.job.name}" in this version`, clock());
    return 'unknown';
  }
  const leaseMs = def.leaseMs ?? DEFAULT_LEASE_MS;
  let beat: NodeJS.Timeout | undefined;
  let stopped = false;
  const heartbeat = () => {
    beat = setTimeout(() => {
      renew(deps.db, claim.job.id, claim.token, new Date(), leaseMs)
        .catch((err: unknown) => deps.logger.warn({ err, jobId: claim.job.id }, 'job heartbeat failed'))
        .finally(() => !stopped && heartbeat());
    }, leaseMs / 3);
    beat.unref();
  };
  heartbeat();
  const ctx: JobContext<Record<string, unknown>> = {
    id: claim.job.id,
    payload: claim.job.payload,
    attempt: claim.job.attempts,
    lastAttempt: claim.job.attempts >= claim.job.maxAttempts,
    now: clock(),
    progress: (value, tx) => saveProgress(tx ?? deps.db, claim, value),
    holds: (tx) => renew(tx, claim.job.id, claim.token, new Date(), leaseMs),
  };
  try {
    await def.run(deps, ctx);
    stopped = true;
    clearTimeout(beat);
    await complete(deps.db, claim, clock());
    return 'done';
  } catch (err) {
    stopped = true;
    clearTimeout(beat);
    const message = err instanceof Error ? err.message : String(err);
    deps.logger.error({ err, jobId: claim.job.id, job: claim.job.name, attempt: claim.job.attempts }, 'job failed');
    const dead = await fail(deps.db, claim, message, clock());
    if (dead && def.onDead) await def.onDead(deps, claim.job.payload as never, message).catch((e: unknown) => deps.logger.error({ err: e, jobId: claim.job.id }, 'job onDead failed'));
    return dead ? 'dead' : 'retry';
  }
}

/** One pass: claims up to `limit` due jobs (optionally of one name) and runs them side by side. */
export async function workOnce(deps: Deps, opts: RunOptions & { limit?: number; name?: string } = {}): Promise<number> {
  const claims = await claimJobs(deps.db, opts.now ?? new Date(), opts.limit ?? 5, { name: opts.name });
  await Promise.all(claims.map((c) => runClaim(deps, c, opts)));
  return claims.length;
}

/** Runs a job just enqueued (and committed) in this process, unless another instance got it first. */
export async function kickJob(deps: Deps, id: string): Promise<void> {
  const [claim] = await claimJobs(deps.db, new Date(), 1, { id });
  if (claim) await runClaim(deps, claim);
}

/** Background form of kickJob: errors are logged, never thrown into the request. */
export function kickInBackground(deps: Deps, id: string | null): void {
  if (!id) return;
  void kickJob(deps, id).catch((err: unknown) => deps.logger.error({ err, jobId: id }, 'job kick failed'));
}

export interface StartOptions {
  schedules: Schedule[];
  /** how often an idle process looks for due jobs */
  pollMs?: number;
  /** jobs of this process at once */
  concurrency?: number;
}

/**
 * The process's job loop: schedules, then due jobs up to `concurrency` at a time. A timer chain (not
 * setInterval) so a slow pass never overlaps the next. Returns the stop function: no new claim
 * after it, and the jobs in flight are handed back to the queue for another instance (resolves
 * once they are).
 */
export function startJobs(deps: Deps, opts: StartOptions): { stop: () => Promise<number>; wake: () => void } {
  const pollMs = opts.pollMs ?? 2_000;
  const concurrency = opts.concurrency ?? 4;
  let running = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const pass = async () => {
    if (stopped) return;
    await runSchedules(deps.db, opts.schedules, new Date()).catch((err: unknown) => deps.logger.error({ err }, 'job schedules failed'));
    const free = concurrency - running;
    if (free <= 0 || stopped) return;
    const claims = await claimJobs(deps.db, new Date(), free);
    for (const c of claims) {
      running += 1;
      void runClaim(deps, c)
        // the database may be closing under a job handed back at shutdown
        .catch((err: unknown) => deps.logger.warn({ err, jobId: c.job.id }, 'job outcome not recorded'))
        .finally(() => {
          running -= 1;
          // a finished job may have left more work (a drain that stopped at its batch): look again soon
          wake();
        });
    }
  };
  let busy = false;
  let again = false;
  const schedule = (delay: number) => {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(() => void tick(), delay);
    timer.unref();
  };
  const tick = async () => {
    busy = true;
    try {
      await pass();
    } catch (err) {
      deps.logger.error({ err }, 'job pass failed');
    } finally {
      busy = false;
      schedule(again ? 50 : pollMs);
      again = false;
    }
  };
  // a pass in progress looks again right after it, instead of running twice at once
  const wake = () => (busy ? (again = true) : schedule(50));
  schedule(1_000);
  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
      return releaseRunning(deps);
    },
    wake,
  };
}
