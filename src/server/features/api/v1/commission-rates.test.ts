// /api/v1 commission schedules, policies' own rates and a statement's lines (issue 34 §3, issue 31):
// listed with cursor paging, updated_since and filters, read, written through the commissions feature's
// services; scopes, another agency's ids (404), NUL bytes and the messages of bad input; and every
// change — a rate added or deleted (by hand, by the API, by a schedules import and its undo), an own
// rate set, changed, removed or gone with its policy (single or bulk delete) — one change-feed entry
// and one webhook delivery; a statement's lines with their match and their term's state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { API_TEXT } from '#shared/api-keys.ts';
import { COMMISSION_API_TEXT } from '#shared/commission-api.ts';
import { COMMISSION_TEXT } from '#shared/commissions.ts';
import { POLICY_TYPES } from '#shared/lines/index.ts';
import { TEXT_RULE_TEXT } from '#shared/validation.ts';
import { WEBHOOK_EVENTS } from '#shared/webhooks.ts';
import { webhookDeliveries } from '#server/db/schema.ts';
import { carPolicyPayload } from '#server/test/factories.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';
import { settleFeed } from '#server/test/feed-horizon.ts';
import { agencyOf, insertTerm, rateBody, statementForm } from '#server/features/commissions/fixtures.ts';

let t: TestContext;
let owner: TestUser;
let rival: TestUser;
let key: string;
let readKey: string;
let otherKey: string;
let rivalKey: string;
let agencyId: string;

async function newKey(u: TestUser, scopes: Record<string, string>): Promise<string> {
  const res = await t.request('/api/api-keys', { cookie: u.cookie, json: { name: 'Rates', scopes } });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json(res)).key;
}
const v1 = (k: string, path: string, init: { method?: string; json?: unknown } = {}) => t.request(`/api/v1${path}`, { ...init, headers: { authorization: `Bearer ${k}` } });
const ok = async (res: Response, status = 200): Promise<any> => {
  expect(res.status, await res.clone().text()).toBe(status);
  return res.status === 204 ? null : json(res);
};
async function feedFrom(after: string | undefined) {
  await settleFeed(t);
  const entries: Record<string, any>[] = [];
  for (;;) {
    const page = await ok(await v1(key, `/events?limit=500${after ? `&after=${after}` : ''}`));
    entries.push(...page.data);
    after = page.next_cursor;
    if (!page.has_more) return { entries, cursor: after! };
  }
}
const about = (entries: Record<string, any>[], ids: string[]) => entries.filter((e) => ids.includes(e.entity_id)).map((e) => `${e.type} ${e.entity_id}`);
const deliveries = async (since: Date) =>
  (await t.db.select({ type: webhookDeliveries.eventType }).from(webhookDeliveries).where(and(eq(webhookDeliveries.agencyId, agencyId), sql`${webhookDeliveries.createdAt} >= ${since.toISOString()}`)))
    .map((d) => d.type)
    .sort();
let n = 0;
const carrier = () => `Carrier ${(n += 1)}`;

beforeAll(async () => {
  t = await createTestContext();
  owner = await createUser(t, { tier: 'enterprise' });
  rival = await createUser(t, { tier: 'enterprise' });
  key = await newKey(owner, { customers: 'write', policies: 'write', commissions: 'write' });
  readKey = await newKey(owner, { commissions: 'read' });
  otherKey = await newKey(owner, { policies: 'read' });
  rivalKey = await newKey(rival, { customers: 'write', policies: 'write', commissions: 'write' });
  agencyId = await agencyOf(t, owner);
  t.config.WEBHOOKS_ALLOW_PRIVATE = true;
  const endpoint = await t.request('/api/webhooks', { cookie: owner.cookie, json: { url: 'http://127.0.0.1:9/hook', events: [...WEBHOOK_EVENTS] } });
  expect(endpoint.status, await endpoint.clone().text()).toBe(201);
});
afterAll(async () => t.close());

describe('commission schedule rates', () => {
  it('adds, lists (cursor, updated_since, filters), reads and deletes a rate as the Rates view does: one entry and one delivery each, the delete a tombstone', async () => {
    const { cursor } = await feedFrom(undefined);
    const since = new Date();
    const name = carrier();
    const added = await ok(await v1(key, '/commission-rates', { method: 'POST', json: rateBody({ carrier: `  ${name} `, rate: '12.5' }) }), 201);
    expect(added).toMatchObject({ carrier: name, line: 'car', business: 'new', rate: '12.5000', effective_from: '2026-01-01' });
    // the app's Rates view sees it, and adds one of its own
    const inApp = (await json(await t.request('/api/commissions/rates', { cookie: owner.cookie, json: rateBody({ carrier: name, business: 'renewal', rate: '8' }) }))).rate;
    expect(await ok(await v1(readKey, `/commission-rates/${added.id}`))).toEqual(added);
    // filtered and paged: each rate once, in order
    const seen: string[] = [];
    for (let page = await ok(await v1(readKey, `/commission-rates?limit=1&carrier=${encodeURIComponent(name.toUpperCase())}`)); ; ) {
      seen.push(...page.data.map((r: { id: string }) => r.id));
      if (!page.next_cursor) break;
      page = await ok(await v1(readKey, `/commission-rates?limit=1&carrier=${encodeURIComponent(name)}&cursor=${page.next_cursor}`));
    }
    expect(seen).toEqual([added.id, inApp.id]);
    expect((await ok(await v1(readKey, `/commission-rates?carrier=${encodeURIComponent(name)}&business=renewal`))).data.map((r: { id: string }) => r.id)).toEqual([inApp.id]);
    expect((await ok(await v1(readKey, `/commission-rates?updated_since=${since.toISOString()}`))).data.map((r: { id: string }) => r.id)).toEqual([added.id, inApp.id]);
    // the same rate twice: 409, named on its date
    const twice = await v1(key, '/commission-rates', { method: 'POST', json: rateBody({ carrier: name, rate: '13' }) });
    expect([twice.status, (await json(twice)).error.fields]).toEqual([409, { effective_from: COMMISSION_TEXT.rateExists }]);

    await ok(await v1(key, `/commission-rates/${added.id}`, { method: 'DELETE' }), 204);
    expect((await v1(key, `/commission-rates/${added.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await v1(readKey, `/commission-rates/${added.id}`)).status).toBe(404);
    const { entries } = await feedFrom(cursor);
    expect(about(entries, [added.id, inApp.id])).toEqual([`commission_rate.created ${added.id}`, `commission_rate.created ${inApp.id}`, `commission_rate.deleted ${added.id}`]);
    expect(entries.find((e) => e.entity_id === inApp.id)?.data).toEqual(await ok(await v1(readKey, `/commission-rates/${inApp.id}`)));
    expect(entries.filter((e) => e.entity_id === added.id).map((e) => e.data)).toEqual([null, null]);
    expect(await deliveries(since)).toEqual(['commission_rate.created', 'commission_rate.created', 'commission_rate.deleted']);
  });

  it('a schedules import adds its rates and its undo removes them: one entry and one delivery per rate', async () => {
    const name = carrier();
    const { cursor } = await feedFrom(undefined);
    const since = new Date();
    const fd = new FormData();
    const csv = `Carrier,Line,Business,Rate,Effective from\n${name},car,new,10,2026-01-01\n${name},home,renewal,7.5,2026-02-01\n`;
    fd.append('file', new File([new TextEncoder().encode(csv)], 'schedules.csv', { type: 'text/csv' }));
    const res = await t.request('/api/commissions/rates/import', { cookie: owner.cookie, method: 'POST', body: fd });
    expect(res.status, await res.clone().text()).toBe(201);
    const importId = (await json(res)).import_id;
    const mine = (await ok(await v1(readKey, `/commission-rates?carrier=${encodeURIComponent(name)}`))).data.map((r: { id: string }) => r.id);
    expect(mine).toHaveLength(2);
    expect((await t.request(`/api/commissions/rates/imports/${importId}/undo`, { cookie: owner.cookie, method: 'POST' })).status).toBe(200);
    const { entries } = await feedFrom(cursor);
    expect(about(entries, mine).sort()).toEqual(mine.flatMap((id: string) => [`commission_rate.created ${id}`, `commission_rate.deleted ${id}`]).sort());
    expect(await deliveries(since)).toEqual(['commission_rate.created', 'commission_rate.created', 'commission_rate.deleted', 'commission_rate.deleted']);
  });

  it('names the field of bad input, refuses NUL bytes and bad filters', async () => {
    const post = (body: unknown) => v1(key, '/commission-rates', { method: 'POST', json: body });
    const fieldsOf = async (body: unknown) => {
      const res = await post(body);
      expect(res.status).toBe(400);
      return (await json(res)).error.fields;
    };
    expect(await fieldsOf({})).toEqual({
      carrier: COMMISSION_TEXT.carrierRequired,
      line: COMMISSION_TEXT.lineRequired,
      business: COMMISSION_TEXT.businessRequired,
      rate: COMMISSION_TEXT.rateRequired,
      effective_from: COMMISSION_TEXT.effectiveRequired,
    });
    expect(await fieldsOf(rateBody({ rate: '101' }))).toEqual({ rate: COMMISSION_TEXT.rateInvalid });
    expect(await fieldsOf(rateBody({ carrier: 'A\u0000B' }))).toEqual({ carrier: TEXT_RULE_TEXT.controlCharacters });
    for (const [query, field] of [
      ['line=boat', 'line'],
      ['business=old', 'business'],
      ['carrier=A%00B', 'carrier'],
      ['cursor=nope', 'cursor'],
      ['updated_since=yesterday', 'updated_since'],
      ['limit=0', 'limit'],
    ]) {
      const res = await v1(readKey, `/commission-rates?${query}`);
      expect(res.status, query).toBe(400);
      expect(Object.keys((await json(res)).error.fields), query).toEqual([field]);
    }
    expect((await json(await v1(readKey, '/commission-rates?line=boat'))).error.fields.line).toBe(API_TEXT.oneOf('line', ['all', ...POLICY_TYPES]));
  });
});

describe("policies' own rates", () => {
  it('set, changed and removed through the API and the app; gone with its policy (single or bulk delete): one entry and one delivery each', async () => {
    const term = await ok(await v1(key, '/policies', { json: carPolicyPayload() }), 201);
    const other = await ok(await v1(key, '/policies', { json: carPolicyPayload() }), 201);
    const bulked = await ok(await v1(key, '/policies', { json: carPolicyPayload() }), 201);
    const { cursor } = await feedFrom(undefined);
    const since = new Date();
    const set = await ok(await v1(key, `/commission-overrides/${term.id}`, { method: 'PUT', json: { rate: '15' } }));
    expect(set).toMatchObject({ id: term.id, policy_id: term.id, rate: '15.0000' });
    // the reconciliation rates the term with it
    expect(await ok(await v1(readKey, `/commissions/${term.id}`))).toMatchObject({ rate: '15.0000', rate_overridden: true });
    const changed = await ok(await v1(key, `/commission-overrides/${term.id}`, { method: 'PUT', json: { rate: 12.25 } }));
    expect(changed.rate).toBe('12.2500');
    expect(await ok(await v1(readKey, `/commission-overrides/${term.id}`))).toEqual(changed);
    // the policy page's Commission card removes it
    expect((await t.request(`/api/commissions/policies/${term.id}/rate`, { cookie: owner.cookie, method: 'PUT', json: { rate: null } })).status).toBe(200);
    expect((await v1(readKey, `/commission-overrides/${term.id}`)).status).toBe(404);
    const noneLeft = await v1(key, `/commission-overrides/${term.id}`, { method: 'DELETE' });
    expect([noneLeft.status, (await json(noneLeft)).error.message]).toEqual([404, COMMISSION_API_TEXT.noOverride]);
    // own rates gone with their policies: a single delete and a bulk one
    await ok(await v1(key, `/commission-overrides/${other.id}`, { method: 'PUT', json: { rate: '5' } }));
    await ok(await v1(key, `/commission-overrides/${bulked.id}`, { method: 'PUT', json: { rate: '6' } }));
    const listed = await ok(await v1(readKey, `/commission-overrides?updated_since=${since.toISOString()}`));
    expect(listed.data.map((o: { id: string }) => o.id)).toEqual([other.id, bulked.id]);
    expect((await ok(await v1(readKey, `/commission-overrides?policy_id=${bulked.id}`))).data.map((o: { rate: string }) => o.rate)).toEqual(['6.0000']);
    await ok(await v1(key, `/policies/${other.id}`, { method: 'DELETE' }), 204);
    const bulk = await t.request('/api/bulk', { cookie: owner.cookie, json: { entity: 'policies', action: { kind: 'delete' }, selection: { all: false, ids: [bulked.id] } } });
    expect(bulk.status, await bulk.clone().text()).toBeLessThan(300);
    const bulkId = (await json(bulk)).id;
    for (let i = 0; i < 500 && (await json(await t.request(`/api/bulk/${bulkId}`, { cookie: owner.cookie }))).state === 'running'; i += 1) await new Promise((r) => setTimeout(r, 10));

    const { entries } = await feedFrom(cursor);
    const overrides = entries.filter((e) => e.entity === 'commission_override');
    expect(overrides.map((e) => `${e.type} ${e.entity_id}`)).toEqual([
      `commission_override.created ${term.id}`,
      `commission_override.updated ${term.id}`,
      `commission_override.deleted ${term.id}`,
      `commission_override.created ${other.id}`,
      `commission_override.created ${bulked.id}`,
      `commission_override.deleted ${other.id}`,
      `commission_override.deleted ${bulked.id}`,
    ]);
    expect(overrides.every((e) => e.data === null)).toBe(true);
    expect((await deliveries(since)).filter((d) => d.startsWith('commission_override.'))).toEqual([
      'commission_override.created',
      'commission_override.created',
      'commission_override.created',
      'commission_override.deleted',
      'commission_override.deleted',
      'commission_override.deleted',
      'commission_override.updated',
    ]);
    expect((await ok(await v1(readKey, '/commission-overrides'))).data.map((o: { id: string }) => o.id)).not.toContain(bulked.id);
  });

  it('names a bad rate and a bad filter', async () => {
    const term = await ok(await v1(key, '/policies', { json: carPolicyPayload() }), 201);
    const put = (body: unknown) => v1(key, `/commission-overrides/${term.id}`, { method: 'PUT', json: body });
    expect((await json(await put({}))).error.fields).toEqual({ rate: COMMISSION_TEXT.rateRequired });
    expect((await json(await put({ rate: 'twelve' }))).error.fields).toEqual({ rate: COMMISSION_TEXT.rateInvalid });
    expect((await json(await put({ rate: '1\u00002' }))).error.fields).toEqual({ rate: COMMISSION_TEXT.rateInvalid });
    expect((await v1(readKey, `/commission-overrides/${term.id}`)).status).toBe(404);
    for (const [query, field] of [
      ['policy_id=nope', 'policy_id'],
      ['cursor=nope', 'cursor'],
    ]) {
      const res = await v1(readKey, `/commission-overrides?${query}`);
      expect(res.status, query).toBe(400);
      expect(Object.keys((await json(res)).error.fields), query).toEqual([field]);
    }
  });
});

describe("a statement's lines", () => {
  it('each line with its match, its term\'s state and difference, or not in the book or ignored; filtered and paged by cursor', async () => {
    const name = carrier();
    const paid = await insertTerm(t, agencyId, { number: 'LN-1', premium: '1000.00', start: '2026-04-02', carrier: name });
    const short = await insertTerm(t, agencyId, { number: 'LN-2', premium: '500.00', start: '2026-04-03', carrier: name });
    expect((await t.request('/api/commissions/rates', { cookie: owner.cookie, json: rateBody({ carrier: name, rate: '10' }) })).status).toBe(201);
    const csv = `Policy Number,Commission,Statement Date\nLN-1,100.00,2026-04-10\nLN-2,20.00,2026-04-10\nNOT-OURS-1,15.00,2026-04-11\nNOT-OURS-2,5.00,2026-04-11\n`;
    const imported = await t.request('/api/commissions/statements', { cookie: owner.cookie, method: 'POST', body: statementForm(csv, { carrier: name, period: '2026-04' }) });
    expect(imported.status, await imported.clone().text()).toBe(201);
    const statementId = (await json(imported)).statement.id;
    const first = await ok(await v1(readKey, `/statements/${statementId}/lines`));
    const ignored = first.data.find((l: { policy_number: string }) => l.policy_number === 'NOT-OURS-2');
    expect((await t.request(`/api/commissions/lines/${ignored.id}/ignore`, { cookie: owner.cookie, method: 'POST', json: { reason: 'Not our client' } })).status).toBe(200);

    const all = await ok(await v1(readKey, `/statements/${statementId}/lines`));
    expect(all.next_cursor).toBeNull();
    expect(all.data.map((l: Record<string, unknown>) => [l.line, l.policy_number, l.matched, l.policy_id, l.state, l.amount, l.expected, l.received, l.difference])).toEqual([
      [2, 'LN-1', true, paid, 'paid', '100.00', '100.00', '100.00', '0.00'],
      [3, 'LN-2', true, short, 'short_paid', '20.00', '50.00', '20.00', '30.00'],
      [4, 'NOT-OURS-1', false, null, 'not_in_book', '15.00', null, null, null],
      [5, 'NOT-OURS-2', false, null, 'ignored', '5.00', null, null, null],
    ]);
    expect(all.data[3].reason).toBe('Not our client');
    expect(all.data[0]).toMatchObject({ statement_id: statementId, received_on: '2026-04-10' });
    // a line says what the reconciliation says of its term
    expect(await ok(await v1(readKey, `/commissions/${short}`))).toMatchObject({ state: 'short_paid', difference: '30.00' });
    // filtered
    const ids = (q: string) => v1(readKey, `/statements/${statementId}/lines?${q}`).then(ok).then((p) => p.data.map((l: { policy_number: string }) => l.policy_number));
    expect(await ids('state=matched')).toEqual(['LN-1', 'LN-2']);
    expect(await ids('state=short_paid')).toEqual(['LN-2']);
    expect(await ids('state=not_in_book')).toEqual(['NOT-OURS-1']);
    expect(await ids('state=ignored')).toEqual(['NOT-OURS-2']);
    // paged one by one: every line once, in order
    const paged: string[] = [];
    for (let page = await ok(await v1(readKey, `/statements/${statementId}/lines?limit=1`)); ; ) {
      paged.push(...page.data.map((l: { id: string }) => l.id));
      if (!page.next_cursor) break;
      page = await ok(await v1(readKey, `/statements/${statementId}/lines?limit=1&cursor=${page.next_cursor}`));
    }
    expect(paged).toEqual(all.data.map((l: { id: string }) => l.id));
    const bad = await v1(readKey, `/statements/${statementId}/lines?state=lost`);
    expect([bad.status, Object.keys((await json(bad)).error.fields)]).toEqual([400, ['state']]);
    expect((await v1(readKey, `/statements/${statementId}/lines?cursor=nope`)).status).toBe(400);
    // an undone statement has no lines
    expect((await t.request(`/api/commissions/statements/${statementId}/undo`, { cookie: owner.cookie, method: 'POST' })).status).toBe(200);
    expect((await ok(await v1(readKey, `/statements/${statementId}/lines`))).data).toEqual([]);
  });
});

describe('who may', () => {
  it("needs commissions: read to read and write to write; another agency's ids are a 404 and never listed", async () => {
    const rate = await ok(await v1(key, '/commission-rates', { method: 'POST', json: rateBody({ carrier: carrier() }) }), 201);
    const term = await ok(await v1(key, '/policies', { json: carPolicyPayload() }), 201);
    await ok(await v1(key, `/commission-overrides/${term.id}`, { method: 'PUT', json: { rate: '9' } }));
    const theirRate = await ok(await v1(rivalKey, '/commission-rates', { method: 'POST', json: rateBody({ carrier: 'Theirs' }) }), 201);
    const theirTerm = await ok(await v1(rivalKey, '/policies', { json: carPolicyPayload() }), 201);
    await ok(await v1(rivalKey, `/commission-overrides/${theirTerm.id}`, { method: 'PUT', json: { rate: '9' } }));
    const statement = await t.request('/api/commissions/statements', { cookie: rival.cookie, method: 'POST', body: statementForm('Policy Number,Commission,Statement Date\nX-1,1.00,2026-03-10\n') });
    const theirStatement = (await json(statement)).statement.id;

    // the read key reads, and may not write
    expect((await v1(readKey, `/commission-rates/${rate.id}`)).status).toBe(200);
    expect((await v1(readKey, '/commission-rates', { method: 'POST', json: rateBody({ carrier: carrier() }) })).status).toBe(403);
    expect((await v1(readKey, `/commission-rates/${rate.id}`, { method: 'DELETE' })).status).toBe(403);
    expect((await v1(readKey, `/commission-overrides/${term.id}`, { method: 'PUT', json: { rate: '1' } })).status).toBe(403);
    expect((await v1(readKey, `/commission-overrides/${term.id}`, { method: 'DELETE' })).status).toBe(403);
    // a key without commissions reads none of it, nor its feed entries
    for (const path of ['/commission-rates', `/commission-rates/${rate.id}`, '/commission-overrides', `/commission-overrides/${term.id}`, `/statements/${theirStatement}/lines`, '/events?entity=commission_rate'])
      expect((await v1(otherKey, path)).status, path).toBe(403);
    const visible = await ok(await v1(otherKey, '/events?limit=500'));
    expect(visible.data.some((e: { entity: string }) => e.entity.startsWith('commission_'))).toBe(false);
    // another agency's ids: 404, and never in the lists
    for (const path of [`/commission-rates/${theirRate.id}`, `/commission-overrides/${theirTerm.id}`, `/statements/${theirStatement}/lines`]) expect((await v1(readKey, path)).status, path).toBe(404);
    expect((await v1(key, `/commission-rates/${theirRate.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await v1(key, `/commission-overrides/${theirTerm.id}`, { method: 'PUT', json: { rate: '1' } })).status).toBe(404);
    expect((await v1(key, `/commission-overrides/${theirTerm.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await ok(await v1(readKey, '/commission-rates?limit=100'))).data.map((r: { id: string }) => r.id)).not.toContain(theirRate.id);
    expect((await ok(await v1(readKey, '/commission-overrides?limit=100'))).data.map((r: { id: string }) => r.id)).not.toContain(theirTerm.id);
    // theirs are untouched
    expect(await ok(await v1(rivalKey, `/commission-overrides/${theirTerm.id}`))).toMatchObject({ rate: '9.0000' });
    expect((await v1(rivalKey, `/commission-rates/${theirRate.id}`)).status).toBe(200);
  });
});
