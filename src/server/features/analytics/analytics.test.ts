import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { lastMonths, type Analytics } from '#shared/analytics.ts';
import { customers, policies } from '#server/db/schema.ts';
import { createCustomer, createPolicy } from '#server/test/factories.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';

let t: TestContext;
let business: TestUser;
let professional: TestUser;
let other: TestUser;

// terms in force today: the status follows the dates (issue 29)
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestContext();
  business = await createUser(t, { tier: 'business' });
  professional = await createUser(t, { tier: 'professional' });
  other = await createUser(t, { tier: 'business' });
  await createPolicy(t.request, business.cookie, { insurance_company: 'Acme', premium_amount: '0.10', start_date: today, status: 'active' });
  await createPolicy(t.request, business.cookie, { insurance_company: 'Acme', premium_amount: '0.20', policy_type: 'fire', status: 'pending', start_date: today });
  const old = await createPolicy(t.request, business.cookie, { insurance_company: 'Blue', premium_amount: '100.00', start_date: today, status: 'active' });
  await createCustomer(t.request, business.cookie);
  // one policy and its customer entered 13 months ago: outside the 12-month window, inside the mix
  await t.db.update(policies).set({ createdAt: sql`now() - interval '13 months'` }).where(eq(policies.id, old.id));
  await t.db.update(customers).set({ createdAt: sql`now() - interval '13 months'` }).where(eq(customers.id, old.customer_id!));
  await createPolicy(t.request, other.cookie, { insurance_company: 'Acme', premium_amount: '9999.00' });
});
afterAll(async () => {
  await t.close();
});

const get = async (u: TestUser) => json<Analytics>(await t.request('/api/analytics', { cookie: u.cookie }));

describe('analytics', () => {
  it('premium written per month over 12 UTC months, summed exactly', async () => {
    const a = await get(business);
    expect(a.premiumByMonth.map((p) => p.month)).toEqual(lastMonths(new Date()));
    expect(a.premiumByMonth.at(-1)).toMatchObject({ count: 2, premium: '0.30' });
    expect(a.premiumByMonth.slice(0, -1).every((p) => p.count === 0 && p.premium === '0.00')).toBe(true);
  });

  it('status, type and carrier mix over the whole book; new customers per month', async () => {
    const a = await get(business);
    expect(a.byStatus).toEqual(
      expect.arrayContaining([
        { key: 'active', label: 'Active', count: 2, premium: '100.10' },
        { key: 'pending', label: 'Pending', count: 1, premium: '0.20' },
      ]),
    );
    expect(a.byType).toEqual(expect.arrayContaining([{ key: 'fire', label: 'Fire', count: 1, premium: '0.20' }]));
    expect(a.byCarrier).toEqual([
      { key: 'Blue', label: 'Blue', count: 1, premium: '100.00' },
      { key: 'Acme', label: 'Acme', count: 2, premium: '0.30' },
    ]);
    // three customers this month (two from policies, one added directly); the moved one is outside the window
    expect(a.newCustomersByMonth.at(-1)).toEqual({ month: lastMonths(new Date()).at(-1), count: 3 });
    expect(a.newCustomersByMonth.reduce((n, m) => n + m.count, 0)).toBe(3);
    expect(a.retentionByMonth.map((p) => p.month)).toEqual(lastMonths(new Date()));
  });

  it('another agency sees only its own book', async () => {
    const a = await get(other);
    expect(a.byCarrier).toEqual([{ key: 'Acme', label: 'Acme', count: 1, premium: '9999.00' }]);
  });

  it('is a Business feature: Professional gets 403, no session 401', async () => {
    expect((await t.request('/api/analytics', { cookie: professional.cookie })).status).toBe(403);
    expect((await t.request('/api/analytics')).status).toBe(401);
  });
});
