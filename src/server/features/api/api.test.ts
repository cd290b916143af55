import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Validator } from '@seriousme/openapi-schema-validator';
import { API_TEXT } from '#shared/api-keys.ts';
import { ACCESS_TEXT } from '#shared/access.ts';
import { COMMUNICATION_TEXT } from '#shared/communications.ts';
import { CUSTOMER_TEXT } from '#shared/customers.ts';
import { POLICY_REQUIRED_TEXT, POLICY_TEXT } from '#shared/policies.ts';
import { activityLog, agencies, agencyMembers, apiIdempotency, apiKeys, customers, policies, session as sessionTable, user } from '#server/db/schema.ts';
import { carPolicyPayload, customerPayload } from '#server/test/factories.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';
import { hashKey } from './keys.ts';

let t: TestContext;
let owner: TestUser;
let rival: TestUser;
let ownerAgency: string;

const ALL_WRITE = { customers: 'write', policies: 'write', communications: 'write' };

async function newKey(u: TestUser, scopes: Record<string, string> = ALL_WRITE, name = 'Zapier'): Promise<Record<string, any>> {
  const res = await t.request('/api/api-keys', { cookie: u.cookie, json: { name, scopes } });
  expect(res.status).toBe(201);
  return json(res);
}

const v1 = (key: string | null, path: string, init: { method?: string; json?: unknown; headers?: Record<string, string>; body?: string } = {}) =>
  t.request(`/api/v1${path}`, { ...init, headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...init.headers } });

beforeAll(async () => {
  t = await createTestContext();
  owner = await createUser(t, { tier: 'enterprise' });
  rival = await createUser(t, { tier: 'enterprise' });
  await t.request('/api/api-keys', { cookie: owner.cookie });
  const [a] = await t.db.select().from(agencies).where(eq(agencies.ownerId, owner.id));
  ownerAgency = a.id;
});
afterAll(async () => {
  await t.close();
});

describe('API keys (session routes)', () => {
  it('creates a key shown once, stored only as its hash with a visible prefix, and lists it without the secret', async () => {
    const created = await newKey(owner, { customers: 'read', policies: 'write', communications: 'none' }, '  Website  ');
    expect(created.key).toMatch(/^pd_live_[A-Za-z0-9_-]{43}$/);
    expect(created.prefix).toBe(created.key.slice(0, 12));
    expect(created.name).toBe('Website');
    expect(created.scopes).toEqual({ customers: 'read', policies: 'write' });
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row.secretHash).toBe(hashKey(created.key));
    expect(JSON.stringify(row)).not.toContain(created.key.slice(12));
    const list = await json(await t.request('/api/api-keys', { cookie: owner.cookie }));
    const shown = list.keys.find((k: { id: string }) => k.id === created.id);
    expect(shown).toMatchObject({ name: 'Website', prefix: created.prefix, last_used_at: null, created_by_name: expect.any(String) });
    expect(shown.key).toBeUndefined();
    expect(JSON.stringify(list)).not.toContain(created.key);
    const [entry] = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.entityId, created.id), eq(activityLog.kind, 'integration')));
    expect(entry.summary).toContain('Created API key Website');
  });

  it('refuses a key without a name or without any scope, with the messages', async () => {
    const res = await t.request('/api/api-keys', { cookie: owner.cookie, json: { name: ' ', scopes: { customers: 'none' } } });
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(body.error.fields).toEqual({ name: API_TEXT.nameRequired, scopes: API_TEXT.scopeRequired });
  });

  it('is Business and up (write scopes Enterprise), and only for the owner or an agency admin', async () => {
    const professional = await createUser(t, { tier: 'professional' });
    const denied = await t.request('/api/api-keys', { cookie: professional.cookie, json: { name: 'x', scopes: ALL_WRITE } });
    expect(denied.status).toBe(403);
    expect((await json(denied)).error.message).toBe(ACCESS_TEXT.tierDenied('business', 'professional'));
    const business = await createUser(t, { tier: 'business' });
    const writeRefused = await t.request('/api/api-keys', { cookie: business.cookie, json: { name: 'x', scopes: ALL_WRITE } });
    expect(writeRefused.status).toBe(403);
    expect((await json(writeRefused)).error.message).toBe(API_TEXT.writeNeedsPlan);
    const member = await createUser(t);
    await t.db.insert(agencyMembers).values({ agencyId: ownerAgency, userId: member.id, role: 'team_member' });
    await t.db.update(sessionTable).set({ activeAgencyId: ownerAgency }).where(eq(sessionTable.userId, member.id));
    const asMember = await t.request('/api/api-keys', { cookie: member.cookie, json: { name: 'x', scopes: ALL_WRITE } });
    expect(asMember.status).toBe(403);
    expect((await json(asMember)).error.message).toBe(API_TEXT.managersOnly);
    await t.db.update(agencyMembers).set({ role: 'admin' }).where(eq(agencyMembers.userId, member.id));
    expect((await t.request('/api/api-keys', { cookie: member.cookie, json: { name: 'By admin', scopes: ALL_WRITE } })).status).toBe(201);
  });

  it('revokes a key: it stops on the next request; another agency cannot revoke it (404)', async () => {
    const k = await newKey(owner);
    expect((await v1(k.key, '/customers')).status).toBe(200);
    expect((await t.request(`/api/api-keys/${k.id}`, { method: 'DELETE', cookie: rival.cookie })).status).toBe(404);
    expect((await t.request(`/api/api-keys/${k.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(200);
    const after = await v1(k.key, '/customers');
    expect(after.status).toBe(401);
    expect((await json(after)).error).toEqual({ code: 'UNAUTHORIZED', message: API_TEXT.invalidKey });
    const list = await json(await t.request('/api/api-keys', { cookie: owner.cookie }));
    expect(list.keys.map((x: { id: string }) => x.id)).not.toContain(k.id);
  });
});

describe('/api/v1 authentication', () => {
  it('refuses a missing, malformed or unknown key, and never accepts a session cookie', async () => {
    const missing = await v1(null, '/customers');
    expect(missing.status).toBe(401);
    expect((await json(missing)).error.message).toBe(API_TEXT.missingKey);
    expect((await v1('not-a-key', '/customers')).status).toBe(401);
    expect((await v1(`pd_live_${'A'.repeat(43)}`, '/customers')).status).toBe(401);
    const withCookie = await t.request('/api/v1/customers', { cookie: owner.cookie });
    expect(withCookie.status).toBe(401);
    expect((await t.request('/api/v1/customers', { cookie: owner.cookie, headers: { authorization: 'Basic abc' } })).status).toBe(401);
  });

  it("another agency's key sees only its own agency: 404 for our ids, never our rows", async () => {
    const mine = await newKey(owner);
    const theirs = await newKey(rival);
    const created = await json(await v1(mine.key, '/policies', { json: carPolicyPayload() }));
    expect((await v1(theirs.key, `/policies/${created.id}`)).status).toBe(404);
    expect((await v1(theirs.key, `/policies/${created.id}`, { method: 'PUT', json: carPolicyPayload() })).status).toBe(404);
    expect((await v1(theirs.key, `/policies/${created.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await v1(theirs.key, `/customers/${created.customer_id}`)).status).toBe(404);
    const list = await json(await v1(theirs.key, '/policies?limit=100'));
    expect(list.data.map((p: { id: string }) => p.id)).not.toContain(created.id);
    expect((await v1(mine.key, `/policies/${created.id}`)).status).toBe(200);
  });

  it('a read-only key cannot write (403), and a resource outside its scopes is refused', async () => {
    const ro = await newKey(owner, { customers: 'read', policies: 'none', communications: 'none' });
    const write = await v1(ro.key, '/customers', { json: customerPayload() });
    expect(write.status).toBe(403);
    expect((await json(write)).error).toEqual({ code: 'SCOPE_DENIED', message: API_TEXT.scopeDenied('customers', 'write') });
    expect((await v1(ro.key, '/customers')).status).toBe(200);
    const read = await v1(ro.key, '/policies');
    expect(read.status).toBe(403);
    expect((await json(read)).error.message).toBe(API_TEXT.scopeDenied('policies', 'read'));
  });

  it('reads only when the owner drops to Business, stops below it, and works again after re-upgrade', async () => {
    const k = await newKey(owner);
    await t.db.update(user).set({ subscriptionTier: 'business' }).where(eq(user.id, owner.id));
    expect((await v1(k.key, '/customers')).status).toBe(200);
    const writeRefused = await v1(k.key, '/customers', { json: customerPayload() });
    expect(writeRefused.status).toBe(403);
    expect((await json(writeRefused)).error).toEqual({ code: 'PLAN_REQUIRED', message: API_TEXT.writeNeedsPlan });
    await t.db.update(user).set({ subscriptionTier: 'professional' }).where(eq(user.id, owner.id));
    const refused = await v1(k.key, '/customers');
    expect(refused.status).toBe(403);
    expect((await json(refused)).error).toEqual({ code: 'PLAN_REQUIRED', message: API_TEXT.planRequired });
    await t.db.update(user).set({ subscriptionTier: 'enterprise' }).where(eq(user.id, owner.id));
    expect((await v1(k.key, '/customers')).status).toBe(200);
  });

  it('a key never carries the platform role of its creator', async () => {
    const admin = await createUser(t, { tier: 'enterprise', role: 'super_admin' });
    const k = await newKey(admin);
    expect((await v1(k.key, '/customers')).status).toBe(200);
    // admin routes are session-only: the key is not a session
    expect((await t.request('/api/admin/users', { headers: { authorization: `Bearer ${k.key}` } })).status).toBe(401);
  });

  it('records last use at most once a minute', async () => {
    const k = await newKey(owner);
    await v1(k.key, '/customers');
    const [first] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, k.id));
    expect(first.lastUsedAt).not.toBeNull();
    await v1(k.key, '/customers');
    const [second] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, k.id));
    expect(second.lastUsedAt?.getTime()).toBe(first.lastUsedAt?.getTime());
  });

  it('is not subject to the CSRF origin check (a bearer key, no cookies)', async () => {
    const k = await newKey(owner);
    const res = await v1(k.key, '/customers', { json: customerPayload(), headers: { origin: 'https://elsewhere.example' } });
    expect(res.status).toBe(201);
  });
});

describe('/api/v1 resources', () => {
  let key: string;
  beforeAll(async () => {
    key = (await newKey(owner)).key;
  });

  it('customers: create, get, update, delete, with the form’s messages', async () => {
    const bad = await v1(key, '/customers', { json: {} });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.fields).toEqual({ name: CUSTOMER_TEXT.nameRequired, email: CUSTOMER_TEXT.emailRequired });
    const created = await v1(key, '/customers', { json: customerPayload({ name: 'Api Person', phone: '555-1' }) });
    expect(created.status).toBe(201);
    const c = await json(created);
    expect(c).toMatchObject({ name: 'Api Person', phone: '555-1', policies: [], communications: [] });
    const dup = await v1(key, '/customers', { json: customerPayload({ email: c.email }) });
    expect(dup.status).toBe(409);
    expect((await json(dup)).error.message).toBe(CUSTOMER_TEXT.duplicate);
    const updated = await json(await v1(key, `/customers/${c.id}`, { method: 'PUT', json: { name: 'Renamed', email: c.email } }));
    expect(updated).toMatchObject({ name: 'Renamed', phone: null });
    expect((await json(await v1(key, `/customers/${c.id}`))).name).toBe('Renamed');
    expect((await v1(key, `/customers/${c.id}`, { method: 'DELETE' })).status).toBe(204);
    const gone = await v1(key, `/customers/${c.id}`);
    expect(gone.status).toBe(404);
    expect((await json(gone)).error.message).toBe(CUSTOMER_TEXT.notFound);
  });

  it('policies: create with car details, switch to fire, delete; messages for a missing detail', async () => {
    const bad = await v1(key, '/policies', { json: carPolicyPayload({ car_details: {} }) });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.fields['car_details.vehicle_make']).toBe(POLICY_REQUIRED_TEXT.vehicle_make);
    const created = await json(await v1(key, '/policies', { json: carPolicyPayload() }));
    expect(created.car_details).toMatchObject({ vehicle_make: 'Toyota' });
    const fire = {
      ...carPolicyPayload({ policy_number: created.policy_number, customer_email: created.customer_email }),
      policy_type: 'fire',
      fire_details: { property_address: '1 Elm', property_type: 'House', construction_year: 1990, property_value: '300000' },
    };
    const updated = await json(await v1(key, `/policies/${created.id}`, { method: 'PUT', json: fire }));
    expect(updated).toMatchObject({ policy_type: 'fire', car_details: null, fire_details: { property_address: '1 Elm' } });
    expect((await v1(key, `/policies/${created.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await json(await v1(key, `/policies/${created.id}`))).error.message).toBe(POLICY_TEXT.notFound);
  });

  it('communications: create for a customer, list by customer; the log is append-only: PUT logs a correction, DELETE is refused', async () => {
    const c = await json(await v1(key, '/customers', { json: customerPayload() }));
    const missing = await v1(key, '/communications', { json: { customer_id: c.id, type: 'phone', content: ' ' } });
    expect((await json(missing)).error.fields).toEqual({ content: COMMUNICATION_TEXT.contentRequired });
    const created = await v1(key, '/communications', { json: { customer_id: c.id, type: 'phone', content: 'Called about renewal' } });
    expect(created.status).toBe(201);
    const m = await json(created);
    expect(m).toMatchObject({ customer_id: c.id, type: 'phone', content: 'Called about renewal' });
    const list = await json(await v1(key, `/communications?customer_id=${c.id}`));
    expect(list.data.map((x: { id: string }) => x.id)).toEqual([m.id]);
    const updated = await json(await v1(key, `/communications/${m.id}`, { method: 'PUT', json: { type: 'email', subject: 'Re', content: 'Mailed' } }));
    expect(updated).toMatchObject({ type: 'email', subject: 'Re', content: 'Mailed', corrects_id: m.id });
    expect(updated.id).not.toBe(m.id);
    expect(await json(await v1(key, `/communications/${m.id}`))).toMatchObject({ id: m.id, type: 'phone', content: 'Called about renewal' });
    const refused = await v1(key, `/communications/${m.id}`, { method: 'DELETE' });
    expect(refused.status).toBe(409);
    expect((await json(refused)).error.message).toBe(COMMUNICATION_TEXT.appendOnly);
    expect((await v1(key, `/communications/${crypto.randomUUID()}`)).status).toBe(404);
    const rivalKey = (await newKey(rival)).key;
    expect((await v1(rivalKey, '/communications', { json: { customer_id: c.id, content: 'x' } })).status).toBe(404);
  });

  it('lists with an opaque cursor, a limit of at most 100, updated_since and the screen filters', async () => {
    const agency = await createUser(t, { tier: 'enterprise' });
    const k = (await newKey(agency)).key;
    const made: string[] = [];
    for (let i = 0; i < 5; i += 1) made.push((await json(await v1(k, '/customers', { json: customerPayload({ customer_type: i % 2 ? 'business' : 'individual' }) }))).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Record<string, any> = await json(await v1(k, `/customers?limit=2${cursor ? `&cursor=${cursor}` : ''}`));
      expect(page.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.data.map((x: { id: string }) => x.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(made);
    const business = await json(await v1(k, '/customers?type=business'));
    expect(business.data).toHaveLength(2);
    const [row] = await t.db.select().from(customers).where(eq(customers.id, made[4]));
    const since = await json(await v1(k, `/customers?updated_since=${encodeURIComponent(row.updatedAt.toISOString())}`));
    expect(since.data.map((x: { id: string }) => x.id)).toEqual([made[4]]);
    const tooMany = await v1(k, '/customers?limit=101');
    expect(tooMany.status).toBe(400);
    expect((await json(tooMany)).error.message).toBe('limit must be a whole number from 1 to 100.');
    const badCursor = await v1(k, '/customers?cursor=nonsense');
    expect((await json(badCursor)).error.message).toBe(API_TEXT.invalidCursor);
    expect((await json(await v1(k, '/customers?updated_since=yesterday'))).error.message).toBe(API_TEXT.invalidUpdatedSince);
  });

  it('applies the plan limits of the web app', async () => {
    // the limit is the agency's plan: an Enterprise plan with a (test) limit of 1 customer
    const { subscriptionLimits } = await import('#server/db/schema.ts');
    const agency = await createUser(t, { tier: 'enterprise' });
    const k = (await newKey(agency)).key;
    const [before] = await t.db.select().from(subscriptionLimits).where(eq(subscriptionLimits.tierName, 'enterprise'));
    await t.db.update(subscriptionLimits).set({ maxClients: 1 }).where(eq(subscriptionLimits.tierName, 'enterprise'));
    try {
      expect((await v1(k, '/customers', { json: customerPayload() })).status).toBe(201);
      const over = await v1(k, '/customers', { json: customerPayload() });
      expect(over.status).toBe(403);
      expect((await json(over)).error.message).toBe(CUSTOMER_TEXT.limitMessage);
    } finally {
      await t.db.update(subscriptionLimits).set({ maxClients: before.maxClients }).where(eq(subscriptionLimits.tierName, 'enterprise'));
    }
  });
});

describe('/api/v1 request rules', () => {
  it('refuses a body over 1 MB with 413', async () => {
    const k = await newKey(owner);
    const res = await v1(k.key, '/customers', {
      body: JSON.stringify({ ...customerPayload(), notes: 'x'.repeat(1024 * 1024 + 10) }),
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect((await json(res)).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('Idempotency-Key: a retry replays the first answer without a second write; another body is a 409', async () => {
    const k = await newKey(owner);
    const body = carPolicyPayload();
    const headers = { 'idempotency-key': 'retry-1' };
    const first = await v1(k.key, '/policies', { json: body, headers });
    expect(first.status).toBe(201);
    const again = await v1(k.key, '/policies', { json: body, headers });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await json(again)).id).toBe((await json(first)).id);
    const rows = await t.db.select().from(policies).where(eq(policies.policyNumber, body.policy_number));
    expect(rows).toHaveLength(1);
    const other = await v1(k.key, '/policies', { json: { ...body, premium_amount: '1' }, headers });
    expect(other.status).toBe(409);
    expect((await json(other)).error).toEqual({ code: 'IDEMPOTENCY_KEY_REUSED', message: API_TEXT.idempotencyMismatch });
  });

  it('Idempotency-Key: concurrent duplicates make one row', async () => {
    const k = await newKey(owner);
    const body = carPolicyPayload();
    const headers = { 'idempotency-key': 'parallel-1' };
    const answers = await Promise.all([1, 2, 3].map(() => v1(k.key, '/policies', { json: body, headers })));
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201]);
    const rows = await t.db.select().from(policies).where(eq(policies.policyNumber, body.policy_number));
    expect(rows).toHaveLength(1);
    const stored = await t.db.select().from(apiIdempotency).where(eq(apiIdempotency.idempotencyKey, 'parallel-1'));
    expect(stored).toHaveLength(1);
  });

  it('a failed write with an Idempotency-Key stores nothing, so a corrected retry is not blocked', async () => {
    const k = await newKey(owner);
    const taken = await json(await v1(k.key, '/customers', { json: customerPayload() }));
    const headers = { 'idempotency-key': 'dup-1' };
    expect((await v1(k.key, '/customers', { json: customerPayload({ email: taken.email }), headers })).status).toBe(409);
    expect(await t.db.select().from(apiIdempotency).where(eq(apiIdempotency.idempotencyKey, 'dup-1'))).toHaveLength(0);
  });
});

describe('/api/v1 rate limit', () => {
  it('counts per key and answers 429 with RateLimit-* headers', async () => {
    const limited = await createTestContext({ env: { API_RATE_LIMIT: '3' } });
    try {
      const u = await createUser(limited, { tier: 'enterprise' });
      const created = await json(await limited.request('/api/api-keys', { cookie: u.cookie, json: { name: 'k', scopes: ALL_WRITE } }));
      const call = () => limited.request('/api/v1/customers', { headers: { authorization: `Bearer ${created.key}` } });
      const first = await call();
      expect(first.headers.get('ratelimit-limit')).toBe('3');
      expect(first.headers.get('ratelimit-remaining')).toBe('2');
      expect(Number(first.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
      await call();
      expect((await call()).headers.get('ratelimit-remaining')).toBe('0');
      const over = await call();
      expect(over.status).toBe(429);
      expect(over.headers.get('ratelimit-remaining')).toBe('0');
      expect(over.headers.get('retry-after')).toBeTruthy();
      expect((await json(over)).error.code).toBe('RATE_LIMITED');
      const second = await json(await limited.request('/api/api-keys', { cookie: u.cookie, json: { name: 'k2', scopes: ALL_WRITE } }));
      expect((await limited.request('/api/v1/customers', { headers: { authorization: `Bearer ${second.key}` } })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('OpenAPI document', () => {
  it('is valid OpenAPI 3.1 and lists every /api/v1 route', async () => {
    const res = await t.request('/api/v1/openapi.json');
    expect(res.status).toBe(200);
    const doc = await json(res);
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    const routes = new Set(
      t.app.routes
        .filter((r) => r.path.startsWith('/api/v1/') && r.method !== 'ALL' && r.path !== '/api/v1/openapi.json' && r.path !== '/api/v1/sdk/README.md')
        .map((r) => `${r.method.toLowerCase()} ${r.path.slice('/api/v1'.length).replace(/:(\w+)/g, '{$1}')}`),
    );
    // 3 resources × list, get, create, update, delete; the communications' corrections; the change feed;
    // tasks (5) and team members (issue 34); opportunities (5 and the stage move), renewals (list and 5
    // actions), a customer's timeline, a policy's premium payments (list, record), documents (3 and the upload)
    // (issue 34 §3; the document itself and the SDK's README are not operations); commissions (2) and statements (issue 31)
    // and a statement's upload and read (issue 31, +2); portal requests (list, get, answer: issue 34 §3);
    // a premium payment's delete; commission schedule rates (list, get, add, delete) and policies' own rates
    // (list, get, set, remove), a statement's lines (issue 34 §3); the agency's premium payments, paged (decision 083)
    expect(routes.size).toBe(61);
    for (const route of routes) {
      const [method, path] = route.split(' ');
      expect(doc.paths[path]?.[method], route).toBeDefined();
    }
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m} ${p}`));
    expect(documented.sort()).toEqual([...routes].sort());
  });
});
