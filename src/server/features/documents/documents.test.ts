// Documents (issue 13): uploads decided by content, the hostile files of the issue, the list, rename,
// move, Trash and restore, the signed links, the quota (and its race), the purge, and tenant isolation.
// With TEST_DATABASE_URL the quota race runs on PostgreSQL, where the requests really overlap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { DOCUMENT_TEXT, DOCX, XLSX, TRASH_DAYS, formatStorage } from '#shared/documents.ts';
import { TEXT_RULE_TEXT } from '#shared/validation.ts';
import { DOCUMENT_QUOTA_BYTES } from '#shared/tiers.ts';
import { activityLog, documents } from '#server/db/schema.ts';
import { signDocumentLink } from '#server/files.ts';
import { createCustomer, createPolicy, type Call } from '#server/test/factories.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';
import { EXE, GIF, HTML, JPEG, PDF, PNG, pdfOfSize } from '../payments/fixtures.ts';
import { officeType } from '#server/platform/file-type.ts';
import { runDocumentPurge } from './purge.ts';

const MB = 1024 * 1024;
const DAY = 24 * 3600 * 1000;

let t: TestContext;
let owner: TestUser;
let other: TestUser;
let starter: TestUser;
let agencyId: string;
let customerId: string;
let policyId: string;
let call: Call;

export function office(kind: 'docx' | 'xlsx', extra: Record<string, Uint8Array> = {}): Uint8Array {
  const xml = new TextEncoder().encode('<?xml version="1.0"?><x/>');
  const parts: Record<string, Uint8Array> = { '[Content_Types].xml': xml, ...extra };
  if (kind === 'docx') parts['word/document.xml'] = xml;
  else parts['xl/workbook.xml'] = xml;
  return zipSync(parts);
}

export function upload(ctx: TestContext, cookie: string, bytes: Uint8Array, name: string, fields: Record<string, string>, type = 'application/pdf') {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  fd.append('file', new File([bytes as BlobPart], name, { type }));
  return ctx.request('/api/documents/upload', { method: 'POST', body: fd, cookie });
}

beforeAll(async () => {
  t = await createTestContext();
  call = (p, init) => t.request(p, init);
  owner = await createUser(t, { tier: 'business' });
  other = await createUser(t, { tier: 'business' });
  starter = await createUser(t);
  agencyId = (await json(await t.request('/api/me', { cookie: owner.cookie }))).agency.id;
  const customer = await createCustomer(call, owner.cookie, { name: 'Carla Client' });
  customerId = customer.id;
  const policy = await createPolicy(call, owner.cookie, { customer_name: 'Carla Client', customer_email: customer.email, policy_number: 'DOC-1' });
  policyId = policy.id;
});
afterAll(async () => {
  await t.close();
});

async function uploaded(bytes: Uint8Array, name: string, fields: Record<string, string> = { policy_id: policyId }, type?: string) {
  const res = await upload(t, owner.cookie, bytes, name, fields, type);
  expect(res.status).toBe(201);
  return (await json(res)).document;
}

describe('uploading', () => {
  it('stores a PDF on a policy, with its customer, in the list and the activity log', async () => {
    const doc = await uploaded(PDF, 'Declarations 2026.pdf');
    expect(doc).toMatchObject({ name: 'Declarations 2026.pdf', content_type: 'application/pdf', size: PDF.length, policy_id: policyId, customer_id: customerId });
    const list = await json(await t.request(`/api/documents?policy_id=${policyId}`, { cookie: owner.cookie }));
    expect(list.rows.map((r: { id: string }) => r.id)).toContain(doc.id);
    expect(list.rows.find((r: { id: string }) => r.id === doc.id)).toMatchObject({ policy_number: 'DOC-1', customer_name: 'Carla Client' });
    const [entry] = await t.db.select().from(activityLog).where(and(eq(activityLog.entityId, doc.id), eq(activityLog.action, 'uploaded')));
    expect(entry.summary).toBe(`Uploaded document Declarations 2026.pdf (${formatStorage(PDF.length)}) to policy DOC-1`);
  });

  it('accepts JPEG, PNG, GIF, HEIC, .docx and .xlsx by their content', async () => {
    const heic = new Uint8Array([0, 0, 0, 0x18, ...new TextEncoder().encode('ftypheic'), 0, 0, 0, 0, ...new TextEncoder().encode('mif1heic')]);
    const cases: [Uint8Array, string, string][] = [
      [JPEG, 'id.jpg', 'image/jpeg'],
      [PNG, 'card.png', 'image/png'],
      [GIF, 'a.gif', 'image/gif'],
      [heic, 'IMG_0001.HEIC', 'image/heic'],
      [office('docx'), 'application.docx', DOCX],
      [office('xlsx'), 'schedule.xlsx', XLSX],
    ];
    for (const [bytes, name, type] of cases) expect((await uploaded(bytes, name, { customer_id: customerId })).content_type).toBe(type);
  });

  it('lets the content decide: an image type and name with PDF bytes is stored as a PDF', async () => {
    const doc = await uploaded(PDF, 'photo.png', { customer_id: customerId }, 'image/png');
    expect(doc.content_type).toBe('application/pdf');
    const [row] = await t.db.select().from(documents).where(eq(documents.id, doc.id));
    expect(row.storageName).toBe('photo.png.pdf');
  });

  it.each([
    ['an HTML page renamed .pdf', HTML, 'invoice.pdf'],
    ['an EXE renamed .pdf', EXE, 'invoice.pdf'],
    ['a zip that is no Office file, named .docx', new Uint8Array(zipSync({ 'a.txt': new Uint8Array([1]) })), 'letter.docx'],
  ])('refuses %s', async (_label, bytes, name) => {
    const before = (await t.db.select().from(documents)).length;
    const res = await upload(t, owner.cookie, bytes, name, { policy_id: policyId });
    expect(res.status).toBe(400);
    expect((await json(res)).error).toMatchObject({ code: 'INVALID_FILE_TYPE', message: DOCUMENT_TEXT.invalidFile, fields: { file: DOCUMENT_TEXT.invalidFile } });
    expect(await t.db.select().from(documents)).toHaveLength(before);
  });

  it('refuses a zip bomb named .docx from its central directory, before inflating anything', async () => {
    // 24 MB of zeros packs into ~24 KB: a ratio of ~1000
    const bomb = office('docx', { 'word/media/image1.bin': new Uint8Array(24 * MB) });
    expect(bomb.length).toBeLessThan(1 * MB);
    const res = await upload(t, owner.cookie, bomb, 'contract.docx', { policy_id: policyId }, DOCX);
    expect(res.status).toBe(400);
    expect((await json(res)).error.message).toBe(DOCUMENT_TEXT.zipBomb);
    // too many entries, and a directory that promises more than the total (sizes patched in place)
    const many: Record<string, Uint8Array> = {};
    for (let i = 0; i < 5001; i++) many[`xl/p${i}.xml`] = new Uint8Array(1);
    expect(officeType(office('xlsx', many))).toBe('bomb');
    const lying = office('docx');
    const view = new DataView(lying.buffer);
    for (let at = 0; at < lying.length - 4; at++) if (view.getUint32(at, true) === 0x02014b50) view.setUint32(at + 24, 0xfffffff0, true);
    expect(officeType(lying)).toBe('bomb');
    expect(officeType(office('docx'))).toBe(DOCX);
  });

  it('refuses a 26 MB file with the size message, and an empty one', async () => {
    let res = await upload(t, owner.cookie, pdfOfSize(26 * MB), 'big.pdf', { policy_id: policyId });
    expect(res.status).toBe(413);
    expect((await json(res)).error).toMatchObject({ code: 'FILE_TOO_LARGE', message: DOCUMENT_TEXT.tooLarge });
    res = await upload(t, owner.cookie, new Uint8Array(0), 'empty.pdf', { policy_id: policyId });
    expect(res.status).toBe(400);
    expect((await json(res)).error.message).toBe(DOCUMENT_TEXT.emptyFile);
  });

  it('cleans a name with ../: no path; the storage name is safe too; a NUL in the name refuses the file', async () => {
    const boundary = '----doc-boundary';
    const enc = new TextEncoder();
    const send = (filename: string) => {
      const head = enc.encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="policy_id"\r\n\r\n${policyId}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`,
      );
      const tail = enc.encode(`\r\n--${boundary}--\r\n`);
      const body = new Uint8Array([...head, ...PDF, ...tail]);
      return t.request('/api/documents/upload', { method: 'POST', body, cookie: owner.cookie, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    };
    let res = await send('../../etc/passwd Q1.pdf');
    expect(res.status).toBe(201);
    const doc = (await json(res)).document;
    expect(doc.name).toBe('passwd Q1.pdf');
    const [row] = await t.db.select().from(documents).where(eq(documents.id, doc.id));
    expect(row.storageKey).toMatch(new RegExp(`^documents/${agencyId}/[0-9a-f-]{36}-passwd Q1\\.pdf$`));
    // no browser sends a control character in a part header: the multipart reader refuses it as that file's fault
    res = await send('pass\0wd.pdf');
    expect(res.status).toBe(400);
    expect((await json(res)).error.fields.file).toBe(DOCUMENT_TEXT.invalidFile);
  });

  it('needs a file and a target of the agency, with their messages', async () => {
    let res = await upload(t, owner.cookie, PDF, 'a.pdf', {});
    expect(res.status).toBe(400);
    expect((await json(res)).error.fields.customer_id).toBe(DOCUMENT_TEXT.targetRequired);
    const fd = new FormData();
    fd.append('policy_id', policyId);
    res = await t.request('/api/documents/upload', { method: 'POST', body: fd, cookie: owner.cookie });
    expect(res.status).toBe(400);
    expect((await json(res)).error.message).toBe(DOCUMENT_TEXT.fileRequired);
    const theirs = await createCustomer(call, other.cookie);
    res = await upload(t, owner.cookie, PDF, 'a.pdf', { customer_id: theirs.id });
    expect(res.status).toBe(404);
    expect((await json(res)).error.message).toBe(DOCUMENT_TEXT.customerNotFound);
  });

  it('takes one file per request, and refuses an unknown policy', async () => {
    const fd = new FormData();
    fd.append('policy_id', policyId);
    fd.append('file', new File([PDF as BlobPart], 'a.pdf'));
    fd.append('file', new File([PDF as BlobPart], 'b.pdf'));
    let res = await t.request('/api/documents/upload', { method: 'POST', body: fd, cookie: owner.cookie });
    expect(res.status).toBe(400);
    expect((await json(res)).error).toMatchObject({ code: 'TOO_MANY_FILES', message: DOCUMENT_TEXT.oneFile });
    res = await upload(t, owner.cookie, PDF, 'a.pdf', { policy_id: '00000000-0000-4000-8000-000000000000' });
    expect(res.status).toBe(404);
    expect((await json(res)).error.message).toBe(DOCUMENT_TEXT.policyNotFound);
  });

  it("removes an agency's document bytes with the account that owns it", async () => {
    const u = await createUser(t, { tier: 'business', company: 'Closing Agency' });
    const c = await createCustomer(call, u.cookie);
    const res = await upload(t, u.cookie, PDF, 'kept.pdf', { customer_id: c.id });
    const [row] = await t.db.select().from(documents).where(eq(documents.id, (await json(res)).document.id));
    expect(await t.deps.storage.get(row.storageKey)).not.toBeNull();
    const gone = await t.request('/api/settings/delete-account', { json: { password: u.password, agency_name: 'Closing Agency' }, cookie: u.cookie });
    expect(gone.status).toBe(200);
    expect(await t.db.select().from(documents).where(eq(documents.id, row.id))).toHaveLength(0);
    expect(await t.deps.storage.get(row.storageKey)).toBeNull();
  });

  it('refuses a plan below Business with 403, on every route', async () => {
    for (const [p, method] of [['/api/documents', 'GET'], ['/api/documents/usage', 'GET'], ['/api/documents/upload', 'POST']] as const) {
      const res = await t.request(p, { method, cookie: starter.cookie, ...(method === 'POST' ? { body: new FormData() } : {}) });
      expect(res.status).toBe(403);
    }
  });
});

describe('rename, move, Trash and restore', () => {
  it('renames with validation, moves within the agency only, and logs each', async () => {
    const doc = await uploaded(PDF, 'scan.pdf');
    let res = await t.request(`/api/documents/${doc.id}`, { method: 'PATCH', cookie: owner.cookie, json: { name: '  ' } });
    expect((await json(res)).error.fields.name).toBe(DOCUMENT_TEXT.nameRequired);
    res = await t.request(`/api/documents/${doc.id}`, { method: 'PATCH', cookie: owner.cookie, json: { name: 'a\u0000b' } });
    expect((await json(res)).error.fields.name).toBe(TEXT_RULE_TEXT.controlCharacters);
    res = await t.request(`/api/documents/${doc.id}`, { method: 'PATCH', cookie: owner.cookie, json: { name: 'Signed application' } });
    expect((await json(res)).document.name).toBe('Signed application');

    const second = await createCustomer(call, owner.cookie, { name: 'Bob Buyer' });
    res = await t.request(`/api/documents/${doc.id}/target`, { method: 'PUT', cookie: owner.cookie, json: { customer_id: second.id } });
    expect((await json(res)).document).toMatchObject({ customer_id: second.id, policy_id: null });
    res = await t.request(`/api/documents/${doc.id}/target`, { method: 'PUT', cookie: owner.cookie, json: { customer_id: '' } });
    expect((await json(res)).error.fields.customer_id).toBe(DOCUMENT_TEXT.targetRequired);
    const theirPolicy = await createPolicy(call, other.cookie);
    res = await t.request(`/api/documents/${doc.id}/target`, { method: 'PUT', cookie: owner.cookie, json: { policy_id: theirPolicy.id } });
    expect(res.status).toBe(404);
    const actions = (await t.db.select().from(activityLog).where(eq(activityLog.entityId, doc.id))).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['uploaded', 'renamed', 'moved']));
  });

  it('moves a deleted document to the Trash, restores it within 30 days, refuses after', async () => {
    const doc = await uploaded(PDF, 'id-card.pdf');
    expect((await t.request(`/api/documents/${doc.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(200);
    let list = await json(await t.request('/api/documents', { cookie: owner.cookie }));
    expect(list.rows.map((r: { id: string }) => r.id)).not.toContain(doc.id);
    list = await json(await t.request('/api/documents?view=trash', { cookie: owner.cookie }));
    expect(list.rows.find((r: { id: string }) => r.id === doc.id).purge_at).toBeTruthy();
    let res = await t.request(`/api/documents/${doc.id}/restore`, { method: 'POST', cookie: owner.cookie });
    expect((await json(res)).document.deleted_at).toBeNull();
    res = await t.request(`/api/documents/${doc.id}/restore`, { method: 'POST', cookie: owner.cookie });
    expect(res.status).toBe(404);

    await t.request(`/api/documents/${doc.id}`, { method: 'DELETE', cookie: owner.cookie });
    await t.db.update(documents).set({ deletedAt: new Date(Date.now() - (TRASH_DAYS * DAY + 60_000)) }).where(eq(documents.id, doc.id));
    res = await t.request(`/api/documents/${doc.id}/restore`, { method: 'POST', cookie: owner.cookie });
    expect(res.status).toBe(410);
    expect((await json(res)).error.message).toBe(DOCUMENT_TEXT.trashExpired);
    const actions = (await t.db.select().from(activityLog).where(eq(activityLog.entityId, doc.id))).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['deleted', 'restored']));
  });

  it('moves updated_at when a document goes to the Trash, by hand or with its customer (updated_since and the feed see it)', async () => {
    const customer = await createCustomer(call, owner.cookie, { name: 'Trash Clock' });
    const mine = await uploaded(PDF, 'clock.pdf');
    const withCustomer = await uploaded(PDF, 'clock-customer.pdf', { customer_id: customer.id });
    const past = new Date(Date.now() - DAY);
    for (const d of [mine, withCustomer]) await t.db.update(documents).set({ updatedAt: past }).where(eq(documents.id, d.id));
    await t.request(`/api/documents/${mine.id}`, { method: 'DELETE', cookie: owner.cookie });
    await t.request(`/api/customers/${customer.id}`, { method: 'DELETE', cookie: owner.cookie });
    for (const d of [mine, withCustomer]) {
      const [row] = await t.db.select().from(documents).where(eq(documents.id, d.id));
      expect(row.deletedAt).not.toBeNull();
      expect(row.updatedAt.getTime()).toBeGreaterThan(past.getTime());
    }
  });

  it('purges bytes and rows 30 days after deletion, and nothing younger', async () => {
    const old = await uploaded(PDF, 'old.pdf');
    const young = await uploaded(PDF, 'young.pdf');
    for (const d of [old, young]) await t.request(`/api/documents/${d.id}`, { method: 'DELETE', cookie: owner.cookie });
    await t.db.update(documents).set({ deletedAt: new Date(Date.now() - (TRASH_DAYS * DAY + 1000)) }).where(eq(documents.id, old.id));
    const [oldRow] = await t.db.select().from(documents).where(eq(documents.id, old.id));
    expect(await t.deps.storage.get(oldRow.storageKey)).not.toBeNull();
    const result = await runDocumentPurge(t.deps);
    expect(result.ran).toBe(true);
    expect(result.purged).toBeGreaterThanOrEqual(1);
    expect(await t.deps.storage.get(oldRow.storageKey)).toBeNull();
    expect(await t.db.select().from(documents).where(eq(documents.id, old.id))).toHaveLength(0);
    expect(await t.db.select().from(documents).where(eq(documents.id, young.id))).toHaveLength(1);
    // a reservation left by an upload that died half-way is freed a day later, a fresh one is kept
    const [stale, fresh] = await t.db
      .insert(documents)
      .values([
        { agencyId, name: 'stale', storageName: 'stale.pdf', storageKey: `documents/${agencyId}/stale.pdf`, contentType: 'application/pdf', size: 10, createdAt: new Date(Date.now() - 2 * DAY) },
        { agencyId, name: 'fresh', storageName: 'fresh.pdf', storageKey: `documents/${agencyId}/fresh.pdf`, contentType: 'application/pdf', size: 10 },
      ])
      .returning();
    await runDocumentPurge(t.deps);
    expect(await t.db.select().from(documents).where(eq(documents.id, stale.id))).toHaveLength(0);
    expect(await t.db.select().from(documents).where(eq(documents.id, fresh.id))).toHaveLength(1);
    await t.db.delete(documents).where(eq(documents.id, fresh.id));
  });

  it("keeps a removed policy's and customer's documents in the Trash, restorable", async () => {
    const customer = await createCustomer(call, owner.cookie, { name: 'Leaving Customer' });
    const policy = await createPolicy(call, owner.cookie, { customer_name: 'Leaving Customer', customer_email: customer.email });
    const onPolicy = await uploaded(PDF, 'policy.pdf', { policy_id: policy.id });
    const onCustomer = await uploaded(PDF, 'customer.pdf', { customer_id: customer.id });
    expect((await t.request(`/api/policies/${policy.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(200);
    expect((await t.request(`/api/customers/${customer.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(200);
    const trash = await json(await t.request('/api/documents?view=trash&pageSize=100', { cookie: owner.cookie }));
    const ids = trash.rows.map((r: { id: string }) => r.id);
    expect(ids).toEqual(expect.arrayContaining([onPolicy.id, onCustomer.id]));
    const res = await t.request(`/api/documents/${onPolicy.id}/restore`, { method: 'POST', cookie: owner.cookie });
    expect((await json(res)).document).toMatchObject({ policy_id: null, deleted_at: null });
  });
});

describe('signed links', () => {
  it('previews and downloads through a 300 s link bound to the user and agency, and logs it', async () => {
    const doc = await uploaded(PNG, 'card.png', { policy_id: policyId }, 'image/png');
    let link = await json(await t.request(`/api/documents/${doc.id}/link`, { cookie: owner.cookie }));
    expect(new Date(link.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(300_000);
    let res = await t.request(link.url, { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG);
    link = await json(await t.request(`/api/documents/${doc.id}/link?disposition=attachment`, { cookie: owner.cookie }));
    res = await t.request(link.url, { cookie: owner.cookie });
    expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);
    const actions = (await t.db.select().from(activityLog).where(eq(activityLog.entityId, doc.id))).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['viewed', 'downloaded']));
    // Word files only download
    const word = await uploaded(office('docx'), 'letter.docx');
    expect((await t.request(`/api/documents/${word.id}/link`, { cookie: owner.cookie })).status).toBe(400);
    expect((await t.request(`/api/documents/${word.id}/link?disposition=attachment`, { cookie: owner.cookie })).status).toBe(200);
  });

  it('refuses an expired or tampered link, and a link of another agency', async () => {
    const doc = await uploaded(PDF, 'x.pdf');
    const now = Math.floor(Date.now() / 1000);
    let res = await t.request(signDocumentLink(t.config.authSecret, doc.id, owner.id, agencyId, now - 1, 'inline'), { cookie: owner.cookie });
    expect(res.status).toBe(403);
    expect((await json(res)).error.code).toBe('LINK_EXPIRED');
    const good = signDocumentLink(t.config.authSecret, doc.id, owner.id, agencyId, now + 200, 'inline');
    expect((await t.request(good, { cookie: owner.cookie })).status).toBe(200);
    // tampered: the signature's first character changed (to another one: 1 run in 64 it was already 'A')
    const tampered = good.replace(/sig=(.)/, (_, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
    expect(tampered).not.toBe(good);
    for (const bad of [tampered, good.replace('disposition=inline', 'disposition=attachment'), good.replace(`expires=${now + 200}`, `expires=${now + 250}`)])
      expect((await t.request(bad, { cookie: owner.cookie })).status).toBe(404);
    // beyond 300 s even when correctly signed
    res = await t.request(signDocumentLink(t.config.authSecret, doc.id, owner.id, agencyId, now + 3600, 'inline'), { cookie: owner.cookie });
    expect(res.status).toBe(404);
    // another agency: the link is not theirs, and a link signed for them still finds nothing
    expect((await t.request(good, { cookie: other.cookie })).status).toBe(404);
    const otherAgency = (await json(await t.request('/api/me', { cookie: other.cookie }))).agency.id;
    expect((await t.request(signDocumentLink(t.config.authSecret, doc.id, other.id, otherAgency, now + 200, 'inline'), { cookie: other.cookie })).status).toBe(404);
  });

  it("gives another agency 404 for the document's id everywhere, and changes nothing", async () => {
    const doc = await uploaded(PDF, 'private.pdf');
    const cookie = other.cookie;
    const attempts = [
      t.request(`/api/documents/${doc.id}/link`, { cookie }),
      t.request(`/api/documents/${doc.id}`, { method: 'PATCH', cookie, json: { name: 'Mine' } }),
      t.request(`/api/documents/${doc.id}/target`, { method: 'PUT', cookie, json: { customer_id: customerId } }),
      t.request(`/api/documents/${doc.id}`, { method: 'DELETE', cookie }),
      t.request(`/api/documents/${doc.id}/restore`, { method: 'POST', cookie }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.status).toBe(404);
    const list = await json(await t.request('/api/documents?pageSize=100', { cookie }));
    expect(list.rows.map((r: { id: string }) => r.id)).not.toContain(doc.id);
    const [row] = await t.db.select().from(documents).where(eq(documents.id, doc.id));
    expect(row).toMatchObject({ name: 'private.pdf', deletedAt: null });
  });
});

describe('list', () => {
  it('searches by name, filters by type and uploader, sorts by size', async () => {
    await uploaded(pdfOfSize(5000), 'Quarterly zebra report.pdf');
    await uploaded(JPEG, 'zebra photo.jpg', { customer_id: customerId }, 'image/jpeg');
    let list = await json(await t.request('/api/documents?search=ZEBRA', { cookie: owner.cookie }));
    expect(list.rows.map((r: { name: string }) => r.name).sort()).toEqual(['Quarterly zebra report.pdf', 'zebra photo.jpg']);
    list = await json(await t.request('/api/documents?search=zebra&type=image', { cookie: owner.cookie }));
    expect(list.rows.map((r: { name: string }) => r.name)).toEqual(['zebra photo.jpg']);
    list = await json(await t.request('/api/documents?search=zebra&sort=size.desc', { cookie: owner.cookie }));
    expect(list.rows[0].name).toBe('Quarterly zebra report.pdf');
    list = await json(await t.request(`/api/documents?search=zebra&uploaded_by=${other.id}`, { cookie: owner.cookie }));
    expect(list.rows).toHaveLength(0);
    list = await json(await t.request(`/api/documents?search=zebra&uploaded_by=${owner.id}`, { cookie: owner.cookie }));
    expect(list.rows).toHaveLength(2);
    expect(list.rows[0].uploaded_by_name).toBeTruthy();
    const res = await t.request('/api/documents?sort=bogus.asc', { cookie: owner.cookie });
    expect(res.status).toBe(400);
  });
});

describe('quota', () => {
  /** Fills the agency's storage up to `free` bytes below the quota with rows of no real bytes. */
  async function fillTo(user: TestUser, free: number) {
    const agency = (await json(await t.request('/api/me', { cookie: user.cookie }))).agency.id;
    const used = (await json(await t.request('/api/documents/usage', { cookie: user.cookie }))).used;
    let left = DOCUMENT_QUOTA_BYTES.business - used - free;
    let i = 0;
    while (left > 0) {
      const size = Math.min(left, 2_000_000_000);
      await t.db.insert(documents).values({ agencyId: agency, name: `filler-${i}`, storageName: 'filler.pdf', storageKey: `filler/${agency}/${i}`, contentType: 'application/pdf', size, status: 'ready' });
      left -= size;
      i += 1;
    }
  }

  it('refuses an upload that would pass the quota before storing it, with a clear message', async () => {
    const u = await createUser(t, { tier: 'business' });
    const c = await createCustomer(call, u.cookie);
    await fillTo(u, 1000);
    const usage = await json(await t.request('/api/documents/usage', { cookie: u.cookie }));
    expect(usage).toEqual({ used: DOCUMENT_QUOTA_BYTES.business - 1000, quota: DOCUMENT_QUOTA_BYTES.business });
    const res = await upload(t, u.cookie, pdfOfSize(2000), 'too-much.pdf', { customer_id: c.id });
    expect(res.status).toBe(413);
    expect((await json(res)).error).toMatchObject({ code: 'QUOTA_EXCEEDED', message: DOCUMENT_TEXT.quotaExceeded('1000 B') });
    expect(await t.db.select().from(documents).where(eq(documents.name, 'too-much.pdf'))).toHaveLength(0);
    expect((await upload(t, u.cookie, pdfOfSize(900), 'fits.pdf', { customer_id: c.id })).status).toBe(201);
  });

  it('refuses by the declared Content-Length before parsing the body (read and dropped up to 64 MB, not past it)', async () => {
    const u = await createUser(t, { tier: 'business' });
    await fillTo(u, 100 * 1024);
    const before = await t.db.select({ id: documents.id }).from(documents);
    for (const declared of [5 * MB, 70 * MB]) {
      let pulled = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled += 64 * 1024;
          controller.enqueue(new Uint8Array(64 * 1024));
        },
      });
      const res = await t.app.request('/api/documents/upload', {
        method: 'POST',
        body,
        headers: { cookie: u.cookie, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(declared) },
        duplex: 'half',
      } as RequestInit);
      expect(res.status).toBe(413);
      expect((await json(res)).error.code).toBe('QUOTA_EXCEEDED');
      expect(res.headers.get('connection')).toBe('close');
      // within the bound the client is read to its declared end, so it gets this answer, not a reset
      if (declared < 64 * MB) expect(pulled).toBeGreaterThanOrEqual(declared);
      else expect(pulled).toBeLessThanOrEqual(64 * 1024);
    }
    expect(await t.db.select({ id: documents.id }).from(documents)).toHaveLength(before.length);
  });

  it('of parallel uploads that together would pass the quota, stores only the one that fits', async () => {
    const u = await createUser(t, { tier: 'business' });
    const c = await createCustomer(call, u.cookie);
    await fillTo(u, 30_000);
    const results = await Promise.all([1, 2, 3].map((i) => upload(t, u.cookie, pdfOfSize(20_000), `race-${i}.pdf`, { customer_id: c.id })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 413, 413]);
    const usage = await json(await t.request('/api/documents/usage', { cookie: u.cookie }));
    expect(usage.used).toBeLessThanOrEqual(usage.quota);
  });
});
