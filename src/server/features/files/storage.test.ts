// The S3 implementation against an in-process mock of the SDK client, and the app on top of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mockClient } from 'aws-sdk-client-mock';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createLocalStorage, createS3Storage, storageFromConfig, type Storage } from '#server/storage.ts';
import { sanitizeFileName } from '#server/files.ts';
import { detectFileType } from '#server/platform/file-type.ts';
import { createTestContext, createUser, json, type TestContext } from '#server/test/harness.ts';
import { EXE, fileOf, GIF, HTML, JPEG, PDF, PNG } from '../payments/fixtures.ts';

const settings = { endpoint: 'http://127.0.0.1:9000', region: 'us-east-1', bucket: 'receipts', accessKeyId: 'AKIATEST', secretAccessKey: 'secret', forcePathStyle: true };

async function readAll(stream: ReadableStream<Uint8Array> | null): Promise<Uint8Array> {
  if (!stream) throw new Error('no stream');
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe('content sniffing and names', () => {
  it('knows the formats by their first bytes only', async () => {
    expect(await detectFileType(JPEG)).toBe('image/jpeg');
    expect(await detectFileType(PNG)).toBe('image/png');
    expect(await detectFileType(GIF)).toBe('image/gif');
    expect(await detectFileType(new TextEncoder().encode('GIF87a'))).toBe('image/gif');
    expect(await detectFileType(PDF)).toBe('application/pdf');
    // a Windows program is named, and no upload accepts it
    expect(await detectFileType(EXE)).toBe('application/x-msdownload');
    expect(await detectFileType(HTML)).toBeNull();
    expect(await detectFileType(new Uint8Array([0xff, 0xd8]))).toBeNull();
    expect(await detectFileType(new Uint8Array(0))).toBeNull();
  });

  it('sanitises names', () => {
    expect(sanitizeFileName('../../etc/passwd', 'application/pdf')).toBe('passwd.pdf');
    expect(sanitizeFileName('C:\\Users\\me\\Rechnung März.PDF', 'application/pdf')).toBe('Rechnung Marz.pdf');
    expect(sanitizeFileName('...hidden.png', 'image/png')).toBe('hidden.png');
    expect(sanitizeFileName('<script>.jpg', 'image/jpeg')).toBe('script_.jpg');
    expect(sanitizeFileName('', 'image/gif')).toBe('file.gif');
    expect(sanitizeFileName(`${'a'.repeat(300)}.pdf`, 'application/pdf')).toBe(`${'a'.repeat(90)}.pdf`);
  });
});

describe('storage selection', () => {
  it('uses S3 only when all four settings are present', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'pd-store-'));
    const base = { S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: true };
    expect(storageFromConfig(base, root).kind).toBe('local');
    expect(storageFromConfig({ ...base, S3_ENDPOINT: 'http://x', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' }, root).kind).toBe('local');
    expect(storageFromConfig({ ...base, S3_ENDPOINT: 'http://x', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }, root).kind).toBe('s3');
  });
});

describe.each(['local', 's3'] as const)('%s storage', (kind) => {
  let storage: Storage;
  const objects = new Map<string, Uint8Array>();
  beforeAll(() => {
    if (kind === 'local') {
      storage = createLocalStorage(mkdtempSync(path.join(os.tmpdir(), 'pd-store-')));
      return;
    }
    const s3 = mockClient(S3Client);
    s3.on(PutObjectCommand).callsFake((input) => {
      objects.set(input.Key, input.Body);
      return {};
    });
    s3.on(GetObjectCommand).callsFake((input) => {
      const body = objects.get(input.Key);
      if (!body) throw new NoSuchKey({ message: 'no such key', $metadata: {} });
      // the SDK's stream body, reduced to the one method the storage uses
      return { Body: { transformToWebStream: () => new Response(body as BlobPart).body } } as never;
    });
    s3.on(DeleteObjectCommand).callsFake((input) => {
      objects.delete(input.Key);
      return {};
    });
    storage = createS3Storage(settings);
  });

  it('puts, gets and deletes', async () => {
    await storage.put('user-1/123-a.pdf', PDF, 'application/pdf');
    expect(await readAll(await storage.get('user-1/123-a.pdf'))).toEqual(PDF);
    await storage.delete('user-1/123-a.pdf');
    expect(await storage.get('user-1/123-a.pdf')).toBeNull();
    expect(await storage.get('user-1/never.pdf')).toBeNull();
  });

  it(kind === 's3' ? 'presigns a GET valid 300 s' : 'has no presigned links (the app signs its own)', async () => {
    const url = await storage.presign('user-1/123-a b.pdf', { expiresIn: 300, fileName: 'a b.pdf', contentType: 'application/pdf' });
    if (kind === 'local') return expect(url).toBeNull();
    const parsed = new URL(url!);
    expect(parsed.origin + parsed.pathname).toBe('http://127.0.0.1:9000/receipts/user-1/123-a%20b.pdf');
    expect(parsed.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(parsed.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(parsed.searchParams.get('response-content-type')).toBe('application/pdf');
    expect(parsed.searchParams.get('response-content-disposition')).toContain('filename="a b.pdf"');
  });
});

describe('the app on S3 storage', () => {
  let t: TestContext;
  const objects = new Map<string, { body: Uint8Array; type?: string }>();
  beforeAll(async () => {
    const s3 = mockClient(S3Client);
    s3.on(PutObjectCommand).callsFake((input) => {
      objects.set(input.Key, { body: input.Body, type: input.ContentType });
      return {};
    });
    s3.on(DeleteObjectCommand).callsFake((input) => {
      objects.delete(input.Key);
      return {};
    });
    t = await createTestContext({ storage: createS3Storage(settings) });
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores a receipt in the bucket and answers the link with a presigned URL for the owner only', async () => {
    const u = await createUser(t);
    const other = await createUser(t);
    const fd = new FormData();
    for (const [k, v] of Object.entries({ selected_tier: 'professional', payment_method: 'PayPal', payment_date: '2026-01-15', agreed_to_terms: 'true' })) fd.append(k, v);
    fd.append('receipt', fileOf(PNG, 'proof.png', 'image/png'));
    const res = await t.request('/api/payment-submissions', { method: 'POST', body: fd, cookie: u.cookie });
    expect(res.status).toBe(201);
    const { submission } = await json(res);
    const [key] = [...objects.keys()].filter((k) => k.startsWith(`${u.id}/`));
    expect(key).toMatch(/^[A-Za-z0-9-]+\/\d{13}-[0-9a-f]{6}-0-proof\.png$/);
    expect(objects.get(key)).toMatchObject({ type: 'image/png' });
    const link = await json(await t.request(`/api/files/${submission.receipt_file.id}/link`, { cookie: u.cookie }));
    expect(link.url).toContain(`http://127.0.0.1:9000/receipts/${key}`);
    expect(link.url).toContain('X-Amz-Expires=300');
    expect((await t.request(`/api/files/${submission.receipt_file.id}/link`, { cookie: other.cookie })).status).toBe(404);
    expect((await json(await t.request('/api/health'))).storage).toBe('s3');
  });
});
