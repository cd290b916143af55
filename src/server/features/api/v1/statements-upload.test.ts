// POST /api/v1/statements (issue 31): a carrier statement uploaded through the API goes through the
// Commissions page's reader, matching and import: success, a bad file, unmapped columns, the carrier's
// saved mapping, a re-import refused unless confirmed, Idempotency-Key, NUL bytes, a read-only key,
// another agency's statement (404) and policies (never matched).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMISSION_TEXT, STATEMENT_MISSING } from '#shared/commissions.ts';
import { API_TEXT } from '#shared/api-keys.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';
import { xlsx } from '#server/test/xlsx.ts';
import { agencyOf, insertTerm, statementForm } from '#server/features/commissions/fixtures.ts';

let t: TestContext;
let owner: TestUser;
let rival: TestUser;
const keys: Record<'write' | 'read' | 'rival', string> = { write: '', read: '', rival: '' };
const ids: Record<string, string> = {};

async function newKey(u: TestUser, scopes: Record<string, string>): Promise<string> {
  const res = await t.request('/api/api-keys', { cookie: u.cookie, json: { name: 'Statements', scopes } });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json(res)).key;
}
const upload = (k: string, form: FormData, headers: Record<string, string> = {}) =>
  t.request('/api/v1/statements', { method: 'POST', body: form, headers: { authorization: `Bearer ${k}`, ...headers } });
const get = (k: string, path: string) => t.request(`/api/v1${path}`, { headers: { authorization: `Bearer ${k}` } });

beforeAll(async () => {
  t = await createTestContext();
  owner = await createUser(t, { tier: 'enterprise' });
  rival = await createUser(t, { tier: 'enterprise' });
  keys.write = await newKey(owner, { commissions: 'write' });
  keys.read = await newKey(owner, { commissions: 'read' });
  keys.rival = await newKey(rival, { commissions: 'write' });
  const agency = await agencyOf(t, owner);
  ids.a = await insertTerm(t, agency, { number: 'UP-1', premium: '1000.00', start: '2026-03-02' });
  ids.b = await insertTerm(t, agency, { number: 'UP-2', premium: '500.00', start: '2026-03-03' });
  ids.rival = await insertTerm(t, await agencyOf(t, rival), { number: 'UP-9', premium: '900.00', start: '2026-03-02' });
});
afterAll(async () => t.close());

const CSV = 'Policy Number,Insured,Premium,Commission,Statement Date\nUP-1,A,1000.00,100.00,2026-03-10\nup 2,B,500.00,20.00,2026-03-10\nUP-9,C,900.00,90.00,2026-03-11\nUP-1,A,1000.00,x,2026-03-10\n';

describe('POST /api/v1/statements', () => {
  let created: { id: string };

  it('imports a CSV: matched, not in the book (another agency’s number), failed; the page sees it', async () => {
    const res = await upload(keys.write, statementForm(CSV));
    expect(res.status, await res.clone().text()).toBe(201);
    created = await json(res);
    expect(created).toMatchObject({ carrier: 'Acme Mutual', period: '2026-03', status: 'applied', matched: 2, unmatched: 1, failed: 1, amount: '120.00' });
    expect(await json(await get(keys.read, `/statements/${created.id}`))).toEqual(created);
    const page = await json(await get(keys.read, `/commissions?statement=${created.id}`));
    expect(page.data.map((r: { policy_id: string }) => r.policy_id).sort()).toEqual([ids.a, ids.b].sort());
    const mine = await json(await t.request('/api/commissions/statements', { cookie: owner.cookie }));
    expect(mine.statements.map((s: { id: string }) => s.id)).toContain(created.id);
  });

  it('refuses the same file again (409) unless confirmed', async () => {
    const again = await upload(keys.write, statementForm(CSV));
    expect(again.status).toBe(409);
    expect((await json(again)).error.code).toBe('STATEMENT_DUPLICATE');
    const confirmed = await upload(keys.write, statementForm(CSV, { confirm: 'true' }));
    expect(confirmed.status).toBe(201);
    expect((await json(confirmed)).id).not.toBe(created.id);
  });

  it('replays an Idempotency-Key retry (another boundary, same file) and refuses the key with another file', async () => {
    const file = 'Policy Number,Commission,Statement Date\nUP-2,5.00,2026-03-12\n';
    const headers = { 'Idempotency-Key': 'stmt-1' };
    const first = await upload(keys.write, statementForm(file, { carrier: 'Idem Carrier' }), headers);
    expect(first.status).toBe(201);
    const retry = await upload(keys.write, statementForm(file, { carrier: 'Idem Carrier' }), headers);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect((await json(retry)).id).toBe((await json(first)).id);
    const other = await upload(keys.write, statementForm(`${file}UP-1,1.00,2026-03-12\n`, { carrier: 'Idem Carrier' }), headers);
    expect(other.status).toBe(409);
    expect((await json(other)).error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('names the unmapped columns; then maps by the carrier’s saved mapping', async () => {
    const odd = 'Pol,Paid,When\nUP-1,1.00,2026-03-05\n';
    const missing = await upload(keys.write, statementForm(odd, { carrier: 'Odd Carrier' }));
    expect(missing.status).toBe(400);
    const body = await json(missing);
    expect(body.error.code).toBe('MAPPING_INCOMPLETE');
    expect(body.error.fields).toEqual({ mapping: STATEMENT_MISSING(['Policy number', 'Commission amount', 'Statement date']) });
    const mapped = await upload(keys.write, statementForm(odd, { carrier: 'Odd Carrier', mapping: JSON.stringify({ policy_number: 0, commission: 1, statement_date: 2 }) }));
    expect(mapped.status, await mapped.clone().text()).toBe(201);
    // next month's file, same headers, no mapping: the carrier's saved one
    const next = await upload(keys.write, statementForm('Pol,Paid,When\nUP-2,2.00,2026-04-05\n', { carrier: 'odd  carrier', period: '2026-04' }));
    expect(next.status, await next.clone().text()).toBe(201);
    expect(await json(next)).toMatchObject({ matched: 1, amount: '2.00' });
  });

  it('reads an .xlsx statement', async () => {
    const book = xlsx([
      ['Policy Number', 'Commission', 'Statement Date'],
      ['UP-1', '3.00', '2026-03-15'],
    ]);
    const res = await upload(keys.write, statementForm(book, { carrier: 'Sheet Carrier' }, 'march.xlsx'));
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await json(res)).toMatchObject({ matched: 1, amount: '3.00' });
  });

  it('refuses a bad file, a bad form and NUL bytes with the field named', async () => {
    const binary = await upload(keys.write, statementForm(new Uint8Array([0, 1, 2, 3, 0, 5])));
    expect(binary.status).toBe(400);
    expect(Object.keys((await json(binary)).error.fields)).toEqual(['file']);
    const nulCarrier = await upload(keys.write, statementForm(CSV, { carrier: 'Acme\u0000Mutual' }));
    expect(nulCarrier.status).toBe(400);
    expect(Object.keys((await json(nulCarrier)).error.fields)).toEqual(['carrier']);
    const form = await upload(keys.write, statementForm(CSV, { carrier: '', period: '2026-13' }));
    expect(form.status).toBe(400);
    expect((await json(form)).error.fields).toMatchObject({ carrier: expect.any(String), period: COMMISSION_TEXT.periodInvalid });
    const none = await upload(keys.write, statementForm('Policy Number,Commission,Statement Date\n'));
    expect(none.status).toBe(400);
    expect((await json(none)).error.code).toBe('NO_LINES');
  });

  it('refuses a read-only key (403) and no key (401); another agency gets a 404 for our statement', async () => {
    const readOnly = await upload(keys.read, statementForm(CSV, { confirm: 'true' }));
    expect(readOnly.status).toBe(403);
    expect((await json(readOnly)).error.message).toBe(API_TEXT.scopeDenied('commissions', 'write'));
    expect((await t.request('/api/v1/statements', { method: 'POST', body: statementForm(CSV) })).status).toBe(401);
    expect((await get(keys.rival, `/statements/${created.id}`)).status).toBe(404);
    expect((await json(await get(keys.rival, '/statements'))).data).toEqual([]);
    // the rival's own import of the same bytes is theirs: no duplicate of ours, and only UP-9 matches
    const theirs = await upload(keys.rival, statementForm(CSV));
    expect(theirs.status).toBe(201);
    expect(await json(theirs)).toMatchObject({ matched: 1, unmatched: 2 });
  });
});
