// /api/v1 opportunities, renewals, the customer timeline and premium payments (issue 34 §3): scopes per
// entity, cursor paging and updated_since, the messages of bad input, NUL bytes, another agency's ids
// (404), the agency-wide premium payments list, and the change feed's entries of opportunities and tasks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TEXT } from '#shared/api-keys.ts';
import { OPPORTUNITY_TEXT } from '#shared/pipeline.ts';
import { RENEWAL_TEXT } from '#shared/renewals.ts';
import { TEXT_RULE_TEXT } from '#shared/validation.ts';
import { carPolicyPayload, customerPayload } from '#server/test/factories.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';
import { settleFeed } from '#server/test/feed-horizon.ts';
import { PDF } from '#server/features/payments/fixtures.ts';
import { premiumPayments } from '#server/db/schema.ts';

let t: TestContext;
let owner: TestUser;
let rival: TestUser;
let key: string;
let rivalKey: string;

const ALL = { customers: 'write', policies: 'write', communications: 'write', tasks: 'write', team: 'read', opportunities: 'write', documents: 'read', premium_payments: 'read' };

async function newKey(u: TestUser, scopes: Record<string, string>): Promise<string> {
  const res = await t.request('/api/api-keys', { cookie: u.cookie, json: { name: 'Entities', scopes } });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json(res)).key;
}
const v1 = (k: string | null, path: string, init: { method?: string; json?: unknown; headers?: Record<string, string> } = {}) =>
  t.request(`/api/v1${path}`, { ...init, headers: { ...(k ? { authorization: `Bearer ${k}` } : {}), ...init.headers } });
const ok = async (res: Response, status = 200) => {
  expect(res.status, await res.clone().text()).toBe(status);
  return json(res);
};

const settle = () => settleFeed(t);

beforeAll(async () => {
  t = await createTestContext();
  owner = await createUser(t, { tier: 'enterprise' });
  rival = await createUser(t, { tier: 'enterprise' });
  key = await newKey(owner, ALL);
  rivalKey = await newKey(rival, ALL);
}, 120_000);
afterAll(async () => t.close());

describe('/api/v1/opportunities', () => {
  it('creates, pages, replaces, moves through the stages and deletes', async () => {
    const first = await ok(await v1(key, '/opportunities', { json: { prospect_name: 'Pat', prospect_email: 'pat@example.com', line: 'car', estimated_premium: '1200' }, headers: { 'Idempotency-Key': 'opp-1' } }), 201);
    expect(first).toMatchObject({ name: 'Pat', stage: 'new_lead', estimated_premium: '1200.00', assignee_id: owner.id, history: [{ from_stage: null, to_stage: 'new_lead' }] });
    // the same key and body: the first answer, no second opportunity
    expect(await ok(await v1(key, '/opportunities', { json: { prospect_name: 'Pat', prospect_email: 'pat@example.com', line: 'car', estimated_premium: '1200' }, headers: { 'Idempotency-Key': 'opp-1' } }), 201)).toEqual(first);
    const second = await ok(await v1(key, '/opportunities', { json: { prospect_name: 'Sam', line: 'fire', stage: 'quoted' } }), 201);
    const p1 = await ok(await v1(key, '/opportunities?limit=1'));
    expect(p1.data.map((o: { id: string }) => o.id)).toEqual([first.id]);
    const p2 = await ok(await v1(key, `/opportunities?limit=1&cursor=${p1.next_cursor}`));
    expect(p2.data.map((o: { id: string }) => o.id)).toEqual([second.id]);
    expect((await ok(await v1(key, '/opportunities?stage=quoted'))).data.map((o: { id: string }) => o.id)).toEqual([second.id]);

    const replaced = await ok(await v1(key, `/opportunities/${first.id}`, { method: 'PUT', json: { ...first, source: 'Referral', stage: 'contacted' } }));
    expect(replaced).toMatchObject({ source: 'Referral', stage: 'contacted' });
    const since = await ok(await v1(key, `/opportunities?updated_since=${encodeURIComponent(replaced.updated_at)}`));
    expect(since.data.map((o: { id: string }) => o.id)).toEqual([first.id]);

    const won = await ok(await v1(key, `/opportunities/${first.id}/stage`, { method: 'POST', json: { stage: 'won' } }));
    expect(won).toMatchObject({ stage: 'won', customer_id: expect.any(String), converted_at: expect.any(String) });
    expect(won.history.map((h: { to_stage: string }) => h.to_stage)).toEqual(['new_lead', 'contacted', 'won']);
    const final = await v1(key, `/opportunities/${first.id}/stage`, { method: 'POST', json: { stage: 'lost', lost_reason: 'Price' } });
    expect(final.status).toBe(409);
    expect((await json(final)).error).toMatchObject({ code: 'WON_IS_FINAL', message: OPPORTUNITY_TEXT.wonIsFinal });
    expect((await v1(key, `/opportunities/${second.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await v1(key, `/opportunities/${second.id}`)).status).toBe(404);
  });

  it('names the field of bad input, and refuses NUL bytes', async () => {
    const bad = await v1(key, '/opportunities', { json: { line: 'boat' } });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.fields).toMatchObject({ line: OPPORTUNITY_TEXT.lineRequired });
    const noProspect = await v1(key, '/opportunities', { json: { line: 'car' } });
    expect((await json(noProspect)).error.fields).toEqual({ prospect_name: OPPORTUNITY_TEXT.prospectRequired });
    const nul = await v1(key, '/opportunities', { json: { prospect_name: 'A\u0000B', line: 'car' } });
    expect(nul.status).toBe(400);
    expect((await json(nul)).error.fields).toEqual({ prospect_name: TEXT_RULE_TEXT.controlCharacters });
    const mine = await ok(await v1(key, '/opportunities', { json: { prospect_name: 'Lee', line: 'car' } }), 201);
    const lost = await v1(key, `/opportunities/${mine.id}/stage`, { method: 'POST', json: { stage: 'lost' } });
    expect((await json(lost)).error.fields).toEqual({ lost_reason: OPPORTUNITY_TEXT.lostReasonRequired });
    const unknown = await v1(key, `/opportunities/${mine.id}/stage`, { method: 'POST', json: { stage: 'signed' } });
    expect((await json(unknown)).error.fields).toEqual({ stage: OPPORTUNITY_TEXT.unknownStage('signed') });
    const stage = await v1(key, '/opportunities?stage=nope');
    expect(stage.status).toBe(400);
    expect((await json(stage)).error.fields).toEqual({ stage: expect.stringContaining('stage must be one of') });
  });

  it("another agency's opportunity or customer is a 404, and never in the list", async () => {
    const theirs = await ok(await v1(rivalKey, '/opportunities', { json: { prospect_name: 'Theirs', line: 'car' } }), 201);
    for (const [method, path, body] of [
      ['GET', `/opportunities/${theirs.id}`],
      ['PUT', `/opportunities/${theirs.id}`, { prospect_name: 'x', line: 'car' }],
      ['POST', `/opportunities/${theirs.id}/stage`, { stage: 'quoted' }],
      ['DELETE', `/opportunities/${theirs.id}`],
    ] as const) {
      expect((await v1(key, path, { method, json: body })).status, `${method} ${path}`).toBe(404);
    }
    const rivalCustomer = await ok(await v1(rivalKey, '/customers', { json: customerPayload() }), 201);
    expect((await v1(key, '/opportunities', { json: { customer_id: rivalCustomer.id, line: 'car' } })).status).toBe(404);
    const all = await ok(await v1(key, '/opportunities?limit=100'));
    expect(all.data.some((o: { id: string }) => o.id === theirs.id)).toBe(false);
  });

  it('needs opportunities: read to read and write to write; winning a prospect needs customers: write', async () => {
    const none = await v1(await newKey(owner, { customers: 'read' }), '/opportunities');
    expect(none.status).toBe(403);
    expect((await json(none)).error).toEqual({ code: 'SCOPE_DENIED', message: API_TEXT.scopeDenied('opportunities', 'read') });
    const reader = await newKey(owner, { opportunities: 'read' });
    expect((await v1(reader, '/opportunities')).status).toBe(200);
    const write = await v1(reader, '/opportunities', { json: { prospect_name: 'x', line: 'car' } });
    expect((await json(write)).error).toEqual({ code: 'SCOPE_DENIED', message: API_TEXT.scopeDenied('opportunities', 'write') });
    const writer = await newKey(owner, { opportunities: 'write' });
    const prospect = await ok(await v1(writer, '/opportunities', { json: { prospect_name: 'Kim', prospect_email: 'kim@example.com', line: 'car' } }), 201);
    const win = await v1(writer, `/opportunities/${prospect.id}/stage`, { method: 'POST', json: { stage: 'won' } });
    expect(win.status).toBe(403);
    expect((await json(win)).error.code).toBe('SCOPE_DENIED');
    expect((await ok(await v1(key, `/opportunities/${prospect.id}`))).stage).toBe('new_lead');
  });
});

describe('/api/v1/renewals', () => {
  it('lists the cockpit and runs its actions on a term', async () => {
    const soon = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const start = new Date(Date.now() - 345 * 86_400_000).toISOString().slice(0, 10);
    const term = await ok(await v1(key, '/policies', { json: carPolicyPayload({ start_date: start, end_date: soon, term: 'custom' }) }), 201);
    const cockpit = await ok(await v1(key, '/renewals?bucket=d0_30'));
    expect(cockpit.data.map((r: { id: string }) => r.id)).toContain(term.id);
    expect(cockpit).toMatchObject({ page: 1, limit: 25, total: expect.any(Number) });

    expect(await ok(await v1(key, `/renewals/${term.id}/state`, { method: 'PUT', json: { state: 'contacted' } }))).toMatchObject({ id: term.id, renewal_state: 'contacted' });
    expect(await ok(await v1(key, `/renewals/${term.id}/assignee`, { method: 'PUT', json: { assignee_id: owner.id } }))).toMatchObject({ assignee_id: owner.id });
    expect(await ok(await v1(key, `/renewals/${term.id}/lost`, { method: 'POST', json: { reason: 'price', note: 'Cheaper elsewhere' } }))).toMatchObject({ renewal_state: 'lost', lost_reason: 'price' });
    expect(await ok(await v1(key, `/renewals/${term.id}/lost`, { method: 'DELETE' }))).toMatchObject({ renewal_state: 'not_started' });
    const notLost = await v1(key, `/renewals/${term.id}/lost`, { method: 'DELETE' });
    expect(notLost.status).toBe(409);
    expect((await json(notLost)).error.message).toBe(RENEWAL_TEXT.notLost);
    const next = await ok(await v1(key, `/renewals/${term.id}/renew`, { method: 'POST', json: { premium_amount: '1300.00' } }), 201);
    expect(next).toMatchObject({ renewed_from_id: term.id, start_date: soon, premium_amount: '1300.00' });
    expect((await ok(await v1(key, `/policies/${term.id}`))).renewal_state).toBe('renewed');
  });

  it('names the field of bad input; another agency\'s term is a 404; needs policies scopes', async () => {
    const term = await ok(await v1(key, '/policies', { json: carPolicyPayload() }), 201);
    const noPremium = await v1(key, `/renewals/${term.id}/renew`, { method: 'POST', json: {} });
    expect(noPremium.status).toBe(400);
    expect((await json(noPremium)).error.fields).toEqual({ premium_amount: 'Premium Amount is required.' });
    const reason = await v1(key, `/renewals/${term.id}/lost`, { method: 'POST', json: { reason: 'weather' } });
    expect((await json(reason)).error.fields).toEqual({ reason: 'Please choose a reason.' });
    const nul = await v1(key, `/renewals/${term.id}/lost`, { method: 'POST', json: { reason: 'price', note: 'a\u0000b' } });
    expect(nul.status).toBe(400);
    expect((await json(nul)).error.fields).toEqual({ note: TEXT_RULE_TEXT.controlCharacters });
    const bucket = await v1(key, '/renewals?bucket=soon');
    expect((await json(bucket)).error.fields).toEqual({ bucket: API_TEXT.oneOf('bucket', ['all', 'lapsed', 'd0_30', 'd31_60', 'd61_90', 'd91_120']) });
    const theirs = await ok(await v1(rivalKey, '/policies', { json: carPolicyPayload() }), 201);
    expect((await v1(key, `/renewals/${theirs.id}/state`, { method: 'PUT', json: { state: 'quoted' } })).status).toBe(404);
    expect((await v1(key, `/renewals/${theirs.id}/renew`, { method: 'POST', json: { premium_amount: '1.00' } })).status).toBe(404);
    expect((await ok(await v1(key, '/renewals?limit=100'))).data.some((r: { id: string }) => r.id === theirs.id)).toBe(false);
    const reader = await newKey(owner, { policies: 'read' });
    expect((await v1(reader, '/renewals')).status).toBe(200);
    const denied = await v1(reader, `/renewals/${term.id}/state`, { method: 'PUT', json: { state: 'quoted' } });
    expect((await json(denied)).error).toEqual({ code: 'SCOPE_DENIED', message: API_TEXT.scopeDenied('policies', 'write') });
  });
});

describe('/api/v1/customers/{id}/timeline and /policies/{id}/premium-payments', () => {
  it("reads a customer's timeline, the kinds the key may read only", async () => {
    const customer = await ok(await v1(key, '/customers', { json: customerPayload() }), 201);
    await ok(await v1(key, '/communications', { json: { customer_id: customer.id, content: 'Called.' } }), 201);
    await ok(await v1(key, '/tasks', { json: { title: 'Call back', due_date: '2026-12-01', assignee_id: owner.id, customer_id: customer.id } }), 201);
    const all = await ok(await v1(key, `/customers/${customer.id}/timeline`));
    expect(all.data.map((e: { kind: string }) => e.kind).sort()).toEqual(['communication', 'task']);
    const onlyCustomers = await ok(await v1(await newKey(owner, { customers: 'read', tasks: 'read' }), `/customers/${customer.id}/timeline`));
    expect(onlyCustomers.data.map((e: { kind: string }) => e.kind)).toEqual(['task']);
    expect((await v1(key, `/customers/${customer.id}/timeline?kind=fax`)).status).toBe(400);
    const theirs = await ok(await v1(rivalKey, '/customers', { json: customerPayload() }), 201);
    expect((await v1(key, `/customers/${theirs.id}/timeline`)).status).toBe(404);
    expect((await v1(await newKey(owner, { tasks: 'read' }), `/customers/${customer.id}/timeline`)).status).toBe(403);
  });

  it("reads a policy's premium payments with premium_payments: read", async () => {
    const term = await ok(await v1(key, '/policies', { json: carPolicyPayload() }), 201);
    expect(await ok(await v1(key, `/policies/${term.id}/premium-payments`))).toEqual({ data: [], next_cursor: null });
    const theirs = await ok(await v1(rivalKey, '/policies', { json: carPolicyPayload() }), 201);
    expect((await v1(key, `/policies/${theirs.id}/premium-payments`)).status).toBe(404);
    const denied = await v1(await newKey(owner, { policies: 'read' }), `/policies/${term.id}/premium-payments`);
    expect((await json(denied)).error).toEqual({ code: 'SCOPE_DENIED', message: API_TEXT.scopeDenied('premium_payments', 'read') });
  });

  it("lists the agency's premium payments by cursor, policy_id and updated_since; never another agency's; refuses bad input and NUL bytes", async () => {
    const agencyOf = async (u: TestUser) => (await json(await t.request('/api/me', { cookie: u.cookie }))).agency.id as string;
    const [mine, theirs] = [await agencyOf(owner), await agencyOf(rival)];
    const a = await ok(await v1(key, '/policies', { json: carPolicyPayload() }), 201);
    const b = await ok(await v1(key, '/policies', { json: carPolicyPayload() }), 201);
    const rivals = await ok(await v1(rivalKey, '/policies', { json: carPolicyPayload() }), 201);
    const old = new Date('2026-01-01T00:00:00Z');
    const paid = (agencyId: string, policy: Record<string, string>, at?: Date) => ({
      agencyId,
      policyId: policy.id,
      clientName: 'Carla',
      policyNumber: policy.policy_number,
      amount: '20.00',
      paymentDate: '2026-01-02',
      paymentMethod: 'cash',
      ...(at ? { createdAt: at, updatedAt: at } : {}),
    });
    const rows = await t.db
      .insert(premiumPayments)
      .values([paid(mine, a, old), paid(mine, a), paid(mine, b), paid(theirs, rivals)])
      .returning({ id: premiumPayments.id });
    const ours = rows.slice(0, 3).map((r) => r.id);
    const all: string[] = [];
    let cursor: string | null = null;
    do {
      const page = (await ok(await v1(key, `/premium-payments?limit=2${cursor ? `&cursor=${cursor}` : ''}`))) as { data: { id: string }[]; next_cursor: string | null };
      expect(page.data.length).toBeLessThanOrEqual(2);
      all.push(...page.data.map((p) => p.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toEqual(expect.arrayContaining(ours));
    expect(all).not.toContain(rows[3].id);
    const ofA = await ok(await v1(key, `/premium-payments?policy_id=${a.id}`));
    expect(ofA.data.map((p: { id: string }) => p.id)).toEqual([ours[0], ours[1]]);
    expect(ofA.data[0]).toMatchObject({ policy_id: a.id, created_at: old.toISOString(), updated_at: old.toISOString(), files: [] });
    expect((await ok(await v1(key, `/premium-payments?policy_id=${rivals.id}`))).data).toEqual([]);
    const since = await ok(await v1(key, `/premium-payments?policy_id=${a.id}&updated_since=2026-06-01T00:00:00Z`));
    expect(since.data.map((p: { id: string }) => p.id)).toEqual([ours[1]]);
    const badId = await v1(key, '/premium-payments?policy_id=abc');
    expect([badId.status, (await json(badId)).error.fields]).toEqual([400, { policy_id: 'policy_id must be a policy id.' }]);
    const nul = await v1(key, '/premium-payments?cursor=a%00b');
    expect([nul.status, Object.keys((await json(nul)).error.fields ?? {})]).toEqual([400, ['cursor']]);
    const denied = await v1(await newKey(owner, { policies: 'read' }), '/premium-payments');
    expect((await json(denied)).error).toEqual({ code: 'SCOPE_DENIED', message: API_TEXT.scopeDenied('premium_payments', 'read') });
  });
});

describe('/api/v1/documents', () => {
  const upload = async (u: TestUser) => {
    const customer = await ok(await v1(u === owner ? key : rivalKey, '/customers', { json: customerPayload() }), 201);
    const fd = new FormData();
    fd.append('customer_id', customer.id);
    fd.append('file', new File([PDF as BlobPart], 'Declarations.pdf', { type: 'application/pdf' }));
    const res = await t.request('/api/documents/upload', { method: 'POST', body: fd, cookie: u.cookie });
    expect(res.status, await res.clone().text()).toBe(201);
    return (await json(res)).document as { id: string };
  };

  it('lists and reads the metadata, downloads the bytes; another agency\'s is a 404; needs documents: read', async () => {
    const doc = await upload(owner);
    const theirs = await upload(rival);
    const page = await ok(await v1(key, '/documents?limit=100'));
    expect(page.data.map((d: { id: string }) => d.id)).toEqual([doc.id]);
    expect(await ok(await v1(key, `/documents/${doc.id}`))).toMatchObject({ id: doc.id, name: 'Declarations.pdf', content_type: 'application/pdf', size: PDF.length });
    const bytes = await v1(key, `/documents/${doc.id}/content`);
    expect(bytes.status).toBe(200);
    expect(bytes.headers.get('content-disposition')).toContain('attachment');
    expect(new Uint8Array(await bytes.arrayBuffer())).toEqual(PDF);
    for (const path of [`/documents/${theirs.id}`, `/documents/${theirs.id}/content`]) expect((await v1(key, path)).status, path).toBe(404);
    expect((await v1(key, '/documents?policy_id=abc')).status).toBe(400);
    const denied = await v1(await newKey(owner, { customers: 'read' }), `/documents/${doc.id}/content`);
    expect((await json(denied)).error).toEqual({ code: 'SCOPE_DENIED', message: API_TEXT.scopeDenied('documents', 'read') });
  });
});

describe('the SDK README', () => {
  it('is served without a key, for the reference page to link', async () => {
    const res = await t.request('/api/v1/sdk/README.md');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/markdown');
    expect(await res.text()).toContain('@policydesk/sdk');
  });
});

describe('the change feed', () => {
  it('carries opportunities and tasks, with tombstones, to keys that may read them', async () => {
    const opp = await ok(await v1(key, '/opportunities', { json: { prospect_name: 'Feed', line: 'car' } }), 201);
    await ok(await v1(key, `/opportunities/${opp.id}/stage`, { method: 'POST', json: { stage: 'quoted' } }));
    const task = await ok(await v1(key, '/tasks', { json: { title: 'Feed task', due_date: '2026-12-01', assignee_id: owner.id } }), 201);
    expect((await v1(key, `/tasks/${task.id}`, { method: 'DELETE' })).status).toBe(204);
    await settle();
    const entries: Record<string, any>[] = [];
    let after = '';
    for (;;) {
      const page = await ok(await v1(key, `/events?limit=500${after ? `&after=${after}` : ''}`));
      entries.push(...page.data);
      after = page.next_cursor;
      if (!page.has_more) break;
    }
    const ofOpp = entries.filter((e) => e.entity_id === opp.id);
    expect(ofOpp.map((e) => [e.entity, e.op])).toEqual([['opportunity', 'created'], ['opportunity', 'updated']]);
    expect(ofOpp[1].data).toMatchObject({ id: opp.id, stage: 'quoted' });
    const ofTask = entries.filter((e) => e.entity_id === task.id);
    expect(ofTask.map((e) => [e.entity, e.op, e.data])).toEqual([['task', 'created', null], ['task', 'deleted', null]]);
    // a key without tasks and opportunities sees none of them
    const narrow = await ok(await v1(await newKey(owner, { customers: 'read' }), '/events?limit=500'));
    expect(narrow.data.every((e: { entity: string }) => e.entity === 'customer')).toBe(true);
    const denied = await v1(await newKey(owner, { customers: 'read' }), '/events?entity=task');
    expect(denied.status).toBe(403);
  });
});
