import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { CUSTOMER_TEXT, type Customer } from '#shared/customers.ts';
import { CSV_TEXT } from '#shared/csv.ts';
import { IMPORT_TEXT, type ImportJob, type ImportPreview } from '#shared/imports.ts';
import { POLICY_TEXT, type Policy, type PolicyDetail } from '#shared/policies.ts';
import { importJobs, subscriptionLimits, webhookDeliveries, webhookEndpoints } from '#server/db/schema.ts';
import { createCustomer, createPolicy } from '#server/test/factories.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';
import { xlsx, xlsxParts, type TestCell } from '#server/test/xlsx.ts';
import { zipSync } from 'fflate';
import { XLSX } from '#shared/documents.ts';
import { inflatesWithin, officeType } from '#server/platform/file-type.ts';
import { XLSX_LIMITS } from '#server/platform/xlsx.ts';
import { readZip } from '#server/platform/zip.ts';
import { importFinished, importForm } from '#server/test/import-form.ts';

let t: TestContext;
let agent: TestUser;
let starter: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createTestContext();
  agent = await createUser(t, { tier: 'professional' });
  starter = await createUser(t, { tier: 'starter' });
  other = await createUser(t, { tier: 'professional' });
});
afterAll(async () => {
  await t.close();
});

const form = importForm;

const preview = (u: TestUser, text: string | Uint8Array, fields: Record<string, string> = {}, name?: string) =>
  t.request('/api/imports/preview', { cookie: u.cookie, method: 'POST', body: form(text, fields, name) });
const start = (u: TestUser, text: string | Uint8Array, fields: Record<string, string> = {}, name?: string) =>
  t.request('/api/imports', { cookie: u.cookie, method: 'POST', body: form(text, fields, name) });

/** Follows the job until it leaves "running" (the page polls the same endpoint). */
const finished = (u: TestUser, res: Response) => importFinished(t, u, res);

async function allCustomers(u: TestUser): Promise<Customer[]> {
  return (await json<{ rows: Customer[] }>(await t.request('/api/customers?pageSize=100', { cookie: u.cookie }))).rows;
}

describe('preview and mapping', () => {
  it('maps columns by name and shows each row’s errors in the spec’s words', async () => {
    const csv = 'Full Name,E-mail Address,Phone,Unrelated\r\nAnn Lee,ann@example.com,555,x\r\nNo Mail,,,\r\n,bad,,\r\n';
    const res = await preview(agent, csv);
    expect(res.status).toBe(200);
    const body = await json<ImportPreview>(res);
    expect(body.headers).toEqual(['Full Name', 'E-mail Address', 'Phone', 'Unrelated']);
    expect(body.mapping).toMatchObject({ name: 0, email: 1, phone: 2, notes: null });
    expect(body.missing).toEqual([]);
    expect(body.rows.map((r) => [r.line, r.errors])).toEqual([
      [2, []],
      [3, [CUSTOMER_TEXT.emailRequired]],
      [4, [CUSTOMER_TEXT.nameRequired, 'Please enter a valid email address.']],
    ]);
  });

  it('the user’s mapping replaces the automatic one; only 20 rows are previewed', async () => {
    const csv = 'a,b\r\n' + Array.from({ length: 30 }, (_, i) => `Person ${i},p${i}@example.com`).join('\r\n');
    const body = await json<ImportPreview>(await preview(agent, csv, { mapping: JSON.stringify({ name: 0, email: 1 }) }));
    expect(body.total).toBe(30);
    expect(body.rows).toHaveLength(20);
    expect(body.rows.every((r) => r.errors.length === 0)).toBe(true);
    const auto = await json<ImportPreview>(await preview(agent, csv));
    expect(auto.missing).toEqual(['Full Name', 'Email']);
  });
});

describe('broken files', () => {
  it.each([
    ['unbalanced quotes', 'name,email\r\n"Ann,ann@example.com\r\n', CSV_TEXT.unclosedQuote(2)],
    ['only a byte-order mark and blank lines', '\uFEFF\r\n\r\n', CSV_TEXT.empty],
    ['a wrong delimiter', 'name|email\nAnn|ann@example.com\n', IMPORT_TEXT.missingFields(['Full Name', 'Email'])],
  ])('%s: a readable 400', async (_what, csv, message) => {
    const res = await start(agent, csv);
    expect(res.status).toBe(400);
    expect((await json(res)).error.message).toBe(message);
  });

  it('an empty file', async () => {
    const res = await start(agent, '');
    expect(res.status).toBe(400);
    expect((await json(res)).error.message).toBe(IMPORT_TEXT.noFile);
  });

  it('a file named .csv or .xlsx that is a broken zip is refused: the content decides, never the name', async () => {
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);
    for (const name of ['book.csv', 'book.xlsx']) {
      const res = await start(agent, zip, {}, name);
      expect(res.status).toBe(400);
      expect((await json(res)).error).toMatchObject({ code: 'INVALID_FILE_TYPE', message: IMPORT_TEXT.notWorkbook, fields: { file: IMPORT_TEXT.notWorkbook } });
    }
  });

  it('50 MB is refused before it is read', async () => {
    const res = await start(agent, new Uint8Array(50 * 1024 * 1024).fill(0x61));
    expect(res.status).toBe(413);
    expect((await json(res)).error.message).toBe(IMPORT_TEXT.tooLarge);
  });

  it('BOM, semicolons and CRLF are read', async () => {
    const job = await finished(agent, await start(agent, '\uFEFFname;email\r\n"Semi; Colon";semi@example.com\r\n'));
    expect(job).toMatchObject({ status: 'done', imported: 1, failed: 0 });
    expect((await allCustomers(agent)).find((c) => c.email === 'semi@example.com')?.name).toBe('Semi; Colon');
  });
});

describe('Excel workbooks (.xlsx)', () => {
  const MB = 1024 * 1024;
  const upload = (u: TestUser, bytes: Uint8Array, fields: Record<string, string> = {}, name = 'book.xlsx') => start(u, bytes, fields, name);
  const refused = async (bytes: Uint8Array, name: string, message: string) => {
    const res = await upload(agent, bytes, {}, name);
    expect(res.status).toBe(400);
    expect((await json(res)).error).toMatchObject({ message, fields: { file: message } });
  };

  it('customers: mapped by header, dates as date cells and as serial numbers, empty optional cells, a bad row in the spec’s words', async () => {
    const u = await createUser(t, { tier: 'professional' });
    const rows: TestCell[][] = [
      ['Full Name', 'E-mail Address', 'Phone', 'Date of Birth', 'Notes'],
      ['Xl Ann', 'xl-ann@example.com', 5550100, { date: '1980-02-29' }, 'first'],
      // a date typed as a plain number: Excel's serial day 29221 is 1980-01-01
      ['Xl Bo', 'xl-bo@example.com', '+1 555 0101', 29221, null],
      [],
      ['Xl Cy', 'xl-cy@example.com', null, null, null],
      ['Xl Bad', 'not-an-email', null, { date: '1990-05-06' }, null],
    ];
    const previewed = await json<ImportPreview>(await preview(u, xlsx(rows), {}, 'clients.xlsx'));
    expect(previewed.headers).toEqual(['Full Name', 'E-mail Address', 'Phone', 'Date of Birth', 'Notes']);
    expect(previewed.mapping).toMatchObject({ name: 0, email: 1, phone: 2, date_of_birth: 3, notes: 4 });
    expect(previewed.total).toBe(4);
    // the sheet's row numbers, the blank row 4 skipped as a blank CSV line is
    expect(previewed.rows.map((r) => [r.line, r.values, r.errors])).toEqual([
      [2, ['Xl Ann', 'xl-ann@example.com', '5550100', '1980-02-29', 'first'], []],
      [3, ['Xl Bo', 'xl-bo@example.com', '+1 555 0101', '1980-01-01', ''], []],
      [5, ['Xl Cy', 'xl-cy@example.com', '', '', ''], []],
      [6, ['Xl Bad', 'not-an-email', '', '1990-05-06', ''], ['Please enter a valid email address.']],
    ]);

    const job = await finished(u, await upload(u, xlsx(rows), {}, 'clients.xlsx'));
    expect(job).toMatchObject({ status: 'done', file_name: 'clients.xlsx', total: 4, processed: 4, imported: 3, failed: 1, undoable: true });
    const failures = await (await t.request(`/api/imports/${job.id}/failures`, { cookie: u.cookie })).text();
    // the failed row as the sheet held it (the date cell as the CSV's text), with its row number and reason
    expect(failures.replace(/^\uFEFF/, '')).toBe('Full Name,E-mail Address,Phone,Date of Birth,Notes,Row,Error\r\nXl Bad,not-an-email,,1990-05-06,,6,Please enter a valid email address.\r\n');
    const book = Object.fromEntries((await allCustomers(u)).map((c) => [c.email, [c.phone, c.date_of_birth, c.notes]]));
    expect(book).toEqual({
      'xl-ann@example.com': ['5550100', '1980-02-29', 'first'],
      'xl-bo@example.com': ['+1 555 0101', '1980-01-01', null],
      'xl-cy@example.com': [null, null, null],
    });
    // duplicates and undo are the CSV path's
    expect(await finished(u, await upload(u, xlsx(rows)))).toMatchObject({ imported: 0, skipped: 3, failed: 1 });
    expect((await json<ImportJob>(await t.request(`/api/imports/${job.id}/undo`, { cookie: u.cookie, method: 'POST' }))).status).toBe('undone');
    expect(await allCustomers(u)).toHaveLength(0);
  });

  it('policies with their customers: money cells exact to the cent, start dates as date cells and serial numbers', async () => {
    const u = await createUser(t, { tier: 'professional' });
    const header = ['Policy Number', 'Policy Type', 'Carrier', 'Customer Name', 'Customer Email', 'Premium', 'Coverage', 'Deductible', 'Start Date', 'Make', 'Model', 'Year', 'VIN', 'License', 'Property Address', 'Property Type', 'Construction Year', 'Property Value', 'Contents Coverage'];
    const rows: TestCell[][] = [
      header,
      // 0.1 + 0.2 as Excel stores it, shown as 0.30; 99.995 shown as 100.00; a whole number as money
      ['XL-1', 'Car', 'Acme', 'Xl Pat', 'xl-pat@example.com', { raw: '0.30000000000000004' }, 5000, { raw: '99.995' }, { date: '2025-03-01' }, 'Ford', 'Focus', 2019, 'VINXL1', 'DLXL1', null, null, null, null, null],
      // serial 45717 is 2025-03-01; 1.2345E3 is 1234.50; the empty optional contents coverage stays empty
      ['XL-2', 'fire', 'Acme', 'Xl Pat', 'xl-pat@example.com', { raw: '1.2345E3' }, 250000, 500, 45717, null, null, null, null, null, '1 Elm St', 'House', 1999, { raw: '200000' }, null],
      ['XL-3', 'car', 'Acme', 'Xl Pat', 'xl-pat@example.com', -5, 1, 1, { date: '2025-03-01' }, 'Ford', 'Focus', 2019, 'VINXL3', 'DLXL3', null, null, null, null, null],
    ];
    const previewed = await json<ImportPreview>(await preview(u, xlsx(rows), { kind: 'policies' }));
    expect(previewed.missing).toEqual([]);
    expect(previewed.rows.map((r) => r.values.slice(5, 9))).toEqual([
      ['0.30', '5000.00', '100.00', '2025-03-01'],
      ['1234.50', '250000.00', '500.00', '2025-03-01'],
      ['-5.00', '1.00', '1.00', '2025-03-01'],
    ]);
    // a message that does not say which field it is about is named by its column
    expect(previewed.rows.map((r) => r.errors)).toEqual([[], [], ['Premium Amount: The amount cannot be negative.']]);

    const job = await finished(u, await upload(u, xlsx(rows), { kind: 'policies' }));
    expect(job).toMatchObject({ status: 'done', imported: 2, failed: 1 });
    const listed = (await json<{ rows: Policy[] }>(await t.request('/api/policies?search=XL-', { cookie: u.cookie }))).rows;
    const detail = async (n: string) => json<PolicyDetail>(await t.request(`/api/policies/${listed.find((p) => p.policy_number === n)!.id}`, { cookie: u.cookie }));
    const car = await detail('XL-1');
    expect(car).toMatchObject({ premium_amount: '0.30', coverage_amount: '5000.00', deductible: '100.00', start_date: '2025-03-01', policy_type: 'car' });
    expect(car.car_details).toMatchObject({ vehicle_make: 'Ford', vehicle_year: 2019 });
    const fire = await detail('XL-2');
    expect(fire).toMatchObject({ premium_amount: '1234.50', start_date: '2025-03-01' });
    expect(fire.fire_details).toMatchObject({ property_address: '1 Elm St', construction_year: 1999, property_value: '200000.00', contents_coverage: null });
    expect((await allCustomers(u)).map((c) => c.email)).toEqual(['xl-pat@example.com']);
  });

  it('content decides, not the name: CSV text named .xlsx is read as CSV, a workbook named .csv as a workbook', async () => {
    const u = await createUser(t, { tier: 'professional' });
    expect(await finished(u, await upload(u, new TextEncoder().encode('name,email\nText Named Xlsx,txt-xlsx@example.com\n'), {}, 'book.xlsx'))).toMatchObject({ imported: 1 });
    expect(await finished(u, await upload(u, xlsx([['name', 'email'], ['Sheet Named Csv', 'xlsx-csv@example.com']]), {}, 'book.csv'))).toMatchObject({ imported: 1 });
    expect((await allCustomers(u)).map((c) => c.name).sort()).toEqual(['Sheet Named Csv', 'Text Named Xlsx']);
  });

  it('refuses a Word document, a zip of something else, random bytes and an old .xls, each named .xlsx', async () => {
    const x = new TextEncoder().encode('<?xml version="1.0"?><x/>');
    await refused(zipSync({ '[Content_Types].xml': x, 'word/document.xml': x }), 'book.xlsx', IMPORT_TEXT.notWorkbook);
    await refused(zipSync({ 'xl/workbook.xml': x }), 'book.xlsx', IMPORT_TEXT.notWorkbook);
    // bytes from a fixed generator, zeros among them, as any binary file has
    let seed = 7;
    const random = Uint8Array.from({ length: 4096 }, () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed >> 23));
    expect(random.includes(0)).toBe(true);
    await refused(random, 'book.xlsx', IMPORT_TEXT.notReadable);
    await refused(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0]), 'book.xlsx', IMPORT_TEXT.oldExcel);
    expect(await allCustomers(agent)).not.toContainEqual(expect.objectContaining({ email: expect.stringMatching(/^xl-/) }));
  });

  it('refuses a workbook that is damaged inside, and one whose first sheet is empty', async () => {
    const parts = xlsxParts([['name', 'email']]);
    delete parts['xl/_rels/workbook.xml.rels'];
    await refused(zipSync(parts), 'book.xlsx', IMPORT_TEXT.damagedWorkbook);
    await refused(xlsx([]), 'book.xlsx', IMPORT_TEXT.emptySheet);
    await refused(xlsx([[], [null, '  ']]), 'book.xlsx', IMPORT_TEXT.emptySheet);
  });

  it('refuses a zip bomb sheet from its directory, and one whose directory lies about the sizes, before reading it', async () => {
    // 24 MB of one byte packs into ~24 KB: a ratio of ~1000, refused from the central directory alone
    await refused(xlsx([['name', 'email']], { 'xl/worksheets/sheet1.xml': new Uint8Array(24 * MB).fill(0x20) }), 'book.xlsx', IMPORT_TEXT.zipBomb);
    // 100 MB whose local header and directory both claim 1,000 bytes: caught while counting the inflated bytes
    const liar = xlsx([['name', 'email']], { 'xl/worksheets/sheet1.xml': new Uint8Array(100 * MB).fill(0x20) });
    const view = new DataView(liar.buffer, liar.byteOffset, liar.byteLength);
    let patched = 0;
    for (let i = 0; i + 30 < liar.length; i += 1) {
      const sig = view.getUint32(i, true);
      const local = sig === 0x04034b50;
      const central = sig === 0x02014b50;
      if (!local && !central) continue;
      const nameAt = i + (local ? 30 : 46);
      const nameLength = view.getUint16(i + (local ? 26 : 28), true);
      if (new TextDecoder().decode(liar.subarray(nameAt, nameAt + nameLength)) !== 'xl/worksheets/sheet1.xml') continue;
      view.setUint32(i + (local ? 22 : 24), 1000, true);
      patched += 1;
    }
    expect(patched).toBe(2);
    await refused(liar, 'book.xlsx', IMPORT_TEXT.zipBomb);
  });

  it('the limits count the parts’ unpacked sizes in all, and their number', () => {
    const book = xlsx([['name', 'email'], ['A', 'a@example.com']]);
    const unpacked = Object.values(xlsxParts([['name', 'email'], ['A', 'a@example.com']])).reduce((sum, part) => sum + part.length, 0);
    expect(officeType(book, XLSX_LIMITS)).toBe(XLSX);
    expect(officeType(book, { ...XLSX_LIMITS, maxTotalBytes: unpacked })).toBe(XLSX);
    expect(officeType(book, { ...XLSX_LIMITS, maxTotalBytes: unpacked - 1 })).toBe('bomb');
    expect(officeType(book, { ...XLSX_LIMITS, maxEntries: 6 })).toBe('bomb');
    expect(inflatesWithin(book, unpacked, () => true)).toBe(true);
    expect(inflatesWithin(book, unpacked - 1, () => true)).toBe(false);
  });

  it('a starter user gets 403 for a workbook; another agency sees neither the job nor its customers', async () => {
    const book = xlsx([['name', 'email'], ['Xl Private', 'xl-private@example.com']]);
    expect((await upload(starter, book)).status).toBe(403);
    expect((await preview(starter, book, {}, 'book.xlsx')).status).toBe(403);
    const job = await finished(agent, await upload(agent, book));
    expect((await t.request(`/api/imports/${job.id}`, { cookie: other.cookie })).status).toBe(404);
    expect((await t.request(`/api/imports/${job.id}/failures`, { cookie: other.cookie })).status).toBe(404);
    expect((await allCustomers(other)).map((c) => c.email)).not.toContain('xl-private@example.com');
    expect((await allCustomers(agent)).map((c) => c.email)).toContain('xl-private@example.com');
  });
});

describe('running an import', () => {
  it('imports, reports a bad row with its reason in a failures CSV, and undoes in one step', async () => {
    const csv = 'name,email,customer_type\nRow One,one@example.com,business\nRow Bad,not-an-email,\nRow Two,two@example.com,\n';
    const job = await finished(agent, await start(agent, csv));
    expect(job).toMatchObject({ status: 'done', total: 3, processed: 3, imported: 2, failed: 1, skipped: 0, undoable: true });
    const failures = await (await t.request(`/api/imports/${job.id}/failures`, { cookie: agent.cookie })).text();
    expect(failures.replace(/^\uFEFF/, '')).toBe('name,email,customer_type,Row,Error\r\nRow Bad,not-an-email,,3,Please enter a valid email address.\r\n');
    expect((await allCustomers(agent)).find((c) => c.email === 'one@example.com')?.customer_type).toBe('business');
    const latest = await json<{ job: ImportJob }>(await t.request('/api/imports/latest', { cookie: agent.cookie }));
    expect(latest.job.id).toBe(job.id);

    const undo = await t.request(`/api/imports/${job.id}/undo`, { cookie: agent.cookie, method: 'POST' });
    expect(undo.status).toBe(200);
    expect((await json<ImportJob>(undo)).status).toBe('undone');
    const emails = (await allCustomers(agent)).map((c) => c.email);
    expect(emails).not.toContain('one@example.com');
    expect(emails).toContain('semi@example.com');
    const again = await t.request(`/api/imports/${job.id}/undo`, { cookie: agent.cookie, method: 'POST' });
    expect((await json(again)).error.message).toBe(IMPORT_TEXT.notUndoable);
  });

  it('duplicates by e-mail are skipped or update the existing customer, as chosen', async () => {
    await createCustomer(t.request, agent.cookie, { name: 'Dupe Old', email: 'dupe@example.com' });
    const csv = 'name,email,city\nDupe New,DUPE@example.com,Springfield\n';
    expect(await finished(agent, await start(agent, csv, { duplicates: 'skip' }))).toMatchObject({ skipped: 1, updated: 0 });
    expect((await allCustomers(agent)).find((c) => c.email === 'dupe@example.com')?.name).toBe('Dupe Old');
    expect(await finished(agent, await start(agent, csv, { duplicates: 'update' }))).toMatchObject({ skipped: 0, updated: 1 });
    expect((await allCustomers(agent)).find((c) => c.email === 'dupe@example.com')).toMatchObject({ name: 'Dupe New', city: 'Springfield' });
  });

  it('policies with their customers; another agency’s ids in the file are ignored', async () => {
    const foreign = await createPolicy(t.request, other.cookie, { policy_number: 'FOREIGN-1' });
    const csv = [
      'policy_number,policy_type,insurance_company,customer_id,customer_name,customer_email,premium_amount,coverage_amount,deductible,start_date,status,vehicle_make,vehicle_model,vehicle_year,vin_number,driver_license,property_address,property_type,construction_year,property_value',
      `IMP-1,car,Acme,${foreign.customer_id},Pat Car,pat@example.com,100.10,5000,100,2025-01-01,active,Ford,Focus,2019,VIN1,DL1,,,,`,
      `IMP-2,Fire,Acme,${foreign.customer_id},Pat Car,pat@example.com,0.20,5000,100,2025-02-01,,,,,,,1 Elm St,House,1999,200000`,
      'IMP-3,boat,Acme,,Pat Car,pat@example.com,1,1,1,2025-02-01,,,,,,,,,,',
    ].join('\n');
    const job = await finished(agent, await start(agent, csv, { kind: 'policies' }));
    expect(job).toMatchObject({ imported: 2, failed: 1 });
    const rows = (await json<{ rows: Policy[] }>(await t.request('/api/policies?search=IMP-', { cookie: agent.cookie }))).rows;
    const pat = (await allCustomers(agent)).find((c) => c.email === 'pat@example.com')!;
    // both terms (2025) have ended: Expired whatever the file said; the agent's choice is kept as bound
    expect(rows.map((p) => [p.policy_number, p.customer_id, p.status, p.bound]).sort()).toEqual([
      ['IMP-1', pat.id, 'expired', true],
      ['IMP-2', pat.id, 'expired', false],
    ]);
    const fire = await json<PolicyDetail>(await t.request(`/api/policies/${rows.find((p) => p.policy_number === 'IMP-2')!.id}`, { cookie: agent.cookie }));
    expect(fire.fire_details).toMatchObject({ property_address: '1 Elm St', property_value: '200000.00' });
    // the other agency's customer was neither linked nor changed
    expect((await allCustomers(other)).map((c) => c.email)).toEqual([foreign.customer_email]);
  });

  it('new lines from their own columns: a home, a life policy’s beneficiaries in one cell, an umbrella over the customer’s policies (checked)', async () => {
    const auto = await createPolicy(t.request, agent.cookie, { policy_number: 'LINE-AUTO', customer_email: 'lines@example.com' });
    const stranger = await createPolicy(t.request, agent.cookie, { policy_number: 'LINE-OTHER', customer_email: 'stranger@example.com' });
    const head = 'policy_number,policy_type,insurance_company,customer_name,customer_email,premium_amount,coverage_amount,deductible,start_date,property_address,dwelling_coverage,construction,year_built,roof_year,life_type,face_amount,beneficiaries,umbrella_limit,underlying_policy_ids';
    const csv = [
      head,
      'LINE-HOME,Home,Acme,Lin Es,lines@example.com,900,350000,1000,2025-01-01,12 Oak Lane,350000,frame,1988,2019,,,,,',
      'LINE-LIFE,life,Acme,Lin Es,lines@example.com,400,500000,0,2025-01-01,,,,,,whole,500000,Bo Es (Spouse) 60%; Cy Es (Son) 40%,,',
      `LINE-UMB,Umbrella,Acme,Lin Es,lines@example.com,300,1000000,0,2025-01-01,,,,,,,,,1000000,${auto.id}`,
      `LINE-BAD,Umbrella,Acme,Lin Es,lines@example.com,300,1000000,0,2025-01-01,,,,,,,,,1000000,${stranger.id}`,
      'LINE-ROOF,home,Acme,Lin Es,lines@example.com,900,350000,1000,2025-01-01,12 Oak Lane,350000,frame,1988,1950,,,,,',
    ].join('\n');
    const job = await finished(agent, await start(agent, csv, { kind: 'policies' }));
    expect(job).toMatchObject({ imported: 3, failed: 2 });
    expect(job.issues.map((i: { reason: string }) => i.reason).sort()).toEqual(['Roof Year cannot be before the Year Built.', 'Underlying Policies must be other policies of the same customer.']);
    const rows = (await json<{ rows: Policy[] }>(await t.request('/api/policies?search=LINE-', { cookie: agent.cookie }))).rows;
    const read = async (n: string) => json<PolicyDetail>(await t.request(`/api/policies/${rows.find((p) => p.policy_number === n)!.id}`, { cookie: agent.cookie }));
    expect((await read('LINE-HOME')).home_details).toMatchObject({ dwelling_coverage: '350000.00', construction: 'frame', year_built: 1988, roof_year: 2019 });
    expect((await read('LINE-LIFE')).life_details).toMatchObject({ life_type: 'whole', beneficiaries: [{ name: 'Bo Es', relationship: 'Spouse', share_percent: 60 }, { name: 'Cy Es', relationship: 'Son', share_percent: 40 }] });
    expect((await read('LINE-UMB')).umbrella_details).toMatchObject({ umbrella_limit: '1000000.00', underlying_policy_ids: [auto.id] });
  });

  it('stops at the plan limit with the spec’s message and keeps what was imported', async () => {
    const u = await createUser(t, { tier: 'professional' });
    const csv = 'name,email\n' + Array.from({ length: 55 }, (_, i) => `Limit ${i},limit${i}@example.com`).join('\n');
    const job = await finished(u, await start(u, csv));
    expect(job).toMatchObject({ status: 'stopped', imported: 50, message: CUSTOMER_TEXT.limitMessage });
    expect(await allCustomers(u)).toHaveLength(50);
  });

  it('crosses chunks: 1,203 rows with an in-file duplicate and a bad row, one activity line per created customer', async () => {
    const u = await createUser(t, { tier: 'enterprise' });
    const body = Array.from({ length: 1200 }, (_, i) => `Bulk ${i},bulk${i}@example.com`);
    // the duplicate of row 2 sits in a later chunk, the bad row in the first
    body.splice(700, 0, 'Bulk again,bulk1@example.com');
    body.splice(3, 0, 'No mail,');
    body.push('Also bad,not-an-email');
    const job = await finished(u, await start(u, 'name,email\n' + body.join('\n')));
    expect(job).toMatchObject({ status: 'done', total: 1203, processed: 1203, imported: 1200, skipped: 1, failed: 2 });
    const [{ n }] = (await t.db.execute(sql`select count(*)::int as n from customers c join agencies a on a.id = c.agency_id where a.owner_id = ${u.id}`)).rows as { n: number }[];
    expect(n).toBe(1200);
    const [{ lines }] = (
      await t.db.execute(sql`select count(*)::int as lines from activity_log l join agencies a on a.id = l.agency_id where a.owner_id = ${u.id} and l.kind = 'customer' and l.action = 'created'`)
    ).rows as { lines: number }[];
    expect(lines).toBe(1200);
    // and undo removes every one of them
    const undone = await json<ImportJob>(await t.request(`/api/imports/${job.id}/undo`, { cookie: u.cookie, method: 'POST' }));
    expect(undone.status).toBe('undone');
    expect(await allCustomers(u)).toHaveLength(0);
  });

  it('policies that share a new customer e-mail create one customer, and the limit cuts mid-chunk on the policy count', async () => {
    const u = await createUser(t, { tier: 'professional' });
    const header = 'policy_number,policy_type,insurance_company,customer_name,customer_email,premium_amount,coverage_amount,deductible,start_date,vehicle_make,vehicle_model,vehicle_year,vin_number,driver_license';
    const row = (n: number, email: string) => `LIM-${n},car,Acme,Shared ${n},${email},10.00,1000,10,2025-01-01,Ford,Focus,2019,VIN${n},DL${n}`;
    // a plan of 50 policies; 53 rows, all for two customers
    const [plan] = await t.db.select().from(subscriptionLimits).where(eq(subscriptionLimits.tierName, 'professional'));
    await t.db.update(subscriptionLimits).set({ maxPolicies: 50 }).where(eq(subscriptionLimits.tierName, 'professional'));
    const csv = [header, ...Array.from({ length: 53 }, (_, i) => row(i, i % 2 ? 'odd@example.com' : 'even@example.com'))].join('\n');
    const job = await finished(u, await start(u, csv, { kind: 'policies' })).finally(() =>
      t.db.update(subscriptionLimits).set({ maxPolicies: plan.maxPolicies }).where(eq(subscriptionLimits.tierName, 'professional')),
    );
    expect(job).toMatchObject({ status: 'stopped', imported: 50, processed: 50, message: POLICY_TEXT.limitMessage });
    expect((await allCustomers(u)).map((c) => c.email).sort()).toEqual(['even@example.com', 'odd@example.com']);
    const listed = await json<{ total: number }>(await t.request('/api/policies?search=LIM-', { cookie: u.cookie }));
    expect(listed.total).toBe(50);
  });

  it('fires the same webhook events as the create path: customer.created and policy.created per row', async () => {
    const u = await createUser(t, { tier: 'enterprise' });
    const me = await json<{ agency: { id: string } }>(await t.request('/api/me', { cookie: u.cookie }));
    await t.db.insert(webhookEndpoints).values({
      agencyId: me.agency.id,
      url: 'https://hooks.example.com/in',
      events: ['customer.created', 'policy.created'],
      secret: 'whsec_test',
    });
    const header = 'policy_number,policy_type,insurance_company,customer_name,customer_email,premium_amount,coverage_amount,deductible,start_date,vehicle_make,vehicle_model,vehicle_year,vin_number,driver_license';
    const csv = [header, ...[1, 2, 3].map((n) => `HOOK-${n},car,Acme,Hook ${n},hook${n % 2}@example.com,10.00,1000,10,2025-01-01,Ford,Focus,2019,VIN${n},DL${n}`)].join('\n');
    expect(await finished(u, await start(u, csv, { kind: 'policies' }))).toMatchObject({ imported: 3 });
    const queued = await t.db.select({ type: webhookDeliveries.eventType }).from(webhookDeliveries).where(eq(webhookDeliveries.agencyId, me.agency.id));
    expect(queued.map((q) => q.type).sort()).toEqual(['customer.created', 'customer.created', 'policy.created', 'policy.created', 'policy.created']);
  });

  it('one import at a time per agency', async () => {
    const u = await createUser(t, { tier: 'professional' });
    const done = await finished(u, await start(u, 'name,email\nP,p@example.com\n'));
    const [{ agencyId }] = await t.db.select({ agencyId: importJobs.agencyId }).from(importJobs).where(eq(importJobs.id, done.id));
    // an import still running in the agency (a large file, or one started from another tab)
    const [running] = await t.db.insert(importJobs).values({ agencyId, kind: 'customers', fileName: 'big.csv', duplicates: 'skip' }).returning();
    const second = await start(u, 'name,email\nQ,q@example.com\n');
    expect(second.status).toBe(409);
    expect((await json(second)).error.message).toBe(IMPORT_TEXT.busy);
    // the database holds the rule even for writers that skip the service
    await expect(t.db.insert(importJobs).values({ agencyId, kind: 'customers', fileName: 'b', duplicates: 'skip' })).rejects.toThrow();
    // a job cut off by a restart stops blocking the agency after an hour
    await t.db.update(importJobs).set({ createdAt: sql`now() - interval '61 minutes'` }).where(eq(importJobs.id, running.id));
    expect(await finished(u, await start(u, 'name,email\nQ,q@example.com\n'))).toMatchObject({ imported: 1 });
    const [stale] = await t.db.select().from(importJobs).where(eq(importJobs.id, running.id));
    expect(stale).toMatchObject({ status: 'failed', message: IMPORT_TEXT.interrupted });
  });
});

describe('access', () => {
  it('a starter user gets 403; another agency cannot see a job', async () => {
    expect((await start(starter, 'name,email\nA,a@example.com\n')).status).toBe(403);
    const latest = await json<{ job: ImportJob }>(await t.request('/api/imports/latest', { cookie: agent.cookie }));
    expect((await t.request(`/api/imports/${latest.job.id}`, { cookie: other.cookie })).status).toBe(404);
    expect((await t.request(`/api/imports/${latest.job.id}/undo`, { cookie: other.cookie, method: 'POST' })).status).toBe(404);
  });
});

describe('round trip', () => {
  it('export, import into a new agency: the books are equal', async () => {
    const from = await createUser(t, { tier: 'business' });
    await createCustomer(t.request, from.cookie, { name: '=Formula Person', email: 'formula@example.com', phone: '+1 555 0100', city: 'Town', notes: 'a, "quoted"\nnote' });
    await createPolicy(t.request, from.cookie, { customer_email: 'formula@example.com', customer_name: '=Formula Person', premium_amount: '1234.56' });
    // a term in force: an ended one is exported as Expired, whoever had bound it (issue 29)
    await createPolicy(t.request, from.cookie, { policy_type: 'fire', status: 'pending', premium_amount: '0.10', start_date: new Date().toISOString().slice(0, 10) });
    const files = readZip(new Uint8Array(await (await t.request('/api/export', { cookie: from.cookie })).arrayBuffer()));

    const to = await createUser(t, { tier: 'business' });
    expect(await finished(to, await start(to, files.get('customers.csv')!, {}, 'customers.csv'))).toMatchObject({ imported: 2, failed: 0 });
    expect(await finished(to, await start(to, files.get('policies.csv')!, { kind: 'policies' }, 'policies.csv'))).toMatchObject({ imported: 2, failed: 0 });

    const customerBook = async (u: TestUser) =>
      (await allCustomers(u)).map(({ name, email, phone, customer_type, address, city, postal_code, date_of_birth, notes }) => ({
        name, email, phone, customer_type, address, city, postal_code, date_of_birth, notes,
      })).sort((a, b) => a.email.localeCompare(b.email));
    const policyBook = async (u: TestUser) => {
      const list = (await json<{ rows: Policy[] }>(await t.request('/api/policies?pageSize=100', { cookie: u.cookie }))).rows;
      const details = await Promise.all(list.map(async (p) => json<PolicyDetail>(await t.request(`/api/policies/${p.id}`, { cookie: u.cookie }))));
      return details
        // ids, times and the assignee (a person of each agency: an import assigns its importer) differ by nature
        .map(({ id: _id, customer_id: _c, created_at: _ca, updated_at: _ua, assignee_id: _ai, assignee_name: _an, customer, ...rest }) => ({ ...rest, customer: customer && { ...customer, id: undefined } }))
        .sort((a, b) => a.policy_number.localeCompare(b.policy_number));
    };
    expect(await customerBook(to)).toEqual(await customerBook(from));
    expect(await policyBook(to)).toEqual(await policyBook(from));
  });
});
