// Uploads are read as they stream in: the fields are checked before any file byte is kept, and the
// limits stop the reading, so a refused upload is never held in memory whole.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PAYMENT_TEXT } from '#shared/payments.ts';
import { PREMIUM_TEXT } from '#shared/premium-payments.ts';
import { premiumPayments, storedFiles } from '#server/db/schema.ts';
import { MultipartError, multipartBoundary, readMultipart } from '#server/platform/multipart.ts';
import { createTestContext, createUser, insertClientPolicy, json, type TestContext, type TestUser } from '#server/test/harness.ts';
import { fileOf, PDF, PNG } from '../payments/fixtures.ts';

const MB = 1024 * 1024;
const BOUNDARY = '----policydesk-test-boundary';

let t: TestContext;
let owner: TestUser;
let agencyId: string;

beforeAll(async () => {
  t = await createTestContext();
  owner = await createUser(t);
  agencyId = (await json(await t.request('/api/me', { cookie: owner.cookie }))).agency.id;
  await insertClientPolicy(t, agencyId, 'POL-9');
});
afterAll(async () => {
  await t.close();
});

/**
 * A multipart body made on demand, 64 KB per pull: the text fields, then one PDF file of `fileBytes`.
 * `pulled` says how much of it the server asked for; `finished` whether it read to the end.
 */
function streamedForm(fields: Record<string, string>, field: string, fileBytes: number) {
  const enc = new TextEncoder();
  let head = '';
  for (const [k, v] of Object.entries(fields)) head += `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`;
  head += `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
  const pieces = [enc.encode(head), PDF];
  const tail = enc.encode(`\r\n--${BOUNDARY}--\r\n`);
  const total = pieces.reduce((n, p) => n + p.length, 0) + (fileBytes - PDF.length) + tail.length;
  const state = { pulled: 0, finished: false, total };
  let fileLeft = fileBytes - PDF.length;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        let chunk: Uint8Array;
        if (pieces.length) chunk = pieces.shift()!;
        else if (fileLeft > 0) {
          chunk = new Uint8Array(Math.min(64 * 1024, fileLeft));
          fileLeft -= chunk.length;
        } else if (!state.finished) {
          chunk = tail;
          state.finished = true;
        } else return controller.close();
        state.pulled += chunk.length;
        controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
  return { body, state };
}

const premiumFields = { client_name: 'Carla Client', policy_number: 'POL-9', amount: '10.00', payment_date: '2026-03-01', payment_method: 'cash' };

function postStream(path: string, body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}) {
  return t.app.request(path, {
    method: 'POST',
    body,
    headers: { cookie: owner.cookie, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
    duplex: 'half',
  } as RequestInit);
}

describe('premium receipts are read as a stream', () => {
  it('refuses a body that would be 50 MB once the file passes 10 MB, without reading the rest', async () => {
    const { body, state } = streamedForm(premiumFields, 'files', 50 * MB);
    const res = await postStream('/api/premium-payments', body);
    expect(res.status).toBe(413);
    expect((await json(res)).error).toMatchObject({ code: 'FILE_TOO_LARGE', message: PREMIUM_TEXT.tooLarge });
    expect(res.headers.get('connection')).toBe('close');
    expect(state.finished).toBe(false);
    expect(state.pulled).toBeLessThan(11 * MB);
    expect(await t.db.select().from(premiumPayments).where(eq(premiumPayments.agencyId, agencyId))).toHaveLength(0);
  });

  it('refuses an unknown policy number before the file is read', async () => {
    const { body, state } = streamedForm({ ...premiumFields, policy_number: 'NOPE-1' }, 'files', 30 * MB);
    const res = await postStream('/api/premium-payments', body);
    expect(res.status).toBe(400);
    expect((await json(res)).error.fields.policy_number).toBe(PREMIUM_TEXT.policyNotFound);
    expect(state.finished).toBe(false);
    expect(state.pulled).toBeLessThan(1 * MB);
  });

  it('refuses by the declared Content-Length before parsing anything; past 64 MB it does not read either', async () => {
    // Up to 64 MB the refused body is read and dropped before the answer, so a client still sending
    // gets the 413 rather than a reset (as for JSON, issue 26); nothing of it is parsed or stored.
    let { body, state } = streamedForm(premiumFields, 'files', 60 * MB);
    let res = await postStream('/api/premium-payments', body, { 'content-length': String(state.total) });
    expect(res.status).toBe(413);
    expect((await json(res)).error.message).toBe(PREMIUM_TEXT.tooLarge);
    expect(res.headers.get('connection')).toBe('close');
    expect(state.pulled).toBe(state.total);

    ({ body, state } = streamedForm(premiumFields, 'files', 70 * MB));
    res = await postStream('/api/premium-payments', body, { 'content-length': String(state.total) });
    expect(res.status).toBe(413);
    expect((await json(res)).error.message).toBe(PREMIUM_TEXT.tooLarge);
    expect(state.pulled).toBe(0);
    expect(await t.db.select().from(premiumPayments).where(eq(premiumPayments.agencyId, agencyId))).toHaveLength(0);
  });

  it('still takes a streamed upload within the limits', async () => {
    const { body, state } = streamedForm(premiumFields, 'files', 3 * MB);
    const res = await postStream('/api/premium-payments', body);
    expect(res.status).toBe(201);
    const { payment } = await json(res);
    expect(payment.files).toEqual([expect.objectContaining({ file_name: 'big.pdf', size: 3 * MB, content_type: 'application/pdf' })]);
    expect(state.finished).toBe(true);
  });
});

describe('upgrade receipts use the same reader', () => {
  it('refuses a wrong plan before the receipt is read, and an oversize receipt after 5 MB', async () => {
    const fields = { selected_tier: 'platinum', payment_method: 'PayPal', payment_date: '2026-01-15', agreed_to_terms: 'true' };
    let { body, state } = streamedForm(fields, 'receipt', 20 * MB);
    let res = await postStream('/api/payment-submissions', body);
    expect(res.status).toBe(400);
    expect((await json(res)).error.fields.selected_tier).toEqual(expect.any(String));
    expect(state.pulled).toBeLessThan(1 * MB);

    ({ body, state } = streamedForm({ ...fields, selected_tier: 'professional' }, 'receipt', 20 * MB));
    res = await postStream('/api/payment-submissions', body);
    expect(res.status).toBe(413);
    expect((await json(res)).error).toMatchObject({ code: 'FILE_TOO_LARGE', message: PAYMENT_TEXT.tooLarge });
    expect(state.pulled).toBeLessThan(6 * MB);
    expect(await t.db.select().from(storedFiles).where(eq(storedFiles.ownerId, owner.id))).toHaveLength(1);
  });
});

describe('readMultipart', () => {
  it('reads what a browser sends, however the bytes are split', async () => {
    const fd = new FormData();
    fd.append('client_name', 'Zoë "Z" Client');
    fd.append('notes', `line one\r\n--not a boundary\r\nline two`);
    fd.append('files', fileOf(PDF, 'a.pdf'));
    fd.append('files', fileOf(PNG, 'Zoë résumé.png', 'image/png'));
    const request = new Request('http://x/', { method: 'POST', body: fd });
    const bytes = new Uint8Array(await request.arrayBuffer());
    const boundary = multipartBoundary(request.headers.get('content-type') ?? '')!;
    for (const size of [1, 7, 64, bytes.length]) {
      let offset = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (offset >= bytes.length) return controller.close();
          controller.enqueue(bytes.slice(offset, offset + size));
          offset += size;
        },
      });
      const parts: { name: string; filename?: string; data: number[] }[] = [];
      for await (const event of readMultipart(body, boundary)) {
        if (event.kind === 'part') parts.push({ name: event.name, filename: event.filename, data: [] });
        else if (event.kind === 'data') parts.at(-1)!.data.push(...event.chunk);
      }
      const text = (i: number) => new TextDecoder().decode(new Uint8Array(parts[i].data));
      expect(parts.map((p) => [p.name, p.filename])).toEqual([
        ['client_name', undefined],
        ['notes', undefined],
        ['files', 'a.pdf'],
        ['files', 'Zoë résumé.png'],
      ]);
      expect(text(0)).toBe('Zoë "Z" Client');
      expect(text(1)).toBe('line one\r\n--not a boundary\r\nline two');
      expect(new Uint8Array(parts[2].data)).toEqual(PDF);
      expect(new Uint8Array(parts[3].data)).toEqual(PNG);
    }
  });

  it('refuses a control character in a part header as a fault of that part', async () => {
    const body = new Response(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="evil\u0000.png"\r\n\r\nx\r\n--${BOUNDARY}--\r\n`).body!;
    const error = await (async () => {
      for await (const _ of readMultipart(body, BOUNDARY)) void _;
    })().catch((err: unknown) => err);
    expect(error).toBeInstanceOf(MultipartError);
    expect((error as MultipartError).inPartHeader).toBe(true);
  });

  it('refuses a body that ends inside a part', async () => {
    const body = new Response(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="a"\r\n\r\nunfinished`).body!;
    await expect(async () => {
      for await (const _ of readMultipart(body, BOUNDARY)) void _;
    }).rejects.toThrow(/ended inside a part/);
    const res = await postStream('/api/premium-payments', new Response(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="a"\r\n\r\nx`).body!);
    expect(res.status).toBe(400);
    expect((await json(res)).error.code).toBe('INVALID_FORM');
  });
});
