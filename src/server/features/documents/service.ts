// Documents of an agency (issue 13; docs/decisions/023): the list, the quota and the uploaders. The
// document's own writes and its signed link are the entity's (#server/entities/documents.ts), shared
// with /api/v1. Every query goes through the tenant context.
import { and, count, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { TYPE_FILTER_TYPES, type DocumentQuery, type DocumentRow, type DocumentUsage } from '#shared/documents.ts';
import type { Page } from '#shared/policies.ts';
import type { Actor } from '#server/context.ts';
import { customers, documents, policies, signatureRequests, user } from '#server/db/schema.ts';
import { containsPattern } from '#server/db/helpers.ts';
import { sortOrder } from '#server/lists.ts';
import { tenant, type Connection } from '#server/tenant.ts';
import { quotaOf, usedBytes } from '#server/platform/document-upload.ts';
import { toRow } from '#server/entities/documents.ts';

export { quotaExceeded, quotaOf, usedBytes } from '#server/platform/document-upload.ts';
export {
  createDocumentLink,
  findLinkedDocument,
  moveDocument,
  renameDocument,
  resolveTarget,
  restoreDocument,
  trashDocument,
  trashDocumentsOf,
} from '#server/entities/documents.ts';

export async function readUsage(db: Connection, actor: Actor): Promise<DocumentUsage> {
  return { used: await usedBytes(tenant(db, actor)), quota: quotaOf(actor) };
}

function typeCondition(q: DocumentQuery): SQL | undefined {
  if (q.type === 'all') return undefined;
  return inArray(documents.contentType, [...TYPE_FILTER_TYPES[q.type]]);
}

/** The expression of documents_agency_search_trgm_idx (with agency_id): the search reads only the agency's names. */
export function documentSearch(search: string): SQL {
  return sql`lower(${documents.name}) like ${containsPattern(search)}`;
}

export async function listDocuments(db: Connection, actor: Actor, q: DocumentQuery): Promise<Page<DocumentRow>> {
  const t = tenant(db, actor);
  const conds = [
    eq(documents.status, 'ready'),
    q.view === 'trash' ? isNotNull(documents.deletedAt) : isNull(documents.deletedAt),
    typeCondition(q),
    q.customer_id ? eq(documents.customerId, q.customer_id) : undefined,
    q.policy_id ? eq(documents.policyId, q.policy_id) : undefined,
    q.uploaded_by ? eq(documents.uploadedBy, q.uploaded_by) : undefined,
    q.search ? documentSearch(q.search) : undefined,
  ];
  const order = sortOrder(
    q.sort,
    { created_at: [documents.createdAt], size: [documents.size], name: [sql`lower(${documents.name})`], deleted_at: [documents.deletedAt] },
    documents.id,
  );
  const [rows, [total]] = await Promise.all([
    t
      .select({
        doc: documents,
        customerName: customers.name,
        policyNumber: policies.policyNumber,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        // a signed copy belongs to the signer's customer: signature_requests_customer_idx finds it
        signedCopy: sql<boolean>`exists (select 1 from ${signatureRequests} where ${signatureRequests.agencyId} = ${documents.agencyId} and ${signatureRequests.customerId} = ${documents.customerId} and ${signatureRequests.signedDocumentId} = ${documents.id})`,
      })
      .from(documents, ...conds)
      .leftJoin(customers, and(eq(customers.agencyId, documents.agencyId), eq(customers.id, documents.customerId)))
      .leftJoin(policies, and(eq(policies.agencyId, documents.agencyId), eq(policies.id, documents.policyId)))
      .leftJoin(user, eq(user.id, documents.uploadedBy))
      .orderBy(...order)
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    t.select({ n: count() }).from(documents, ...conds),
  ]);
  return {
    rows: rows.map(({ doc, customerName, policyNumber, firstName, lastName, email, signedCopy }) => ({
      ...toRow(doc),
      signed_copy: signedCopy,
      customer_name: customerName,
      policy_number: policyNumber,
      uploaded_by_name: doc.uploadedBy ? `${firstName ?? ''} ${lastName ?? ''}`.trim() || email || null : null,
    })),
    total: Number(total?.n ?? 0),
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** The uploader filter's choices: the agency's members who have uploaded. */
export async function listUploaders(db: Connection, actor: Actor): Promise<{ id: string; name: string }[]> {
  const rows = await tenant(db, actor)
    .selectDistinct({ id: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email })
    .from(documents)
    .innerJoin(user, eq(user.id, documents.uploadedBy));
  return rows.map((r) => ({ id: r.id, name: `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim() || r.email }));
}
