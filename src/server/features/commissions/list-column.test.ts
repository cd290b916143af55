// The policies list's Commission column (issue 31), in the list's own answer: each row's expected,
// received, difference and state equal the reconciliation view's for the same term; the list sorts
// and filters by it; below Professional the column is absent and its sort and filter are a 403;
// another agency's terms never appear.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReconciliationResult } from '#shared/commissions.ts';
import type { Page, Policy } from '#shared/policies.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';
import { agencyOf, insertTerm, rateBody, statementForm } from './fixtures.ts';

let t: TestContext;
let pro: TestUser;
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestContext();
  pro = await createUser(t, { tier: 'professional' });
  const agency = await agencyOf(t, pro);
  expect((await t.request('/api/commissions/rates', { cookie: pro.cookie, json: rateBody() })).status).toBe(201);
  ids.full = await insertTerm(t, agency, { number: 'L-1', premium: '1000.00' });
  ids.short = await insertTerm(t, agency, { number: 'L-2', premium: '2000.00' });
  ids.over = await insertTerm(t, agency, { number: 'L-3', premium: '500.00' });
  ids.unpaid = await insertTerm(t, agency, { number: 'L-4', premium: '3000.00' });
  ids.none = await insertTerm(t, agency, { number: 'L-5', carrier: 'Nobody Re', premium: '9000.00' });
  const other = await createUser(t, { tier: 'professional' });
  expect((await t.request('/api/commissions/rates', { cookie: other.cookie, json: rateBody() })).status).toBe(201);
  await insertTerm(t, await agencyOf(t, other), { number: 'L-2', premium: '2000.00' });
  const csv = 'Policy Number,Commission,Statement Date\nL-1,100.00,2026-03-05\nL-2,150.00,2026-03-05\nL-3,80.00,2026-03-05\n';
  expect((await t.request('/api/commissions/statements', { cookie: pro.cookie, method: 'POST', body: statementForm(csv) })).status).toBe(201);
}, 180_000);
afterAll(async () => {
  await t.close();
});

const list = async (u: TestUser, query = '') => {
  const res = await t.request(`/api/policies${query}`, { cookie: u.cookie });
  expect(res.status).toBe(200);
  return json<Page<Policy>>(res);
};
const numbers = (page: Page<Policy>) => page.rows.map((p) => p.policy_number);

describe('the policies list commission column', () => {
  it("carries each row's commission, equal to the reconciliation view's, money as exact text", async () => {
    const page = await list(pro);
    expect(page.total).toBe(5);
    const recon = await json<ReconciliationResult>(await t.request('/api/commissions', { cookie: pro.cookie }));
    for (const p of page.rows) {
      const r = recon.rows.find((row) => row.policy_id === p.id);
      expect(p.commission).toEqual({ expected: r?.expected, received: r?.received, difference: r?.difference, state: r?.state });
    }
    const byNumber = Object.fromEntries(page.rows.map((p) => [p.policy_number, p.commission]));
    expect(byNumber['L-1']).toEqual({ expected: '100.00', received: '100.00', difference: '0.00', state: 'paid' });
    expect(byNumber['L-2']).toEqual({ expected: '200.00', received: '150.00', difference: '50.00', state: 'short_paid' });
    expect(byNumber['L-3']).toMatchObject({ expected: '50.00', received: '80.00', state: 'overpaid' });
    expect(byNumber['L-4']).toMatchObject({ expected: '300.00', received: '0.00', state: 'unpaid' });
    expect(byNumber['L-5']).toMatchObject({ expected: '0.00', state: 'no_rate' });
  }, 60_000);

  it('filters by each state, with the other filters and their total', async () => {
    for (const [state, expected] of [
      ['paid', ['L-1']],
      ['short_paid', ['L-2']],
      ['overpaid', ['L-3']],
      ['unpaid', ['L-4']],
      ['no_rate', ['L-5']],
    ] as const) {
      const page = await list(pro, `?commission=${state}`);
      expect(numbers(page)).toEqual(expected);
      expect(page.total).toBe(1);
      expect(page.rows[0].commission?.state).toBe(state);
    }
    expect(numbers(await list(pro, '?commission=short_paid&search=L-2'))).toEqual(['L-2']);
    expect((await list(pro, '?commission=short_paid&search=L-1')).total).toBe(0);
    // an unknown state falls back to all, like the list's other filters
    expect((await list(pro, '?commission=bogus')).total).toBe(5);
  }, 60_000);

  it('sorts by expected commission, no rate last both ways, and pages', async () => {
    expect(numbers(await list(pro, '?sort=commission.desc'))).toEqual(['L-4', 'L-2', 'L-1', 'L-3', 'L-5']);
    expect(numbers(await list(pro, '?sort=commission.asc'))).toEqual(['L-3', 'L-1', 'L-2', 'L-4', 'L-5']);
    const second = await list(pro, '?sort=commission.desc&pageSize=2&page=2');
    expect(numbers(second)).toEqual(['L-1', 'L-3']);
    expect(second.total).toBe(5);
    const past = await list(pro, '?sort=commission.desc&pageSize=2&page=9');
    expect(past.rows).toEqual([]);
    expect(past.total).toBe(5);
  }, 60_000);

  it('below Professional: no column, and its sort and filter are refused', async () => {
    const starter = await createUser(t, { tier: 'starter' });
    await insertTerm(t, await agencyOf(t, starter), { number: 'S-1' });
    const page = await list(starter);
    expect(page.rows).toHaveLength(1);
    expect(page.rows[0]).not.toHaveProperty('commission');
    for (const q of ['?commission=unpaid', '?sort=commission.asc']) {
      const res = await t.request(`/api/policies${q}`, { cookie: starter.cookie });
      expect(res.status).toBe(403);
    }
  }, 60_000);

  it('never lists or rates another agency’s terms', async () => {
    const other = await createUser(t, { tier: 'professional' });
    await insertTerm(t, await agencyOf(t, other), { number: 'O-1' });
    const page = await list(other, '?commission=unpaid');
    expect(page.total).toBe(0);
    expect(numbers(await list(other, '?sort=commission.desc'))).toEqual(['O-1']);
  }, 60_000);
});
