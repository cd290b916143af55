// One document upload (one file per request, so the browser shows a progress bar and an error per
// file). Order: plan and quota from the declared length → fields and target → the bytes streamed to
// a temporary file, counted against the remaining quota and typed by content → a `pending` row
// written under the agency lock (the reservation: two parallel uploads cannot both pass the quota)
// → the bytes to storage → the row `ready` with its activity entry. The bytes never reach storage
// when the quota refuses them.
import type { Context } from 'hono';
import { eq } from 'drizzle-orm';
import { DOCUMENT_MAX_BYTES, DOCUMENT_TEXT, displayName, documentTargetSchema, type DocumentRow } from '#shared/documents.ts';
import type { AppEnv } from '#server/context.ts';
import { documents } from '#server/db/schema.ts';
import { UploadError, sanitizeFileName, type UploadRules } from '#server/files.ts';
import { validate } from '#server/http.ts';
import { tenant } from '#server/tenant.ts';
import { FORM_OVERHEAD_BYTES, readUploadForm } from '#server/platform/upload-form.ts';
import { emit } from '#server/platform/events.ts';
import { diskSink, discardSpooled, type SpooledFile } from './inspect.ts';
import { quotaExceeded, quotaOf, resolveTarget, usedBytes } from './service.ts';
import { formatStorage, DOCUMENT_TYPES } from '#shared/documents.ts';

export const DOCUMENT_UPLOAD_PATH = '/api/documents/upload';

const RULES: UploadRules = {
  field: 'file',
  types: DOCUMENT_TYPES,
  maxBytes: DOCUMENT_MAX_BYTES,
  maxFiles: 1,
  text: { invalidFile: DOCUMENT_TEXT.invalidFile, tooLarge: DOCUMENT_TEXT.tooLarge, receipt: DOCUMENT_TEXT.fileRequired, tooManyFiles: DOCUMENT_TEXT.oneFile, empty: DOCUMENT_TEXT.emptyFile },
};

export async function uploadDocument(c: Context<AppEnv>): Promise<DocumentRow> {
  const { deps, actor } = c.var;
  const t = tenant(deps.db, actor);
  const quota = quotaOf(actor);
  // An early answer only (the reservation below is the real check): a declared length that cannot fit.
  const remainingAtStart = quota - (await usedBytes(t));
  const declared = Number(c.req.header('content-length'));
  if (declared > remainingAtStart + FORM_OVERHEAD_BYTES) {
    c.header('connection', 'close');
    throw quotaExceeded(remainingAtStart);
  }

  const { input, uploads } = await readUploadForm<Awaited<ReturnType<typeof resolveTarget>>, SpooledFile>(c, {
    fields: ['customer_id', 'policy_id'],
    rules: RULES,
    check: async (fields) => resolveTarget(t, validate(documentTargetSchema, fields)),
    sink: (name) =>
      diskSink(name, {
        maxBytes: Math.min(DOCUMENT_MAX_BYTES, Math.max(0, remainingAtStart)),
        tooMuch: () => (remainingAtStart < DOCUMENT_MAX_BYTES ? new UploadError('QUOTA_EXCEEDED', quotaExceeded(remainingAtStart).message) : new UploadError('FILE_TOO_LARGE', DOCUMENT_TEXT.tooLarge)),
      }),
  });
  const file = uploads[0];
  try {
    return await storeSpooled(c, file, input);
  } finally {
    discardSpooled(file);
  }
}

async function storeSpooled(c: Context<AppEnv>, file: SpooledFile, target: { customerId: string | null; policyId: string | null; label: string }): Promise<DocumentRow> {
  const { deps, actor } = c.var;
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
        uploadedBy: actor.userId,
      })
      .returning();
    return row;
  });

  try {
    await deps.storage.putFile(storageKey, file.tempPath, file.size, file.contentType);
    return await tenant(deps.db, actor).transaction(async (t) => {
      const [row] = await t.update(documents, { status: 'ready', updatedAt: new Date() }, eq(documents.id, reserved.id)).returning();
      await emit(t, actor, {
        type: 'document.uploaded',
        entityId: row.id,
        summary: `Uploaded document ${name} (${formatStorage(file.size)}) to ${target.label}`,
      });
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
