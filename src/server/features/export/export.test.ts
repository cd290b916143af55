import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv as readCsv } from '#server/platform/csv.ts';
import { EXPORT_FILES, EXPORT_NOT_INCLUDED, MANIFEST_FILE } from '#shared/export.ts';
import { LINE_TEXT } from '#shared/commissions.ts';
import { createCustomer, createPolicy } from '#server/test/factories.ts';
import { sql } from 'drizzle-orm';
import { customers as customersTable } from '#server/db/schema.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';
import { EXPORT_BATCH } from '#server/entities/export.ts';
import { readZip, zipStream } from '#server/platform/zip.ts';
import { agencyOf, insertTerm, rateBody, statementForm } from '#server/features/commissions/fixtures.ts';

let t: TestContext;
let agent: TestUser;
let other: TestUser;
let starter: TestUser;

beforeAll(async () => {
  t = await createTestContext();
  agent = await createUser(t, { tier: 'business', company: 'Export Agency' });
  other = await createUser(t, { tier: 'business' });
  starter = await createUser(t, { tier: 'starter' });
  const customer = await createCustomer(t.request, agent.cookie, { name: '=cmd|"/c calc"!A1', email: 'formula@example.com', notes: 'line one\nline, two' });
  await createPolicy(t.request, agent.cookie, { policy_number: 'CAR-1', customer_email: 'formula@example.com', customer_name: 'Formula', premium_amount: '1234.50' });
  await createPolicy(t.request, agent.cookie, { policy_number: 'FIRE-1', policy_type: 'fire', insurance_company: '@Risk Re', premium_amount: '0.10' });
  const res = await t.request(`/api/customers/${customer.id}/communications`, {
    cookie: agent.cookie,
    json: { type: 'phone', subject: '+SUM(A1:A2)', content: 'Called about renewal' },
  });
  expect(res.status).toBe(201);
  await createPolicy(t.request, other.cookie, { policy_number: 'OTHER-1' });
});
afterAll(async () => {
  await t.close();
});

/** The archive's CSV read back with the import's own reader. */
const parseCsv = (text: string): string[][] => readCsv(text).rows;

async function download(u: TestUser) {
  const res = await t.request('/api/export', { cookie: u.cookie });
  return { res, files: res.status === 200 ? readZip(new Uint8Array(await res.arrayBuffer())) : new Map<string, Buffer>() };
}

describe('full export', () => {
  it('is one zip of the documented CSVs and a manifest, with the agency’s rows only', async () => {
    const { res, files } = await download(agent);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="policydesk-export-agency-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect([...files.keys()]).toEqual([...Object.values(EXPORT_FILES).map((f) => f.name), MANIFEST_FILE]);
    for (const file of Object.values(EXPORT_FILES)) {
      const rows = parseCsv(files.get(file.name)!.toString('utf8'));
      expect(rows[0]).toEqual(file.columns.map((c) => c.name));
      for (const row of rows) expect(row).toHaveLength(file.columns.length);
    }
    const policies = parseCsv(files.get('policies.csv')!.toString('utf8'));
    expect(policies.slice(1).map((r) => r[1]).sort()).toEqual(['CAR-1', 'FIRE-1']);
    const car = policies.find((r) => r[1] === 'CAR-1')!;
    const fire = policies.find((r) => r[1] === 'FIRE-1')!;
    const col = (name: string) => EXPORT_FILES.policies.columns.findIndex((c) => c.name === name);
    expect(car[col('premium_amount')]).toBe('1234.50');
    expect(car[col('vehicle_make')]).toBe('Toyota');
    expect(car[col('property_address')]).toBe('');
    expect(fire[col('property_value')]).toBe('250000.00');
    expect(fire[col('vin_number')]).toBe('');
    expect(fire[col('insurance_company')]).toBe("'@Risk Re");
    const customers = parseCsv(files.get('customers.csv')!.toString('utf8'));
    expect(customers).toHaveLength(3);
    const formula = customers.find((r) => r[2] === 'formula@example.com')!;
    expect(formula[1]).toBe(`'=cmd|"/c calc"!A1`);
    expect(formula[9]).toBe('line one\nline, two');
    const comms = parseCsv(files.get('communications.csv')!.toString('utf8'));
    expect(comms[1].slice(2, 6)).toEqual(['formula@example.com', 'phone', "'+SUM(A1:A2)", 'Called about renewal']);
    const renewals = parseCsv(files.get('renewals.csv')!.toString('utf8'));
    const rcol = (name: string) => EXPORT_FILES.renewals.columns.findIndex((c) => c.name === name);
    expect(renewals.slice(1).map((r) => [r[rcol('policy_number')], r[rcol('renewal_state')], r[rcol('remarket')], r[rcol('assignee_email')]]).sort()).toEqual([
      // the phone call logged with CAR-1's customer moved its renewal to Contacted
      ['CAR-1', 'contacted', 'false', agent.email],
      ['FIRE-1', 'not_started', 'false', agent.email],
    ]);
    const activity = parseCsv(files.get('activity.csv')!.toString('utf8'));
    expect(activity.length).toBeGreaterThanOrEqual(5);
    expect(activity.map((r) => r[5]).join('\n')).not.toContain('OTHER-1');
    const manifest = JSON.parse(files.get(MANIFEST_FILE)!.toString('utf8'));
    expect(manifest).toMatchObject({ format: 'policydesk-export', version: 1, agency: { name: 'Export Agency' } });
    expect(manifest.files.map((f: { name: string; rows: number }) => [f.name, f.rows])).toEqual([
      ['customers.csv', 2],
      ['policies.csv', 2],
      ['communications.csv', 1],
      ['renewals.csv', 2],
      ['documents.csv', 0],
      ['activity.csv', activity.length - 1],
      ['commission_schedules.csv', 0],
      ['commission_overrides.csv', 0],
      ['producer_splits.csv', 0],
      ['commission_statements.csv', 0],
      ['commission_lines.csv', 0],
    ]);
    expect(manifest.not_included).toEqual(EXPORT_NOT_INCLUDED);
  });

  it('streams every row across batches once, with timestamps as toISOString() writes them', async () => {
    const big = await createUser(t, { tier: 'business' });
    const me = await json(await t.request('/api/me', { cookie: big.cookie }));
    const n = EXPORT_BATCH * 2 + 7;
    // microseconds are cut to milliseconds, as a JavaScript Date would
    const moment = new Date('2025-03-04T05:06:07.891Z');
    await t.db.insert(customersTable).values(
      Array.from({ length: n }, (_, i) => ({ agencyId: me.agency.id, name: `Bulk ${i}`, email: `bulk${i}@example.com`, createdAt: moment })),
    );
    await t.db.execute(sql`update customers set created_at = created_at + interval '456 microseconds' where agency_id = ${me.agency.id}`);
    const made = await createPolicy(t.request, big.cookie, { policy_number: 'TS-1', customer_email: 'bulk1@example.com' });
    const { files } = await download(big);
    const customers = parseCsv(files.get('customers.csv')!.toString('utf8')).slice(1);
    expect(customers).toHaveLength(n);
    expect(new Set(customers.map((r) => r[0])).size).toBe(n);
    expect(customers.every((r) => r[10] === '2025-03-04T05:06:07.891Z')).toBe(true);
    const policies = parseCsv(files.get('policies.csv')!.toString('utf8')).slice(1);
    const col = (name: string) => EXPORT_FILES.policies.columns.findIndex((c) => c.name === name);
    expect(policies[0][col('created_at')]).toBe(new Date(made.created_at).toISOString());
    expect(policies[0][col('start_date')]).toBe(made.start_date);
    const manifest = JSON.parse(files.get(MANIFEST_FILE)!.toString('utf8'));
    expect(manifest.files[0]).toMatchObject({ name: 'customers.csv', rows: n });
  });

  it('another agency exports only its own book', async () => {
    const { files } = await download(other);
    const policies = parseCsv(files.get('policies.csv')!.toString('utf8'));
    expect(policies.slice(1).map((r) => r[1])).toEqual(['OTHER-1']);
    expect(files.get('customers.csv')!.toString('utf8')).not.toContain('formula@example.com');
  });

  it('a starter user gets 403, no session 401', async () => {
    expect((await download(starter)).res.status).toBe(403);
    expect((await t.request('/api/export')).status).toBe(401);
  });
});

describe('full export: commissions (issue 31)', () => {
  const rows = (files: Map<string, Buffer>, name: string) => parseCsv(files.get(name)!.toString('utf8'));
  const cell = (key: keyof typeof EXPORT_FILES, row: string[], name: string) => row[EXPORT_FILES[key].columns.findIndex((c) => c.name === name)];

  it('holds the schedules, own rates, producer splits, statements, their lines and matches, of the agency only', async () => {
    const pro = await createUser(t, { tier: 'business' });
    const send = (method: string, path: string, body: unknown) => t.request(path, { cookie: pro.cookie, method, json: body });
    const agencyId = await agencyOf(t, pro);
    const paid = await insertTerm(t, agencyId, { number: 'EXP-1', premium: '1000.00', start: '2026-03-02' });
    const second = await insertTerm(t, agencyId, { number: 'EXP-2', premium: '500.00', start: '2026-03-03' });
    expect((await send('POST', '/api/commissions/rates', rateBody({ rate: '12.5' }))).status).toBe(201);
    expect((await send('PUT', `/api/commissions/policies/${paid}/rate`, { rate: '15' })).status).toBe(200);
    expect((await send('PUT', `/api/commissions/producers/${pro.id}`, { new_business: '40', renewal: '25' })).status).toBe(200);
    const form = statementForm(
      'Policy Number,Insured,Premium,Commission,Date\nEXP-1,Someone,1000.00,150.00,2026-03-20\nZZZ-9,Nobody,10.00,1.00,2026-03-21\nEXP-2,Other,500.00,62.50,2026-03-22\n',
    );
    const imported = await t.request('/api/commissions/statements', { cookie: pro.cookie, method: 'POST', body: form });
    expect(imported.status).toBe(201);
    const statement = (await json(imported)).statement;
    // the import matched the EXP-2 line; moved by hand to EXP-1, it keeps who moved it and the import's decision (migration 0043)
    const moved = (await json(await t.request(`/api/commissions/policies/${second}/lines`, { cookie: pro.cookie }))).lines[0].id;
    expect((await send('POST', `/api/commissions/lines/${moved}/match`, { policy_id: paid })).status).toBe(200);
    await insertTerm(t, await agencyOf(t, other), { number: 'EXP-OTHER' });

    const { files } = await download(pro);
    const schedules = rows(files, 'commission_schedules.csv');
    expect(schedules.slice(1).map((r) => [r[1], r[2], r[3], r[4], r[5]])).toEqual([['Acme Mutual', 'car', 'new', '12.5000', '2026-01-01']]);
    expect(rows(files, 'commission_overrides.csv').slice(1)).toEqual([[paid, 'EXP-1', '15.0000']]);
    expect(rows(files, 'producer_splits.csv').slice(1)).toEqual([['producer', pro.id, pro.email, '40.0000', '25.0000', '', '']]);
    const statements = rows(files, 'commission_statements.csv').slice(1);
    expect(statements).toHaveLength(1);
    expect([cell('commission_statements', statements[0], 'id'), cell('commission_statements', statements[0], 'status')]).toEqual([statement.id, 'applied']);
    expect(cell('commission_statements', statements[0], 'content_hash')).toMatch(/^[0-9a-f]{64}$/);
    const lines = rows(files, 'commission_lines.csv').slice(1);
    const byNumber = new Map(lines.map((r) => [cell('commission_lines', r, 'policy_number'), r]));
    expect(cell('commission_lines', byNumber.get('EXP-1')!, 'status')).toBe('matched');
    expect(cell('commission_lines', byNumber.get('EXP-1')!, 'policy_id')).toBe(paid);
    expect(cell('commission_lines', byNumber.get('EXP-1')!, 'amount')).toBe('150.00');
    expect(cell('commission_lines', byNumber.get('ZZZ-9')!, 'status')).toBe('unmatched');
    expect(lines.every((r) => cell('commission_lines', r, 'statement_id') === statement.id)).toBe(true);
    // a match by hand: who made it, and the policy and reason the import had chosen; empty for the others
    const hand = (number: string) => ['policy_id', 'matched_by', 'imported_policy_id', 'imported_reason'].map((name) => cell('commission_lines', byNumber.get(number)!, name));
    expect(hand('EXP-2')).toEqual([paid, pro.id, second, LINE_TEXT.matchedNumber]);
    expect(hand('EXP-1')).toEqual([paid, '', '', '']);
    expect(hand('ZZZ-9')).toEqual(['', '', '', '']);
    const manifest = JSON.parse(files.get(MANIFEST_FILE)!.toString('utf8'));
    expect(manifest.files.find((f: { name: string }) => f.name === 'commission_lines.csv').rows).toBe(3);

    // another agency's archive holds none of it
    const theirs = (await download(other)).files;
    for (const name of ['commission_schedules.csv', 'commission_overrides.csv', 'producer_splits.csv', 'commission_statements.csv', 'commission_lines.csv'])
      expect(rows(theirs, name)).toHaveLength(1);
  });
});

describe('zip writer', () => {
  it('streams large entries in many deflated chunks that read back byte for byte', async () => {
    const line = (i: number) => `${i},row ${i},${'x'.repeat(i % 97)},ünïcode\r\n`;
    async function* big() {
      for (let batch = 0; batch < 40; batch += 1) yield Array.from({ length: 2000 }, (_, i) => line(batch * 2000 + i)).join('');
    }
    const parts: Uint8Array[] = [];
    for await (const chunk of zipStream([
      { name: 'big.csv', content: big },
      { name: 'empty.csv', content: async function* () {} },
      { name: 'ünï.json', content: async function* () { yield '{"a":1}'; } },
    ]))
      parts.push(chunk);
    const files = readZip(Buffer.concat(parts));
    let expected = '';
    for await (const s of big()) expected += s;
    expect(files.get('big.csv')!.toString('utf8')).toBe(expected);
    expect(files.get('empty.csv')!.length).toBe(0);
    expect(files.get('ünï.json')!.toString('utf8')).toBe('{"a":1}');
    // compressed: deflate did its work even though it was flushed per chunk
    expect(Buffer.concat(parts).length).toBeLessThan(expected.length / 2);
  });
});
