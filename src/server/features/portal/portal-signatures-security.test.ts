// Signatures looked at as an attacker and as a verifier would (issue 32): the signed SHA-256 on the
// certificate can be checked against the stored file; a drawn signature claiming huge dimensions is
// refused before it is decoded; a value the signer controls (the user agent) cannot pose as a hash
// row; a document the agent trashed or moved to another customer can no longer be read or signed.
import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { SIGNATURE_TEXT } from '#shared/portal-messages.ts';
import { documents, signatureRequests } from '#server/db/schema.ts';
import { pdfText } from '#server/test/pdf-text.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';
import { portalSteps } from '#server/test/portal-client.ts';

let t: TestContext;
let agent: TestUser;
let steps: ReturnType<typeof portalSteps>;
let contract: Uint8Array;
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** A valid grey PNG of the given size (all white): a few kB of file for millions of pixels. */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width, 0xff)]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}
const dataUrl = (b: Buffer) => `data:image/png;base64,${b.toString('base64')}`;

beforeAll(async () => {
  t = await createTestContext();
  steps = portalSteps(t);
  agent = await createUser(t, { tier: 'business' });
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]).drawText('Named driver form', { x: 50, y: 700, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
  contract = await doc.save();
});
afterAll(() => t.close());

const post = (path: string, body: unknown, cookie: string, userAgent = 'SignTest/1.0') =>
  t.request(path, { json: body, cookie, headers: { 'x-forwarded-for': '198.51.100.9', 'user-agent': userAgent } });
const typed = { full_name: 'Vera Verifier', kind: 'typed', typed: 'Vera Verifier', consent: true };

async function pending(email: string) {
  const customer = await steps.invitedCustomer(agent, email, 'Vera Verifier');
  const documentId = await steps.agentUpload(agent.cookie, { customer_id: customer.id }, 'Driver form.pdf', contract);
  const res = await post(`/api/documents/${documentId}/signature`, {}, agent.cookie);
  expect(res.status, await res.clone().text()).toBe(201);
  return { customer, documentId, request: (await json(res)).request, cookie: await steps.signInClient(email) };
}

async function signedCopy(id: string, cookie: string) {
  const copy = await steps.get(`/api/portal/documents/${id}?download=1`, cookie);
  expect(copy.status).toBe(200);
  return new Uint8Array(await copy.arrayBuffer());
}

describe('signature security', () => {
  it('the signed SHA-256 is the hash of the file’s first bytes, as the certificate says; the user agent cannot pose as a hash', async () => {
    const { request, cookie } = await pending('verify@example.com');
    const fake = 'f'.repeat(64);
    const res = await post(`/api/portal/signatures/${request.id}/sign`, typed, cookie, `Original SHA-256${' '.repeat(200)}${fake}`);
    expect(res.status, await res.clone().text()).toBe(200);
    const signed = (await json(res)).request;
    const bytes = await signedCopy(signed.signed_document_id, cookie);
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(3);
    const text = await pdfText(bytes);
    const length = Number(/the first (\d+) bytes of this file/.exec(text)?.[1]);
    expect(length).toBeGreaterThan(contract.length);
    expect(sha256(bytes.subarray(0, length))).toBe(signed.signed_sha256);
    // the file's first bytes are a PDF of their own: the original pages and the signature page
    expect((await PDFDocument.load(bytes.subarray(0, length))).getPageCount()).toBe(2);
    // read as text, the first "Original SHA-256" row is followed by the real hash, not the signer's
    const lines = text.split('\n').map((l) => l.trim());
    expect(lines[lines.indexOf('Original SHA-256') + 1]).toBe(sha256(contract));
    expect(lines[lines.indexOf('Signed SHA-256') + 1]).toBe(signed.signed_sha256);
  });

  it('refuses a drawn signature whose PNG claims more pixels than a signature pad has (400), before decoding it', async () => {
    const { request, cookie } = await pending('bomb@example.com');
    const big = png(6000, 1000);
    expect(dataUrl(big).length).toBeLessThan(200_000);
    const res = await post(`/api/portal/signatures/${request.id}/sign`, { ...typed, kind: 'drawn', typed: '', drawing: dataUrl(big) }, cookie);
    expect(res.status).toBe(400);
    expect((await json(res)).error.fields.drawing).toBe(SIGNATURE_TEXT.drawingInvalid);
    // a JPEG's bytes behind a PNG data URL: refused the same way
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...Buffer.alloc(40)]);
    const notPng = await post(`/api/portal/signatures/${request.id}/sign`, { ...typed, kind: 'drawn', typed: '', drawing: dataUrl(jpeg) }, cookie);
    expect(notPng.status).toBe(400);
    expect((await json(notPng)).error.fields.drawing).toBe(SIGNATURE_TEXT.drawingInvalid);
    // a pad-sized drawing still signs
    const ok = await post(`/api/portal/signatures/${request.id}/sign`, { ...typed, kind: 'drawn', typed: '', drawing: dataUrl(png(600, 200)) }, cookie);
    expect(ok.status, await ok.clone().text()).toBe(200);
  });

  it('a document the agent trashed, or moved to another customer, can no longer be read or signed (404)', async () => {
    const trashed = await pending('trashed@example.com');
    expect((await t.request(`/api/documents/${trashed.documentId}`, { method: 'DELETE', cookie: agent.cookie })).status).toBeLessThan(300);
    expect((await steps.get(`/api/portal/signatures/${trashed.request.id}/document`, trashed.cookie)).status).toBe(404);
    expect((await post(`/api/portal/signatures/${trashed.request.id}/sign`, typed, trashed.cookie)).status).toBe(404);

    const moved = await pending('moved@example.com');
    const other = await steps.invitedCustomer(agent, 'moved-other@example.com', 'Otto Other');
    await t.db.update(documents).set({ customerId: other.id }).where(eq(documents.id, moved.documentId));
    expect((await steps.get(`/api/portal/signatures/${moved.request.id}/document`, moved.cookie)).status).toBe(404);
    expect((await post(`/api/portal/signatures/${moved.request.id}/sign`, typed, moved.cookie)).status).toBe(404);
    const [row] = await t.db.select().from(signatureRequests).where(eq(signatureRequests.id, moved.request.id));
    expect(row.state).toBe('pending');
  });
});
