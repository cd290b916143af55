// Issue 34 §1's server bugs: filters that were silently ignored, a cursor read on another list, a 409
// for an unknown customer, an Idempotency-Key compared byte for byte; and corrections of the log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TEXT } from '#shared/api-keys.ts';
import { carPolicyPayload, customerPayload } from '#server/test/factories.ts';
import { createTestContext, createUser, json, type TestContext } from '#server/test/harness.ts';

let t: TestContext;
let key: string;

const v1 = (path: string, init: { method?: string; json?: unknown; headers?: Record<string, string>; body?: string } = {}) =>
  t.request(`/api/v1${path}`, { ...init, headers: { authorization: `Bearer ${key}`, ...init.headers } });

beforeAll(async () => {
  t = await createTestContext();
  const owner = await createUser(t, { tier: 'enterprise' });
  const res = await t.request('/api/api-keys', { cookie: owner.cookie, json: { name: 'Filters', scopes: { customers: 'write', policies: 'write', communications: 'write' } } });
  key = (await json(res)).key;
});
afterAll(async () => {
  await t.close();
});

describe('/api/v1 list filters', () => {
  it("GET /policies?customer_id= lists only that customer's policies", async () => {
    const first = await json(await v1('/policies', { json: carPolicyPayload() }));
    await json(await v1('/policies', { json: carPolicyPayload() }));
    const page = await json(await v1(`/policies?customer_id=${first.customer_id}`));
    expect(page.data.map((p: { id: string }) => p.id)).toEqual([first.id]);
    const bad = await v1('/policies?customer_id=abc');
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.fields).toEqual({ customer_id: API_TEXT.customerIdInvalid });
  });

  it('refuses an unknown type or status with the field named', async () => {
    const cases = [
      ['/policies?type=boat', 'type'],
      ['/policies?status=nope', 'status'],
      ['/customers?type=robot', 'type'],
      ['/communications?type=fax', 'type'],
    ] as const;
    for (const [path, field] of cases) {
      const res = await v1(path);
      expect(res.status, path).toBe(400);
      expect(Object.keys((await json(res)).error.fields), path).toEqual([field]);
    }
    expect((await v1('/policies?type=car&status=all')).status).toBe(200);
  });

  it("refuses another list's cursor", async () => {
    await v1('/customers', { json: customerPayload() });
    await v1('/customers', { json: customerPayload() });
    await v1('/policies', { json: carPolicyPayload() });
    await v1('/policies', { json: carPolicyPayload() });
    const policiesCursor = (await json(await v1('/policies?limit=1'))).next_cursor;
    const customersCursor = (await json(await v1('/customers?limit=1'))).next_cursor;
    for (const [path, cursor] of [
      ['/customers', policiesCursor],
      ['/communications', customersCursor],
      ['/policies', customersCursor],
    ]) {
      const res = await v1(`${path}?cursor=${cursor}`);
      expect(res.status, path).toBe(400);
      expect((await json(res)).error.fields).toEqual({ cursor: API_TEXT.invalidCursor });
    }
    expect((await v1(`/policies?cursor=${policiesCursor}`)).status).toBe(200);
  });
});

describe('/api/v1 writes', () => {
  it('PUT /customers/{unknown id} is a 404 even with a taken e-mail; a known one gets the 409', async () => {
    const taken = await json(await v1('/customers', { json: customerPayload() }));
    const mine = await json(await v1('/customers', { json: customerPayload() }));
    const unknown = await v1(`/customers/${crypto.randomUUID()}`, { method: 'PUT', json: customerPayload({ email: taken.email }) });
    expect(unknown.status).toBe(404);
    expect((await v1(`/customers/${mine.id}`, { method: 'PUT', json: customerPayload({ email: taken.email }) })).status).toBe(409);
  });

  it('replays an Idempotency-Key for the same JSON in another key order; another value is still a 409', async () => {
    const body = customerPayload();
    const first = await v1('/customers', { body: JSON.stringify({ name: body.name, email: body.email }), headers: { 'content-type': 'application/json', 'idempotency-key': 'order-1' } });
    expect(first.status).toBe(201);
    const again = await v1('/customers', { body: JSON.stringify({ email: body.email, name: body.name }, null, 2), headers: { 'content-type': 'application/json', 'idempotency-key': 'order-1' } });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await json(again)).id).toBe((await json(first)).id);
    const other = await v1('/customers', { json: { email: body.email, name: `${body.name} 2` }, headers: { 'idempotency-key': 'order-1' } });
    expect(other.status).toBe(409);
  });

  it('logs a correction with POST /communications/{id}/corrections: a new entry, the first kept', async () => {
    const customer = await json(await v1('/customers', { json: customerPayload() }));
    const entry = await json(await v1('/communications', { json: { customer_id: customer.id, content: 'First.' } }));
    const res = await v1(`/communications/${entry.id}/corrections`, { json: { content: 'Corrected.' } });
    expect(res.status).toBe(201);
    const correction = await json(res);
    expect(correction).toMatchObject({ corrects_id: entry.id, content: 'Corrected.', customer_id: customer.id });
    expect(correction.id).not.toBe(entry.id);
    expect((await json(await v1(`/communications/${entry.id}`))).content).toBe('First.');
    expect((await v1(`/communications/${crypto.randomUUID()}/corrections`, { json: { content: 'x' } })).status).toBe(404);
    const empty = await v1(`/communications/${entry.id}/corrections`, { json: {} });
    expect(empty.status).toBe(400);
  });
});
