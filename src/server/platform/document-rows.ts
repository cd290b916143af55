// A stored document as /api/v1 answers it (its list, the change feed, the webhooks' data): one reader
// for the documents entity, the upload pipeline and the API, so the three never disagree on its shape.
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { ApiDocument } from '#shared/documents.ts';
import { customers, documents, policies } from '#server/db/schema.ts';
import type { Tenant } from '#server/tenant.ts';

type DocumentRecord = typeof documents.$inferSelect;

/** The agency's stored documents not in the Trash, with their customer's name and policy's number, as /api/v1 lists them. */
export function apiDocumentSelect(t: Tenant, cursorAt: SQL<string>, ...conds: (SQL | undefined)[]) {
  return t
    .select({ doc: documents, customerName: customers.name, policyNumber: policies.policyNumber, cursorAt })
    .from(documents, eq(documents.status, 'ready'), isNull(documents.deletedAt), ...conds)
    .leftJoin(customers, and(eq(customers.agencyId, documents.agencyId), eq(customers.id, documents.customerId)))
    .leftJoin(policies, and(eq(policies.agencyId, documents.agencyId), eq(policies.id, documents.policyId)));
}

export function toApiDocument({ doc, customerName, policyNumber }: { doc: DocumentRecord; customerName: string | null; policyNumber: string | null }): ApiDocument {
  return {
    id: doc.id,
    name: doc.name,
    content_type: doc.contentType,
    size: doc.size,
    customer_id: doc.customerId,
    customer_name: customerName,
    policy_id: doc.policyId,
    policy_number: policyNumber,
    uploaded_by: doc.uploadedBy,
    shared_with_client: doc.sharedWithClient,
    from_client: doc.fromClient,
    created_at: doc.createdAt.toISOString(),
    updated_at: doc.updatedAt.toISOString(),
  };
}

/** The documents of these ids as /api/v1 answers them (those in the Trash or gone are absent). */
export async function apiDocumentsByIds(t: Tenant, ids: string[]): Promise<ApiDocument[]> {
  if (!ids.length) return [];
  return (await apiDocumentSelect(t, sql<string>`''`, inArray(documents.id, ids))).map(toApiDocument);
}

/** The event's data: the document as /api/v1 answers it, read when a subscriber needs it (now, for a delete). */
export const documentData = (t: Tenant, id: string) => async () => (await apiDocumentsByIds(t, [id]))[0];
