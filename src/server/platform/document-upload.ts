// One document upload, for an agency member (the Documents card) or a client in the portal (issue 32),
// with the same byte checks, limits and quota (one file per request, so the browser shows a progress bar and an error per
// file). Order: plan and quota from the declared length → fields and target → the bytes streamed to
// a temporary file, counted against the remaining quota and typed by content → a `pending` row
// written under the agency lock (the reservation: two parallel uploads cannot both pass the quota)
// → the bytes to storage → the row `ready` with its activity entry. The bytes never reach storage
// when the quota refuses them.
import type { Context } from 'hono';
import { eq, sql } from 'drizzle-orm';
import { DOCUMENT_MAX_BYTES, DOCUMENT_TEXT, displayName, type DocumentRow } from '#shared/documents.ts';
import { DOCUMENT_QUOTA_BYTES, type Tier } from '#shared/tiers.ts';
import type { AppEnv } from '#server/context.ts';
import { drainRequestBody } from '#server/drain.ts';
import { AppError } from '#server/errors.ts';
import type { EventSource } from '#server/platform/events.ts';
import { documents } from '#server/db/schema.ts';
import { UploadError, sanitizeFileName, type UploadRules } from '#server/files.ts';
import { tenant, type Tenant } from '#server/tenant.ts';
import { FORM_OVERHEAD_BYTES, readUploadForm } from '#server/platform/upload-form.ts';
import { emit } from '#server/platform/events.ts';
import { documentData } from './document-rows.ts';
import { diskSink, discardSpooled, type SpooledFile } from './document-spool.ts';
import { formatStorage, DOCUMENT_TYPES } from '#shared/documents.ts';

const RULES: UploadRules = {
  field: 'file',
  types: DOCUMENT_TYPES,
  maxBytes: DOCUMENT_MAX_BYTES,
  maxFiles: 1,
  text: { invalidFile: DOCUMENT_TEXT.invalidFile, tooLarge: DOCUMENT_TEXT.tooLarge, receipt: DOCUMENT_TEXT.fileRequired, tooManyFiles: DOCUMENT_TEXT.oneFile, empty: DOCUMENT_TEXT.emptyFile },
};

export type Target = { customerId: string | null; policyId: string | null; label: string };

/** The agency's document storage: its plan's quota, and what it holds. */
export function quotaOf(owner: { agency: { tier: Tier } }): number {
  return DOCUMENT_QUOTA_BYTES[owner.agency.tier];
}

/** Every byte the agency holds or has reserved: ready, pending (an upload under way) and the Trash. */
export async function usedBytes(t: Tenant): Promise<number> {
  const [row] = await t.select({ used: sql<string>`coalesce(sum(${documents.size}), 0)` }).from(documents);
  return Number(row?.used ?? 0);
}

export function quotaExceeded(remaining: number): AppError {
  return new AppError(413, 'QUOTA_EXCEEDED', DOCUMENT_TEXT.quotaExceeded(formatStorage(Math.max(0, remaining))));
}

/**
 * Who uploads: an agency member (the Documents card), or a client in the portal (their own customer
 * record; the row is marked from_client). Same byte checks, limits and quota either way.
 */
export interface Uploader {
  owner: { agency: { id: string; tier: Tier } };
  by: EventSource;
  fromClient: boolean;
  fields: string[];
  target: (t: Tenant, fields: Record<string, string | undefined>) => Promise<Target>;
  summary: (name: string, size: string, label: string) => string;
}

export async function uploadDocument(c: Context<AppEnv>, uploader: Uploader): Promise<DocumentRow> {
  const { deps } = c.var;
  const actor = uploader.owner;
  const t = tenant(deps.db, actor);
  const quota = quotaOf(actor);
  // An early answer only (the reservation below is the real check): a declared length that cannot fit.
  const remainingAtStart = quota - (await usedBytes(t));
  const declared = Number(c.req.header('content-length'));
  if (declared > remainingAtStart + FORM_OVERHEAD_BYTES) {
    await drainRequestBody(c);
    c.header('connection', 'close');
    throw quotaExceeded(remainingAtStart);
  }

  const { input, uploads } = await readUploadForm<Target, SpooledFile>(c, {
    fields: uploader.fields,
    rules: RULES,
    check: (fields) => uploader.target(t, fields),
    sink: (name) =>
      diskSink(name, {
        maxBytes: Math.min(DOCUMENT_MAX_BYTES, Math.max(0, remainingAtStart)),
        tooMuch: () => (remainingAtStart < DOCUMENT_MAX_BYTES ? new UploadError('QUOTA_EXCEEDED', quotaExceeded(remainingAtStart).message) : new UploadError('FILE_TOO_LARGE', DOCUMENT_TEXT.tooLarge)),
      }),
  });
  const file = uploads[0];
  try {
    return await storeSpooled(c, uploader, file, input);
  } finally {
    discardSpooled(file);
  }
}

async function storeSpooled(c: Context<AppEnv>, uploader: Uploader, file: SpooledFile, target: Target): Promise<DocumentRow> {
  const { deps } = c.var;
  const actor = uploader.owner;
  const name = displayName(file.name);
  const storageName = sanitizeFileName(name, file.contentType);
  const storageKey = `documents/${actor.agency.id}/${crypto.randomUUID()}-${storageName}`;

  const reserved = await tenant(deps.db, actor).transaction(async (t) => {
    await t.lockAgency();
    const used = await usedBytes(t);
    if (used + file.size > quotaOf(actor)) throw quotaExceeded(quotaOf(actor) - used);
    const [row] = await t
      .insert(documents, {
        customerId: target.customerId,
        policyId: target.policyId,
        name,
        storageName,
        storageKey,
        contentType: file.contentType,
        size: file.size,
        status: 'pending',
        uploadedBy: uploader.by.userId,
        fromClient: uploader.fromClient,
      })
      .returning();
    return row;
  });

  try {
    await deps.storage.putFile(storageKey, file.tempPath, file.size, file.contentType);
    return await tenant(deps.db, actor).transaction(async (t) => {
      const [row] = await t.update(documents, { status: 'ready', updatedAt: new Date() }, eq(documents.id, reserved.id)).returning();
      await emit(t, uploader.by, { type: 'document.created', data: documentData(t, row.id), entityId: row.id, summary: uploader.summary(name, formatStorage(file.size), target.label) });
      return {
        id: row.id,
        name: row.name,
        content_type: row.contentType,
        size: row.size,
        customer_id: row.customerId,
        customer_name: null,
        policy_id: row.policyId,
        policy_number: null,
        uploaded_by: row.uploadedBy,
        uploaded_by_name: null,
        created_at: row.createdAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
        deleted_at: null,
        purge_at: null,
        shared_with_client: row.sharedWithClient,
        from_client: row.fromClient,
      };
    });
  } catch (err) {
    // storage is not transactional: free the reservation and whatever reached the storage
    await deps.storage.delete(storageKey).catch(() => undefined);
    await tenant(deps.db, actor).delete(documents, eq(documents.id, reserved.id));
    deps.logger.warn({ err, storageKey }, 'document upload rolled back');
    throw err;
  }
}
