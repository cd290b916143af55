// Issue 30 §4.8: the preview says which rows are duplicates (of this agency's records or of an earlier
// row of the file) and what will happen to them; the result lists why rows were skipped or failed; the
// failures file repeats each of those rows as uploaded with its reason, and imports again once fixed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { CUSTOMER_TEXT } from '#shared/customers.ts';
import { IMPORT_TEXT, type ImportJob, type ImportPreview } from '#shared/imports.ts';
import { POLICY_TEXT } from '#shared/policies.ts';
import { TEXT_RULE_TEXT } from '#shared/validation.ts';
import { createCustomer, createPolicy } from '#server/test/factories.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';
import { xlsx } from '#server/test/xlsx.ts';
import { importFinished, importForm } from '#server/test/import-form.ts';

let t: TestContext;
let agent: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createTestContext();
  agent = await createUser(t, { tier: 'enterprise' });
  other = await createUser(t, { tier: 'enterprise' });
  await createCustomer(t.request, agent.cookie, { name: 'Ann Existing', email: 'ann@example.com' });
  // the other agency has the same e-mail and policy number: never a duplicate here
  await createCustomer(t.request, other.cookie, { name: 'Bo Elsewhere', email: 'bo@example.com' });
  await createPolicy(t.request, other.cookie, { policy_number: 'SHARED-1' });
  await createPolicy(t.request, agent.cookie, { policy_number: 'OWN-1' });
});
afterAll(async () => {
  await t.close();
});

const form = importForm;
const preview = async (u: TestUser, content: string | Uint8Array, fields: Record<string, string> = {}, name?: string) => {
  const res = await t.request('/api/imports/preview', { cookie: u.cookie, method: 'POST', body: form(content, fields, name) });
  expect(res.status, await res.clone().text()).toBe(200);
  return json<ImportPreview>(res);
};
async function run(u: TestUser, content: string | Uint8Array, fields: Record<string, string> = {}, name?: string): Promise<ImportJob> {
  return importFinished(t, u, await t.request('/api/imports', { cookie: u.cookie, method: 'POST', body: form(content, fields, name) }));
}
const failuresFile = async (u: TestUser, id: string) => {
  const res = await t.request(`/api/imports/${id}/failures`, { cookie: u.cookie });
  expect(res.status).toBe(200);
  return (await res.text()).replace(/^\uFEFF/, '');
};
const emails = async (u: TestUser) =>
  (await json<{ rows: { email: string; name: string; notes: string | null }[] }>(await t.request('/api/customers?pageSize=100', { cookie: u.cookie }))).rows;

describe('the preview marks duplicates', () => {
  it('of this agency’s customers and of earlier rows; another agency’s customer is no duplicate; the whole file is counted', async () => {
    const csv = [
      'Name,Email,City',
      'Ann Again,ANN@example.com,Springfield', // line 2: this agency's customer (e-mails compare as the importer does)
      'Bo Here,bo@example.com,', // line 3: only the other agency has it
      'Cy New,cy@example.com,Town', // line 4
      'Cy Twice,cy@example.com,Town', // line 5: same as line 4
      'No Mail,,', // line 6
    ].join('\r\n');
    const body = await preview(agent, csv);
    expect(body.rows.map((r) => [r.line, r.status, r.duplicate])).toEqual([
      [2, 'skip', CUSTOMER_TEXT.duplicate],
      [3, 'import', null],
      [4, 'import', null],
      [5, 'skip', IMPORT_TEXT.sameAsRow(4)],
      [6, 'invalid', null],
    ]);
    expect(body.rows[4].errors).toEqual([CUSTOMER_TEXT.emailRequired]);
    expect(body.summary).toEqual({ import: 2, update: 0, skip: 2, invalid: 1 });
    // "update" changes what is said, not what is a duplicate
    const update = await preview(agent, csv, { duplicates: 'update' });
    expect(update.rows.map((r) => r.status)).toEqual(['update', 'import', 'import', 'update', 'invalid']);
    expect(update.summary).toEqual({ import: 2, update: 2, skip: 0, invalid: 1 });
  });

  it('policies by number within this agency only; rows beyond the first 20 are counted too', async () => {
    const header = 'policy_number,policy_type,insurance_company,customer_name,customer_email,premium_amount,coverage_amount,deductible,start_date,vehicle_make,vehicle_model,vehicle_year,vin_number,driver_license';
    const row = (n: string) => `${n},car,Acme,Pol Person,pol@example.com,10.00,1000,10,2025-01-01,Ford,Focus,2019,VIN,DL`;
    const fillers = Array.from({ length: 25 }, (_, i) => row(`FILL-${i}`));
    const body = await preview(agent, [header, row('OWN-1'), row('SHARED-1'), ...fillers, row('FILL-3')].join('\n'), { kind: 'policies' });
    expect(body.rows.slice(0, 2).map((r) => [r.status, r.duplicate])).toEqual([
      ['skip', POLICY_TEXT.duplicateNumber],
      ['import', null],
    ]);
    expect(body.rows).toHaveLength(20);
    expect(body.summary).toEqual({ import: 26, update: 0, skip: 2, invalid: 0 });
  });

  it('a plan without import is refused the preview', async () => {
    const starter = await createUser(t, { tier: 'starter' });
    const res = await t.request('/api/imports/preview', { cookie: starter.cookie, method: 'POST', body: form('name,email\nA,ann@example.com\n') });
    expect(res.status).toBe(403);
  });

  it('a file of duplicates only: nothing will be imported, and nothing is', async () => {
    const csv = 'name,email\nAnn One,ann@example.com\nAnn Two,ann@example.com\n';
    const body = await preview(agent, csv);
    expect(body.summary).toEqual({ import: 0, update: 0, skip: 2, invalid: 0 });
    expect(body.rows.every((r) => r.status === 'skip')).toBe(true);
    const job = await run(agent, csv);
    expect(job).toMatchObject({ status: 'done', imported: 0, skipped: 2, failed: 0 });
    expect(job.issues).toEqual([
      { line: 2, outcome: 'skipped', reason: IMPORT_TEXT.skipped(CUSTOMER_TEXT.duplicate) },
      { line: 3, outcome: 'skipped', reason: IMPORT_TEXT.skipped(IMPORT_TEXT.sameAsRow(2)) },
    ]);
  });

  it('NUL and very long values get a clear reason, never a 500', async () => {
    // the NUL sits past the first 64 KB (before that the file is refused as not being text)
    const csv = `name,email,notes\nLong Notes,long@example.com,${'x'.repeat(70_000)}\nNul\u0000Person,nul@example.com,\n`;
    const body = await preview(agent, csv);
    expect(body.rows.map((r) => [r.status, r.errors])).toEqual([
      ['invalid', ['Notes: Must be at most 5000 characters.']],
      ['invalid', [`Full Name: ${TEXT_RULE_TEXT.controlCharacters}`]],
    ]);
    // the preview shows the start of a long cell; the import reads it whole
    expect(body.rows[0].values[2].length).toBeLessThan(400);
    const job = await run(agent, csv);
    expect(job).toMatchObject({ status: 'done', imported: 0, failed: 2 });
    expect(job.issues.map((i) => i.reason)).toEqual(['Notes: Must be at most 5000 characters.', `Full Name: ${TEXT_RULE_TEXT.controlCharacters}`]);
    const [head, long] = parse(await failuresFile(agent, job.id)) as string[][];
    expect(head).toEqual(['name', 'email', 'notes', 'Row', 'Error']);
    expect(long[2]).toHaveLength(70_000);
  });
});

describe('the result and the failures file', () => {
  it('lists skipped and failed rows with reasons; the file repeats them as uploaded and imports again once fixed', async () => {
    const u = await createUser(t, { tier: 'enterprise' });
    await createCustomer(t.request, u.cookie, { name: 'Dee Here', email: 'dee@example.com' });
    const csv = [
      'Client Name;E-mail;Phone;Remarks', // semicolons, as a spreadsheet in many countries saves them
      '"=HYPERLINK(""x"")";bad-mail;;first', // a formula and an empty optional cell
      'Dee Again;dee@example.com;555;dup of an existing customer',
      'Eve;eve@example.com;;ok',
      'Eve Twice;eve@example.com;;"same, as row 4"',
    ].join('\r\n');
    const job = await run(u, csv, { mapping: JSON.stringify({ name: 0, email: 1, phone: 2, notes: 3 }) });
    expect(job).toMatchObject({ status: 'done', imported: 1, skipped: 2, failed: 1 });
    expect(job.issues).toEqual([
      { line: 2, outcome: 'failed', reason: 'Please enter a valid email address.' },
      { line: 3, outcome: 'skipped', reason: IMPORT_TEXT.skipped(CUSTOMER_TEXT.duplicate) },
      { line: 5, outcome: 'skipped', reason: IMPORT_TEXT.skipped(IMPORT_TEXT.sameAsRow(4)) },
    ]);
    const file = await failuresFile(u, job.id);
    expect(file).toBe(
      [
        'Client Name,E-mail,Phone,Remarks,Row,Error',
        `"'=HYPERLINK(""x"")",bad-mail,,first,2,Please enter a valid email address.`,
        `Dee Again,dee@example.com,555,dup of an existing customer,3,${IMPORT_TEXT.skipped(CUSTOMER_TEXT.duplicate)}`,
        `Eve Twice,eve@example.com,,"same, as row 4",5,${IMPORT_TEXT.skipped(IMPORT_TEXT.sameAsRow(4))}`,
        '',
      ].join('\r\n'),
    );
    // another agency cannot read it
    expect((await t.request(`/api/imports/${job.id}/failures`, { cookie: other.cookie })).status).toBe(404);

    // fixed: the failed row's e-mail and the second Eve's; the added columns stay in the file
    const fixed = file.replace('bad-mail', 'formula@example.com').replace('Eve Twice,eve@example.com', 'Eve Twice,eve2@example.com');
    const check = await preview(u, fixed);
    expect(check.mapping).toMatchObject({ name: 0, email: 1, phone: 2 });
    expect(check.rows.map((r) => r.status)).toEqual(['import', 'skip', 'import']);
    const again = await run(u, fixed, { mapping: JSON.stringify({ name: 0, email: 1, phone: 2, notes: 3 }) });
    expect(again).toMatchObject({ imported: 2, skipped: 1, failed: 0 });
    const book = await emails(u);
    // the formula came back as written, not as its escaped text
    expect(book.find((c) => c.email === 'formula@example.com')).toMatchObject({ name: '=HYPERLINK("x")', notes: 'first' });
    expect(book.find((c) => c.email === 'eve2@example.com')).toMatchObject({ name: 'Eve Twice', notes: 'same, as row 4' });
    // a failures file of a failures file has the original columns once
    expect((await failuresFile(u, again.id)).split('\r\n')[0]).toBe('Client Name,E-mail,Phone,Remarks,Row,Error');
  });

  it('an Excel upload’s failures file is CSV with the sheet’s header and cells as read', async () => {
    const u = await createUser(t, { tier: 'enterprise' });
    const book = xlsx([
      ['Full Name', 'Email', 'Date of Birth', 'Notes'],
      ['Fay Sheet', 'fay@example.com', { date: '1990-05-06' }, null],
      ['Fay Again', 'fay@example.com', null, '=1+2'],
      ['Gus', 'gus-at-example', { date: '1985-01-02' }, 'x'],
    ]);
    const job = await run(u, book, {}, 'book.xlsx');
    expect(job).toMatchObject({ imported: 1, skipped: 1, failed: 1 });
    const file = await failuresFile(u, job.id);
    expect(file.split('\r\n')).toEqual([
      'Full Name,Email,Date of Birth,Notes,Row,Error',
      `Fay Again,fay@example.com,,'=1+2,3,${IMPORT_TEXT.skipped(IMPORT_TEXT.sameAsRow(2))}`,
      'Gus,gus-at-example,1985-01-02,x,4,Please enter a valid email address.',
      '',
    ]);
    const again = await run(u, file.replace('gus-at-example', 'gus@example.com'));
    expect(again).toMatchObject({ imported: 1, skipped: 1, failed: 0 });
    expect((await emails(u)).find((c) => c.email === 'gus@example.com')).toMatchObject({ name: 'Gus', notes: 'x' });
  });
});
