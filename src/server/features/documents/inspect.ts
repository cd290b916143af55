// What a document is, decided by its bytes only (never its name or declared type): magic bytes via
// file-type, and for Office files the zip's central directory via fflate, read without inflating
// anything so that a zip bomb is refused before a single entry is unpacked.
import { createWriteStream, mkdirSync, readFileSync, rmSync, type WriteStream } from 'node:fs';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { Unzip, UnzipInflate, unzipSync } from 'fflate';
import { DOCUMENT_TEXT, DOCX, XLSX, type DocumentType } from '#shared/documents.ts';
import { UploadError } from '#server/files.ts';
import type { FileSink } from '#server/features/files/upload.ts';

/** Limits read from the central directory before anything is inflated. */
export const ZIP_LIMITS = {
  maxEntries: 5000,
  /** the sum of the entries' declared uncompressed sizes */
  maxTotalBytes: 512 * 1024 * 1024,
  /** declared uncompressed / compressed, for entries above 1 MB unpacked */
  maxRatio: 200,
} as const;

const HEAD_BYTES = 4100;
const MAGIC: Partial<Record<string, DocumentType>> = {
  'application/pdf': 'application/pdf',
  'image/jpeg': 'image/jpeg',
  'image/png': 'image/png',
  'image/gif': 'image/gif',
  'image/heic': 'image/heic',
};

class ZipBomb extends Error {}

export interface ZipLimits {
  maxEntries: number;
  maxTotalBytes: number;
  maxRatio: number;
}

/**
 * The entry names of a zip read from its central directory without inflating anything, 'bomb' when
 * the directory promises more than `limits`, null when it is no zip. Shared by documents and imports.
 */
export function zipEntryNames(bytes: Uint8Array, limits: ZipLimits = ZIP_LIMITS): Set<string> | 'bomb' | null {
  const names = new Set<string>();
  let entries = 0;
  let total = 0;
  try {
    unzipSync(bytes, {
      filter(entry) {
        entries += 1;
        total += entry.originalSize;
        const ratio = entry.originalSize / Math.max(entry.size, 1);
        if (entries > limits.maxEntries || total > limits.maxTotalBytes || (entry.originalSize > 1024 * 1024 && ratio > limits.maxRatio)) throw new ZipBomb();
        names.add(entry.name);
        return false; // never inflate: the names and sizes are all we need
      },
    });
  } catch (err) {
    return err instanceof ZipBomb ? 'bomb' : null;
  }
  return names;
}

/**
 * True when the entries `wanted` picks really inflate to at most `maxBytes` in all: the directory's
 * sizes can lie, so this inflates them once, streamed in small pieces, counting and keeping nothing.
 */
export function inflatesWithin(bytes: Uint8Array, maxBytes: number, wanted: (name: string) => boolean): boolean {
  let total = 0;
  let ok = true;
  const unzip = new Unzip((file) => {
    if (!wanted(file.name)) return;
    file.ondata = (err, chunk) => {
      if (err) ok = false;
      total += chunk?.length ?? 0;
      if (total > maxBytes) ok = false;
      if (!ok) file.terminate();
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    // 4 KB in inflate to ~4 MB out at most (deflate's ratio is bounded near 1032:1)
    for (let at = 0; at < bytes.length && ok; at += 4096) unzip.push(bytes.subarray(at, at + 4096), at + 4096 >= bytes.length);
  } catch {
    return false;
  }
  return ok;
}

/**
 * A .docx or .xlsx by its structure ([Content_Types].xml plus word/document.xml or xl/workbook.xml),
 * 'bomb' when the directory promises more than the limits, null when it is no Office file.
 */
export function officeType(bytes: Uint8Array, limits: ZipLimits = ZIP_LIMITS): DocumentType | 'bomb' | null {
  const names = zipEntryNames(bytes, limits);
  if (names === null || names === 'bomb') return names;
  if (!names.has('[Content_Types].xml')) return null;
  if (names.has('word/document.xml')) return DOCX;
  if (names.has('xl/workbook.xml')) return XLSX;
  return null;
}

/** The type of a file whose first bytes are `head` and whose whole bytes `readAll` gives (zips only). */
export async function detectDocumentType(head: Uint8Array, readAll: () => Uint8Array): Promise<DocumentType> {
  if (head.length === 0) throw new UploadError('INVALID_FILE_TYPE', DOCUMENT_TEXT.emptyFile);
  const isZip = head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
  if (isZip) {
    const office = officeType(readAll());
    if (office === 'bomb') throw new UploadError('INVALID_FILE_TYPE', DOCUMENT_TEXT.zipBomb);
    if (office) return office;
    throw new UploadError('INVALID_FILE_TYPE', DOCUMENT_TEXT.invalidFile);
  }
  const found = await fileTypeFromBuffer(head);
  const type = found ? MAGIC[found.mime] : undefined;
  if (!type) throw new UploadError('INVALID_FILE_TYPE', DOCUMENT_TEXT.invalidFile);
  return type;
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

