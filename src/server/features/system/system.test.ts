// Admin › System: /api/admin/jobs is the super admin's; a failed job can be retried, nothing else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { JOBS_TEXT, type JobsPage } from '#shared/jobs.ts';
import { loadActor } from '#server/context.ts';
import { jobs } from '#server/db/schema.ts';
import { enqueue } from '#server/jobs/queue.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';

let t: TestContext;
let superAdmin: TestUser;
let admin: TestUser;
let agent: TestUser;
let failedId: string;
let queuedId: string;

beforeAll(async () => {
  t = await createTestContext();
  superAdmin = await createUser(t, { role: 'super_admin' });
  admin = await createUser(t, { role: 'admin' });
  agent = await createUser(t, { tier: 'enterprise' });
  const actor = (await loadActor(t.deps, new Headers({ cookie: agent.cookie })))!;
  failedId = (await enqueue(t.db, 'bulk.run', { bulkId: 'x' }, { agencyId: actor.agency.id }))!;
  await t.db.update(jobs).set({ state: 'failed', attempts: 3, maxAttempts: 3, lastError: 'boom', finishedAt: new Date() }).where(eq(jobs.id, failedId));
  queuedId = (await enqueue(t.db, 'documents.purge', {}, { runAt: new Date(Date.now() + 3_600_000) }))!;
});
afterAll(async () => {
  await t.close();
});

const list = (u: TestUser | null, qs = '') => t.request(`/api/admin/jobs${qs}`, u ? { cookie: u.cookie } : {});
const retry = (u: TestUser, id: string) => t.request(`/api/admin/jobs/${id}/retry`, { cookie: u.cookie, method: 'POST' });

describe('the guard', () => {
  it('answers 401 signed out, 403 to agents and to a plain admin', async () => {
    expect((await list(null)).status).toBe(401);
    expect((await list(agent)).status).toBe(403);
    expect((await list(admin)).status).toBe(403);
    expect((await retry(agent, failedId)).status).toBe(403);
    expect((await retry(admin, failedId)).status).toBe(403);
    // the denied retry changed nothing
    expect((await t.db.select().from(jobs).where(eq(jobs.id, failedId)))[0].state).toBe('failed');
  });
});

describe('the list', () => {
  it('shows every agency’s jobs with their state, counts per state, and no payload', async () => {
    const res = await list(superAdmin);
    expect(res.status).toBe(200);
    const page = await json<JobsPage>(res);
    const failed = page.rows.find((r) => r.id === failedId);
    expect(failed).toMatchObject({ label: 'Bulk change', state: 'failed', attempts: 3, max_attempts: 3, last_error: 'boom' });
    expect(failed?.agency_name).toBeTruthy();
    expect(page.rows.find((r) => r.id === queuedId)).toMatchObject({ label: 'Trash purge', state: 'queued', agency_name: null });
    expect(page.counts.failed).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(page)).not.toContain('bulkId');
  });

  it('filters by state; an unknown state lists all', async () => {
    const failed = await json<JobsPage>(await list(superAdmin, '?state=failed'));
    expect(failed.rows.every((r) => r.state === 'failed')).toBe(true);
    expect(failed.rows.map((r) => r.id)).toContain(failedId);
    const all = await json<JobsPage>(await list(superAdmin, '?state=nonsense&page=x'));
    expect(all.rows.map((r) => r.id)).toEqual(expect.arrayContaining([failedId, queuedId]));
  });
});

describe('retry', () => {
  it('queues a failed job again with fresh attempts; refuses a job that has not failed, 404 for an unknown one', async () => {
    const notFailed = await retry(superAdmin, queuedId);
    expect(notFailed.status).toBe(409);
    expect((await json(notFailed)).error.message).toBe(JOBS_TEXT.notFailed);
    expect((await retry(superAdmin, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await retry(superAdmin, 'not-a-uuid')).status).toBe(404);
    const res = await retry(superAdmin, failedId);
    expect(res.status).toBe(200);
    expect((await json(res)).job).toMatchObject({ id: failedId, state: 'queued', attempts: 0, last_error: null });
  });

  it('refuses to retry a scheduled job whose next run is already queued', async () => {
    const key = 'schedule:documents.purge';
    const dead = (await enqueue(t.db, 'documents.purge', {}, { singletonKey: key }))!;
    await t.db.update(jobs).set({ state: 'failed', finishedAt: new Date() }).where(eq(jobs.id, dead));
    await enqueue(t.db, 'documents.purge', {}, { singletonKey: key, runAt: new Date(Date.now() + 3_600_000) });
    const res = await retry(superAdmin, dead);
    expect(res.status).toBe(409);
    expect((await json(res)).error.message).toBe(JOBS_TEXT.alreadyQueued);
  });
});
