// /api/v1 portal requests (issue 34 §3, issue 32): the client portal's change requests listed (cursor
// paging, updated_since, filters), read and answered through the agent's own service; scopes, another
// agency's ids (404), NUL bytes and the messages of bad input; and each change — asked in the portal,
// answered in the app or the API, unlinked by its policy's delete (single or bulk), gone with its
// customer — one change-feed entry and one webhook delivery (portal_request.*).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { API_TEXT } from '#shared/api-keys.ts';
import { PORTAL_TEXT } from '#shared/portal.ts';
import { TEXT_RULE_TEXT } from '#shared/validation.ts';
import { WEBHOOK_EVENTS } from '#shared/webhooks.ts';
import { agencies, tasks, webhookDeliveries } from '#server/db/schema.ts';
import { carPolicyPayload } from '#server/test/factories.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';
import { settleFeed } from '#server/test/feed-horizon.ts';
import { portalSteps } from '#server/test/portal-client.ts';

let t: TestContext;
let owner: TestUser;
let rival: TestUser;
let steps: ReturnType<typeof portalSteps>;
let key: string;
let agencyId: string;

const SCOPES = { customers: 'write', policies: 'write', tasks: 'read', portal_requests: 'write' };

async function newKey(u: TestUser, scopes: Record<string, string>): Promise<string> {
  const res = await t.request('/api/api-keys', { cookie: u.cookie, json: { name: 'Requests', scopes } });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json(res)).key;
}
const v1 = (k: string, path: string, init: { method?: string; json?: unknown; headers?: Record<string, string> } = {}) =>
  t.request(`/api/v1${path}`, { ...init, headers: { authorization: `Bearer ${k}`, ...init.headers } });
const ok = async (res: Response, status = 200) => {
  expect(res.status, await res.clone().text()).toBe(status);
  return json(res);
};

let n = 0;
/** A client of `u`'s agency, signed in to the portal, with a car policy; returns what the tests need. */
async function client(u: TestUser, k: string) {
  n += 1;
  const email = `client-${n}-${u.id.slice(0, 6)}@example.com`;
  const customer = await steps.invitedCustomer(u, email, `Client ${n}`);
  const policy = await ok(await v1(k, '/policies', { json: carPolicyPayload({ customer_id: customer.id, customer_email: email, customer_name: `Client ${n}` }) }), 201);
  const cookie = await steps.signInClient(email);
  const ask = async (kind = 'add_driver', details = 'Please add my son Tom.') => {
    const res = await steps.post('/api/portal/requests', { policy_id: policy.id, kind, details }, { cookie });
    expect(res.status, await res.clone().text()).toBe(201);
    return (await json(res)).request as { id: string };
  };
  return { customer, policy, cookie, ask };
}

async function feedFrom(k: string, after: string | undefined) {
  await settleFeed(t);
  const entries: Record<string, any>[] = [];
  for (;;) {
    const page = await ok(await v1(k, `/events?limit=500${after ? `&after=${after}` : ''}`));
    entries.push(...page.data);
    after = page.next_cursor;
    if (!page.has_more) return { entries, cursor: after! };
  }
}
const deliveries = async (since: Date) =>
  (await t.db.select({ type: webhookDeliveries.eventType }).from(webhookDeliveries).where(and(eq(webhookDeliveries.agencyId, agencyId), sql`${webhookDeliveries.createdAt} >= ${since.toISOString()}`)))
    .map((d) => d.type)
    .sort();
const about = (entries: Record<string, any>[], ids: string[]) => entries.filter((e) => ids.includes(e.entity_id)).map((e) => `${e.type} ${e.entity_id}`);

beforeAll(async () => {
  t = await createTestContext();
  steps = portalSteps(t);
  owner = await createUser(t, { tier: 'enterprise' });
  rival = await createUser(t, { tier: 'enterprise' });
  key = await newKey(owner, SCOPES);
  [{ id: agencyId }] = await t.db.select({ id: agencies.id }).from(agencies).where(eq(agencies.ownerId, owner.id));
  t.config.WEBHOOKS_ALLOW_PRIVATE = true;
  const endpoint = await t.request('/api/webhooks', { cookie: owner.cookie, json: { url: 'http://127.0.0.1:9/hook', events: [...WEBHOOK_EVENTS] } });
  expect(endpoint.status, await endpoint.clone().text()).toBe(201);
}, 120_000);
afterAll(async () => t.close());

describe('/api/v1/portal-requests', () => {
  it('lists in pages with updated_since and filters, reads one, and answers it as the app does (Done completes its task)', async () => {
    const pat = await client(owner, key);
    const first = await pat.ask('add_driver', 'Please add my son Tom.');
    const second = await pat.ask('certificate', 'A certificate for my landlord.');
    const p1 = await ok(await v1(key, `/portal-requests?limit=1&customer_id=${pat.customer.id}`));
    expect(p1.data).toEqual([
      {
        id: first.id,
        customer_id: pat.customer.id,
        policy_id: pat.policy.id,
        kind: 'add_driver',
        details: 'Please add my son Tom.',
        state: 'received',
        reply: null,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    ]);
    const p2 = await ok(await v1(key, `/portal-requests?limit=1&customer_id=${pat.customer.id}&cursor=${p1.next_cursor}`));
    expect(p2.data.map((r: { id: string }) => r.id)).toEqual([second.id]);
    expect(p2.next_cursor).toBeNull();
    expect((await ok(await v1(key, `/portal-requests?kind=certificate&policy_id=${pat.policy.id}`))).data.map((r: { id: string }) => r.id)).toEqual([second.id]);
    expect(await ok(await v1(key, `/portal-requests/${first.id}`))).toEqual(p1.data[0]);

    const answered = await ok(await v1(key, `/portal-requests/${first.id}`, { method: 'PUT', json: { state: 'in_progress', reply: 'On it.' }, headers: { 'Idempotency-Key': 'answer-1' } }));
    expect(answered).toMatchObject({ id: first.id, state: 'in_progress', reply: 'On it.' });
    // the same key and body: the first answer again
    expect(await ok(await v1(key, `/portal-requests/${first.id}`, { method: 'PUT', json: { reply: 'On it.', state: 'in_progress' }, headers: { 'Idempotency-Key': 'answer-1' } }))).toEqual(answered);
    const since = await ok(await v1(key, `/portal-requests?updated_since=${encodeURIComponent(answered.updated_at)}&customer_id=${pat.customer.id}`));
    expect(since.data.map((r: { id: string }) => r.id)).toEqual([first.id]);
    expect((await ok(await v1(key, `/portal-requests?state=in_progress&customer_id=${pat.customer.id}`))).data.map((r: { id: string }) => r.id)).toEqual([first.id]);

    // Done completes the request's task, and the client reads the reply in the portal
    const done = await ok(await v1(key, `/portal-requests/${first.id}`, { method: 'PUT', json: { state: 'done', reply: 'Tom is added from Monday.' } }));
    expect(done).toMatchObject({ state: 'done', reply: 'Tom is added from Monday.' });
    const [task] = await t.db.select({ completedAt: tasks.completedAt }).from(tasks).where(sql`${tasks.id} = (select task_id from portal_requests where id = ${first.id})`);
    expect(task.completedAt).not.toBeNull();
    const mine = (await json(await steps.get('/api/portal/requests', pat.cookie))).requests;
    expect(mine.find((r: { id: string }) => r.id === first.id)).toMatchObject({ state: 'done', reply: 'Tom is added from Monday.' });
    // a reply left out is no reply (as the app's form)
    expect(await ok(await v1(key, `/portal-requests/${first.id}`, { method: 'PUT', json: { state: 'done' } }))).toMatchObject({ reply: null });
  });

  it('names the field of bad input, and refuses NUL bytes', async () => {
    const lee = await client(owner, key);
    const request = await lee.ask();
    const put = (body: unknown) => v1(key, `/portal-requests/${request.id}`, { method: 'PUT', json: body });
    const noState = await put({ reply: 'x' });
    expect(noState.status).toBe(400);
    expect((await json(noState)).error.fields).toEqual({ state: PORTAL_TEXT.stateInvalid });
    expect((await json(await put({ state: 'closed' }))).error.fields).toEqual({ state: PORTAL_TEXT.stateInvalid });
    const nul = await put({ state: 'done', reply: 'A\u0000B' });
    expect(nul.status).toBe(400);
    expect((await json(nul)).error.fields).toEqual({ reply: TEXT_RULE_TEXT.controlCharacters });
    expect((await json(await put({ state: 'done', reply: 'x'.repeat(2001) }))).error.fields).toEqual({ reply: 'Must be at most 2000 characters.' });
    for (const [query, field] of [
      ['state=closed', 'state'],
      ['kind=steal', 'kind'],
      ['customer_id=nope', 'customer_id'],
      ['policy_id=nope', 'policy_id'],
      ['cursor=nope', 'cursor'],
      ['updated_since=yesterday', 'updated_since'],
    ]) {
      const res = await v1(key, `/portal-requests?${query}`);
      expect(res.status, query).toBe(400);
      expect(Object.keys((await json(res)).error.fields), query).toEqual([field]);
    }
    expect((await json(await v1(key, '/portal-requests?state=closed'))).error.fields.state).toBe(API_TEXT.oneOf('state', ['all', 'received', 'in_progress', 'done']));
    // a tasks list's cursor pages another list
    const taskKey = await newKey(owner, { tasks: 'write', portal_requests: 'read' });
    for (let i = 0; i < 2; i += 1) await ok(await v1(taskKey, '/tasks', { json: { title: `Call ${i}`, due_date: '2026-12-01', assignee_id: owner.id } }), 201);
    const tasksPage = await ok(await v1(taskKey, '/tasks?limit=1'));
    expect((await v1(taskKey, `/portal-requests?cursor=${tasksPage.next_cursor}`)).status).toBe(400);
    // the request is untouched by the refused writes
    expect(await ok(await v1(key, `/portal-requests/${request.id}`))).toMatchObject({ state: 'received', reply: null });
  });

  it("another agency's request is a 404, and never in the list", async () => {
    const rivalKey = await newKey(rival, SCOPES);
    const theirs = await (await client(rival, rivalKey)).ask();
    expect((await v1(rivalKey, `/portal-requests/${theirs.id}`)).status).toBe(200);
    expect((await v1(key, `/portal-requests/${theirs.id}`)).status).toBe(404);
    const put = await v1(key, `/portal-requests/${theirs.id}`, { method: 'PUT', json: { state: 'done', reply: 'Not yours.' } });
    expect(put.status).toBe(404);
    expect((await json(put)).error.message).toBe(PORTAL_TEXT.requestNotFound);
    expect(await ok(await v1(rivalKey, `/portal-requests/${theirs.id}`))).toMatchObject({ state: 'received', reply: null });
    expect((await v1(key, '/portal-requests/not-an-id')).status).toBe(404);
    const all = await ok(await v1(key, '/portal-requests?limit=100'));
    expect(all.data.some((r: { id: string }) => r.id === theirs.id)).toBe(false);
  });

  it('needs portal_requests: read to read and write to answer; the feed shows its entries only to such keys', async () => {
    const request = await (await client(owner, key)).ask();
    const none = await newKey(owner, { customers: 'read' });
    for (const path of ['/portal-requests', `/portal-requests/${request.id}`, '/events?entity=portal_request']) {
      const res = await v1(none, path);
      expect(res.status, path).toBe(403);
      expect((await json(res)).error).toEqual({ code: 'SCOPE_DENIED', message: API_TEXT.scopeDenied('portal_requests', 'read') });
    }
    expect((await ok(await v1(none, '/events?limit=500'))).data.some((e: { entity: string }) => e.entity === 'portal_request')).toBe(false);
    const reader = await newKey(owner, { portal_requests: 'read' });
    expect((await ok(await v1(reader, `/portal-requests/${request.id}`))).id).toBe(request.id);
    const write = await v1(reader, `/portal-requests/${request.id}`, { method: 'PUT', json: { state: 'done' } });
    expect(write.status).toBe(403);
    expect((await json(write)).error).toEqual({ code: 'SCOPE_DENIED', message: API_TEXT.scopeDenied('portal_requests', 'write') });
    // a Business agency reads (its keys are read only): the portal comes with the plan
    const business = await createUser(t, { tier: 'business' });
    const businessKey = await newKey(business, { portal_requests: 'read' });
    expect((await v1(businessKey, '/portal-requests')).status).toBe(200);
  });
});

describe('portal requests in the change feed and the webhooks', () => {
  it('asked in the portal, answered in the app and the API: one entry and one delivery each', async () => {
    const pat = await client(owner, key);
    const { cursor } = await feedFrom(key, undefined);
    const since = new Date();
    const request = await pat.ask();
    const app = await t.request(`/api/portal-requests/${request.id}`, { method: 'PATCH', cookie: owner.cookie, json: { state: 'in_progress', reply: 'Looking into it.' } });
    expect(app.status, await app.clone().text()).toBe(200);
    await ok(await v1(key, `/portal-requests/${request.id}`, { method: 'PUT', json: { state: 'done', reply: 'Done.' } }));
    const { entries } = await feedFrom(key, cursor);
    expect(about(entries, [request.id])).toEqual([`portal_request.created ${request.id}`, `portal_request.updated ${request.id}`, `portal_request.updated ${request.id}`]);
    // each entry carries the request as it is now
    expect(entries.filter((e) => e.entity_id === request.id).map((e) => e.data.state)).toEqual(['done', 'done', 'done']);
    const hooks = await deliveries(since);
    expect(hooks.filter((h) => h.startsWith('portal_request.'))).toEqual(['portal_request.created', 'portal_request.updated', 'portal_request.updated']);
  });

  it("its policy's delete (single or bulk) unlinks it, updated_at moved, and the bulk undo links it again; its customer's delete takes it (a tombstone)", async () => {
    const pat = await client(owner, key);
    const single = await pat.ask();
    const other = await ok(await v1(key, '/policies', { json: carPolicyPayload({ customer_id: pat.customer.id, customer_email: pat.customer.email, customer_name: pat.customer.name }) }), 201);
    const res = await steps.post('/api/portal/requests', { policy_id: other.id, kind: 'other', details: 'About my second car.' }, { cookie: pat.cookie });
    const bulked = (await json(res)).request as { id: string };
    const { cursor } = await feedFrom(key, undefined);
    const since = new Date();

    expect((await v1(key, `/policies/${pat.policy.id}`, { method: 'DELETE' })).status).toBe(204);
    const bulk = await t.request('/api/bulk', { cookie: owner.cookie, json: { entity: 'policies', action: { kind: 'delete' }, selection: { all: false, ids: [other.id] } } });
    expect(bulk.status, await bulk.clone().text()).toBeLessThan(300);
    const unlinked = await feedFrom(key, cursor);
    expect(about(unlinked.entries, [single.id, bulked.id]).sort()).toEqual([`portal_request.updated ${single.id}`, `portal_request.updated ${bulked.id}`].sort());
    for (const e of unlinked.entries.filter((x) => x.entity === 'portal_request')) expect(e.data).toMatchObject({ policy_id: null });
    const polled = await ok(await v1(key, `/portal-requests?updated_since=${since.toISOString()}`));
    expect(polled.data.map((r: { id: string }) => r.id).sort()).toEqual([single.id, bulked.id].sort());

    // the bulk delete's undo brings the policy back, and links its request to it again: a change
    const bulkId = (await json(bulk)).id;
    for (let i = 0; i < 500 && (await json(await t.request(`/api/bulk/${bulkId}`, { cookie: owner.cookie }))).state === 'running'; i += 1) await new Promise((r) => setTimeout(r, 10));
    const undo = await t.request(`/api/bulk/${bulkId}/undo`, { cookie: owner.cookie, method: 'POST' });
    expect(undo.status, await undo.clone().text()).toBe(200);
    const relinked = await feedFrom(key, unlinked.cursor);
    expect(about(relinked.entries, [single.id, bulked.id])).toEqual([`portal_request.updated ${bulked.id}`]);
    expect(relinked.entries.find((e) => e.entity_id === bulked.id)?.data).toMatchObject({ policy_id: other.id });

    expect((await v1(key, `/customers/${pat.customer.id}`, { method: 'DELETE' })).status).toBe(204);
    const gone = await feedFrom(key, relinked.cursor);
    expect(about(gone.entries, [single.id, bulked.id]).sort()).toEqual([`portal_request.deleted ${single.id}`, `portal_request.deleted ${bulked.id}`].sort());
    expect(gone.entries.filter((e) => e.entity === 'portal_request').map((e) => e.data)).toEqual([null, null]);
    expect((await v1(key, `/portal-requests/${single.id}`)).status).toBe(404);
    expect((await deliveries(since)).filter((h) => h.startsWith('portal_request.'))).toEqual([
      'portal_request.deleted',
      'portal_request.deleted',
      'portal_request.updated',
      'portal_request.updated',
      'portal_request.updated',
    ]);
  });

  it("a bulk delete of its customer takes it (a tombstone), and the bulk undo brings it back whole: one portal_request.created, its policy and task linked", async () => {
    const kim = await client(owner, key);
    const asked = await kim.ask('other', 'Please check my address.');
    await ok(await v1(key, `/portal-requests/${asked.id}`, { method: 'PUT', json: { state: 'in_progress', reply: 'On it.' } }));
    const before = await ok(await v1(key, `/portal-requests/${asked.id}`));
    const { cursor } = await feedFrom(key, undefined);
    const since = new Date();
    const bulk = await t.request('/api/bulk', { cookie: owner.cookie, json: { entity: 'customers', action: { kind: 'delete' }, selection: { all: false, ids: [kim.customer.id] } } });
    expect(bulk.status, await bulk.clone().text()).toBeLessThan(300);
    const bulkId = (await json(bulk)).id;
    for (let i = 0; i < 500 && (await json(await t.request(`/api/bulk/${bulkId}`, { cookie: owner.cookie }))).state === 'running'; i += 1) await new Promise((r) => setTimeout(r, 10));
    const gone = await feedFrom(key, cursor);
    expect(about(gone.entries, [asked.id])).toEqual([`portal_request.deleted ${asked.id}`]);
    expect((await v1(key, `/portal-requests/${asked.id}`)).status).toBe(404);

    const undo = await t.request(`/api/bulk/${bulkId}/undo`, { cookie: owner.cookie, method: 'POST' });
    expect(undo.status, await undo.clone().text()).toBe(200);
    const back = await feedFrom(key, gone.cursor);
    expect(about(back.entries, [asked.id])).toEqual([`portal_request.created ${asked.id}`]);
    const restored = await ok(await v1(key, `/portal-requests/${asked.id}`));
    expect({ ...restored, updated_at: null }).toEqual({ ...before, updated_at: null });
    expect(restored.updated_at > before.updated_at).toBe(true);
    expect(back.entries.find((e) => e.entity_id === asked.id)?.data).toEqual(restored);
    // still the client's: the portal lists it, and Done completes its task as before the delete
    const [{ taskId }] = await t.db.select({ taskId: sql<string>`task_id` }).from(sql`portal_requests`).where(sql`id = ${asked.id}`);
    expect(taskId).toBeTruthy();
    await ok(await v1(key, `/portal-requests/${asked.id}`, { method: 'PUT', json: { state: 'done', reply: 'Done.' } }));
    const [task] = await t.db.select({ completedAt: tasks.completedAt }).from(tasks).where(eq(tasks.id, taskId));
    expect(task.completedAt).not.toBeNull();
    const polled = await ok(await v1(key, `/portal-requests?updated_since=${since.toISOString()}`));
    expect(polled.data.map((r: { id: string }) => r.id)).toEqual([asked.id]);
    expect((await deliveries(since)).filter((h) => h.startsWith('portal_request.'))).toEqual(['portal_request.created', 'portal_request.deleted', 'portal_request.updated']);
  });
});
