// Issue 26, the smaller defects of the third outside probe, each shown to fail before its fix:
// NUL in paths, /api/v1 times PostgreSQL cannot store, ids that are not UUIDs, `$` patterns in SEO
// text, path separators in a document's new name, and customer data behind a policies-only key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TEXT } from '#shared/api-keys.ts';
import { IMPORT_TEXT } from '#shared/imports.ts';
import { TEXT_RULE_TEXT } from '#shared/validation.ts';
import { injectMeta } from './features/content/seo-service.ts';
import { PDF } from './features/payments/fixtures.ts';
import { carPolicyPayload } from './test/factories.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from './test/harness.ts';

let t: TestContext;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestContext();
  owner = await createUser(t, { tier: 'enterprise', permissions: ['manage_team'] });
}, 120_000);
afterAll(async () => {
  await t.close();
});

async function newKey(scopes: Record<string, string>): Promise<string> {
  const res = await t.request('/api/api-keys', { cookie: owner.cookie, json: { name: 'Probe', scopes } });
  expect(res.status).toBe(201);
  return (await json(res)).key;
}

const v1 = (key: string, path: string, init: { method?: string; json?: unknown } = {}) =>
  t.request(`/api/v1${path}`, { ...init, headers: { authorization: `Bearer ${key}` } });

describe('NUL in a path or a query string', () => {
  it('answers 400 naming the place, signed in or not', async () => {
    const session = await t.request('/api/settings/sessions/%00', { method: 'DELETE', cookie: owner.cookie });
    expect(session.status).toBe(400);
    expect((await json(session)).error.fields).toEqual({ path: TEXT_RULE_TEXT.controlCharacters });
    const post = await t.request('/api/blog/posts/a%00b');
    expect(post.status).toBe(400);
    const search = await t.request('/api/policies?assignee=a%00b', { cookie: owner.cookie });
    expect(search.status).toBe(400);
    expect((await json(search)).error).toMatchObject({ message: expect.stringContaining('"assignee"'), fields: { assignee: TEXT_RULE_TEXT.controlCharacters } });
  });

  it('a blog slug no post can have is a 404 before any query', async () => {
    const res = await t.request(`/api/blog/posts/${encodeURIComponent('Not a slug!')}`);
    expect(res.status).toBe(404);
  });
});

describe('ids in paths are UUIDs, checked by one helper', () => {
  it('answers 404 to an import id of 36 dashes (500 before)', async () => {
    const res = await t.request(`/api/imports/${'-'.repeat(36)}`, { cookie: owner.cookie });
    expect(res.status).toBe(404);
    expect((await json(res)).error.message).toBe(IMPORT_TEXT.notFound);
    expect((await t.request(`/api/imports/${'-'.repeat(36)}/failures`, { cookie: owner.cookie })).status).toBe(404);
  });
});

describe('/api/v1 times PostgreSQL cannot store', () => {
  it('refuses a cursor holding a time that is not one (["1", id]) with 400, not 500', async () => {
    const key = await newKey({ customers: 'read', policies: 'read' });
    for (const at of ['1', '-200000-01-01T00:00:00Z', '+275760-09-13T00:00:00Z', '0000-01-01 00:00:00+00']) {
      const cursor = Buffer.from(JSON.stringify([at, '3f2a6b1c-0d4e-4f5a-8b9c-7d6e5f4a3b2c'])).toString('base64url');
      for (const list of ['/customers', '/policies']) {
        const res = await v1(key, `${list}?cursor=${cursor}`);
        expect(res.status, `${list} ${at}`).toBe(400);
        expect((await json(res)).error.message).toBe(API_TEXT.invalidCursor);
      }
    }
  });

  it('refuses updated_since outside years 1 to 9999 with 400, and still takes ordinary times', async () => {
    const key = await newKey({ customers: 'read', policies: 'read' });
    for (const since of ['-200000-01-01T00:00:00Z', '+275760-09-13T00:00:00Z', '+010000-01-01T00:00:00Z', '1']) {
      const res = await v1(key, `/customers?updated_since=${encodeURIComponent(since)}`);
      expect(res.status, since).toBe(400);
      expect(JSON.stringify(await json(res))).toContain(API_TEXT.invalidUpdatedSince);
    }
    for (const since of ['2026-03-01T10:00:00.123Z', '2020-01-01', '9999-12-31T23:59:59+02:00'])
      expect((await v1(key, `/policies?updated_since=${encodeURIComponent(since)}`)).status, since).toBe(200);
  });
});

describe('SEO text with replacement patterns', () => {
  it("inserts $', $` and $& as text: the head is not duplicated", () => {
    const html = '<!doctype html><html><head><title>App</title></head><body><div id="root"></div></body></html>';
    const text = "Cheap $' and $` and $& here";
    const out = injectMeta(html, { title: text, description: text, og_title: text, og_image: '' }, 'https://app.example', '/about');
    expect(out.match(/<head>/g)).toHaveLength(1);
    expect(out.match(/<\/head>/g)).toHaveLength(1);
    expect(out.match(/<body>/g)).toHaveLength(1);
    expect(out).toContain('<title>Cheap $&#39; and $` and $&amp; here</title>');
  });
});

describe('renaming a document', () => {
  it('keeps only the last path segment, as an upload does', async () => {
    const policy = await json(await t.request('/api/policies', { cookie: owner.cookie, json: carPolicyPayload() }));
    const fd = new FormData();
    fd.append('policy_id', policy.id);
    fd.append('file', new File([PDF as BlobPart], 'dec.pdf', { type: 'application/pdf' }));
    const up = await t.request('/api/documents/upload', { method: 'POST', body: fd, cookie: owner.cookie });
    expect(up.status).toBe(201);
    const { document } = await json(up);
    for (const [name, kept] of [
      ['../../../etc/passwd', 'passwd'],
      ['..\\..\\boot.ini', 'boot.ini'],
      ['folder/Declarations.pdf', 'Declarations.pdf'],
    ]) {
      const res = await t.request(`/api/documents/${document.id}`, { method: 'PATCH', cookie: owner.cookie, json: { name } });
      expect(res.status).toBe(200);
      expect((await json(res)).document.name).toBe(kept);
    }
  });
});

describe('a key with policies: write but no customer scope', () => {
  it('cannot create a customer through a policy (403), and reads policies without contact details', async () => {
    const key = await newKey({ policies: 'write' });
    const created = await v1(key, '/policies', { method: 'POST', json: carPolicyPayload({ customer_email: 'fresh-probe@example.com' }) });
    expect(created.status).toBe(403);
    expect((await json(created)).error).toEqual({ code: 'SCOPE_DENIED', message: API_TEXT.customerWriteNeeded });
    expect((await json(await t.request('/api/customers?search=fresh-probe', { cookie: owner.cookie }))).rows).toEqual([]);

    // an existing customer may be linked, but its e-mail and phone stay out of every policy answer
    const customer = await json(await t.request('/api/customers', { cookie: owner.cookie, json: { name: 'Kept Private', email: 'private@example.com', phone: '555-0199' } }));
    const linked = await v1(key, '/policies', { method: 'POST', json: carPolicyPayload({ customer_id: customer.id, customer_email: 'private@example.com', customer_phone: '555-0199' }) });
    expect(linked.status).toBe(201);
    const first = await json(linked);
    const answers = [first, await json(await v1(key, `/policies/${first.id}`)), ...(await json(await v1(key, '/policies'))).data];
    for (const answer of answers) {
      expect(JSON.stringify(answer)).not.toContain('private@example.com');
      expect(JSON.stringify(answer)).not.toContain('555-0199');
      expect(answer.customer_name).toBe('Jane Doe');
    }
    expect(answers[1].customer).toEqual({ id: customer.id, name: 'Kept Private' });
  });

  it('a key with customers: write and read still creates the customer and sees the contact details', async () => {
    const key = await newKey({ policies: 'write', customers: 'write' });
    const res = await v1(key, '/policies', { method: 'POST', json: carPolicyPayload({ customer_email: 'full-scope@example.com', customer_phone: '555-0142' }) });
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body).toMatchObject({ customer_email: 'full-scope@example.com', customer_phone: '555-0142' });
    expect(body.customer).toMatchObject({ email: 'full-scope@example.com', phone: '555-0142' });
  });
});
