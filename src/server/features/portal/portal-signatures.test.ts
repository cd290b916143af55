// Signatures in the client portal (issue 32): the agent sends a PDF, the client reads it and signs
// (typed or drawn) or declines; the signed copy is a new document whose certificate page holds the
// signer, the time, the address and both SHA-256 hashes; the original is unchanged. Reminders,
// expiry after 30 days, every validation message, denials and isolation.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { PORTAL_TEXT } from '#shared/portal.ts';
import { SIGNATURE_TEXT } from '#shared/portal-messages.ts';
import { activityLog, signatureRequests } from '#server/db/schema.ts';
import { setClock } from '#server/platform/clock.ts';
import { pdfText } from '#server/test/pdf-text.ts';
import { createTestContext, createUser, json, waitForMail, type TestContext, type TestUser } from '#server/test/harness.ts';
import { portalSteps } from '#server/test/portal-client.ts';
import { expireSignatures } from './signatures.ts';

let t: TestContext;
let agent: TestUser;
let otherAgency: TestUser;
let steps: ReturnType<typeof portalSteps>;
let contract: Uint8Array;
const PNG = new Uint8Array(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'));
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

beforeAll(async () => {
  t = await createTestContext();
  steps = portalSteps(t);
  agent = await createUser(t, { tier: 'business' });
  otherAgency = await createUser(t, { tier: 'business' });
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  page.drawText('Policy change form: add driver', { x: 50, y: 700, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
  contract = await doc.save();
});
afterAll(async () => {
  setClock(null);
  await t.close();
});

const post = (path: string, body: unknown, cookie: string) => t.request(path, { json: body, cookie, headers: { 'x-forwarded-for': '198.51.100.7', 'user-agent': 'SignTest/1.0' } });
const typed = { full_name: 'Sam Signer', kind: 'typed', typed: 'Sam Signer', consent: true };

/** An invited client with a PDF on their record, sent for signature. */
async function pending(email: string, name = 'Sam Signer') {
  const customer = await steps.invitedCustomer(agent, email, name);
  const documentId = await steps.agentUpload(agent.cookie, { customer_id: customer.id }, 'Change form.pdf', contract);
  const res = await post(`/api/documents/${documentId}/signature`, { message: 'Please sign by Friday.' }, agent.cookie);
  expect(res.status, await res.clone().text()).toBe(201);
  const body = await json(res);
  expect(body.message).toBe(SIGNATURE_TEXT.requested);
  return { customer, documentId, request: body.request, cookie: await steps.signInClient(email) };
}

describe('signatures', () => {
  it('the client reads and signs; the signed copy’s certificate holds both hashes; the original is unchanged', async () => {
    const { customer, documentId, request, cookie } = await pending('signer@example.com');
    const ask = await waitForMail(t, 'signer@example.com', /asks you to sign/);
    expect(ask.text).toContain('Change form.pdf');
    expect(request).toMatchObject({ state: 'pending', document_name: 'Change form.pdf', message: 'Please sign by Friday.' });

    const mine = (await json(await steps.get('/api/portal/signatures', cookie))).requests;
    expect(mine.map((r: { id: string }) => r.id)).toEqual([request.id]);
    const original = await steps.get(`/api/portal/signatures/${request.id}/document`, cookie);
    expect(original.status).toBe(200);
    expect(new Uint8Array(await original.arrayBuffer())).toEqual(contract);

    const res = await post(`/api/portal/signatures/${request.id}/sign`, typed, cookie);
    expect(res.status, await res.clone().text()).toBe(200);
    const signed = (await json(res)).request;
    expect(signed).toMatchObject({ state: 'signed', signer_name: 'Sam Signer', original_sha256: sha256(contract) });
    expect(signed.signed_document_id).toBeTruthy();

    // the client keeps the signed copy; its last page is the certificate
    const copy = await steps.get(`/api/portal/documents/${signed.signed_document_id}?download=1`, cookie);
    expect(copy.status).toBe(200);
    const bytes = new Uint8Array(await copy.arrayBuffer());
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(3);
    const text = await pdfText(bytes);
    for (const fact of ['SIGNATURE CERTIFICATE', 'Sam Signer', 'signer@example.com', '198.51.100.7', 'SignTest/1.0', 'Policy change form: add driver', sha256(contract), signed.signed_sha256])
      expect(text).toContain(fact);
    // the original: same bytes as before
    const again = await t.request(`/api/portal/signatures/${request.id}/document`, { cookie });
    expect(sha256(new Uint8Array(await again.arrayBuffer()))).toBe(sha256(contract));

    // the agent: the list, the bell, both hashes in the activity log
    const list = (await json(await steps.get(`/api/customers/${customer.id}/signatures`, agent.cookie))).requests;
    expect(list[0]).toMatchObject({ state: 'signed', signed_sha256: signed.signed_sha256 });
    const bell = await json(await steps.get('/api/notifications', agent.cookie));
    expect(bell.rows[0]).toMatchObject({ kind: 'signature_answered', title: 'Change form.pdf was signed by the client' });
    const [line] = await t.db.select().from(activityLog).where(and(eq(activityLog.entityId, documentId), like(activityLog.summary, 'Sam Signer signed%')));
    expect(line.summary).toContain(sha256(contract));
    expect(line.summary).toContain(signed.signed_sha256);

    // once only
    const twice = await post(`/api/portal/signatures/${request.id}/sign`, typed, cookie);
    expect(twice.status).toBe(409);
    expect((await json(twice)).error.message).toBe(SIGNATURE_TEXT.notPending);

    // the agent's Documents card marks the signed copy, and it cannot be sent for signature again
    const docs = (await json(await steps.get(`/api/documents?customer_id=${customer.id}`, agent.cookie))).rows as { id: string; signed_copy: boolean }[];
    expect(docs.find((d) => d.id === signed.signed_document_id)?.signed_copy).toBe(true);
    expect(docs.find((d) => d.id === documentId)?.signed_copy).toBe(false);
    const resend = await post(`/api/documents/${signed.signed_document_id}/signature`, {}, agent.cookie);
    expect(resend.status).toBe(409);
    expect((await json(resend)).error.message).toBe(SIGNATURE_TEXT.signedCopy);
  });

  it('takes a drawn signature', async () => {
    const { request, cookie } = await pending('drawer@example.com', 'Dee Drawer');
    const res = await post(`/api/portal/signatures/${request.id}/sign`, { full_name: 'Dee Drawer', kind: 'drawn', drawing: `data:image/png;base64,${Buffer.from(PNG).toString('base64')}`, consent: true }, cookie);
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await json(res)).request.state).toBe('signed');
  });

  it('names every field: full name, signature, drawing, consent (400)', async () => {
    const { request, cookie } = await pending('fields@example.com');
    const sign = (body: unknown) => post(`/api/portal/signatures/${request.id}/sign`, body, cookie);
    const empty = await json(await sign({ full_name: ' ', kind: 'typed', typed: '', consent: false }));
    // all at once: the signature's message too, though other fields are wrong (it was missing before)
    expect(empty.error.fields).toMatchObject({ full_name: SIGNATURE_TEXT.nameRequired, consent: SIGNATURE_TEXT.consentRequired, typed: SIGNATURE_TEXT.signatureRequired });
    const noTyped = await json(await sign({ ...typed, typed: '' }));
    expect(noTyped.error.fields.typed).toBe(SIGNATURE_TEXT.signatureRequired);
    const noKind = await json(await sign({ ...typed, kind: 'stamp' }));
    expect(noKind.error.fields.kind).toBe(SIGNATURE_TEXT.signatureRequired);
    const badDrawing = await json(await sign({ ...typed, kind: 'drawn', drawing: 'data:image/svg+xml;base64,PHN2Zz4=' }));
    expect(badDrawing.error.fields.drawing).toBe(SIGNATURE_TEXT.drawingInvalid);
    const notPng = await sign({ ...typed, kind: 'drawn', drawing: 'data:image/png;base64,AAAA' });
    expect(notPng.status).toBe(400);
    expect((await json(notPng)).error.message).toBe(SIGNATURE_TEXT.drawingInvalid);
    expect((await t.db.select().from(signatureRequests).where(eq(signatureRequests.id, request.id)))[0].state).toBe('pending');
  });

  it('the client declines; the agent is told', async () => {
    const { request, cookie } = await pending('decliner@example.com', 'Del Decliner');
    const res = await post(`/api/portal/signatures/${request.id}/decline`, { reason: 'The address is wrong.' }, cookie);
    expect(res.status).toBe(200);
    expect((await json(res)).request).toMatchObject({ state: 'declined', decline_reason: 'The address is wrong.' });
    const bell = await json(await steps.get('/api/notifications', agent.cookie));
    expect(bell.rows[0].title).toBe('Change form.pdf was declined by the client');
    expect((await post(`/api/portal/signatures/${request.id}/sign`, typed, cookie)).status).toBe(409);
  });

  it('reminds at most once a day, and expires after 30 days', async () => {
    const { request, cookie } = await pending('late@example.com', 'Lee Late');
    t.mail.sent.length = 0;
    const remind = await t.request(`/api/signature-requests/${request.id}/remind`, { method: 'POST', cookie: agent.cookie });
    expect(remind.status).toBe(200);
    expect((await json(remind)).message).toBe(SIGNATURE_TEXT.reminded);
    await waitForMail(t, 'late@example.com', /^Reminder: .* asks you to sign/);
    const soon = await t.request(`/api/signature-requests/${request.id}/remind`, { method: 'POST', cookie: agent.cookie });
    expect(soon.status).toBe(409);
    expect((await json(soon)).error.message).toBe(SIGNATURE_TEXT.remindTooSoon);

    const later = new Date(Date.now() + 31 * 86_400_000);
    expect(await expireSignatures(t.db, later)).toBeGreaterThanOrEqual(1);
    const [row] = await t.db.select().from(signatureRequests).where(eq(signatureRequests.id, request.id));
    expect(row.state).toBe('expired');
    expect((await post(`/api/portal/signatures/${request.id}/sign`, typed, cookie)).status).toBe(409);
    expect((await t.request(`/api/signature-requests/${request.id}/remind`, { method: 'POST', cookie: agent.cookie })).status).toBe(409);
  });

  it('refuses what cannot be signed: not a PDF, a customer not invited, a second pending request', async () => {
    const customer = await steps.invitedCustomer(agent, 'refuse@example.com');
    const png = await steps.uploadFile('/api/documents/upload', agent.cookie, PNG, 'photo.png', { customer_id: customer.id }, 'image/png');
    const notPdf = await post(`/api/documents/${(await json(png)).document.id}/signature`, {}, agent.cookie);
    expect(notPdf.status).toBe(400);
    expect((await json(notPdf)).error.message).toBe(SIGNATURE_TEXT.notPdf);
    const pdf = await steps.agentUpload(agent.cookie, { customer_id: customer.id }, 'Form.pdf', contract);
    expect((await post(`/api/documents/${pdf}/signature`, {}, agent.cookie)).status).toBe(201);
    const twice = await post(`/api/documents/${pdf}/signature`, {}, agent.cookie);
    expect(twice.status).toBe(409);
    expect((await json(twice)).error.message).toBe(SIGNATURE_TEXT.alreadyPending);
    await t.request(`/api/customers/${customer.id}/portal/revoke`, { method: 'POST', cookie: agent.cookie });
    const other = await steps.agentUpload(agent.cookie, { customer_id: customer.id }, 'Other.pdf', contract);
    const notInvited = await post(`/api/documents/${other}/signature`, {}, agent.cookie);
    expect(notInvited.status).toBe(400);
    expect((await json(notInvited)).error.message).toBe(SIGNATURE_TEXT.notInvited);
    const long = await post(`/api/documents/${other}/signature`, { message: 'x'.repeat(1001) }, agent.cookie);
    expect((await json(long)).error.fields.message).toBe('Must be at most 1000 characters.');
  });

  it('keeps clients and agencies apart (404), and needs the Business plan (403)', async () => {
    const { customer, documentId, request } = await pending('apart@example.com', 'Ada Apart');
    await steps.invitedCustomer(agent, 'apart-neighbour@example.com', 'Nell Neighbour');
    const neighbour = await steps.signInClient('apart-neighbour@example.com');
    expect((await json(await steps.get('/api/portal/signatures', neighbour))).requests).toEqual([]);
    expect((await steps.get(`/api/portal/signatures/${request.id}/document`, neighbour)).status).toBe(404);
    const theirs = await post(`/api/portal/signatures/${request.id}/sign`, typed, neighbour);
    expect(theirs.status).toBe(404);
    expect((await json(theirs)).error.message).toBe(SIGNATURE_TEXT.notFound);
    expect((await post(`/api/portal/signatures/${request.id}/decline`, {}, neighbour)).status).toBe(404);

    const foreign = await post(`/api/documents/${documentId}/signature`, {}, otherAgency.cookie);
    expect(foreign.status).toBe(404);
    expect((await json(foreign)).error.message).toBe(PORTAL_TEXT.documentNotFound);
    expect((await t.request(`/api/signature-requests/${request.id}/remind`, { method: 'POST', cookie: otherAgency.cookie })).status).toBe(404);
    expect((await steps.get(`/api/customers/${customer.id}/signatures`, otherAgency.cookie)).status).toBe(404);
    const pro = await createUser(t, { tier: 'professional' });
    expect((await post(`/api/documents/${documentId}/signature`, {}, pro.cookie)).status).toBe(403);
    // an agent's session is not a client's, nor the other way round
    expect((await steps.get('/api/portal/signatures', agent.cookie)).status).toBe(401);
    expect((await steps.get(`/api/customers/${customer.id}/signatures`, neighbour)).status).toBe(401);
  });
});
