// Issue 29 §1: status follows dates (with the clock moved), the daily run, cancellation and reinstatement.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { POLICY_TEXT } from '#shared/policies.ts';
import { CANCEL_TEXT, derivePolicyStatus, type TermFacts } from '#shared/policy-status.ts';
import { activityLog, policies } from '#server/db/schema.ts';
import { setClock } from '#server/platform/clock.ts';
import { subscribe, unsubscribe } from '#server/platform/events.ts';
import { policyStatusSql } from '#server/platform/policy-status.ts';
import { carPolicyPayload } from '#server/test/factories.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';
import { moveTermStatuses } from './status-job.ts';

let t: TestContext;
let agent: TestUser;
let other: TestUser;
let key: string;
beforeAll(async () => {
  t = await createTestContext();
  agent = await createUser(t, { tier: 'enterprise' });
  other = await createUser(t, { tier: 'enterprise' });
  const res = await t.request('/api/api-keys', { cookie: agent.cookie, json: { name: 'Sync', scopes: { policies: 'read', customers: 'read' } } });
  key = (await json(res)).key;
});
afterEach(() => setClock(null));
afterAll(async () => {
  setClock(null);
  await t.close();
});

/** Noon UTC of a day: the agency's time zone is UTC here. */
const at = (day: string) => new Date(`${day}T12:00:00Z`);
const create = async (over: Record<string, unknown>) => {
  const res = await t.request('/api/policies', { cookie: agent.cookie, json: carPolicyPayload(over) });
  expect(res.status).toBe(201);
  return json(res);
};
const get = (path: string, u: TestUser = agent) => t.request(path, { cookie: u.cookie });
const listed = async (query: string) => (await json(await get(`/api/policies?${query}`))).rows as { id: string; status: string }[];
const api = async (query: string) =>
  (await json(await t.request(`/api/v1/policies?${query}`, { headers: { authorization: `Bearer ${key}` } }))).data as { id: string; status: string }[];
const post = (path: string, body?: unknown, u: TestUser = agent) => t.request(path, { cookie: u.cookie, method: 'POST', json: body ?? {} });

describe('status follows dates', () => {
  it('the SQL twin of the rule answers as derivePolicyStatus for every case', async () => {
    const p = await create({ policy_number: 'RULE-1', start_date: '2026-01-01', status: 'active' });
    const days = ['2025-12-31', '2026-01-01', '2026-07-02', '2027-01-01', '2027-02-01'];
    for (const bound of [true, false])
      for (const cancel of [null, '2026-01-01', '2026-07-02'])
        for (const renewalState of ['not_started', 'renewed', 'lost']) {
          await t.db
            .update(policies)
            .set({ bound, cancelEffectiveDate: cancel, renewalState, lostReason: renewalState === 'lost' ? 'price' : null })
            .where(eq(policies.id, p.id));
          const facts: TermFacts = { start_date: '2026-01-01', end_date: '2027-01-01', bound, cancel_effective_date: cancel, renewal_state: renewalState };
          for (const day of days) {
            const [row] = await t.db.select({ s: policyStatusSql(day) }).from(policies).where(eq(policies.id, p.id));
            expect([day, row.s]).toEqual([day, derivePolicyStatus(facts, day)]);
          }
        }
    await t.db.delete(policies).where(eq(policies.id, p.id));
  });

  it('a term that ended yesterday is never Active: list, filter, report, dashboard and API, before and after the daily run', async () => {
    setClock(at('2027-02-01'));
    const p = await create({ policy_number: 'CLOCK-1', start_date: '2027-03-01', status: 'active' });
    // a term that starts later is created Pending, even when the agent chose Active (bound)
    expect(p).toMatchObject({ status: 'pending', bound: true });

    setClock(at('2027-06-01'));
    expect((await listed('search=CLOCK-1'))[0].status).toBe('active');
    expect((await listed('status=active&search=CLOCK-1')).map((r) => r.id)).toEqual([p.id]);

    // the term ends on 2028-03-01: on 2028-03-02 it ended yesterday. The daily run has not moved it yet.
    setClock(at('2028-03-02'));
    const [stored] = await t.db.select({ status: policies.status }).from(policies).where(eq(policies.id, p.id));
    // stored as the rule said at its creation (no run since): the reads apply the rule on their own day
    expect(stored.status).toBe('pending');
    const check = async () => {
      expect((await listed('search=CLOCK-1'))[0].status).toBe('expired');
      expect(await listed('status=active&search=CLOCK-1')).toEqual([]);
      expect((await listed('status=expired&search=CLOCK-1')).map((r) => r.id)).toEqual([p.id]);
      expect((await json(await get(`/api/policies/${p.id}`))).status).toBe('expired');
      const book = await json(await get('/api/reports/book?status=active'));
      expect(book.rows).toEqual([]);
      const all = await json(await get('/api/reports/book'));
      expect(all.rows.map((r: { status: string }) => r.status)).toEqual(['Expired']);
      const expiring = await json(await get('/api/reports/expiring'));
      expect(expiring.rows.map((r: { policyNumber: string; status: string }) => [r.policyNumber, r.status])).toEqual([['CLOCK-1', 'Expired']]);
      const dashboard = await json(await get('/api/analytics'));
      expect(dashboard.byStatus.map((s: { key: string; count: number }) => [s.key, s.count])).toEqual([['expired', 1]]);
      expect((await api('search=CLOCK-1'))[0].status).toBe('expired');
      expect(await api('status=active')).toEqual([]);
      expect((await json(await t.request(`/api/v1/policies/${p.id}`, { headers: { authorization: `Bearer ${key}` } }))).status).toBe('expired');
    };
    await check();

    const events: string[] = [];
    subscribe({ name: 'test.lifecycle', types: ['policy.updated'], mode: 'in-transaction', handle: async (_ctx, e) => void events.push(e.entityId ?? '') });
    try {
      expect(await moveTermStatuses(t.deps, at('2028-03-02'))).toBe(1);
      // a second run (another instance, a retry) moves nothing more
      expect(await moveTermStatuses(t.deps, at('2028-03-02'))).toBe(0);
    } finally {
      unsubscribe('test.lifecycle');
    }
    expect(events).toEqual([p.id]);
    const [moved] = await t.db.select({ status: policies.status }).from(policies).where(eq(policies.id, p.id));
    expect(moved.status).toBe('expired');
    const lines = await t.db.select().from(activityLog).where(and(eq(activityLog.entityId, p.id), like(activityLog.summary, 'Status of%')));
    expect(lines.map((l) => [l.actorId, l.summary])).toEqual([[null, 'Status of CLOCK-1 changed from Pending to Expired: the term ended on 2028-03-01']]);
    await check();
    await t.db.delete(policies).where(eq(policies.id, p.id));
  });

  it('the daily run starts a bound term on its start date and leaves an unbound one Pending', async () => {
    setClock(at('2029-01-01'));
    const bound = await create({ policy_number: 'START-1', start_date: '2029-02-01', status: 'active' });
    const unbound = await create({ policy_number: 'START-2', start_date: '2029-02-01', status: 'pending' });
    expect(await moveTermStatuses(t.deps, at('2029-01-31'))).toBe(0);
    expect(await moveTermStatuses(t.deps, at('2029-02-01'))).toBe(1);
    const rows = await t.db.select({ n: policies.policyNumber, s: policies.status }).from(policies).where(like(policies.policyNumber, 'START-%')).orderBy(policies.policyNumber);
    expect(rows).toEqual([
      { n: 'START-1', s: 'active' },
      { n: 'START-2', s: 'pending' },
    ]);
    expect((await json(await get(`/api/policies/${bound.id}`))).status).toBe('pending');
    setClock(at('2029-02-01'));
    expect((await json(await get(`/api/policies/${bound.id}`))).status).toBe('active');
    expect((await json(await get(`/api/policies/${unbound.id}`))).status).toBe('pending');
    await t.db.delete(policies).where(like(policies.policyNumber, 'START-%'));
  });

  it('lets the agent choose only Pending or Active', async () => {
    const res = await t.request('/api/policies', { cookie: agent.cookie, json: carPolicyPayload({ status: 'expired' }) });
    expect(res.status).toBe(400);
    expect((await json(res)).error.fields.status).toBe('Please choose Pending or Active: the other statuses follow the dates.');
  });

  it('bulk "Change status to Active" does not make an ended term Active', async () => {
    setClock(null);
    const ended = await create({ policy_number: 'BULK-OLD', start_date: '2020-01-01', status: 'pending' });
    expect(ended.status).toBe('expired');
    const res = await post('/api/bulk', { entity: 'policies', action: { kind: 'set_status', status: 'active' }, selection: { all: false, ids: [ended.id] } });
    expect(res.status).toBeLessThan(300);
    // the bulk action may run in the background: wait for its row to be changed
    for (let i = 0; i < 100; i++) {
      const [row] = await t.db.select({ bound: policies.bound }).from(policies).where(eq(policies.id, ended.id));
      if (row.bound) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const [row] = await t.db.select({ bound: policies.bound, status: policies.status }).from(policies).where(eq(policies.id, ended.id));
    expect(row).toEqual({ bound: true, status: 'expired' });
    expect((await json(await get(`/api/policies/${ended.id}`))).status).toBe('expired');
    const refused = await post('/api/bulk', { entity: 'policies', action: { kind: 'set_status', status: 'cancelled' }, selection: { all: false, ids: [ended.id] } });
    expect(refused.status).toBe(400);
  });
});

describe('cancellation and reinstatement', () => {
  const term = { start_date: '2026-01-01', premium_amount: '1000.00', status: 'active' };
  const cancel = { effective_date: '2026-07-02', reason: 'non_payment', method: 'pro_rata' };

  it('quotes the pro-rata unearned premium, schedules a future cancellation, and is Cancelled from its date', async () => {
    setClock(at('2026-07-01'));
    const p = await create({ ...term, policy_number: 'CXL-1' });
    const quote = await post(`/api/policies/${p.id}/cancel/quote`, cancel);
    expect(await json(quote)).toEqual({ effective_date: '2026-07-02', method: 'pro_rata', unearned_premium: '501.37', term_days: 365, unearned_days: 183 });
    // a quote writes nothing
    expect((await json(await get(`/api/policies/${p.id}`))).cancel_effective_date).toBeNull();

    const res = await post(`/api/policies/${p.id}/cancel`, cancel);
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ status: 'active', cancel_effective_date: '2026-07-02', cancel_reason: 'non_payment', cancel_method: 'pro_rata', unearned_premium: '501.37' });
    setClock(at('2026-07-02'));
    expect((await json(await get(`/api/policies/${p.id}`))).status).toBe('cancelled');
    expect((await listed('status=cancelled&search=CXL-1')).map((r) => r.id)).toEqual([p.id]);
    const log = await t.db.select({ summary: activityLog.summary }).from(activityLog).where(eq(activityLog.entityId, p.id));
    expect(log.map((l) => l.summary)).toContain('Cancelled policy CXL-1 effective 2026-07-02 (Non-payment, pro rata; unearned premium $501.37)');

    const again = await post(`/api/policies/${p.id}/cancel`, cancel);
    expect(again.status).toBe(409);
    expect((await json(again)).error.message).toBe(CANCEL_TEXT.alreadyCancelled);

    const back = await post(`/api/policies/${p.id}/reinstate`);
    expect(back.status).toBe(200);
    expect(await json(back)).toMatchObject({ status: 'active', cancel_effective_date: null, cancel_reason: null, unearned_premium: null });
    const after = await t.db.select({ summary: activityLog.summary }).from(activityLog).where(eq(activityLog.entityId, p.id));
    expect(after.map((l) => l.summary)).toContain('Reinstated policy CXL-1 (cancellation of 2026-07-02 undone)');
    const twice = await post(`/api/policies/${p.id}/reinstate`);
    expect(twice.status).toBe(409);
    expect((await json(twice)).error.message).toBe(CANCEL_TEXT.notCancelled);
  });

  it('a flat cancellation in the past returns the whole premium and is Cancelled at once', async () => {
    setClock(at('2026-07-01'));
    const p = await create({ ...term, policy_number: 'CXL-2', premium_amount: '1234.56' });
    const res = await post(`/api/policies/${p.id}/cancel`, { effective_date: '2026-01-01', reason: 'client_request', method: 'flat' });
    expect(await json(res)).toMatchObject({ status: 'cancelled', unearned_premium: '1234.56', cancel_method: 'flat' });
  });

  it('answers each validation message on its field, and writes nothing', async () => {
    setClock(at('2026-07-01'));
    const p = await create({ ...term, policy_number: 'CXL-3' });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...cancel, effective_date: '2025-12-31' }, 'effective_date', CANCEL_TEXT.beforeStart('2026-01-01')],
      [{ ...cancel, effective_date: '2027-01-01' }, 'effective_date', CANCEL_TEXT.afterEnd('2027-01-01')],
      [{ ...cancel, effective_date: '' }, 'effective_date', CANCEL_TEXT.dateRequired],
      [{ ...cancel, effective_date: '2026-02-30' }, 'effective_date', CANCEL_TEXT.dateInvalid],
      [{ ...cancel, reason: 'whim' }, 'reason', CANCEL_TEXT.reasonRequired],
      [{ ...cancel, method: undefined }, 'method', CANCEL_TEXT.methodRequired],
    ];
    for (const [body, field, message] of cases)
      for (const path of ['cancel', 'cancel/quote']) {
        const res = await post(`/api/policies/${p.id}/${path}`, body);
        expect([path, res.status]).toEqual([path, 400]);
        expect((await json(res)).error.fields[field]).toBe(message);
      }
    const [row] = await t.db.select({ c: policies.cancelEffectiveDate }).from(policies).where(eq(policies.id, p.id));
    expect(row.c).toBeNull();
  });

  it('refuses to reinstate a term that was renewed, and one whose term has ended', async () => {
    setClock(at('2026-07-01'));
    const p = await create({ ...term, policy_number: 'CXL-4' });
    expect((await post(`/api/policies/${p.id}/cancel`, cancel)).status).toBe(200);
    await t.db.update(policies).set({ renewalState: 'renewed' }).where(eq(policies.id, p.id));
    const renewed = await post(`/api/policies/${p.id}/reinstate`);
    expect(renewed.status).toBe(409);
    expect((await json(renewed)).error.message).toBe(CANCEL_TEXT.reinstateRenewed);
    await t.db.update(policies).set({ renewalState: 'not_started' }).where(eq(policies.id, p.id));
    setClock(at('2027-01-01'));
    const ended = await post(`/api/policies/${p.id}/reinstate`);
    expect(ended.status).toBe(409);
    expect((await json(ended)).error.message).toBe(CANCEL_TEXT.reinstateEnded);
  });

  it('another agency gets 404 and no session 401: nothing changes', async () => {
    setClock(at('2026-07-01'));
    const p = await create({ ...term, policy_number: 'CXL-5' });
    for (const path of ['cancel/quote', 'cancel', 'reinstate']) {
      const res = await post(`/api/policies/${p.id}/${path}`, cancel, other);
      expect([path, res.status]).toEqual([path, 404]);
      expect((await json(res)).error.message).toBe(POLICY_TEXT.notFound);
      const anonymous = await t.request(`/api/policies/${p.id}/${path}`, { method: 'POST', json: cancel });
      expect([path, anonymous.status]).toEqual([path, 401]);
    }
    const [row] = await t.db.select({ c: policies.cancelEffectiveDate }).from(policies).where(eq(policies.id, p.id));
    expect(row.c).toBeNull();
  });
});

describe('a status the dates decide, sent on a write', () => {
  it('is refused on a create, refused on an edit unless it is what the term shows, and then keeps the choice', async () => {
    setClock(at('2026-11-26'));
    const refused = await t.request('/api/policies', { cookie: agent.cookie, json: carPolicyPayload({ policy_number: 'SEND-0', status: 'expired' }) });
    expect(refused.status).toBe(400);
    expect((await json(refused)).error.fields).toEqual({ status: POLICY_TEXT.statusChoice });
    // an ended, bound term reads Expired: sending that back keeps it bound; sending Cancelled is refused
    const ended = await create({ policy_number: 'SEND-1', start_date: '2025-01-01', status: 'active' });
    expect(ended.status).toBe('expired');
    const put = (body: unknown) => t.request(`/api/policies/${ended.id}`, { cookie: agent.cookie, method: 'PUT', json: body });
    const back = await put({ ...ended, premium_amount: '321.00' });
    expect(back.status).toBe(200);
    expect(await json(back)).toMatchObject({ status: 'expired', bound: true, premium_amount: '321.00' });
    const cancelled = await put({ ...ended, status: 'cancelled' });
    expect(cancelled.status).toBe(400);
    expect((await json(cancelled)).error.fields).toEqual({ status: POLICY_TEXT.statusChoice });
  });
});
