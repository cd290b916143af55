// The policies list filtered by a commission state that holds more than EXACT_COUNT_LIMIT terms
// (decision 077): the page is read by walking the list's sort (or the commission sort) with each row's
// term probed, and equals the first rows of the reconciliation's own computation in the same order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Page, Policy } from '#shared/policies.ts';
import { termsSql } from '#server/entities/commissions/terms.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';
import { tenant } from '#server/tenant.ts';
import { agencyOf, rateBody } from './fixtures.ts';

let t: TestContext;
let pro: TestUser;
let agency: string;
beforeAll(async () => {
  t = await createTestContext();
  pro = await createUser(t, { tier: 'professional' });
  agency = await agencyOf(t, pro);
  expect((await t.request('/api/commissions/rates', { cookie: pro.cookie, json: rateBody() })).status).toBe(201);
  await t.db.execute(sql`insert into policies (agency_id, policy_number, insurance_company, policy_type, customer_name, customer_email, premium_amount, coverage_amount, deductible, start_date, end_date, status, bound, created_at)
    select ${agency}, 'BIG-' || g, 'Acme Mutual', 'car', 'Insured ' || g, 'big' || g || '@example.com', 100 + g % 997, 1, 1, '2026-03-01', '2027-03-01', 'active', true, now() - g * interval '1 minute'
    from generate_series(1, 10050) g`);
}, 300_000);
afterAll(async () => {
  await t.close();
});

describe('a commission state of more than 10,000 terms', () => {
  it('pages by the list sort and by commission, as the reconciliation orders the same terms, with an estimated total', async () => {
    const scoped = tenant(t.db, { agency: { id: agency } });
    const fresh = (await scoped.execute(sql`with terms as (${termsSql(scoped, '1.00')}) select terms.id::text as id, expected::text as expected, p.created_at
        from terms join policies p on p.agency_id = ${agency} and p.id = terms.id where state = 'unpaid'`)).rows as { id: string; expected: string; created_at: string }[];
    expect(fresh.length).toBe(10050);
    const byCreated = [...fresh].sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : a.id < b.id ? 1 : -1)).slice(0, 25);
    const byCommission = [...fresh].sort((a, b) => Number(b.expected) - Number(a.expected) || (a.id < b.id ? 1 : -1)).slice(0, 25);
    for (const [query, want] of [
      ['?commission=unpaid', byCreated],
      ['?commission=unpaid&sort=commission.desc', byCommission],
    ] as const) {
      const page = await json<Page<Policy>>(await t.request(`/api/policies${query}&pageSize=25`, { cookie: pro.cookie }));
      expect(page.rows.map((p) => p.id)).toEqual(want.map((r) => r.id));
      expect(page.rows.map((p) => p.commission?.expected)).toEqual(want.map((r) => r.expected));
      expect(page.totalIsEstimate).toBe(true);
    }
  }, 120_000);
});
