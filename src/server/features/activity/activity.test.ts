import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';

let t: TestContext;
let agent: TestUser;
let other: TestUser;
beforeAll(async () => {
  t = await createTestContext();
  agent = await createUser(t, { tier: 'business', name: 'Dana Agent' });
  other = await createUser(t, { tier: 'business' });
});
afterAll(async () => {
  await t.close();
});

describe('activity log', () => {
  it('records who changed what, newest first, filterable by kind and paged; other agencies see none of it', async () => {
    const c = await json(await t.request('/api/customers', { cookie: agent.cookie, json: { name: 'Log Me', email: 'logme@example.com' } }));
    await t.request(`/api/customers/${c.id}`, { cookie: agent.cookie, method: 'PUT', json: { name: 'Log Me Again', email: 'logme@example.com' } });
    await t.request(`/api/customers/${c.id}/communications`, { cookie: agent.cookie, json: { type: 'email', subject: 'Renewal', content: 'Sent quote' } });
    const p = await json(
      await t.request('/api/policies', {
        cookie: agent.cookie,
        json: {
          customer_id: c.id,
          customer_name: 'Log Me Again',
          customer_email: 'logme@example.com',
          policy_number: 'ACT-1',
          insurance_company: 'Acme',
          policy_type: 'car',
          premium_amount: '1',
          coverage_amount: '1',
          deductible: '1',
          start_date: '2025-01-01',
          car_details: { vehicle_make: 'A', vehicle_model: 'B', vehicle_year: 2020, vin_number: 'V', driver_license: 'D' },
        },
      }),
    );
    await t.request(`/api/policies/${p.id}`, { cookie: agent.cookie, method: 'DELETE' });

    const all = await json(await t.request('/api/activity', { cookie: agent.cookie }));
    expect(all.total).toBe(5);
    expect(all.rows.map((r: { kind: string; action: string; summary: string }) => [r.kind, r.action, r.summary])).toEqual([
      ['policy', 'deleted', 'Deleted policy ACT-1 of Log Me Again'],
      ['policy', 'created', 'Created car policy ACT-1 for Log Me Again'],
      ['communication', 'logged', 'Logged email with Log Me Again: Renewal'],
      ['customer', 'updated', 'Updated customer Log Me Again'],
      ['customer', 'created', 'Created customer Log Me'],
    ]);
    expect(all.rows[0]).toMatchObject({ actor_id: agent.id, actor_name: 'Dana Agent', entity_id: p.id });
    expect(new Date(all.rows[0].created_at).getTime()).toBeLessThanOrEqual(Date.now());

    const customersOnly = await json(await t.request('/api/activity?kind=customer', { cookie: agent.cookie }));
    expect(customersOnly.total).toBe(2);
    const paged = await json(await t.request('/api/activity?pageSize=2&page=3', { cookie: agent.cookie }));
    expect(paged).toMatchObject({ total: 5, page: 3, pageSize: 2 });
    expect(paged.rows.map((r: { summary: string }) => r.summary)).toEqual(['Created customer Log Me']);

    expect((await json(await t.request('/api/activity', { cookie: other.cookie }))).total).toBe(0);
    expect((await t.request('/api/activity')).status).toBe(401);
  });

  it('a failed create leaves no activity behind', async () => {
    const before = (await json(await t.request('/api/activity', { cookie: agent.cookie }))).total;
    const res = await t.request('/api/customers', { cookie: agent.cookie, json: { name: 'Dup', email: 'logme@example.com' } });
    expect(res.status).toBe(409);
    expect((await json(await t.request('/api/activity', { cookie: agent.cookie }))).total).toBe(before);
  });
});

describe('usage', () => {
  it("reports the agency's counts and its plan's limits", async () => {
    const starter = await createUser(t);
    expect(await json(await t.request('/api/usage', { cookie: starter.cookie }))).toEqual({
      policies: { count: 0, limit: 20 },
      customers: { count: 0, limit: 10 },
      tier: 'starter',
    });
    const ent = await createUser(t, { tier: 'enterprise' });
    expect(await json(await t.request('/api/usage', { cookie: ent.cookie }))).toEqual({
      policies: { count: 0, limit: null },
      customers: { count: 0, limit: null },
      tier: 'enterprise',
    });
    expect((await t.request('/api/usage')).status).toBe(401);
  });
});
