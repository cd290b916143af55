// Business's "limited API access" (platform.md §9, issue 30 §2): read-only keys at a lower rate,
// created and listed from API Settings; write scopes, writes and webhooks stay Enterprise's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TEXT } from '#shared/access.ts';
import { API_TEXT, apiRateLimitFor } from '#shared/api-keys.ts';
import { customerPayload } from '#server/test/factories.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';

let t: TestContext;
let business: TestUser;
let rival: TestUser;

const READ_ONLY = { customers: 'read', policies: 'read', communications: 'read' };

const v1 = (key: string, path: string, init: { method?: string; json?: unknown } = {}) =>
  t.request(`/api/v1${path}`, { ...init, headers: { authorization: `Bearer ${key}` } });

async function readKey(u: TestUser): Promise<string> {
  const res = await t.request('/api/api-keys', { cookie: u.cookie, json: { name: 'Website', scopes: READ_ONLY } });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json(res)).key;
}

beforeAll(async () => {
  t = await createTestContext();
  business = await createUser(t, { tier: 'business' });
  rival = await createUser(t, { tier: 'business' });
  await t.request('/api/customers', { cookie: business.cookie, json: customerPayload({ name: 'Bea Business' }) });
  await t.request('/api/customers', { cookie: rival.cookie, json: customerPayload({ name: 'Rita Rival' }) });
});
afterAll(async () => {
  await t.close();
});

describe('API keys on the Business plan', () => {
  it('creates a read-only key that reads its own book (200), at a fifth of the rate', async () => {
    const key = await readKey(business);
    const res = await v1(key, '/customers');
    expect(res.status).toBe(200);
    const names = (await json(res)).data.map((c: { name: string }) => c.name);
    expect(names).toContain('Bea Business');
    expect(names).not.toContain('Rita Rival');
    expect(res.headers.get('RateLimit-Limit')).toBe(String(apiRateLimitFor('business', t.config.API_RATE_LIMIT)));
    expect(Number(res.headers.get('RateLimit-Limit'))).toBeLessThan(t.config.API_RATE_LIMIT);
    expect((await v1(key, '/policies')).status).toBe(200);
  });

  it('refuses every write with a clear 403, even with a key holding write scope from an Enterprise past', async () => {
    const key = await readKey(business);
    const write = await v1(key, '/customers', { json: customerPayload() });
    expect(write.status).toBe(403);
    expect((await json(write)).error).toEqual({ code: 'PLAN_REQUIRED', message: API_TEXT.writeNeedsPlan });
    expect(API_TEXT.writeNeedsPlan).toBe('Write access through the API needs the Enterprise plan. On this plan API keys can read only.');
  });

  it('refuses to create a write-scoped key, naming the field', async () => {
    const res = await t.request('/api/api-keys', { cookie: business.cookie, json: { name: 'Sync', scopes: { customers: 'write' } } });
    expect(res.status).toBe(403);
    expect((await json(res)).error).toEqual({ code: 'PLAN_REQUIRED', message: API_TEXT.writeNeedsPlan, fields: { scopes: API_TEXT.writeNeedsPlan } });
  });

  it('lists its keys with what the plan allows', async () => {
    const list = await json(await t.request('/api/api-keys', { cookie: business.cookie }));
    expect(list.plan).toEqual({ tier: 'business', write: false, webhooks: false, rate_limit: apiRateLimitFor('business', t.config.API_RATE_LIMIT) });
    expect(list.keys.length).toBeGreaterThan(0);
    expect(list.revoked).toEqual([]);
    // another agency's keys are not listed
    const rivals = await json(await t.request('/api/api-keys', { cookie: rival.cookie }));
    expect(rivals.keys).toEqual([]);
  });

  it('has no webhooks: the page and the API answer 403 with the Enterprise text', async () => {
    const res = await t.request('/api/webhooks', { cookie: business.cookie });
    expect(res.status).toBe(403);
    expect((await json(res)).error.message).toBe(ACCESS_TEXT.tierDenied('enterprise', 'business'));
    const made = await t.request('/api/webhooks', { cookie: business.cookie, json: { url: 'https://example.com/hook', events: ['customer.created'] } });
    expect(made.status).toBe(403);
  });

  it('Professional has no API: keys are refused with the Business text', async () => {
    const professional = await createUser(t, { tier: 'professional' });
    const res = await t.request('/api/api-keys', { cookie: professional.cookie });
    expect(res.status).toBe(403);
    expect((await json(res)).error.message).toBe(ACCESS_TEXT.tierDenied('business', 'professional'));
  });

  it('says in the OpenAPI document which plan each operation needs', async () => {
    const doc = await json(await t.request('/api/v1/openapi.json'));
    expect(doc.paths['/customers'].get['x-required-plan']).toBe('business');
    expect(doc.paths['/customers'].post['x-required-plan']).toBe('enterprise');
    expect(doc.paths['/customers/{id}'].delete['x-required-plan']).toBe('enterprise');
    expect(doc.paths['/customers'].post.description).toContain('Enterprise plan');
    expect(doc.info.description).toContain('Business plan read only');
  });
});
