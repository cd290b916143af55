// Uploaded files: the type comes from the bytes (never the name or the declared type; the detector is
// #server/platform/file-type.ts), names are sanitised, objects are stored before their rows and
// removed again if the rows cannot be written.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { FILE_LINK_TTL_SECONDS, FILE_TYPES, type FileContentType } from '#shared/files.ts';
import type { Deps } from './context.ts';
import { storedFiles } from './db/schema.ts';
import { tenant, type Tenant } from './tenant.ts';

/** True when a name carries NUL or other control characters: no honest browser sends those. */
export function hasControlCharacters(name: string): boolean {
  // eslint-disable-next-line no-control-regex
  return /[\x00-\x1f\x7f]/.test(name);
}

/**
 * A name that is safe in a storage key and a Content-Disposition header: the last path segment only
 * (so ../ can never climb), letters, digits, dot, dash, underscore and space, no leading dots, at most
 * 100 characters with the extension kept, and the extension of the real content type.
 */
export function sanitizeFileName(name: string, contentType: FileContentType): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  let clean = base
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\x00-\x1f\x7f]/g, '')
    .replace(/[^A-Za-z0-9._ -]/g, '_')
    .replace(/\s+/g, ' ')
    .replace(/_+/g, '_')
    .replace(/^[.\s_-]+/, '')
    .trim();
  const wanted = FILE_TYPES[contentType].extension;
  const dot = clean.lastIndexOf('.');
  let stem = dot > 0 ? clean.slice(0, dot) : clean;
  const ext = dot > 0 ? clean.slice(dot + 1).toLowerCase() : '';
  const extOk = ext === wanted || (wanted === 'jpg' && ext === 'jpeg');
  if (!extOk && ext) stem = clean;
  stem = stem.replace(/[.\s]+$/, '').slice(0, 90) || 'file';
  clean = `${stem}.${extOk ? ext : wanted}`;
  return clean;
}

export interface Upload {
  name: string;
  bytes: Uint8Array;
  contentType: FileContentType;
}

export interface StoredFileRow {
  id: string;
  fileName: string;
  contentType: string;
  size: number;
  storageKey: string;
}

/** Who a file belongs to: every file lives in an agency; only shared ones are readable by its members. */
export interface FileOwner {
  userId: string;
  agencyId: string;
  sharedWithAgency: boolean;
}

/**
 * Stores the objects first, then writes the stored_files rows and whatever belongs to them in one
 * transaction (bound to the owner's agency); when the transaction fails the objects are deleted again,
 * so neither half is left alone.
 */
export async function storeWithRows<T>(
  deps: Pick<Deps, 'db' | 'storage' | 'logger'>,
  owner: FileOwner,
  uploads: Upload[],
  write: (t: Tenant, files: StoredFileRow[]) => Promise<T>,
): Promise<T> {
  const stamp = Date.now();
  const planned = uploads.map((u, i) => ({
    ...u,
    fileName: sanitizeFileName(u.name, u.contentType),
    storageKey: '',
    index: i,
  }));
  // the user id, a timestamp and the clean name (spec); a random tag keeps two uploads of one user in
  // the same millisecond (parallel requests, two instances) from sharing a key
  const tag = randomBytes(3).toString('hex');
  for (const p of planned) p.storageKey = `${owner.userId}/${stamp}-${tag}-${p.index}-${p.fileName}`;
  const stored: string[] = [];
  try {
    for (const p of planned) {
      await deps.storage.put(p.storageKey, p.bytes, p.contentType);
      stored.push(p.storageKey);
    }
    return await tenant(deps.db, { agency: { id: owner.agencyId } }).transaction(async (t) => {
      const rows = await t
        .insert(
          storedFiles,
          planned.map((p) => ({
            ownerId: owner.userId,
            sharedWithAgency: owner.sharedWithAgency,
            storageKey: p.storageKey,
            fileName: p.fileName,
            contentType: p.contentType,
            size: p.bytes.byteLength,
          })),
        )
        .returning();
      return write(t, rows);
    });
  } catch (err) {
    await Promise.allSettled(stored.map((key) => deps.storage.delete(key)));
    deps.logger.warn({ err, keys: stored }, 'upload rolled back');
    throw err;
  }
}

// ---------------------------------------------------------------- signed links

function sign(secret: string, subject: string): string {
  return createHmac('sha256', secret).update(subject).digest('base64url');
}

function signature(secret: string, fileId: string, userId: string, expires: number): string {
  return sign(secret, `file:${fileId}:${userId}:${expires}`);
}

export function signFileLink(secret: string, fileId: string, userId: string, expires: number): string {
  return `/api/files/${fileId}/content?expires=${expires}&sig=${signature(secret, fileId, userId, expires)}`;
}

/** Checks a signature made by `sign` for `subject`, its expiry, and that it lives no longer than 300 s. */
function verifySigned(expectedSig: (expires: number) => string, expiresRaw: string | undefined, sig: string | undefined, now: number): 'ok' | 'invalid' | 'expired' {
  if (!expiresRaw || !sig || !/^\d{1,13}$/.test(expiresRaw)) return 'invalid';
  const expires = Number(expiresRaw);
  const expected = Buffer.from(expectedSig(expires));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  if (expires * 1000 <= now) return 'expired';
  if (expires * 1000 > now + FILE_LINK_TTL_SECONDS * 1000) return 'invalid';
  return 'ok';
}

/**
 * Checks the signature for this file, this user and this expiry, that the expiry is ahead, and that it
 * is no further ahead than a link's lifetime: even a correctly signed link never outlives 300 s.
 */
export function verifyFileLink(
  secret: string,
  fileId: string,
  userId: string,
  expiresRaw: string | undefined,
  sig: string | undefined,
  now = Date.now(),
): 'ok' | 'invalid' | 'expired' {
  return verifySigned((expires) => signature(secret, fileId, userId, expires), expiresRaw, sig, now);
}

export type LinkDisposition = 'inline' | 'attachment';

/**
 * A document's link: the same scheme as a file's (decision 010), signed for the user and the agency
 * they work in, and for the disposition (preview or download), so a link is useless in any other agency.
 */
function documentSignature(secret: string, id: string, userId: string, agencyId: string, expires: number, disposition: LinkDisposition): string {
  return sign(secret, `document:${id}:${userId}:${agencyId}:${disposition}:${expires}`);
}

export function signDocumentLink(secret: string, id: string, userId: string, agencyId: string, expires: number, disposition: LinkDisposition): string {
  const sig = documentSignature(secret, id, userId, agencyId, expires, disposition);
  return `/api/documents/${id}/content?disposition=${disposition}&expires=${expires}&sig=${sig}`;
}

export function verifyDocumentLink(
  secret: string,
  id: string,
  userId: string,
  agencyId: string,
  disposition: LinkDisposition,
  expiresRaw: string | undefined,
  sig: string | undefined,
  now = Date.now(),
): 'ok' | 'invalid' | 'expired' {
  return verifySigned((expires) => documentSignature(secret, id, userId, agencyId, expires, disposition), expiresRaw, sig, now);
}

// ---------------------------------------------------------------- upload rules (read by platform/upload-form.ts)

export interface UploadRules {
  field: string;
  types: readonly FileContentType[];
  maxBytes: number;
  maxFiles: number;
  text: { invalidFile: string; tooLarge: string; receipt: string; tooManyFiles?: string; empty?: string };
  /**
   * Decides the type where the detector's answer alone is not enough (a CSV or an SVG has no magic
   * number); #server/platform/file-type.ts's detectFileType otherwise.
   */
  sniff?: (bytes: Uint8Array, name: string) => Promise<FileContentType | null>;
}

export class UploadError extends Error {
  constructor(
    public code: 'INVALID_FILE_TYPE' | 'FILE_TOO_LARGE' | 'RECEIPT_REQUIRED' | 'TOO_MANY_FILES' | 'QUOTA_EXCEEDED',
    message: string,
  ) {
    super(message);
  }
}
