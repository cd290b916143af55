// The one job queue (issue 27, decision 043): a `jobs` row per job, written inside the caller's
// transaction (a job exists exactly when its data does), claimed with FOR UPDATE SKIP LOCKED under a
// lease, retried with exponential backoff, dead ("failed") after its last attempt. Plain SQL on one
// table: it runs the same on PGlite and on PostgreSQL, and behind a transaction pooler (no LISTEN,
// no session-level lock, no named statement of its own).
import { and, eq, sql } from 'drizzle-orm';
import type { Deps } from '#server/context.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { jobs } from '#server/db/schema.ts';
import { connectionOf, type Tenant } from '#server/tenant.ts';

export type JobRow = typeof jobs.$inferSelect;
export type JobState = 'queued' | 'running' | 'done' | 'failed';

/** What a handler gets: its payload, its attempt, and the claim's progress and lease. */
export interface JobContext<P> {
  id: string;
  payload: P;
  /** 1 on the first run */
  attempt: number;
  lastAttempt: boolean;
  /** the clock of this run (tests pass a fixed one) */
  now: Date;
  /** Stores progress the admin page shows; with `tx` it commits with the work it describes. */
  progress(value: Record<string, unknown>, tx?: Db | Tx): Promise<void>;
  /**
   * Extends the lease inside `tx` and says whether this claim still holds the job: a batch that
   * commits its work in `tx` calls it first and stops when false (another instance has taken over).
   */
  holds(tx: Db | Tx): Promise<boolean>;
}

export interface JobDefinition<P> {
  name: string;
  run(deps: Deps, ctx: JobContext<P>): Promise<void>;
  /** called once when the job dies (its last attempt failed): mark the feature's own row failed */
  onDead?(deps: Deps, payload: P, error: string): Promise<void>;
  maxAttempts?: number;
  backoffMs?: number;
  /** how long a claim holds the job without a heartbeat; the runner renews it while the handler runs */
  leaseMs?: number;
}

export interface EnqueueOptions {
  agencyId?: string | null;
  runAt?: Date;
  maxAttempts?: number;
  backoffMs?: number;
  /** at most one queued or running job with this key: a second enqueue is a no-op (returns null) */
  singletonKey?: string;
}

const registry = new Map<string, JobDefinition<never>>();

/** Declares a job kind; its module must be imported where workers run (jobs/all.ts). */
export function defineJob<P extends Record<string, unknown>>(def: JobDefinition<P>) {
  registry.set(def.name, def as unknown as JobDefinition<never>);
  return {
    name: def.name,
    // the queue is no agency's table: a feature hands its tenant context, the job runs on its connection
    enqueue: (tx: Db | Tx | Tenant, payload: P, opts: EnqueueOptions = {}) => enqueue(connectionOf(tx), def.name, payload, { maxAttempts: def.maxAttempts, backoffMs: def.backoffMs, ...opts }),
  };
}

export function jobDefinition(name: string): JobDefinition<Record<string, unknown>> | undefined {
  return registry.get(name) as JobDefinition<Record<string, unknown>> | undefined;
}

/** A claim's lease. JOBS_LEASE_MS shortens it for the two-process takeover test only. */
export const DEFAULT_LEASE_MS = Number(process.env.JOBS_LEASE_MS) || 60_000;
const MAX_BACKOFF_MS = 3_600_000;

/** Writes the job in the caller's transaction; null when a singleton of the key is already queued or running. */
export async function enqueue(tx: Db | Tx, name: string, payload: Record<string, unknown>, opts: EnqueueOptions = {}): Promise<string | null> {
  const rows = await tx
    .insert(jobs)
    .values({
      name,
      payload,
      agencyId: opts.agencyId ?? null,
      runAt: opts.runAt ?? new Date(),
      maxAttempts: opts.maxAttempts ?? 5,
      backoffMs: opts.backoffMs ?? 30_000,
      singletonKey: opts.singletonKey ?? null,
    })
    .onConflictDoNothing({ target: jobs.singletonKey, where: sql`state in ('queued', 'running')` })
    .returning({ id: jobs.id });
  return rows[0]?.id ?? null;
}

/** The wait before attempt n+1: backoff × 2^(n-1), capped at an hour, ±20 % so many retries spread out. */
export function backoff(baseMs: number, attempt: number, random: () => number = Math.random): number {
  const plain = Math.min(MAX_BACKOFF_MS, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(plain * (0.8 + 0.4 * random()));
}

export interface Claim {
  job: JobRow;
  token: string;
}

const token = () => `${process.pid}-${Math.random().toString(36).slice(2, 10)}`;

/**
 * Takes up to `limit` jobs: queued and due, or running with an expired lease (its instance died).
 * `only` narrows to one job id or one name (the in-process kick after an enqueue).
 */
export async function claimJobs(db: Db, now: Date, limit: number, only: { id?: string; name?: string } = {}): Promise<Claim[]> {
  const claim = token();
  const filter = only.id ? sql`and id = ${only.id}` : only.name ? sql`and name = ${only.name}` : sql``;
  const leaseMs = (name: string) => jobDefinition(name)?.leaseMs ?? DEFAULT_LEASE_MS;
  const result = await db.execute(sql`
    update jobs set state = 'running', attempts = attempts + 1, locked_by = ${claim},
      locked_until = ${now.toISOString()}::timestamptz + interval '1 millisecond' * ${DEFAULT_LEASE_MS}, updated_at = ${now.toISOString()}::timestamptz
    where id in (
      select id from jobs
      where ((state = 'queued' and run_at <= ${now.toISOString()}::timestamptz) or (state = 'running' and locked_until < ${now.toISOString()}::timestamptz)) ${filter}
      order by run_at limit ${limit}
      for update skip locked)
    returning id`);
  const ids = (result.rows as { id: string }[]).map((r) => r.id);
  if (!ids.length) return [];
  const rows = await db.select().from(jobs).where(and(sql`${jobs.id} = any(${`{${ids.join(',')}}`}::uuid[])`, eq(jobs.lockedBy, claim)));
  // a kind with a longer lease gets it now (the claim above used the default)
  for (const row of rows) if (leaseMs(row.name) !== DEFAULT_LEASE_MS) await renew(db, row.id, claim, now, leaseMs(row.name));
  return rows.map((job) => ({ job, token: claim }));
}

/** Extends the lease of the claim; false when the claim is no longer current. */
export async function renew(db: Db | Tx, id: string, claim: string, now: Date, leaseMs: number): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: new Date(now.getTime() + leaseMs), updatedAt: now })
    .where(and(eq(jobs.id, id), eq(jobs.lockedBy, claim), eq(jobs.state, 'running')))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

const current = (c: Claim) => and(eq(jobs.id, c.job.id), eq(jobs.lockedBy, c.token), eq(jobs.state, 'running'));

export async function complete(db: Db, c: Claim, now: Date): Promise<void> {
  await db.update(jobs).set({ state: 'done', lockedBy: null, lockedUntil: null, lastError: null, finishedAt: now, updatedAt: now }).where(current(c));
}

/** A failed attempt: queued again after its backoff, or dead after the last one. Returns true when dead. */
export async function fail(db: Db, c: Claim, error: string, now: Date): Promise<boolean> {
  const dead = c.job.attempts >= c.job.maxAttempts;
  const rows = await db
    .update(jobs)
    .set({
      state: dead ? 'failed' : 'queued',
      runAt: dead ? c.job.runAt : new Date(now.getTime() + backoff(c.job.backoffMs, c.job.attempts)),
      lockedBy: null,
      lockedUntil: null,
      lastError: error.slice(0, 2000),
      finishedAt: dead ? now : null,
      updatedAt: now,
    })
    .where(current(c))
    .returning({ id: jobs.id });
  return dead && rows.length > 0;
}

/**
 * Hands a claim back (a process shutting down): queued again at once, the attempt not counted, so
 * another instance takes it now instead of after the lease; the handler's next `holds` says false.
 */
export async function release(db: Db, c: Claim, now: Date): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ state: 'queued', attempts: sql`greatest(${jobs.attempts} - 1, 0)`, runAt: now, lockedBy: null, lockedUntil: null, updatedAt: now })
    .where(current(c))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

export async function saveProgress(db: Db | Tx, c: Claim, value: Record<string, unknown>, now = new Date()): Promise<void> {
  await db.update(jobs).set({ progress: value, updatedAt: now }).where(current(c));
}

/** The super admin's Retry: a dead job gets a fresh set of attempts. */
export async function retryJob(db: Db, id: string, now = new Date()): Promise<JobRow | null> {
  const [row] = await db
    .update(jobs)
    .set({ state: 'queued', attempts: 0, runAt: now, lastError: null, finishedAt: null, updatedAt: now })
    .where(and(eq(jobs.id, id), eq(jobs.state, 'failed')))
    .returning();
  return row ?? null;
}
