// /api/v1 commissions and statements (issue 31): the reconciliation's rows and totals through a key
// with commissions: read, paged by cursor; a key without the scope is refused; another agency's
// policy is a 404 and its terms never show.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMISSION_TEXT } from '#shared/commissions.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';
import { agencyOf, insertTerm, rateBody, statementForm } from '#server/features/commissions/fixtures.ts';

let t: TestContext;
let owner: TestUser;
let rival: TestUser;
let key: string;
const ids: Record<string, string> = {};

async function newKey(u: TestUser, scopes: Record<string, string>): Promise<string> {
  const res = await t.request('/api/api-keys', { cookie: u.cookie, json: { name: 'Commissions', scopes } });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json(res)).key;
}
const v1 = (k: string, path: string) => t.request(`/api/v1${path}`, { headers: { authorization: `Bearer ${k}` } });

beforeAll(async () => {
  t = await createTestContext();
  owner = await createUser(t, { tier: 'business' });
  rival = await createUser(t, { tier: 'business' });
  key = await newKey(owner, { commissions: 'read' });
  const agency = await agencyOf(t, owner);
  ids.paid = await insertTerm(t, agency, { number: 'API-1', premium: '1000.00', start: '2026-03-02' });
  ids.short = await insertTerm(t, agency, { number: 'API-2', premium: '500.00', start: '2026-03-03' });
  ids.rival = await insertTerm(t, await agencyOf(t, rival), { number: 'RIV-1', premium: '900.00', start: '2026-03-02' });
  expect((await t.request('/api/commissions/rates', { cookie: owner.cookie, json: rateBody({ rate: '10' }) })).status).toBe(201);
  const csv = 'Policy Number,Commission,Statement Date\nAPI-1,100.00,2026-03-10\nAPI-2,20.00,2026-03-10\n';
  expect((await t.request('/api/commissions/statements', { cookie: owner.cookie, method: 'POST', body: statementForm(csv) })).status).toBe(201);
});
afterAll(async () => t.close());

describe('/api/v1/commissions', () => {
  it('answers the reconciliation: rows, states and totals that tie', async () => {
    const res = await v1(key, '/commissions?month=2026-03');
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.totals).toEqual({ terms: 2, expected: '150.00', received: '120.00', difference: '30.00' });
    expect(body.next_cursor).toBeNull();
    const byId = Object.fromEntries(body.data.map((r: { policy_id: string }) => [r.policy_id, r]));
    expect(byId[ids.paid]).toMatchObject({ state: 'paid', expected: '100.00', received: '100.00' });
    expect(byId[ids.short]).toMatchObject({ state: 'short_paid', difference: '30.00' });
    expect((await json(await v1(key, '/commissions?state=short_paid'))).data.map((r: { policy_id: string }) => r.policy_id)).toEqual([ids.short]);
    expect(await json(await v1(key, `/commissions/${ids.short}`))).toMatchObject({ policy_number: 'API-2', state: 'short_paid' });
    const statements = await json(await v1(key, '/statements'));
    expect(statements.data).toHaveLength(1);
    expect(statements.data[0]).toMatchObject({ carrier: 'Acme Mutual', period: '2026-03', matched: 2, amount: '120.00', status: 'applied' });
  });

  it('names a bad filter', async () => {
    const res = await v1(key, '/commissions?month=March');
    expect(res.status).toBe(400);
    expect((await json(res)).error.fields).toEqual({ month: COMMISSION_TEXT.periodInvalid });
    expect((await json(await v1(key, '/commissions?statement=nope'))).error.fields).toEqual({ statement: COMMISSION_TEXT.statementNotFound });
  });

  it("refuses a key without commissions; another agency's policy is a 404 and its terms never show", async () => {
    const other = await newKey(owner, { customers: 'read' });
    expect((await v1(other, '/commissions')).status).toBe(403);
    expect((await v1(other, '/statements')).status).toBe(403);
    expect((await v1(key, `/commissions/${ids.rival}`)).status).toBe(404);
    const rivalKey = await newKey(rival, { commissions: 'read' });
    const theirs = await json(await v1(rivalKey, '/commissions'));
    expect(theirs.data.map((r: { policy_id: string }) => r.policy_id)).toEqual([ids.rival]);
    expect((await json(await v1(rivalKey, '/statements'))).data).toEqual([]);
  });
});
