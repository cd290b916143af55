// Term lengths (issue 29 §2, decision 053) through the web routes, /api/v1 and Renew: 6 months, a
// custom end date, each message on the End Date field, Renew keeping the length, denials and tenants.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DATE_TEXT } from '#shared/money.ts';
import { TERM_TEXT } from '#shared/terms.ts';
import { policies } from '#server/db/schema.ts';
import { carPolicyPayload, createPolicy } from '#server/test/factories.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';

let t: TestContext;
let pro: TestUser;
let other: TestUser;
let starter: TestUser;
let owner: TestUser;
let rival: TestUser;
beforeAll(async () => {
  t = await createTestContext();
  pro = await createUser(t, { tier: 'professional' });
  other = await createUser(t, { tier: 'professional' });
  starter = await createUser(t, { tier: 'starter' });
  owner = await createUser(t, { tier: 'enterprise' });
  rival = await createUser(t, { tier: 'enterprise' });
});
afterAll(async () => t.close());

const post = (u: TestUser, body: unknown) => t.request('/api/policies', { cookie: u.cookie, json: body });
const put = (u: TestUser, id: string, body: unknown) => t.request(`/api/policies/${id}`, { cookie: u.cookie, method: 'PUT', json: body });
const renew = (u: TestUser, id: string, body: unknown) => t.request(`/api/renewals/${id}/renew`, { cookie: u.cookie, json: body });

async function fieldsOf(res: Response): Promise<Record<string, string>> {
  expect(res.status).toBe(400);
  return (await json(res)).error.fields;
}

describe('creating and editing with a term', () => {
  it('a 6-month term ends 6 months after the start, and says so', async () => {
    const res = await post(pro, carPolicyPayload({ start_date: '2025-01-05', term: '6_months' }));
    expect(res.status).toBe(201);
    expect(await json(res)).toMatchObject({ start_date: '2025-01-05', end_date: '2025-07-05', term: '6_months' });
  });

  it('a custom term ends on the date given; the default stays 12 months', async () => {
    const custom = await json(await post(pro, carPolicyPayload({ start_date: '2025-03-01', term: 'custom', end_date: '2025-04-11' })));
    expect(custom).toMatchObject({ end_date: '2025-04-11', term: 'custom' });
    const plain = await json(await post(pro, carPolicyPayload({ start_date: '2025-03-01' })));
    expect(plain).toMatchObject({ end_date: '2026-03-01', term: '12_months' });
  });

  it('answers each term mistake on the End Date field and writes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ term: 'custom' }, TERM_TEXT.endRequired],
      [{ term: 'custom', end_date: '2025-13-01' }, DATE_TEXT.invalid],
      [{ term: 'custom', end_date: '2025-01-05' }, TERM_TEXT.endNotAfterStart],
      [{ term: 'custom', end_date: '2024-06-01' }, TERM_TEXT.endNotAfterStart],
      [{ term: 'custom', end_date: '2028-01-06' }, TERM_TEXT.tooLong],
    ];
    for (const [over, message] of cases) {
      const number = `BAD-${message.length}-${Math.random().toString(36).slice(2, 7)}`;
      const res = await post(pro, carPolicyPayload({ start_date: '2025-01-05', policy_number: number, ...over }));
      const body = await json(res.clone());
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(body.error.fields, JSON.stringify(over)).toEqual({ end_date: message });
      expect(await t.db.select().from(policies).where(eq(policies.policyNumber, number))).toHaveLength(0);
    }
    expect(await fieldsOf(await post(pro, carPolicyPayload({ term: 'yearly' })))).toEqual({ term: TERM_TEXT.choose });
  });

  it('an edit that sends the policy back keeps its term; changing the start moves a fixed term with it', async () => {
    const created = await json(await post(pro, carPolicyPayload({ start_date: '2025-01-05', term: '6_months' })));
    const same = await json(await put(pro, created.id, { ...created, premium_amount: '99.00' }));
    expect(same).toMatchObject({ premium_amount: '99.00', end_date: '2025-07-05', term: '6_months' });
    const moved = await json(await put(pro, created.id, { ...created, start_date: '2025-02-10' }));
    expect(moved).toMatchObject({ end_date: '2025-08-10', term: '6_months' });
    const longer = await put(pro, created.id, { ...created, term: 'custom', end_date: '2029-01-01' });
    expect(await fieldsOf(longer)).toEqual({ end_date: TERM_TEXT.tooLong });
    expect((await json(await t.request(`/api/policies/${created.id}`, { cookie: pro.cookie }))).end_date).toBe('2025-08-10');
  });

  it('another agency cannot edit a term (404)', async () => {
    const created = await createPolicy(t.request, pro.cookie, { term: '6_months' });
    expect((await put(other, created.id, { ...carPolicyPayload(), term: 'custom', end_date: '2025-02-01' })).status).toBe(404);
    expect((await t.db.select().from(policies).where(eq(policies.id, created.id)))[0].endDate).toBe(created.end_date);
  });
});

describe('Renew keeps the term’s length', () => {
  it('a 6-month term is prefilled and renewed as 6 months', async () => {
    const first = await createPolicy(t.request, pro.cookie, { start_date: '2025-01-05', term: '6_months' });
    const prefill = await json(await t.request(`/api/renewals/${first.id}/renew`, { cookie: pro.cookie }));
    expect(prefill).toMatchObject({ start_date: '2025-07-05', end_date: '2026-01-05', term: '6_months' });
    const res = await renew(pro, first.id, { premium_amount: '1000.00' });
    expect(res.status).toBe(201);
    expect(await json(res)).toMatchObject({ start_date: '2025-07-05', end_date: '2026-01-05', term: '6_months', renewed_from_id: first.id });
  });

  it('a custom length renews as the same months and days', async () => {
    const first = await createPolicy(t.request, pro.cookie, { start_date: '2025-03-01', term: 'custom', end_date: '2025-04-11' });
    const second = await json(await renew(pro, first.id, { premium_amount: '10.00' }));
    expect(second).toMatchObject({ start_date: '2025-04-11', end_date: '2025-05-21', term: 'custom' });
  });

  it('takes the term the Renew form chose, with the policy form’s messages, and leaves the term open on a mistake', async () => {
    const first = await createPolicy(t.request, pro.cookie, { start_date: '2025-01-05', term: '6_months' });
    expect(await fieldsOf(await renew(pro, first.id, { premium_amount: '10.00', term: 'custom' }))).toEqual({ end_date: TERM_TEXT.endRequired });
    expect(await fieldsOf(await renew(pro, first.id, { premium_amount: '10.00', term: 'custom', end_date: '2025-07-05' }))).toEqual({
      end_date: TERM_TEXT.endNotAfterStart,
    });
    expect(await fieldsOf(await renew(pro, first.id, { premium_amount: '10.00', term: 'custom', end_date: '2028-07-06' }))).toEqual({ end_date: TERM_TEXT.tooLong });
    expect(await fieldsOf(await renew(pro, first.id, { premium_amount: '10.00', term: 'weekly' }))).toEqual({ term: TERM_TEXT.choose });
    const [row] = await t.db.select().from(policies).where(eq(policies.id, first.id));
    expect(row.renewalState).toBe('not_started');
    const twelve = await json(await renew(pro, first.id, { premium_amount: '10.00', term: '12_months' }));
    expect(twelve).toMatchObject({ start_date: '2025-07-05', end_date: '2026-07-05', term: '12_months' });
  });

  it('Starter is refused (403) and another agency’s term is a 404', async () => {
    const first = await createPolicy(t.request, pro.cookie, { term: '6_months' });
    expect((await renew(starter, first.id, { premium_amount: '10.00', term: '6_months' })).status).toBe(403);
    expect((await renew(other, first.id, { premium_amount: '10.00', term: '6_months' })).status).toBe(404);
    expect((await t.request(`/api/renewals/${first.id}/renew`, { cookie: other.cookie })).status).toBe(404);
  });
});

describe('/api/v1 reads and writes the term with the same rule', () => {
  let key: string;
  let rivalKey: string;
  let readKey: string;
  const v1 = (k: string, path: string, init: { method?: string; json?: unknown } = {}) =>
    t.request(`/api/v1${path}`, { ...init, headers: { authorization: `Bearer ${k}` } });
  const newKey = async (u: TestUser, scopes: Record<string, string>) =>
    (await json(await t.request('/api/api-keys', { cookie: u.cookie, json: { name: 'Terms', scopes } }))).key as string;
  beforeAll(async () => {
    key = await newKey(owner, { customers: 'write', policies: 'write' });
    readKey = await newKey(owner, { policies: 'read' });
    rivalKey = await newKey(rival, { customers: 'write', policies: 'write' });
  });

  it('creates 6-month and custom terms, answers the messages, and keeps the term on a PUT of what it read', async () => {
    const six = await v1(key, '/policies', { json: carPolicyPayload({ start_date: '2025-01-05', term: '6_months' }) });
    expect(six.status).toBe(201);
    const created = await json(six);
    expect(created).toMatchObject({ end_date: '2025-07-05', term: '6_months' });
    const custom = await json(await v1(key, '/policies', { json: carPolicyPayload({ start_date: '2025-01-05', term: 'custom', end_date: '2025-10-20' }) }));
    expect(custom).toMatchObject({ end_date: '2025-10-20', term: 'custom' });
    const bad = await v1(key, '/policies', { json: carPolicyPayload({ start_date: '2025-01-05', term: 'custom', end_date: '2025-01-01' }) });
    expect(await fieldsOf(bad)).toEqual({ end_date: TERM_TEXT.endNotAfterStart });
    const tooLong = await v1(key, '/policies', { json: carPolicyPayload({ start_date: '2025-01-05', term: 'custom', end_date: '2030-01-01' }) });
    expect(await fieldsOf(tooLong)).toEqual({ end_date: TERM_TEXT.tooLong });
    const read = await json(await v1(key, `/policies/${created.id}`));
    const updated = await json(await v1(key, `/policies/${created.id}`, { method: 'PUT', json: { ...read, deductible: '250' } }));
    expect(updated).toMatchObject({ deductible: '250.00', end_date: '2025-07-05', term: '6_months' });
  });

  it('a read-only key cannot write a term (403); another agency’s key gets 404', async () => {
    const created = await json(await v1(key, '/policies', { json: carPolicyPayload({ term: '6_months' }) }));
    expect((await v1(readKey, '/policies', { json: carPolicyPayload({ term: '6_months' }) })).status).toBe(403);
    expect((await v1(rivalKey, `/policies/${created.id}`, { method: 'PUT', json: { ...created, term: '12_months' } })).status).toBe(404);
    expect((await v1(rivalKey, `/policies/${created.id}`)).status).toBe(404);
  });

  it('documents term and end_date on the policy body and answer', async () => {
    const doc = await json(await t.request('/api/v1/openapi.json'));
    const text = JSON.stringify(doc);
    expect(text).toContain('12_months');
    expect(text).toContain('6_months');
    expect(text).toContain('read only when term is custom');
    expect(text).not.toContain('start date + 12 months');
  });
});
