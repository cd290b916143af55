// A stored file's bytes as the answer, once the reader was checked: on S3 a redirect to a presigned
// GET just long enough to follow it (minted only now, so an old link of a removed reader gets
// nothing); on local storage the bytes streamed, never sniffed by the browser, never cached.
import type { Context } from 'hono';
import { notFound } from '#server/errors.ts';
import type { LinkDisposition } from '#server/files.ts';
import { contentDisposition, type Storage } from '#server/storage.ts';

export interface StoredFileRef {
  storageKey: string;
  name: string;
  contentType: string;
  size: number;
}

export async function serveStoredFile(
  c: Context<any>,
  storage: Storage,
  file: StoredFileRef,
  how: LinkDisposition,
  opts: { expiresIn: number; missing: string },
): Promise<Response> {
  const presigned = await storage.presign(file.storageKey, { expiresIn: opts.expiresIn, fileName: file.name, contentType: file.contentType, disposition: how });
  if (presigned) {
    c.header('cache-control', 'no-store');
    return c.redirect(presigned, 302);
  }
  const body = await storage.get(file.storageKey);
  if (!body) throw notFound(opts.missing);
  return new Response(body, {
    headers: {
      'content-type': file.contentType,
      'content-length': String(file.size),
      'content-disposition': contentDisposition(file.name, how),
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    },
  });
}
