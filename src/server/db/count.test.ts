import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from './schema.ts';
import { EXACT_COUNT_LIMIT } from './count.ts';
import { createTestContext, createUser, json, type TestContext } from '../test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('list totals', () => {
  it('are exact up to 10,000 rows and an estimate, flagged, above', async () => {
    const big = await createUser(t, { tier: 'enterprise' });
    const agencyId = (await json(await t.request('/api/me', { cookie: big.cookie }))).agency.id;
    const insert = (from: number, n: number) =>
      t.db.insert(customers).values(Array.from({ length: n }, (_, i) => ({ agencyId, name: `Bulk ${from + i}`, email: `bulk${from + i}@example.com` })));

    await insert(0, EXACT_COUNT_LIMIT);
    await t.db.execute('analyze customers' as never);
    const exact = await json(await t.request('/api/customers?page=1&pageSize=25', { cookie: big.cookie }));
    expect(exact.total).toBe(EXACT_COUNT_LIMIT);
    expect(exact.totalIsEstimate).toBe(false);

    await insert(EXACT_COUNT_LIMIT, 2_500);
    await t.db.execute('analyze customers' as never);
    const about = await json(await t.request('/api/customers?page=1&pageSize=25', { cookie: big.cookie }));
    expect(about.totalIsEstimate).toBe(true);
    expect(about.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
    // the planner's figure after ANALYZE is close to the truth
    expect(Math.abs(about.total - 12_500)).toBeLessThan(2_500);
    expect(about.rows).toHaveLength(25);

    // a narrower filter is exact again
    const search = await json(await t.request('/api/customers?page=1&pageSize=25&search=bulk 1234', { cookie: big.cookie }));
    expect(search.totalIsEstimate).toBe(false);
    // "Bulk 1234" and "Bulk 12340" … "Bulk 12349"
    expect(search.total).toBe(11);
    expect(search.rows).toHaveLength(11);
  });
});
