import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_LIMIT, SEARCH_TEXT, type SearchResults } from '#shared/search.ts';
import { createCustomer, createPolicy } from '#server/test/factories.ts';
import { twoAgencies, json, type TestContext, type TestUser } from '#server/test/harness.ts';

let t: TestContext, agent: TestUser, other: TestUser;
const search = (u: TestUser, q: string) => t.request(`/api/search?q=${encodeURIComponent(q)}`, { cookie: u.cookie });

beforeAll(async () => void ({ t, agent, other } = await twoAgencies()));
afterAll(() => t.close());

describe('GET /api/search', () => {
  it("finds the agency's customers by name or e-mail and its policies by number or customer name", async () => {
    const zelda = await createCustomer(t.request, agent.cookie, { name: 'Zelda Quarrington', email: 'zq.palette@example.com' });
    const policy = await createPolicy(t.request, agent.cookie, { customer_id: zelda.id, customer_name: zelda.name, customer_email: zelda.email, policy_number: 'PAL-77341' });

    const byName = await json<SearchResults>(await search(agent, 'quarring'));
    expect(byName.customers).toEqual([{ id: zelda.id, name: 'Zelda Quarrington', email: 'zq.palette@example.com' }]);
    expect(byName.policies).toEqual([{ id: policy.id, policy_number: 'PAL-77341', customer_name: 'Zelda Quarrington', policy_type: 'car', status: 'expired' }]); // its term ended: the date rule (issue 29)

    const byEmail = await json<SearchResults>(await search(agent, 'ZQ.PALETTE@'));
    expect(byEmail.customers.map((c) => c.id)).toEqual([zelda.id]);
    const byNumber = await json<SearchResults>(await search(agent, 'pal-7734'));
    expect(byNumber).toEqual({ customers: [], policies: [expect.objectContaining({ id: policy.id })] });
    // LIKE wildcards are matched literally
    expect(await json(await search(agent, '%%'))).toEqual({ customers: [], policies: [] });
  });

  it(`answers at most ${SEARCH_LIMIT} of each kind, newest first`, async () => {
    const made = [];
    for (let i = 0; i < SEARCH_LIMIT + 2; i += 1)
      made.push(await createPolicy(t.request, agent.cookie, { customer_name: `Xavier Many ${i}`, customer_email: `xavier.many${i}@example.com` }));
    const res = await json<SearchResults>(await search(agent, 'xavier many'));
    expect(res.customers).toHaveLength(SEARCH_LIMIT);
    expect(res.policies.map((p) => p.id)).toEqual(made.slice(-SEARCH_LIMIT).reverse().map((p) => p.id));
  });

  it("never shows another agency's customers or policies", async () => {
    await createPolicy(t.request, other.cookie, { customer_name: 'Ophelia Elsewhere', customer_email: 'ophelia@example.com', policy_number: 'OTHER-99812' });
    for (const q of ['ophelia', 'elsewhere', 'OTHER-99812'])
      expect(await json(await search(agent, q)), q).toEqual({ customers: [], policies: [] });
    const theirs = await json<SearchResults>(await search(other, 'ophelia'));
    expect(theirs.customers).toHaveLength(1);
    expect(theirs.policies).toHaveLength(1);
  });

  it('validates the query with the shared schema and needs a session', async () => {
    for (const q of ['', ' ', 'a', '  b  ']) {
      const res = await search(agent, q);
      expect(res.status, JSON.stringify(q)).toBe(400);
      expect((await json(res)).error).toMatchObject({ message: SEARCH_TEXT.tooShort, fields: { q: SEARCH_TEXT.tooShort } });
    }
    const long = await search(agent, 'x'.repeat(101));
    expect(long.status).toBe(400);
    expect((await json(long)).error.fields).toEqual({ q: SEARCH_TEXT.tooLong });
    expect((await t.request('/api/search')).status).toBe(401);
    expect((await t.request('/api/search?q=zelda')).status).toBe(401);
  });
});
