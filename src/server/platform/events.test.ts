// Domain events (decision 049): in-transaction subscribers commit and roll back with the write; job
// subscribers get a job in the same transaction (the outbox), run after the commit, at least once,
// with the event's id; the app wires each feature's subscribers once.
import type { ApiTask } from '#shared/tasks.ts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { DomainEvent } from '#shared/events.ts';
import { jobs } from '#server/db/schema.ts';
import { workOnce } from '#server/jobs/runner.ts';
import { tenant } from '#server/tenant.ts';
import { createTestContext, createUser, json, type TestContext } from '#server/test/harness.ts';
import { emit, eventJob, subscribe, subscribersOf, unsubscribe } from './events.ts';

let t: TestContext;
const heard: { sub: string; eventId: string; entityId: string | null | undefined; inTx: boolean }[] = [];
let failNext = 0;

beforeAll(async () => {
  t = await createTestContext();
  subscribe({
    name: 'test.in-transaction',
    types: ['task.created'],
    mode: 'in-transaction',
    handle: async ({ eventId }, event) => void heard.push({ sub: 'now', eventId, entityId: event.entityId, inTx: true }),
  });
  subscribe({
    name: 'test.job',
    types: ['customer.deleted'],
    mode: 'job',
    handle: async ({ eventId }, event) => {
      if (failNext > 0) {
        failNext -= 1;
        throw new Error('subscriber down');
      }
      heard.push({ sub: 'job', eventId, entityId: (event.data as { id: string }).id, inTx: false });
    },
  });
});
afterAll(async () => {
  unsubscribe('test.in-transaction');
  unsubscribe('test.job');
  await t.close();
});

const eventJobs = async () => (await t.db.select().from(jobs).where(eq(jobs.name, eventJob.name))).filter((j) => (j.payload as { subscriber: string }).subscriber === 'test.job');
const deleted = (id: string): DomainEvent => ({
  type: 'customer.deleted',
  entityId: id,
  // a lazy payload is read at emit, inside the write (the row is still there), never in the job
  data: async () => ({ id }) as never,
});

describe('emit', () => {
  it('runs in-transaction subscribers inside the write, in registration order after the app’s own', async () => {
    expect(subscribersOf('policy.created')).toEqual(['activity.log', 'webhooks.outbox', 'api.change-feed']);
    expect(subscribersOf('membership.ended')).toEqual(['activity.log', 'api.keys-follow-membership']);
    expect(subscribersOf('task.assigned')).toEqual(['activity.log', 'notifications.bell']);
    // issue 28: the audit log, the sign-in history and documents listen instead of being called
    expect(subscribersOf('user.role_changed')).toEqual(['audit.log']);
    expect(subscribersOf('sign_in.attempted')).toEqual(['settings.sign-in-history']);
    // issue 34 §2: a customer's terms are unlinked and its log's entries and portal requests go, each a change of its own
    expect(subscribersOf('customer.deleting')).toEqual(['documents.trash-with-owner', 'policies.follow-owners', 'communications.go-with-customer', 'tasks.follow-links', 'pipeline.follow-links', 'portal.requests-follow-links']);
    const id = randomUUID();
    // a real agency: task.created also goes to the change feed (issue 34 §3), whose rows belong to one
    const owner = await createUser(t, { tier: 'business' });
    const agencyId: string = (await json(await t.request('/api/me', { cookie: owner.cookie }))).agency.id;
    await t.db.transaction((tx) => emit(tenant(tx, { agency: { id: agencyId } }), { userId: null }, { type: 'task.created', entityId: id, data: {} as ApiTask }));
    expect(heard.filter((h) => h.entityId === id)).toMatchObject([{ sub: 'now', inTx: true }]);
  });

  it('a subscriber’s error rolls the write back', async () => {
    subscribe({ name: 'test.throws', types: ['task.deleted'], mode: 'in-transaction', handle: async () => Promise.reject(new Error('log refused')) });
    try {
      await expect(
        t.db.transaction(async (tx) => {
          await eventJob.enqueue(tx, { subscriber: 'none', eventId: 'x', at: new Date().toISOString(), agencyId: null, by: { userId: null }, event: { type: 'task.deleted', data: {} as ApiTask } });
          await emit(tx, { userId: null }, { type: 'task.deleted', entityId: null, data: {} as ApiTask });
        }),
      ).rejects.toThrow('log refused');
      expect((await t.db.select().from(jobs).where(eq(jobs.name, eventJob.name))).filter((j) => (j.payload as { subscriber: string }).subscriber === 'none')).toHaveLength(0);
    } finally {
      unsubscribe('test.throws');
    }
  });
});

describe('job subscribers (the outbox)', () => {
  it('enqueue with the write: a rolled-back write leaves no job, a committed one leaves one with the event id', async () => {
    const gone = randomUUID();
    await expect(
      t.db.transaction(async (tx) => {
        await emit(tx, { userId: null }, deleted(gone));
        throw new Error('the delete failed');
      }),
    ).rejects.toThrow('the delete failed');
    expect((await eventJobs()).filter((j) => (j.payload as { event: { entityId: string } }).event.entityId === gone)).toHaveLength(0);
    expect(heard.filter((h) => h.entityId === gone)).toHaveLength(0);

    const kept = randomUUID();
    await t.db.transaction((tx) => emit(tx, { userId: null }, deleted(kept)));
    const [job] = (await eventJobs()).filter((j) => (j.payload as { event: { entityId: string } }).event.entityId === kept);
    expect(job).toMatchObject({ state: 'queued' });
    const payload = job.payload as { eventId: string; event: { data: { id: string } } };
    // the lazy payload was read at emit: the job carries plain JSON
    expect(payload.event.data).toEqual({ id: kept });
    // nothing ran before the job did
    expect(heard.filter((h) => h.entityId === kept)).toHaveLength(0);
    await workOnce(t.deps, { name: eventJob.name, limit: 10 });
    expect(heard.filter((h) => h.entityId === kept)).toEqual([{ sub: 'job', eventId: payload.eventId, entityId: kept, inTx: false }]);
  });

  it('is retried after a failure, with the same event id (at least once; the id makes a second run a no-op)', async () => {
    const id = randomUUID();
    failNext = 1;
    await t.db.transaction((tx) => emit(tx, { userId: null }, deleted(id)));
    await workOnce(t.deps, { name: eventJob.name, limit: 10 });
    const [job] = (await eventJobs()).filter((j) => (j.payload as { event: { entityId: string } }).event.entityId === id);
    expect(job).toMatchObject({ state: 'queued', attempts: 1, lastError: 'subscriber down' });
    // its retry is due after the backoff
    await workOnce(t.deps, { name: eventJob.name, limit: 10, now: new Date(Date.now() + 3_600_000) });
    expect(heard.filter((h) => h.entityId === id)).toEqual([{ sub: 'job', eventId: (job.payload as { eventId: string }).eventId, entityId: id, inTx: false }]);
  });
});
