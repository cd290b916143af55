// The cockpit's buckets at their edges, Renew and the chain of terms, the limit rule, parallel
// renewals, tenant isolation and bad premiums.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { MONEY_TEXT } from '#shared/money.ts';
import { addDays, agencyToday } from '#shared/time.ts';
import { RENEWAL_TEXT } from '#shared/renewals.ts';
import { policies, subscriptionLimits } from '#server/db/schema.ts';
import { createPolicy } from '#server/test/factories.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';
import { nextPolicyNumber } from '#server/entities/renewals/actions.ts';

let t: TestContext;
let pro: TestUser;
let other: TestUser;
let starter: TestUser;
beforeAll(async () => {
  t = await createTestContext();
  pro = await createUser(t, { tier: 'professional' });
  other = await createUser(t, { tier: 'professional' });
  starter = await createUser(t, { tier: 'starter' });
});
afterAll(async () => t.close());

const today = () => agencyToday(null);

/** A policy through the API whose term ends `days` from today (the end date is set directly: the form always adds 12 months). */
async function policyEnding(u: TestUser, days: number, over: Record<string, unknown> = {}) {
  const p = await createPolicy(t.request, u.cookie, over);
  await t.db.update(policies).set({ endDate: addDays(today(), days) }).where(eq(policies.id, p.id));
  return p;
}

const cockpit = async (u: TestUser, query = '') => {
  const res = await t.request(`/api/renewals${query}`, { cookie: u.cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return json(res);
};
const renew = (u: TestUser, id: string, body: unknown) => t.request(`/api/renewals/${id}/renew`, { cookie: u.cookie, json: body });

describe('the cockpit', () => {
  it('puts terms in their buckets at the edges: day 0 and 30 in 0–30, 31 in 31–60, 120 in 91–120, 121 nowhere, yesterday lapsed', async () => {
    const u = await createUser(t, { tier: 'professional' });
    const carrier = 'Edge Mutual';
    await policyEnding(u, 0, { premium_amount: '100.10', insurance_company: carrier });
    await policyEnding(u, 30, { premium_amount: '0.20', insurance_company: carrier });
    await policyEnding(u, 31, { premium_amount: '31.00', insurance_company: carrier });
    await policyEnding(u, 120, { premium_amount: '120.00', insurance_company: carrier });
    await policyEnding(u, 121, { premium_amount: '121.00', insurance_company: carrier });
    await policyEnding(u, -1, { premium_amount: '9999999999.99', insurance_company: carrier });
    const body = await cockpit(u);
    expect(body.today).toBe(today());
    expect(body.time_zone).toBe('UTC');
    expect(body.buckets).toEqual([
      { bucket: 'lapsed', count: 1, premium: '9999999999.99' },
      { bucket: 'd0_30', count: 2, premium: '100.30' },
      { bucket: 'd31_60', count: 1, premium: '31.00' },
      { bucket: 'd61_90', count: 0, premium: '0.00' },
      { bucket: 'd91_120', count: 1, premium: '120.00' },
    ]);
    expect(body.total).toBe(5);
    expect(body.rows.map((r: { days_left: number }) => r.days_left)).toEqual([-1, 0, 30, 31, 120]);
    expect(body.rows[1]).toMatchObject({ bucket: 'd0_30', renewal_state: 'not_started', insurance_company: carrier, premium_amount: '100.10' });
    expect(body.carriers).toEqual([carrier]);
    const desc = await cockpit(u, '?sort=end_desc&bucket=d0_30');
    expect(desc.rows.map((r: { days_left: number }) => r.days_left)).toEqual([30, 0]);
    // the owner sees the whole agency; the assignee is the creator
    expect(body.assignee).toBe('all');
    expect(body.rows[0].assignee.id).toBe(u.id);
  });

  it('filters by type and carrier', async () => {
    const u = await createUser(t, { tier: 'professional' });
    await policyEnding(u, 10, { insurance_company: 'Alpha' });
    await policyEnding(u, 10, { insurance_company: 'Beta', policy_type: 'fire' });
    const alpha = await cockpit(u, '?carrier=Alpha');
    expect(alpha.total).toBe(1);
    expect(alpha.buckets[1].count).toBe(1);
    // the carrier list still offers the others
    expect(alpha.carriers).toEqual(['Alpha', 'Beta']);
    expect((await cockpit(u, '?type=fire')).rows.map((r: { insurance_company: string }) => r.insurance_company)).toEqual(['Beta']);
    expect((await cockpit(u, '?type=fire')).buckets[1].count).toBe(1);
  });

  it('refuses a Starter agency with 403, and shows another agency nothing', async () => {
    const res = await t.request('/api/renewals', { cookie: starter.cookie });
    expect(res.status).toBe(403);
    expect((await t.request('/api/renewals', {})).status).toBe(401);
    const mine = await policyEnding(pro, 5);
    const theirs = await cockpit(other);
    expect(theirs.rows.find((r: { id: string }) => r.id === mine.id)).toBeUndefined();
  });

  it('computes retention over 12 months: renewed ÷ (renewed + lost + lapsed)', async () => {
    const u = await createUser(t, { tier: 'professional' });
    const a = await policyEnding(u, 10);
    const b = await policyEnding(u, -20);
    await policyEnding(u, -30); // lapsed
    await policyEnding(u, -400); // older than a year: not counted
    expect((await renew(u, a.id, { premium_amount: '1234.50' })).status).toBe(201);
    expect((await t.request(`/api/renewals/${b.id}/lost`, { cookie: u.cookie, json: { reason: 'price', note: 'Cheaper elsewhere' } })).status).toBe(200);
    const body = await cockpit(u);
    expect(body.retention).toEqual({ renewed: 1, lost: 1, lapsed: 1, rate: 33.3 });
    // renewed and lost terms leave the table
    expect(body.rows.map((r: { id: string }) => r.id)).not.toContain(a.id);
    expect(body.rows.map((r: { id: string }) => r.id)).not.toContain(b.id);
  });
});

describe('Renew', () => {
  it('prefills from the current term and creates the next one, linked both ways, with Remarket at a 12 % rise', async () => {
    const first = await createPolicy(t.request, pro.cookie, { premium_amount: '1000.00', start_date: '2025-03-10' });
    const prefill = await json(await t.request(`/api/renewals/${first.id}/renew`, { cookie: pro.cookie }));
    expect(prefill).toMatchObject({
      start_date: '2026-03-10',
      end_date: '2027-03-10',
      premium_amount: '1000.00',
      remarket_threshold: 10,
      next_policy_number: `${first.policy_number}-R1`,
    });
    const res = await renew(pro, first.id, { premium_amount: '1120.00' });
    expect(res.status).toBe(201);
    const second = await json(res);
    expect(second).toMatchObject({
      policy_number: `${first.policy_number}-R1`,
      start_date: '2026-03-10',
      end_date: '2027-03-10',
      premium_amount: '1120.00',
      remarket: true,
      renewed_from_id: first.id,
      customer_id: first.customer_id,
      car_details: first.car_details,
      previous_term: { id: first.id, policy_number: first.policy_number },
      next_term: null,
      assignee_id: pro.id,
    });
    const old = await json(await t.request(`/api/policies/${first.id}`, { cookie: pro.cookie }));
    expect(old).toMatchObject({ renewal_state: 'renewed', next_term: { id: second.id } });
    // a chain: the second term renews to a third, below the threshold
    const third = await json(await renew(pro, second.id, { premium_amount: '1150', policy_number: 'THIRD-TERM' }));
    expect(third).toMatchObject({ policy_number: 'THIRD-TERM', remarket: false, start_date: '2027-03-10', previous_term: { id: second.id } });
    const middle = await json(await t.request(`/api/policies/${second.id}`, { cookie: pro.cookie }));
    expect(middle).toMatchObject({ previous_term: { id: first.id }, next_term: { id: third.id } });
  });

  it('flags Remarket exactly at the threshold and not below it', async () => {
    const a = await createPolicy(t.request, pro.cookie, { premium_amount: '1000.00' });
    const b = await createPolicy(t.request, pro.cookie, { premium_amount: '1000.00' });
    expect((await json(await renew(pro, a.id, { premium_amount: '1100.00' }))).remarket).toBe(true);
    expect((await json(await renew(pro, b.id, { premium_amount: '1099.99' }))).remarket).toBe(false);
  });

  it('refuses a second renewal with 409, and two at the same moment: exactly one succeeds', async () => {
    const p = await createPolicy(t.request, pro.cookie);
    const statuses = await Promise.all([1, 2, 3].map(() => renew(pro, p.id, { premium_amount: '1300' })));
    expect(statuses.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const refused = statuses.find((r) => r.status === 409)!;
    expect((await json(refused)).error.message).toBe(RENEWAL_TEXT.alreadyRenewed);
    const [{ n }] = await t.db.select({ n: count() }).from(policies).where(eq(policies.renewedFromId, p.id));
    expect(n).toBe(1);
    expect((await renew(pro, p.id, { premium_amount: '1300' })).status).toBe(409);
  });

  it("answers 404 for another agency's policy and creates nothing", async () => {
    const p = await createPolicy(t.request, other.cookie);
    const before = await t.db.select({ n: count() }).from(policies);
    const res = await renew(pro, p.id, { premium_amount: '1300' });
    expect(res.status).toBe(404);
    expect((await t.request(`/api/renewals/${p.id}/renew`, { cookie: pro.cookie })).status).toBe(404);
    expect((await t.request(`/api/renewals/not-a-uuid/renew`, { cookie: pro.cookie, json: { premium_amount: '1' } })).status).toBe(404);
    expect(await t.db.select({ n: count() }).from(policies)).toEqual(before);
    const [theirs] = await t.db.select().from(policies).where(eq(policies.id, p.id));
    expect(theirs.renewalState).toBe('not_started');
  });

  it('refuses a negative, malformed or absurd premium and keeps the term open', async () => {
    const p = await createPolicy(t.request, pro.cookie, { premium_amount: '1000.00' });
    const cases: [unknown, string][] = [
      ['-5', MONEY_TEXT.negative],
      ['abc', MONEY_TEXT.invalid],
      ['1e9', MONEY_TEXT.invalid],
      ['9999999999999', MONEY_TEXT.invalid],
      ['100000.01', RENEWAL_TEXT.premiumAbsurd],
      [undefined, 'Premium Amount is required.'],
    ];
    for (const [premium, message] of cases) {
      const res = await renew(pro, p.id, { premium_amount: premium });
      expect(res.status, String(premium)).toBe(400);
      expect((await json(res)).error.fields.premium_amount).toBe(message);
    }
    const [row] = await t.db.select().from(policies).where(eq(policies.id, p.id));
    expect(row.renewalState).toBe('not_started');
  });

  it('refuses Starter with 403', async () => {
    const p = await createPolicy(t.request, starter.cookie);
    expect((await renew(starter, p.id, { premium_amount: '1300' })).status).toBe(403);
  });

  it('a lost term cannot be renewed until Mark lost is undone', async () => {
    const p = await createPolicy(t.request, pro.cookie);
    const lost = await t.request(`/api/renewals/${p.id}/lost`, { cookie: pro.cookie, json: { reason: 'moved_or_sold' } });
    expect(await json(lost)).toMatchObject({ renewal_state: 'lost', lost_reason: 'moved_or_sold', lost_note: null });
    expect((await t.request(`/api/renewals/${p.id}/lost`, { cookie: pro.cookie, json: { reason: 'nope' } })).status).toBe(400);
    expect((await renew(pro, p.id, { premium_amount: '1' })).status).toBe(409);
    const undone = await t.request(`/api/renewals/${p.id}/lost`, { method: 'DELETE', cookie: pro.cookie });
    expect(await json(undone)).toMatchObject({ renewal_state: 'not_started', lost_reason: null });
    expect((await renew(pro, p.id, { premium_amount: '1300' })).status).toBe(201);
  });

  it('deleting the renewal reopens the term it renewed', async () => {
    const p = await createPolicy(t.request, pro.cookie);
    const next = await json(await renew(pro, p.id, { premium_amount: '1300' }));
    expect((await t.request(`/api/policies/${next.id}`, { method: 'DELETE', cookie: pro.cookie })).status).toBe(200);
    const back = await json(await t.request(`/api/policies/${p.id}`, { cookie: pro.cookie }));
    expect(back).toMatchObject({ renewal_state: 'not_started', next_term: null });
  });
});

describe('the policy limit', () => {
  it('does not count a renewed term, so renewing at the limit works', async () => {
    const u = await createUser(t, { tier: 'professional' });
    await t.db.update(subscriptionLimits).set({ maxPolicies: 2 }).where(eq(subscriptionLimits.tierName, 'professional'));
    try {
      const a = await createPolicy(t.request, u.cookie);
      await createPolicy(t.request, u.cookie);
      // at the limit: a new policy is refused, a renewal is not
      const blocked = await t.request('/api/policies', { cookie: u.cookie, json: { policy_number: 'X' } });
      expect(blocked.status).toBe(400);
      const full = await t.request('/api/policies', { cookie: u.cookie, json: (await import('#server/test/factories.ts')).carPolicyPayload() });
      expect(full.status).toBe(403);
      expect((await renew(u, a.id, { premium_amount: '1300' })).status).toBe(201);
      const usage = await json(await t.request('/api/usage', { cookie: u.cookie }));
      expect(usage.policies).toEqual({ count: 2, limit: 2 });
    } finally {
      await t.db.update(subscriptionLimits).set({ maxPolicies: 100 }).where(eq(subscriptionLimits.tierName, 'professional'));
    }
  });
});

describe('nextPolicyNumber', () => {
  it('adds -R1, then counts up', () => {
    expect(nextPolicyNumber('CAR-1')).toBe('CAR-1-R1');
    expect(nextPolicyNumber('CAR-1-R1')).toBe('CAR-1-R2');
    expect(nextPolicyNumber('CAR-1-R9')).toBe('CAR-1-R10');
  });
});
