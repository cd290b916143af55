// A document's bytes on their way in (the Documents card's and the client portal's uploads): spooled to a temporary file, typed by the platform's one
// detector (#server/platform/file-type.ts) from the first bytes, or the whole file for a zip.
import { createWriteStream, mkdirSync, readFileSync, rmSync, type WriteStream } from 'node:fs';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { DOCUMENT_TEXT, DOCUMENT_TYPES, type DocumentType } from '#shared/documents.ts';
import { detectFileType } from '#server/platform/file-type.ts';
import { UploadError } from '#server/files.ts';
import type { FileSink } from '#server/platform/upload-form.ts';

const HEAD_BYTES = 4100;

/** The type of a file whose first bytes are `head` and whose whole bytes `readAll` gives (zips only). */
export async function detectDocumentType(head: Uint8Array, readAll: () => Uint8Array): Promise<DocumentType> {
  if (head.length === 0) throw new UploadError('INVALID_FILE_TYPE', DOCUMENT_TEXT.emptyFile);
  const found = await detectFileType(head, { whole: readAll });
  if (found === 'zip-bomb') throw new UploadError('INVALID_FILE_TYPE', DOCUMENT_TEXT.zipBomb);
  if (!found || !DOCUMENT_TYPES.includes(found as DocumentType)) throw new UploadError('INVALID_FILE_TYPE', DOCUMENT_TEXT.invalidFile);
  return found as DocumentType;
}

export interface SpooledFile {
  /** the name as sent by the browser */
  name: string;
  tempPath: string;
  size: number;
  contentType: DocumentType;
}

const SPOOL_DIR = path.join(os.tmpdir(), 'policydesk-uploads');

/**
 * A FileSink that writes the upload to a temporary file as it arrives (with back-pressure), keeps
 * only its first bytes for the type check, and refuses as soon as the running count passes `maxBytes`
 * (the plan's remaining storage). The caller removes the file once it is stored (`discardSpooled`).
 */
export function diskSink(name: string, limit: { maxBytes: number; tooMuch: () => UploadError }): FileSink<SpooledFile> {
  mkdirSync(SPOOL_DIR, { recursive: true });
  const tempPath = path.join(SPOOL_DIR, `${randomUUID()}.part`);
  const out: WriteStream = createWriteStream(tempPath);
  const head = new Uint8Array(HEAD_BYTES);
  let headLength = 0;
  let size = 0;
  const closed = new Promise<void>((resolve, reject) => {
    out.once('close', resolve);
    out.once('error', reject);
  });
  return {
    async write(chunk) {
      size += chunk.byteLength;
      if (size > limit.maxBytes) throw limit.tooMuch();
      if (headLength < HEAD_BYTES) {
        const take = chunk.subarray(0, HEAD_BYTES - headLength);
        head.set(take, headLength);
        headLength += take.byteLength;
      }
      if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', resolve));
    },
    async finish() {
      out.end();
      await closed;
      const contentType = await detectDocumentType(head.subarray(0, headLength), () => readFileSync(tempPath));
      return { name, tempPath, size, contentType };
    },
    async abort() {
      out.destroy();
      await closed.catch(() => undefined);
      rmSync(tempPath, { force: true });
    },
  };
}

export function discardSpooled(file: Pick<SpooledFile, 'tempPath'>): void {
  rmSync(file.tempPath, { force: true });
}

