// /api/v1 writes by upload (issue 34 §3): a document into a customer or a policy, and a premium
// payment with its receipts — the web's pipelines (bytes typed by content, size, quota), the
// `documents` and `premium_payments` write scopes, Idempotency-Key, another agency's ids (404) and NUL bytes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API_TEXT } from '#shared/api-keys.ts';
import { DOCUMENT_TEXT } from '#shared/documents.ts';
import { PREMIUM_TEXT } from '#shared/premium-payments.ts';
import { DOCUMENT_QUOTA_BYTES } from '#shared/tiers.ts';
import { documents, premiumPayments } from '#server/db/schema.ts';
import { carPolicyPayload, customerPayload } from '#server/test/factories.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';
import { EXE, PDF, PNG, pdfOfSize } from '#server/features/payments/fixtures.ts';

let t: TestContext;
let owner: TestUser;
let rival: TestUser;
let key: string;
let rivalKey: string;
let readKey: string;

const WRITE = { customers: 'write', policies: 'write', documents: 'write', premium_payments: 'write' };

async function newKey(u: TestUser, scopes: Record<string, string>): Promise<string> {
  const res = await t.request('/api/api-keys', { cookie: u.cookie, json: { name: 'Uploads', scopes } });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json(res)).key;
}
const ok = async (res: Response, status = 200) => {
  expect(res.status, await res.clone().text()).toBe(status);
  return json(res);
};
const post = (k: string, path: string, fields: Record<string, string>, files: { field: string; bytes: Uint8Array; name: string; type?: string }[], headers: Record<string, string> = {}) => {
  const fd = new FormData();
  for (const [name, value] of Object.entries(fields)) fd.append(name, value);
  for (const f of files) fd.append(f.field, new File([f.bytes as BlobPart], f.name, { type: f.type ?? 'application/pdf' }));
  return t.request(`/api/v1${path}`, { method: 'POST', body: fd, headers: { authorization: `Bearer ${k}`, ...headers } });
};
const doc = (bytes: Uint8Array, name: string, type?: string) => [{ field: 'file', bytes, name, type }];

beforeAll(async () => {
  t = await createTestContext();
  owner = await createUser(t, { tier: 'enterprise' });
  rival = await createUser(t, { tier: 'enterprise' });
  key = await newKey(owner, WRITE);
  rivalKey = await newKey(rival, WRITE);
  readKey = await newKey(owner, { documents: 'read', premium_payments: 'read', policies: 'read' });
}, 120_000);
afterAll(async () => t.close());

describe('POST /api/v1/documents', () => {
  it('stores a file into a policy (its customer along), once per Idempotency-Key, and lists it', async () => {
    const policy = await ok(await t.request('/api/v1/policies', { json: carPolicyPayload(), headers: { authorization: `Bearer ${key}` } }), 201);
    const first = await ok(await post(key, '/documents', { policy_id: policy.id }, doc(PDF, 'Declarations.pdf'), { 'Idempotency-Key': 'doc-1' }), 201);
    expect(first).toMatchObject({ name: 'Declarations.pdf', content_type: 'application/pdf', size: PDF.length, policy_id: policy.id, customer_id: policy.customer_id, policy_number: policy.policy_number });
    // a retry (another boundary, the same fields and bytes): the first answer, no second document
    const again = await post(key, '/documents', { policy_id: policy.id }, doc(PDF, 'Declarations.pdf'), { 'Idempotency-Key': 'doc-1' });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await ok(again, 201)).toEqual(first);
    expect(await t.db.select().from(documents).where(eq(documents.policyId, policy.id))).toHaveLength(1);
    const other = await post(key, '/documents', { policy_id: policy.id }, doc(pdfOfSize(200), 'Declarations.pdf'), { 'Idempotency-Key': 'doc-1' });
    expect(other.status).toBe(409);
    expect((await json(other)).error).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', message: API_TEXT.idempotencyMismatch });
    const listed = await ok(await t.request(`/api/v1/documents?policy_id=${policy.id}`, { headers: { authorization: `Bearer ${readKey}` } }));
    expect(listed.data.map((d: { id: string }) => d.id)).toEqual([first.id]);
  });

  it('types the file by its bytes, needs a target of this agency, refuses NUL bytes, with their messages', async () => {
    const customer = await ok(await t.request('/api/v1/customers', { json: customerPayload(), headers: { authorization: `Bearer ${key}` } }), 201);
    const exe = await post(key, '/documents', { customer_id: customer.id }, doc(EXE, 'invoice.pdf'));
    expect(exe.status).toBe(400);
    expect((await json(exe)).error).toMatchObject({ code: 'INVALID_FILE_TYPE', message: DOCUMENT_TEXT.invalidFile });
    // a PNG named .pdf and declared a PDF is stored as what it is
    expect(await ok(await post(key, '/documents', { customer_id: customer.id }, doc(PNG, 'scan.pdf')), 201)).toMatchObject({ content_type: 'image/png' });
    const none = await post(key, '/documents', {}, doc(PDF, 'x.pdf'));
    expect((await json(none)).error.fields).toEqual({ customer_id: DOCUMENT_TEXT.targetRequired });
    const theirCustomer = await ok(await t.request('/api/v1/customers', { json: customerPayload(), headers: { authorization: `Bearer ${rivalKey}` } }), 201);
    const theirPolicy = await ok(await t.request('/api/v1/policies', { json: carPolicyPayload(), headers: { authorization: `Bearer ${rivalKey}` } }), 201);
    for (const [field, id, message] of [['customer_id', theirCustomer.id, DOCUMENT_TEXT.customerNotFound], ['policy_id', theirPolicy.id, DOCUMENT_TEXT.policyNotFound]]) {
      const res = await post(key, '/documents', { [field]: id }, doc(PDF, 'x.pdf'));
      expect(res.status, field).toBe(404);
      expect((await json(res)).error.message).toBe(message);
    }
    expect((await post(key, '/documents', { customer_id: `${customer.id}\u0000` }, doc(PDF, 'x.pdf'))).status).toBe(400);
    expect((await post(key, '/documents', { customer_id: customer.id }, doc(PDF, 'a\u0000b.pdf'))).status).toBe(400);
  });

  it("refuses a file over the agency's quota with 413, storing nothing", async () => {
    const u = await createUser(t, { tier: 'enterprise' });
    const k = await newKey(u, WRITE);
    const customer = await ok(await t.request('/api/v1/customers', { json: customerPayload(), headers: { authorization: `Bearer ${k}` } }), 201);
    const agencyId = (await json(await t.request('/api/me', { cookie: u.cookie }))).agency.id;
    let left = DOCUMENT_QUOTA_BYTES.enterprise - 1000;
    for (let i = 0; left > 0; i += 1) {
      const size = Math.min(left, 2_000_000_000);
      await t.db.insert(documents).values({ agencyId, name: `filler-${i}`, storageName: 'f.pdf', storageKey: `filler/${agencyId}/${i}`, contentType: 'application/pdf', size, status: 'ready' });
      left -= size;
    }
    const res = await post(k, '/documents', { customer_id: customer.id }, doc(pdfOfSize(2000), 'too-much.pdf'), { 'Idempotency-Key': 'quota' });
    expect(res.status).toBe(413);
    expect((await json(res)).error).toMatchObject({ code: 'QUOTA_EXCEEDED', message: DOCUMENT_TEXT.quotaExceeded('1000 B') });
    expect(await t.db.select().from(documents).where(eq(documents.name, 'too-much.pdf'))).toHaveLength(0);
    // the refused attempt kept no answer: the same key may try again with a file that fits
    expect((await post(k, '/documents', { customer_id: customer.id }, doc(pdfOfSize(900), 'fits.pdf'), { 'Idempotency-Key': 'quota' })).status).toBe(201);
  });

  it('needs documents: write (a read-only key is refused)', async () => {
    const customer = await ok(await t.request('/api/v1/customers', { json: customerPayload(), headers: { authorization: `Bearer ${key}` } }), 201);
    const res = await post(readKey, '/documents', { customer_id: customer.id }, doc(PDF, 'x.pdf'));
    expect(res.status).toBe(403);
    expect((await json(res)).error).toEqual({ code: 'SCOPE_DENIED', message: API_TEXT.scopeDenied('documents', 'write') });
  });
});

describe('POST /api/v1/policies/{id}/premium-payments', () => {
  const fields = { client_name: 'Carla Client', amount: '120.50', payment_date: '2026-11-02', payment_method: 'bank_transfer' };
  const receipt = (bytes = PDF, name = 'receipt.pdf') => ({ field: 'files', bytes, name });

  it('records a payment with its receipts, once per Idempotency-Key, and lists it', async () => {
    const policy = await ok(await t.request('/api/v1/policies', { json: carPolicyPayload(), headers: { authorization: `Bearer ${key}` } }), 201);
    const path = `/policies/${policy.id}/premium-payments`;
    const first = await ok(await post(key, path, fields, [receipt(), receipt(PNG, 'photo.png')], { 'Idempotency-Key': 'pay-1' }), 201);
    expect(first).toMatchObject({ policy_id: policy.id, policy_number: policy.policy_number, amount: '120.50', payment_method: 'bank_transfer', files: [{ file_name: 'receipt.pdf' }, { file_name: 'photo.png', content_type: 'image/png' }] });
    const again = await post(key, path, fields, [receipt(), receipt(PNG, 'photo.png')], { 'Idempotency-Key': 'pay-1' });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await ok(again, 201)).toEqual(first);
    expect(await t.db.select().from(premiumPayments).where(eq(premiumPayments.policyId, policy.id))).toHaveLength(1);
    const listed = await ok(await t.request(`/api/v1${path}`, { headers: { authorization: `Bearer ${readKey}` } }));
    expect(listed.data.map((p: { id: string }) => p.id)).toEqual([first.id]);
  });

  it('names the field of bad input, types receipts by content, refuses NUL bytes and another agency\'s policy', async () => {
    const policy = await ok(await t.request('/api/v1/policies', { json: carPolicyPayload(), headers: { authorization: `Bearer ${key}` } }), 201);
    const path = `/policies/${policy.id}/premium-payments`;
    const zero = await post(key, path, { ...fields, amount: '0' }, [receipt()]);
    expect(zero.status).toBe(400);
    expect((await json(zero)).error.fields).toMatchObject({ amount: PREMIUM_TEXT.amountPositive });
    const noFile = await post(key, path, fields, []);
    expect((await json(noFile)).error.message).toBe(PREMIUM_TEXT.receipt);
    const exe = await post(key, path, fields, [receipt(EXE, 'receipt.pdf')]);
    expect(exe.status).toBe(400);
    expect((await json(exe)).error.message).toBe(PREMIUM_TEXT.invalidFile);
    const six = await post(key, path, fields, Array.from({ length: 6 }, () => receipt()));
    expect((await json(six)).error.message).toBe(PREMIUM_TEXT.tooManyFiles);
    expect((await post(key, path, { ...fields, notes: 'a\u0000b' }, [receipt()])).status).toBe(400);
    const theirs = await ok(await t.request('/api/v1/policies', { json: carPolicyPayload(), headers: { authorization: `Bearer ${rivalKey}` } }), 201);
    expect((await post(key, `/policies/${theirs.id}/premium-payments`, fields, [receipt()])).status).toBe(404);
    expect(await t.db.select().from(premiumPayments).where(eq(premiumPayments.policyId, theirs.id))).toHaveLength(0);
  });

  it('needs premium_payments: write (a read-only key is refused)', async () => {
    const policy = await ok(await t.request('/api/v1/policies', { json: carPolicyPayload(), headers: { authorization: `Bearer ${key}` } }), 201);
    const res = await post(readKey, `/policies/${policy.id}/premium-payments`, fields, [receipt()]);
    expect(res.status).toBe(403);
    expect((await json(res)).error).toEqual({ code: 'SCOPE_DENIED', message: API_TEXT.scopeDenied('premium_payments', 'write') });
  });
});
