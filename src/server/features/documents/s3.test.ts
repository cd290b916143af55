// The documents' S3 path against a real S3-compatible server (s3rver, started here on a free port),
// not a client mock: the upload streams into the bucket, the app's link (checked when opened)
// redirects to a short presigned GET that serves the bytes, and the purge removes the object.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
// @ts-expect-error -- s3rver ships no types
import S3rver from 's3rver';
import { TRASH_DAYS } from '#shared/documents.ts';
import { documents } from '#server/db/schema.ts';
import { createS3Storage, type Storage } from '#server/storage.ts';
import { createCustomer } from '#server/test/factories.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';
import { PDF, pdfOfSize } from '../payments/fixtures.ts';
import { runDocumentPurge } from './purge.ts';
import { REDIRECT_TTL_SECONDS } from '#shared/documents.ts';

async function objectCount(): Promise<number> {
  const out = await client.send(new ListObjectsV2Command({ Bucket: 'documents' }));
  return out.KeyCount ?? 0;
}

let client: S3Client;
let server: { run(): Promise<{ port: number }>; close(): Promise<void> };
let storage: Storage;
let t: TestContext;
let owner: TestUser;
let customerId: string;

beforeAll(async () => {
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: mkdtempSync(path.join(os.tmpdir(), 's3rver-')), configureBuckets: [{ name: 'documents' }] });
  const { port } = await server.run();
  const settings = { endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', bucket: 'documents', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true };
  client = new S3Client({ ...settings, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  storage = createS3Storage(settings);
  t = await createTestContext({ storage });
  owner = await createUser(t, { tier: 'enterprise' });
  customerId = (await createCustomer((p, init) => t.request(p, init), owner.cookie)).id;
});
afterAll(async () => {
  await t.close();
  await server.close();
});

describe('documents on S3 storage (s3rver)', () => {
  it('streams an upload into the bucket, serves it through a presigned 300 s link, and purges it', async () => {
    const bytes = pdfOfSize(3 * 1024 * 1024);
    const fd = new FormData();
    fd.append('customer_id', customerId);
    fd.append('file', new File([bytes as BlobPart], 'policy schedule.pdf', { type: 'application/pdf' }));
    const res = await t.request('/api/documents/upload', { method: 'POST', body: fd, cookie: owner.cookie });
    expect(res.status).toBe(201);
    const doc = (await json(res)).document;
    const [row] = await t.db.select().from(documents).where(eq(documents.id, doc.id));
    const stream = await storage.get(row.storageKey);
    const stored = new Uint8Array(await new Response(stream).arrayBuffer());
    expect(stored.length).toBe(bytes.length);
    expect(Buffer.compare(stored, bytes)).toBe(0);

    const link = await json(await t.request(`/api/documents/${doc.id}/link?disposition=attachment`, { cookie: owner.cookie }));
    // the app's own link (checked when opened, so it dies with the membership), redirecting to a short presigned GET
    expect(link.url).toMatch(new RegExp(`^/api/documents/${doc.id}/content\\?`));
    const opened = await t.request(link.url, { cookie: owner.cookie });
    expect(opened.status).toBe(302);
    const url = new URL(opened.headers.get('location')!);
    expect(url.searchParams.get('X-Amz-Expires')).toBe(String(REDIRECT_TTL_SECONDS));
    expect(url.searchParams.get('response-content-disposition')).toMatch(/^attachment;/);
    // without the session, the app's link gives nothing
    expect((await t.request(link.url)).status).toBe(401);
    const fetched = await fetch(url);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('application/pdf');
    expect((await fetched.arrayBuffer()).byteLength).toBe(bytes.length);
    // (s3rver does not verify presigned signatures, so a tampered S3 link is not tested here; on AWS/MinIO
    // the storage refuses it. The app's own links are tested in documents.test.ts.)
    await t.request(`/api/documents/${doc.id}`, { method: 'DELETE', cookie: owner.cookie });
    await t.db.update(documents).set({ deletedAt: new Date(Date.now() - TRASH_DAYS * 86_400_000 - 1000) }).where(eq(documents.id, doc.id));
    expect((await runDocumentPurge(t.deps)).purged).toBe(1);
    expect(await storage.get(row.storageKey)).toBeNull();
  });

  it('leaves no object behind when the content is refused', async () => {
    const fd = new FormData();
    fd.append('customer_id', customerId);
    fd.append('file', new File([new TextEncoder().encode('<html>') as BlobPart], 'x.pdf', { type: 'application/pdf' }));
    const before = await objectCount();
    expect((await t.request('/api/documents/upload', { method: 'POST', body: fd, cookie: owner.cookie })).status).toBe(400);
    expect(await objectCount()).toBe(before);
    fd.set('file', new File([PDF as BlobPart], 'ok.pdf'));
    expect((await t.request('/api/documents/upload', { method: 'POST', body: fd, cookie: owner.cookie })).status).toBe(201);
    expect(await objectCount()).toBe(before + 1);
  });
});
