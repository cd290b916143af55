// What an uploaded file is, decided by its bytes only (never its name or declared type): one function,
// `detectFileType`, behind every upload check (receipts, covers, logos, documents, imports). The
// magic numbers are file-type's; a zip is opened by its central directory with fflate, read without
// inflating anything, so a zip bomb is refused before a single entry is unpacked, and that directory
// also tells a .docx from an .xlsx (decision 045: why file-type's own Office answer is not used).
import { Unzip, UnzipInflate, unzipSync } from 'fflate';
import { fileTypeFromBuffer } from 'file-type';
import { DOCX, XLSX } from '#shared/documents.ts';

/**
 * file-type's answers for a zip container (read from its 21.3 source): a plain archive, Office
 * (OOXML, macro-enabled included), OpenDocument, EPUB, Java, Android, Firefox add-ons, Visio, 3MF.
 * Each is typed again by its directory, so a .docm counts as a .docx as it did before file-type.
 */
const ZIP_CONTAINERS = new Set([
  'application/zip',
  'application/epub+zip',
  'application/java-archive',
  'application/vnd.android.package-archive',
  'application/x-xpinstall',
  'application/vnd.visio',
  'model/3mf',
]);
const isZipContainer = (mime: string) =>
  ZIP_CONTAINERS.has(mime) ||
  mime.startsWith('application/vnd.openxmlformats-officedocument.') ||
  mime.startsWith('application/vnd.oasis.opendocument.') ||
  /^application\/vnd\.ms-[a-z]+\.[a-z.]*macroenabled/.test(mime);
/** file-type's narrower names for formats we accept under their usual one (an animated PNG is a PNG). */
const SAME_AS: Partial<Record<string, string>> = { 'image/apng': 'image/png' };

/** Limits read from a zip's central directory before anything is inflated. */
export interface ZipLimits {
  maxEntries: number;
  /** the sum of the entries' declared uncompressed sizes */
  maxTotalBytes: number;
  /** declared uncompressed / compressed, for entries above 1 MB unpacked */
  maxRatio: number;
}

export const ZIP_LIMITS: ZipLimits = { maxEntries: 5000, maxTotalBytes: 512 * 1024 * 1024, maxRatio: 200 };

/**
 * A MIME type (file-type's, or DOCX/XLSX for a zip holding an Office document, 'application/zip' for
 * any other zip); 'zip-bomb' when a zip's directory promises more than the limits; null when the
 * bytes carry no magic number at all (text: CSV, SVG, HTML …).
 */
export type DetectedType = string | 'zip-bomb' | null;

export interface DetectOptions {
  /** the whole file, when `head` is only its first bytes: read only for a zip (its directory is at the end) */
  whole?: () => Uint8Array;
  zipLimits?: ZipLimits;
}

/** What `head` (a whole file, or at least its first 4,100 bytes with `whole` to read the rest) is. */
export async function detectFileType(head: Uint8Array, options: DetectOptions = {}): Promise<DetectedType> {
  const found = await fileTypeFromBuffer(head);
  if (!found) return null;
  if (!isZipContainer(found.mime)) return SAME_AS[found.mime] ?? found.mime;
  const office = officeType(options.whole ? options.whole() : head, options.zipLimits);
  if (office === 'bomb') return 'zip-bomb';
  return office ?? 'application/zip';
}

class ZipBomb extends Error {}

/**
 * The entry names of a zip read from its central directory without inflating anything, 'bomb' when
 * the directory promises more than `limits`, null when it is no zip.
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
 * A .docx or .xlsx by its structure ([Content_Types].xml plus word/document.xml or xl/workbook.xml),
 * 'bomb' when the directory promises more than the limits, null when it is no Office file.
 */
export function officeType(bytes: Uint8Array, limits: ZipLimits = ZIP_LIMITS): typeof DOCX | typeof XLSX | 'bomb' | null {
  const names = zipEntryNames(bytes, limits);
  if (names === null || names === 'bomb') return names;
  if (!names.has('[Content_Types].xml')) return null;
  if (names.has('word/document.xml')) return DOCX;
  if (names.has('xl/workbook.xml')) return XLSX;
  return null;
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
