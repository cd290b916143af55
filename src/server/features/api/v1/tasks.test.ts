// /api/v1 tasks and team members (issue 34 §3): scopes per entity, cursor paging and updated_since,
// idempotent writes, another agency's ids (404) and NUL bytes (400).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TEXT } from '#shared/api-keys.ts';
import { TASK_TEXT } from '#shared/tasks.ts';
import { TEXT_RULE_TEXT } from '#shared/validation.ts';
import { customerPayload } from '#server/test/factories.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';

let t: TestContext;
let owner: TestUser;
let rival: TestUser;
let key: string;
let rivalKey: string;

async function newKey(u: TestUser, scopes: Record<string, string>): Promise<string> {
  const res = await t.request('/api/api-keys', { cookie: u.cookie, json: { name: 'Tasks', scopes } });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json(res)).key;
}
const v1 = (k: string | null, path: string, init: { method?: string; json?: unknown; headers?: Record<string, string> } = {}) =>
  t.request(`/api/v1${path}`, { ...init, headers: { ...(k ? { authorization: `Bearer ${k}` } : {}), ...init.headers } });

const task = (over: Record<string, unknown> = {}) => ({ title: 'Call about the renewal', due_date: '2026-12-01', due_time: '10:30', priority: 'high', assignee_id: owner.id, ...over });

beforeAll(async () => {
  t = await createTestContext();
  owner = await createUser(t, { tier: 'enterprise' });
  rival = await createUser(t, { tier: 'enterprise' });
  key = await newKey(owner, { customers: 'write', tasks: 'write', team: 'read' });
  rivalKey = await newKey(rival, { tasks: 'write', team: 'read' });
});
afterAll(async () => t.close());

describe('/api/v1/tasks', () => {
  it('creates, reads, pages by cursor and updated_since, replaces and deletes a task', async () => {
    const customer = await json(await v1(key, '/customers', { json: customerPayload() }));
    const created = await v1(key, '/tasks', { json: task({ customer_id: customer.id }), headers: { 'Idempotency-Key': 'task-1' } });
    expect(created.status, await created.clone().text()).toBe(201);
    const first = await json(created);
    expect(first).toMatchObject({ title: 'Call about the renewal', due_date: '2026-12-01', due_time: '10:30', priority: 'high', assignee_id: owner.id, customer_id: customer.id, customer_name: customer.name });
    expect(first.updated_at).toEqual(expect.any(String));
    // the same Idempotency-Key and body: the first answer again, no second task
    const replayed = await v1(key, '/tasks', { json: task({ customer_id: customer.id }), headers: { 'Idempotency-Key': 'task-1' } });
    expect(await json(replayed)).toEqual(first);
    const second = await json(await v1(key, '/tasks', { json: task({ title: 'Send the quote' }) }));
    expect(await json(await v1(key, `/tasks/${first.id}`))).toEqual(first);
    // two pages of one
    const p1 = await json(await v1(key, '/tasks?limit=1'));
    expect(p1.data.map((r: { id: string }) => r.id)).toEqual([first.id]);
    const p2 = await json(await v1(key, `/tasks?limit=1&cursor=${p1.next_cursor}`));
    expect(p2.data.map((r: { id: string }) => r.id)).toEqual([second.id]);
    expect(p2.next_cursor).toBeNull();
    const replaced = await json(await v1(key, `/tasks/${first.id}`, { method: 'PUT', json: task({ title: 'Called', priority: 'low' }) }));
    expect(replaced).toMatchObject({ id: first.id, title: 'Called', priority: 'low', customer_id: null });
    const since = await json(await v1(key, `/tasks?updated_since=${encodeURIComponent(replaced.updated_at)}`));
    expect(since.data.map((r: { id: string }) => r.id)).toEqual([first.id]);
    expect((await v1(key, `/tasks?assignee_id=${owner.id}`)).status).toBe(200);
    expect((await v1(key, `/tasks/${first.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await v1(key, `/tasks/${first.id}`)).status).toBe(404);
  });

  it('answers with the fields named for bad input, and 400 for NUL bytes', async () => {
    const res = await v1(key, '/tasks', { json: task({ title: ' ', priority: 'urgent' }) });
    expect(res.status).toBe(400);
    expect((await json(res)).error.fields).toMatchObject({ title: TASK_TEXT.titleRequired, priority: TASK_TEXT.priorityInvalid });
    const nul = await v1(key, '/tasks', { json: task({ title: 'A\u0000B' }) });
    expect(nul.status).toBe(400);
    expect((await json(nul)).error.fields).toEqual({ title: TEXT_RULE_TEXT.controlCharacters });
    const nulQuery = await v1(key, '/tasks?assignee_id=a%00b');
    expect(nulQuery.status).toBe(400);
    expect((await json(nulQuery)).error.fields).toEqual({ assignee_id: TEXT_RULE_TEXT.controlCharacters });
    // a NUL in the path is refused before any route (400)
    expect((await v1(key, '/tasks/a%00b')).status).toBe(400);
  });

  it("another agency's task or link is a 404, and never in the list", async () => {
    const mine = await json(await v1(key, '/tasks', { json: task({ title: 'Mine' }) }));
    const theirs = await json(await v1(rivalKey, '/tasks', { json: task({ title: 'Theirs', assignee_id: rival.id }) }));
    for (const [method, path] of [['GET', `/tasks/${mine.id}`], ['PUT', `/tasks/${mine.id}`], ['DELETE', `/tasks/${mine.id}`]] as const) {
      const res = await v1(rivalKey, path, { method, json: method === 'PUT' ? task({ assignee_id: rival.id }) : undefined });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const customer = await json(await v1(key, '/customers', { json: customerPayload() }));
    const linked = await v1(rivalKey, '/tasks', { json: task({ assignee_id: rival.id, customer_id: customer.id }) });
    expect(linked.status).toBe(404);
    expect((await json(linked)).error.message).toBe(TASK_TEXT.linkNotFound);
    const list = await json(await v1(rivalKey, '/tasks?limit=100'));
    expect(list.data.map((r: { id: string }) => r.id)).toEqual([theirs.id]);
    expect((await v1(key, `/tasks/${mine.id}`)).status).toBe(200);
  });

  it('needs tasks: read to read and tasks: write to write', async () => {
    const none = await newKey(owner, { customers: 'read' });
    const denied = await v1(none, '/tasks');
    expect(denied.status).toBe(403);
    expect((await json(denied)).error).toEqual({ code: 'SCOPE_DENIED', message: API_TEXT.scopeDenied('tasks', 'read') });
    const reader = await newKey(owner, { tasks: 'read' });
    expect((await v1(reader, '/tasks')).status).toBe(200);
    const write = await v1(reader, '/tasks', { json: task() });
    expect(write.status).toBe(403);
    expect((await json(write)).error).toEqual({ code: 'SCOPE_DENIED', message: API_TEXT.scopeDenied('tasks', 'write') });
    expect((await v1(null, '/tasks')).status).toBe(401);
  });
});

describe('/api/v1/team-members', () => {
  it('lists the members with their ids (team: read), only of the key’s agency', async () => {
    const res = await v1(key, '/team-members');
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.next_cursor).toBeNull();
    expect(body.data).toEqual([expect.objectContaining({ id: owner.id, email: owner.email, role: 'owner' })]);
    const theirs = await json(await v1(rivalKey, '/team-members'));
    expect(theirs.data.map((m: { id: string }) => m.id)).toEqual([rival.id]);
    const denied = await v1(await newKey(owner, { tasks: 'read' }), '/team-members');
    expect(denied.status).toBe(403);
    expect((await json(denied)).error).toEqual({ code: 'SCOPE_DENIED', message: API_TEXT.scopeDenied('team', 'read') });
  });
});
