// A stored document of an agency (issue 13; docs/decisions/023) as the Documents card and /api/v1 both
// write and read it: its target, rename, move, Trash and restore, and the signed link. Every change
// moves updated_at and emits one event, which the activity log, the change feed and webhooks hear.
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { DOCUMENT_TEXT, PREVIEWABLE, TRASH_DAYS, documentTargetSchema, type DocumentRow, type DocumentTarget } from '#shared/documents.ts';
import { FILE_LINK_TTL_SECONDS, type FileLink } from '#shared/files.ts';
import type { Actor, Deps } from '#server/context.ts';
import { customers, documents, policies } from '#server/db/schema.ts';
import { idOr404 } from '#server/db/helpers.ts';
import { AppError, badRequest, notFound } from '#server/errors.ts';
import { signDocumentLink, type LinkDisposition } from '#server/files.ts';
import { validate } from '#server/http.ts';
import { tenant, type Connection, type Tenant } from '#server/tenant.ts';
import type { Uploader } from '#server/platform/document-upload.ts';
import { emit, type EventSource } from '#server/platform/events.ts';
import { apiDocumentSelect, apiDocumentsByIds, documentData, toApiDocument } from '#server/platform/document-rows.ts';

export type DocumentRecord = typeof documents.$inferSelect;
const DAY_MS = 24 * 3600 * 1000;


/**
 * The customer and policy a document belongs to, both of the caller's agency (another agency's id is
 * a 404). A policy alone brings its customer along, so the customer's card lists it too.
 */
export async function resolveTarget(t: Tenant, target: DocumentTarget): Promise<{ customerId: string | null; policyId: string | null; label: string }> {
  let customerId = target.customer_id;
  let label = '';
  if (target.policy_id) {
    const [policy] = await t
      .select({ customerId: policies.customerId, number: policies.policyNumber })
      .from(policies, eq(policies.id, target.policy_id));
    if (!policy) throw notFound(DOCUMENT_TEXT.policyNotFound);
    customerId ??= policy.customerId;
    label = `policy ${policy.number}`;
  }
  if (target.customer_id) {
    const [customer] = await t.select({ name: customers.name }).from(customers, eq(customers.id, target.customer_id));
    if (!customer) throw notFound(DOCUMENT_TEXT.customerNotFound);
    label ||= `customer ${customer.name}`;
  }
  return { customerId, policyId: target.policy_id, label };
}

/** The document as the app's pages list it: /api/v1's fields (names read by the list, not here) and its Trash dates. */
export function toRow(doc: DocumentRecord): DocumentRow {
  return {
    ...toApiDocument({ doc, customerName: null, policyNumber: null }),
    uploaded_by_name: null,
    deleted_at: doc.deletedAt?.toISOString() ?? null,
    purge_at: doc.deletedAt ? new Date(doc.deletedAt.getTime() + TRASH_DAYS * DAY_MS).toISOString() : null,
  };
}

/** A stored document of the caller's agency, in the Trash or not as asked; anything else is a 404. */
async function findDocument(t: Tenant, rawId: string, where: 'active' | 'trash' | 'any' = 'active'): Promise<DocumentRecord> {
  const id = idOr404(rawId, DOCUMENT_TEXT.notFound);
  const [doc] = await t
    .from(
      documents,
      eq(documents.id, id),
      eq(documents.status, 'ready'),
      where === 'active' ? isNull(documents.deletedAt) : where === 'trash' ? isNotNull(documents.deletedAt) : undefined,
    )
    .for('update');
  if (!doc) throw notFound(DOCUMENT_TEXT.notFound);
  return doc;
}

export async function renameDocument(db: Connection, actor: Actor, id: string, name: string): Promise<DocumentRow> {
  return tenant(db, actor).transaction(async (t) => {
    const doc = await findDocument(t, id);
    const [row] = await t.update(documents, { name, updatedAt: new Date() }, eq(documents.id, doc.id)).returning();
    await emit(t, actor, { type: 'document.updated', change: 'renamed', data: documentData(t, doc.id), entityId: doc.id, summary: `Renamed document ${doc.name} to ${name}` });
    return toRow(row);
  });
}

export async function moveDocument(db: Connection, actor: Actor, id: string, target: DocumentTarget): Promise<DocumentRow> {
  return tenant(db, actor).transaction(async (t) => {
    const doc = await findDocument(t, id);
    const to = await resolveTarget(t, target);
    const [row] = await t.update(documents, { customerId: to.customerId, policyId: to.policyId, updatedAt: new Date() }, eq(documents.id, doc.id)).returning();
    await emit(t, actor, { type: 'document.updated', change: 'moved', data: documentData(t, doc.id), entityId: doc.id, summary: `Moved document ${doc.name} to ${to.label}` });
    return toRow(row);
  });
}

export async function trashDocument(db: Connection, actor: Actor, id: string): Promise<void> {
  await tenant(db, actor).transaction(async (t) => {
    const doc = await findDocument(t, id);
    const now = new Date();
    const [was] = await apiDocumentsByIds(t, [doc.id]);
    // updated_at too: the Trash is a change a poller with updated_since and the feed must see
    await t.update(documents, { deletedAt: now, deletedBy: actor.userId, updatedAt: now }, eq(documents.id, doc.id));
    await emit(t, actor, { type: 'document.deleted', data: was, entityId: doc.id, summary: `Moved document ${doc.name} to the Trash` });
  });
}

export async function restoreDocument(db: Connection, actor: Actor, id: string, now = new Date()): Promise<DocumentRow> {
  return tenant(db, actor).transaction(async (t) => {
    const doc = await findDocument(t, id, 'trash');
    if (doc.deletedAt!.getTime() + TRASH_DAYS * DAY_MS <= now.getTime()) throw new AppError(410, 'TRASH_EXPIRED', DOCUMENT_TEXT.trashExpired);
    const [row] = await t.update(documents, { deletedAt: null, deletedBy: null, updatedAt: now }, eq(documents.id, doc.id)).returning();
    await emit(t, actor, { type: 'document.updated', change: 'restored', data: documentData(t, doc.id), entityId: doc.id, summary: `Restored document ${doc.name} from the Trash` });
    return toRow(row);
  });
}

/**
 * Called inside the transaction that removes a customer or a policy: its documents go to the Trash
 * (restorable for 30 days, then purged with their bytes) instead of being left without an owner.
 */
export async function trashDocumentsOf(t: Tenant, actor: EventSource, of: { customerId: string } | { policyId: string }): Promise<void> {
  // a customer's documents that belong to one of its policies stay with the policy (policies outlive their customer)
  const cond = 'customerId' in of ? and(eq(documents.customerId, of.customerId), isNull(documents.policyId)) : eq(documents.policyId, of.policyId);
  const now = new Date();
  const was = await apiDocumentSelect(t, sql<string>`''`, cond);
  const trashed = await t.update(documents, { deletedAt: now, deletedBy: actor.userId, updatedAt: now }, cond, isNull(documents.deletedAt)).returning({ id: documents.id });
  // one event per document (no activity line: the customer's or policy's delete is the line)
  for (const { id } of trashed) await emit(t, actor, { type: 'document.deleted', data: toApiDocument(was.find((w) => w.doc.id === id)!), entityId: id });
  // a customer's documents that stay with one of its policies lose the customer: a change of each (not the foreign key's silent SET NULL)
  if ('customerId' in of) {
    const unlinked = await t.update(documents, { customerId: null, updatedAt: now }, eq(documents.customerId, of.customerId), isNotNull(documents.policyId)).returning({ id: documents.id, deletedAt: documents.deletedAt });
    for (const d of unlinked) if (!d.deletedAt) await emit(t, actor, { type: 'document.updated', change: 'moved', data: documentData(t, d.id), entityId: d.id });
  }
}

/** Documents (not in the Trash) that show a renamed customer's name: updated_at moves, one document.updated each (no log line). */
export async function touchCustomerDocuments(t: Tenant, actor: EventSource, customerIds: string[]): Promise<void> {
  if (!customerIds.length) return;
  const changed = await t.update(documents, { updatedAt: new Date() }, inArray(documents.customerId, customerIds), isNull(documents.deletedAt)).returning({ id: documents.id });
  for (const { id } of changed) await emit(t, actor, { type: 'document.updated', change: 'customer_renamed', data: documentData(t, id), entityId: id });
}

/** Documents (not in the Trash) that show a renumbered policy's number: updated_at moves, one document.updated each (no log line). */
export async function touchPolicyDocuments(t: Tenant, actor: EventSource, policyId: string): Promise<void> {
  const changed = await t.update(documents, { updatedAt: new Date() }, eq(documents.policyId, policyId), isNull(documents.deletedAt)).returning({ id: documents.id });
  for (const { id } of changed) await emit(t, actor, { type: 'document.updated', change: 'policy_renumbered', data: documentData(t, id), entityId: id });
}

/**
 * An account is being deleted (author.deleting): the documents it uploaded stay, uploaded by no one
 * (uploaded_by null) — a change of each one not in the Trash, one document.updated (decision 083).
 */
export async function uploaderGone(t: Tenant, actor: EventSource, userId: string): Promise<void> {
  const changed = await t.update(documents, { uploadedBy: null, updatedAt: new Date() }, eq(documents.uploadedBy, userId)).returning({ id: documents.id, deletedAt: documents.deletedAt });
  for (const { id } of changed.filter((d) => !d.deletedAt)) await emit(t, actor, { type: 'document.updated', change: 'uploader_deleted', data: documentData(t, id), entityId: id });
}

/** Documents an undo took back out of the Trash (a bulk delete's): a change of each, one document.updated (the undo is the activity line). */
export async function documentsRestored(t: Tenant, actor: EventSource, ids: string[]): Promise<void> {
  for (const id of ids) await emit(t, actor, { type: 'document.updated', change: 'restored', data: documentData(t, id), entityId: id });
}

/**
 * A signed link valid 300 s (decision 010's scheme), for preview (inline: images and PDFs only) or
 * download: the app's own link, checked again when it is opened (on S3 it then redirects to a
 * presigned GET minted for that one request).
 * Each link handed out is in the activity log.
 */
export async function createDocumentLink(deps: Deps, actor: Actor, id: string, disposition: LinkDisposition, now = Date.now()): Promise<FileLink> {
  const doc = await tenant(deps.db, actor).transaction(async (t) => {
    const found = await findDocument(t, id);
    if (disposition === 'inline' && !PREVIEWABLE.includes(found.contentType)) throw badRequest('This file type cannot be previewed; download it instead.', undefined, 'NO_PREVIEW');
    const verb = disposition === 'inline' ? 'Previewed' : 'Downloaded';
    await emit(t, actor, { type: disposition === 'inline' ? 'document.viewed' : 'document.downloaded', entityId: found.id, summary: `${verb} document ${found.name}` });
    return found;
  });
  const expires = Math.floor(now / 1000) + FILE_LINK_TTL_SECONDS;
  const expiresAt = new Date(expires * 1000).toISOString();
  // Always the app's own link, on S3 too: a presigned URL handed out here would keep working for
  // 300 s after the member is removed; the app's link asks again who the caller is (issue 26 §2).
  return { url: signDocumentLink(deps.config.authSecret, doc.id, actor.userId, actor.agency.id, expires, disposition), expiresAt };
}

/** The document behind a verified link, asked again with the caller as they are now. */
export async function findLinkedDocument(db: Connection, actor: Actor, id: string): Promise<DocumentRecord> {
  const [doc] = await tenant(db, actor).from(documents, eq(documents.id, idOr404(id, DOCUMENT_TEXT.notFound)), eq(documents.status, 'ready'), isNull(documents.deletedAt));
  if (!doc) throw notFound(DOCUMENT_TEXT.notFound);
  return doc;
}


/**
 * An agency member's upload into a customer or a policy of their agency (the Documents card and
 * /api/v1, through the one pipeline of #server/platform/document-upload.ts).
 */
export const memberUploader = (actor: Actor): Uploader => ({
  owner: actor,
  by: actor,
  fromClient: false,
  fields: ['customer_id', 'policy_id'],
  target: (t, fields) => resolveTarget(t, validate(documentTargetSchema, fields)),
  summary: (name, size, label) => `Uploaded document ${name} (${size}) to ${label}`,
});
