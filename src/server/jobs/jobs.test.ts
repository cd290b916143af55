// The job queue (decision 043): enqueue in the caller's transaction, leases and takeover, retries
// with backoff, dead jobs and their retry, progress, singletons and schedules.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobs } from '#server/db/schema.ts';
import { createTestContext, type TestContext } from '#server/test/harness.ts';
import { backoff, claimJobs, defineJob, enqueue, retryJob } from './queue.ts';
import { releaseRunning, runClaim, workOnce } from './runner.ts';
import { nextRun, runSchedules } from './schedule.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

const row = async (id: string) => (await t.db.select().from(jobs).where(eq(jobs.id, id)))[0];
const seen: string[] = [];
const dead: string[] = [];
const okJob = defineJob<{ tag: string }>({
  name: 'test.ok',
  run: async (_deps, ctx) => {
    await ctx.progress({ done: 1, of: 1 });
    seen.push(ctx.payload.tag);
  },
});
const failing = defineJob<{ tag: string }>({
  name: 'test.failing',
  maxAttempts: 2,
  backoffMs: 1_000,
  run: async () => {
    throw new Error('receiver down');
  },
  onDead: async (_deps, payload, error) => void dead.push(`${payload.tag}:${error}`),
});

describe('enqueue', () => {
  it('writes the job with the caller’s transaction: a rolled-back change leaves no job', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await okJob.enqueue(tx, { tag: 'rolled-back' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect((await t.db.select().from(jobs).where(eq(jobs.name, okJob.name))).filter((j) => j.payload.tag === 'rolled-back')).toHaveLength(0);
    const id = await t.db.transaction((tx) => okJob.enqueue(tx, { tag: 'committed' }));
    expect(await row(id!)).toMatchObject({ state: 'queued', attempts: 0 });
  });

  it('keeps one queued or running job per singleton key', async () => {
    const first = await enqueue(t.db, 'test.ok', { tag: 's1' }, { singletonKey: 'only-one' });
    expect(first).not.toBeNull();
    expect(await enqueue(t.db, 'test.ok', { tag: 's2' }, { singletonKey: 'only-one' })).toBeNull();
    await workOnce(t.deps, { name: 'test.ok', limit: 10 });
    expect(await row(first!)).toMatchObject({ state: 'done' });
    // once the first has finished, the key is free again
    expect(await enqueue(t.db, 'test.ok', { tag: 's3' }, { singletonKey: 'only-one' })).not.toBeNull();
  });
});

describe('running', () => {
  it('runs a due job once, stores its progress and marks it done', async () => {
    const id = await okJob.enqueue(t.db, { tag: 'run-me' });
    await workOnce(t.deps, { name: 'test.ok', limit: 10 });
    expect(seen.filter((s) => s === 'run-me')).toHaveLength(1);
    expect(await row(id!)).toMatchObject({ state: 'done', attempts: 1, progress: { done: 1, of: 1 }, lockedBy: null });
    await workOnce(t.deps, { name: 'test.ok', limit: 10 });
    expect(seen.filter((s) => s === 'run-me')).toHaveLength(1);
  });

  it('does not run a job before its time', async () => {
    const id = await okJob.enqueue(t.db, { tag: 'later' }, { runAt: new Date(Date.now() + 3_600_000) });
    await workOnce(t.deps, { name: 'test.ok', limit: 10 });
    expect(await row(id!)).toMatchObject({ state: 'queued', attempts: 0 });
  });

  it('retries a failure after its backoff, then keeps it dead (failed) and tells the feature once', async () => {
    const id = await failing.enqueue(t.db, { tag: 'f1' });
    // after the enqueue, and a little ahead: the row's run_at is the database's now() in microseconds,
    // which a Date taken in the same millisecond (or before the insert) can precede (flaked once in CI)
    const now = new Date(Date.now() + 5);
    await workOnce(t.deps, { name: failing.name, now });
    const retry = await row(id!);
    expect(retry).toMatchObject({ state: 'queued', attempts: 1, lastError: 'receiver down' });
    // 1 s ± 20 %
    expect(retry.runAt.getTime() - now.getTime()).toBeGreaterThanOrEqual(800);
    expect(retry.runAt.getTime() - now.getTime()).toBeLessThanOrEqual(1200);
    await workOnce(t.deps, { name: failing.name, now });
    expect((await row(id!)).attempts).toBe(1);
    await workOnce(t.deps, { name: failing.name, now: new Date(now.getTime() + 1_300) });
    expect(await row(id!)).toMatchObject({ state: 'failed', attempts: 2 });
    expect(dead).toEqual(['f1:receiver down']);
    await workOnce(t.deps, { name: failing.name, now: new Date(now.getTime() + 3_600_000) });
    expect(await row(id!)).toMatchObject({ state: 'failed', attempts: 2 });
    // the super admin's Retry gives it a fresh set of attempts
    expect(await retryJob(t.db, id!)).toMatchObject({ state: 'queued', attempts: 0 });
    expect(await retryJob(t.db, id!)).toBeNull();
  });

  it('doubles the backoff per attempt, capped at an hour', () => {
    const mid = () => 0.5;
    expect([1, 2, 3, 4].map((n) => backoff(30_000, n, mid))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(backoff(30_000, 20, mid)).toBe(3_600_000);
  });
});

describe('leases', () => {
  it('another instance takes over a job whose lease expired; the first claim can then record nothing', async () => {
    const id = await okJob.enqueue(t.db, { tag: 'takeover' });
    const now = new Date(Date.now() + 5); // ahead of run_at (microseconds) taken in the same millisecond
    const [first] = await claimJobs(t.db, now, 1, { id: id! });
    expect(first.job.attempts).toBe(1);
    // a second instance finds nothing while the lease holds
    expect(await claimJobs(t.db, new Date(now.getTime() + 30_000), 1, { id: id! })).toHaveLength(0);
    // the first instance "died": after the lease, the second takes the job
    const [second] = await claimJobs(t.db, new Date(now.getTime() + 61_000), 1, { id: id! });
    expect(second.job.attempts).toBe(2);
    expect(second.token).not.toBe(first.token);
    // the first claim's batch would be refused (holds is false), and its outcome is ignored
    const stale = { ...first };
    expect(await runClaim(t.deps, stale)).toBe('done');
    expect(await row(id!)).toMatchObject({ state: 'running', lockedBy: second.token });
    expect(await runClaim(t.deps, second)).toBe('done');
    expect(await row(id!)).toMatchObject({ state: 'done', attempts: 2 });
  });

  it('a handler’s batch commits only while its claim holds the job', async () => {
    const answers: boolean[] = [];
    const batchJob = defineJob<Record<string, never>>({
      name: 'test.batches',
      run: async (deps, ctx) => {
        answers.push(await deps.db.transaction((tx) => ctx.holds(tx)));
        // another instance takes the job over meanwhile
        await deps.db.update(jobs).set({ lockedBy: 'someone-else' }).where(eq(jobs.id, ctx.id));
        answers.push(await deps.db.transaction((tx) => ctx.holds(tx)));
      },
    });
    await batchJob.enqueue(t.db, {});
    await workOnce(t.deps, { name: batchJob.name });
    expect(answers).toEqual([true, false]);
  });

  it('a process shutting down hands its running jobs back: queued at once, the attempt not counted, its batches refused', async () => {
    const answers: boolean[] = [];
    let started!: () => void;
    let proceed!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const gate = new Promise<void>((resolve) => (proceed = resolve));
    const longJob = defineJob<Record<string, never>>({
      name: 'test.long',
      run: async (deps, ctx) => {
        answers.push(await deps.db.transaction((tx) => ctx.holds(tx)));
        started();
        await gate;
        answers.push(await deps.db.transaction((tx) => ctx.holds(tx)));
      },
    });
    const id = (await longJob.enqueue(t.db, {}))!;
    const [claim] = await claimJobs(t.db, new Date(), 1, { id });
    const outcome = runClaim(t.deps, claim);
    await running;
    expect(await releaseRunning(t.deps)).toBe(1);
    expect(await row(id)).toMatchObject({ state: 'queued', attempts: 0, lockedBy: null });
    proceed();
    await outcome;
    expect(answers).toEqual([true, false]);
    // the stale claim's "done" is not recorded: the job waits for the next instance
    expect((await row(id)).state).toBe('queued');
    const [next] = await claimJobs(t.db, new Date(), 1, { id });
    expect(next.job.attempts).toBe(1);
  });
});

describe('schedules', () => {
  it('enqueues each due run once, whatever the number of instances', async () => {
    const schedules = [{ job: 'test.ok', every: { everyMs: 60_000 }, payload: { tag: 'tick' } }];
    const now = new Date('2030-01-01T10:00:00Z');
    const runs = await Promise.all([runSchedules(t.db, schedules, now), runSchedules(t.db, schedules, now)]);
    expect(runs.flat()).toEqual(['test.ok']);
    expect(await runSchedules(t.db, schedules, new Date(now.getTime() + 30_000))).toEqual([]);
    const queued = await t.db.select().from(jobs).where(eq(jobs.singletonKey, 'schedule:test.ok'));
    expect(queued.filter((j) => j.state === 'queued')).toHaveLength(1);
    // the next minute: the earlier run is still queued, so the schedule moves on without piling up a second
    expect(await runSchedules(t.db, schedules, new Date(now.getTime() + 61_000))).toEqual(['test.ok']);
    expect((await t.db.select().from(jobs).where(eq(jobs.singletonKey, 'schedule:test.ok'))).filter((j) => j.state === 'queued')).toHaveLength(1);
  });

  it('daily at a local time: 07:00 in the zone, across a daylight saving change', () => {
    const ny = { dailyAt: '07:00', timeZone: 'America/New_York' };
    expect(nextRun(ny, new Date('2026-01-15T11:00:00Z')).toISOString()).toBe('2026-01-15T12:00:00.000Z');
    expect(nextRun(ny, new Date('2026-01-15T12:00:00Z')).toISOString()).toBe('2026-01-16T12:00:00.000Z');
    // 8 March 2026 the clocks go forward: 07:00 EDT is 11:00 UTC
    expect(nextRun(ny, new Date('2026-03-07T12:30:00Z')).toISOString()).toBe('2026-03-08T11:00:00.000Z');
    expect(nextRun({ dailyAt: '07:00', timeZone: 'Asia/Tokyo' }, new Date('2026-01-15T23:00:00Z')).toISOString()).toBe('2026-01-16T22:00:00.000Z');
  });
});

describe('one job system', () => {
  it('no feature starts its own timer loop (no setInterval under src/server/features)', () => {
    const root = path.resolve(import.meta.dirname, '../features');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const file = path.join(dir, name);
        if (statSync(file).isDirectory()) walk(file);
        else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && /\bsetInterval\s*\(/.test(readFileSync(file, 'utf8'))) offenders.push(path.relative(root, file));
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});
