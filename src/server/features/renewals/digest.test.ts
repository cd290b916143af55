// The daily digest job: once a day per agent from 07:00, never twice (reruns, a second instance, a
// run killed half-way, two instances scheduling it), opt-out, plan, and the window/lapse notifications.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addDays } from '#shared/time.ts';
import { digestDeliveries, jobs, notificationPreferences, notifications, policies } from '#server/db/schema.ts';
import { SCHEDULES } from '#server/jobs/all.ts';
import { workOnce } from '#server/jobs/runner.ts';
import { runSchedules } from '#server/jobs/schedule.ts';
import type { MailMessage } from '#server/mail.ts';
import { createPolicy } from '#server/test/factories.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';
import { DEFAULT_LEASE_MS } from '#server/jobs/queue.ts';
import { DIGEST_JOB, DIGEST_LINES, digestSendJob, runDigest } from './digest.ts';

let t: TestContext;
let a: TestUser;
let b: TestUser;
let optedOut: TestUser;
let starter: TestUser;

// A fixed clock per test, each on its own day, so the (user, day) markers of one test don't hide another's mail.
let dayOffset = 0;
function morning(hour = 8) {
  dayOffset += 1;
  const day = addDays(new Date().toISOString().slice(0, 10), dayOffset);
  return new Date(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);
}

async function due(u: TestUser, endDate: string) {
  const p = await createPolicy(t.request, u.cookie);
  await t.db.update(policies).set({ endDate }).where(eq(policies.id, p.id));
  return p;
}

const digestsTo = (u: TestUser, sent: MailMessage[] = t.mail.sent) => sent.filter((m) => m.to === u.email && /Your renewals for/.test(m.subject));

beforeAll(async () => {
  t = await createTestContext();
  a = await createUser(t, { tier: 'professional' });
  b = await createUser(t, { tier: 'professional' });
  optedOut = await createUser(t, { tier: 'professional' });
  starter = await createUser(t, { tier: 'starter' });
  const soon = addDays(new Date().toISOString().slice(0, 10), 20);
  for (const u of [a, b, optedOut, starter]) await due(u, soon);
  const me = await t.request('/api/profile', {
    method: 'PATCH',
    cookie: optedOut.cookie,
    json: { first_name: 'Otto', last_name: 'Out', phone: '', company: '', digest_opt_out: true },
  });
  expect(me.status, await me.clone().text()).toBe(200);
  expect((await json(me)).profile.digest_opt_out).toBe(true);
});
afterAll(async () => t.close());

describe('the daily digest', () => {
  it('sends each agent with due renewals one e-mail; a second run that day sends none', async () => {
    const now = morning();
    const first = await runDigest(t.deps, now);
    expect(first.ran).toBe(true);
    expect(digestsTo(a)).toHaveLength(1);
    expect(digestsTo(b)).toHaveLength(1);
    expect(digestsTo(a)[0].text).toContain('Due in the next 30 days');
    expect(digestsTo(a)[0].text).toContain('/dashboard/renewals');
    expect(digestsTo(optedOut)).toHaveLength(0);
    expect(digestsTo(starter)).toHaveLength(0);
    const second = await runDigest(t.deps, new Date(now.getTime() + 3 * 3600_000));
    expect(second).toEqual({ ran: true, sent: 0 });
    expect(digestsTo(a)).toHaveLength(1);
    // and the agents were told once that their term entered the 30-day window
    const again = await runDigest(t.deps, new Date(now.getTime() + 4 * 3600_000));
    expect(again.sent).toBe(0);
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, a.id));
    expect(told.filter((n) => n.kind === 'renewal_window')).toHaveLength(1);
  });

  it('sends nothing before 07:00, then catches up later that day', async () => {
    const early = morning(6);
    const before = t.mail.sent.length;
    expect((await runDigest(t.deps, early)).sent).toBe(0);
    expect(t.mail.sent.length).toBe(before);
    // the server was down at 07:00: the 15:00 run sends what is missing
    const late = new Date(early.getTime() + 9 * 3600_000);
    expect((await runDigest(t.deps, late)).sent).toBeGreaterThanOrEqual(2);
  });

  it('runs on one instance at a time: two instances scheduling it queue one run, which one of them works', async () => {
    const now = morning();
    const schedules = SCHEDULES.filter((s) => s.job === DIGEST_JOB);
    const queued = await Promise.all([runSchedules(t.db, schedules, now), runSchedules(t.db, schedules, now)]);
    expect(queued.flat()).toEqual([DIGEST_JOB]);
    const worked = await Promise.all([workOnce(t.deps, { name: DIGEST_JOB, now }), workOnce(t.deps, { name: DIGEST_JOB, now })]);
    expect(worked[0] + worked[1]).toBe(1);
    const [run] = await t.db.select().from(jobs).where(eq(jobs.name, DIGEST_JOB));
    expect(run).toMatchObject({ state: 'done', attempts: 1 });
    // even two runs at once (a run taken over after its lease while the first still sends) mail each agent once
    await Promise.all([runDigest(t.deps, now), runDigest(t.deps, now)]);
    const day = now.toISOString().slice(0, 10);
    const markers = await t.db.select().from(digestDeliveries).where(eq(digestDeliveries.day, day));
    expect(markers.filter((m) => m.userId === a.id)).toHaveLength(1);
  });

  it('killed half-way: the marked digest’s send job goes out from another instance, so each agent gets exactly one', async () => {
    const now = morning();
    const sent: MailMessage[] = [];
    let calls = 0;
    // the first e-mail goes out, then the process "dies" in the middle of the second send
    const dying = {
      kind: 'smtp' as const,
      send: (m: MailMessage) => {
        calls += 1;
        if (calls === 1) {
          sent.push(m);
          return Promise.resolve();
        }
        return new Promise<void>(() => {});
      },
    };
    void runDigest({ ...t.deps, mailer: dying }, now);
    await expect.poll(() => calls).toBe(2);
    // after the dead run's lease expires, another instance runs the job again
    const healthy = { kind: 'smtp' as const, send: async (m: MailMessage) => void sent.push(m) };
    const rerun = await runDigest({ ...t.deps, mailer: healthy }, new Date(now.getTime() + 6 * 60_000));
    expect(rerun.ran).toBe(true);
    for (const u of [a, b]) expect(digestsTo(u, sent).length).toBeLessThanOrEqual(1);
    const third = await runDigest({ ...t.deps, mailer: healthy }, new Date(now.getTime() + 7 * 60_000));
    expect(third.sent).toBe(0);
    // the dead run's marked-but-unsent digest is a send job: once its lease has run out, another
    // instance's worker sends it, so every agent gets exactly one (before issue 27 §3: none)
    const afterLease = new Date(Date.now() + DEFAULT_LEASE_MS + 1_000);
    await workOnce({ ...t.deps, mailer: healthy }, { name: digestSendJob.name, now: afterLease, limit: 10 });
    for (const u of [a, b]) expect(digestsTo(u, sent)).toHaveLength(1);
    expect(new Set(sent.map((m) => m.messageId)).size).toBe(sent.length);
  });

  it('a failed send keeps its marker and is retried by its job, once', async () => {
    const now = morning();
    const failing = { kind: 'smtp' as const, send: async () => Promise.reject(new Error('SMTP down')) };
    expect((await runDigest({ ...t.deps, mailer: failing }, now)).sent).toBe(0);
    const sent: MailMessage[] = [];
    const ok = { kind: 'smtp' as const, send: async (m: MailMessage) => void sent.push(m) };
    // the next run queues nothing new; the job's retry after its backoff delivers it
    expect((await runDigest({ ...t.deps, mailer: ok }, new Date(now.getTime() + 600_000))).sent).toBe(0);
    await workOnce({ ...t.deps, mailer: ok }, { name: digestSendJob.name, now: new Date(Date.now() + 3_600_000), limit: 10 });
    expect(digestsTo(a, sent)).toHaveLength(1);
    expect(digestsTo(a, sent)[0].messageId).toMatch(new RegExp(`^<digest\\.${a.id}\\.`));
  });

  it('lists the first lines of a long section with its full count, and keeps a switched-off notification kind out', async () => {
    const busy = await createUser(t, { tier: 'professional' });
    const now = morning();
    const today = now.toISOString().slice(0, 10);
    for (let i = 0; i < DIGEST_LINES + 2; i += 1) await due(busy, addDays(today, 3 + i));
    await t.db.insert(notificationPreferences).values({ userId: busy.id, kind: 'renewal_window', inApp: false });
    const sent: MailMessage[] = [];
    const ok = { kind: 'smtp' as const, send: async (m: MailMessage) => void sent.push(m) };
    await runDigest({ ...t.deps, mailer: ok }, now);
    const [mail] = digestsTo(busy, sent);
    expect(mail.subject).toContain(`${DIGEST_LINES + 2} due in 30 days`);
    expect(mail.text).toContain(`Due in the next 30 days (${DIGEST_LINES + 2}):`);
    expect(mail.text).toContain('…and 2 more on your renewals page.');
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, busy.id));
    expect(told.filter((n) => n.kind === 'renewal_window')).toHaveLength(0);
  });
});
