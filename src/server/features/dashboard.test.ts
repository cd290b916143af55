import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardData } from '#shared/dashboard.ts';
import { createPolicy } from '#server/test/factories.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';

let t: TestContext;
let business: TestUser;
let starter: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createTestContext();
  business = await createUser(t, { tier: 'business' });
  starter = await createUser(t, { tier: 'starter' });
  other = await createUser(t, { tier: 'business' });
  await createPolicy(t.request, business.cookie, { insurance_company: 'Acme', premium_amount: '10.00' });
  await createPolicy(t.request, other.cookie, { insurance_company: 'Other Co', premium_amount: '9999.00' });
  await createPolicy(t.request, other.cookie, { insurance_company: 'Other Co', premium_amount: '1.00' });
});
afterAll(async () => {
  await t.close();
});

const get = async (u: TestUser) => json<DashboardData>(await t.request('/api/dashboard', { cookie: u.cookie }));
const getJson = async (u: TestUser, path: string) => json<unknown>(await t.request(path, { cookie: u.cookie }));

describe('GET /api/dashboard', () => {
  it('answers with what the per-card endpoints answer: usage, the first 10 activity lines, analytics', async () => {
    const d = await get(business);
    expect(d.usage).toEqual(await getJson(business, '/api/usage'));
    expect(d.recentActivity).toEqual(await getJson(business, '/api/activity?page=1&pageSize=10&kind=all'));
    expect(d.analytics).toEqual(await getJson(business, '/api/analytics'));
    expect(d.usage.policies.count).toBe(1);
    expect(d.analytics?.premiumByMonth.at(-1)).toMatchObject({ count: 1, premium: '10.00' });
  });

  it('leaves the analytics out below Business instead of failing the whole screen', async () => {
    const d = await get(starter);
    expect(d.analytics).toBeNull();
    expect(d.usage.policies.count).toBe(0);
    expect(d.recentActivity.rows).toEqual([]);
  });

  it("never includes another agency's data", async () => {
    const d = await get(business);
    expect(JSON.stringify(d)).not.toContain('Other Co');
    expect(d.analytics?.byCarrier).toEqual([{ key: 'Acme', label: 'Acme', count: 1, premium: '10.00' }]);
    expect(d.recentActivity.rows.length).toBeGreaterThan(0);
    const otherIds = new Set((await get(other)).recentActivity.rows.map((r) => r.id));
    expect(d.recentActivity.rows.some((r) => otherIds.has(r.id))).toBe(false);
  });

  it('401 without a session', async () => {
    expect((await t.request('/api/dashboard')).status).toBe(401);
  });
});
