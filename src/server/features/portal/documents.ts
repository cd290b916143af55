// Documents for the client: the agent shares a customer's or a policy's document (the Documents
// card's toggle); the client lists and opens only the shared, stored, not-trashed documents of their
// own customer record and its policies.
import { and, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import { PORTAL_TEXT, type PortalDocument } from '#shared/portal.ts';
import type { Actor } from '#server/context.ts';
import { documents, policies } from '#server/db/schema.ts';
import { badRequest, notFound } from '#server/errors.ts';
import { tenant, type Connection, type Tenant } from '#server/tenant.ts';
import type { Client } from './session.ts';

export async function setDocumentShared(db: Connection, actor: Actor, id: string, shared: boolean): Promise<{ id: string; shared_with_client: boolean }> {
  return tenant(db, actor).transaction(async (t) => {
    const [doc] = await t.from(documents, eq(documents.id, id), eq(documents.status, 'ready'), isNull(documents.deletedAt)).for('update');
    if (!doc) throw notFound(PORTAL_TEXT.documentNotFound);
    if (!doc.customerId && !doc.policyId) throw badRequest(PORTAL_TEXT.notLinked);
    await t.update(documents, { sharedWithClient: shared, updatedAt: new Date() }, eq(documents.id, doc.id));
    return { id: doc.id, shared_with_client: shared };
  });
}

/** The client's shared documents (and the files they sent): their customer's, or one of their policies'. */
function clientDocumentsConds(t: Tenant, client: Client) {
  const ownPolicies = t.select({ id: policies.id }).from(policies, eq(policies.customerId, client.customerId));
  return [
    or(eq(documents.sharedWithClient, true), eq(documents.fromClient, true)),
    eq(documents.status, 'ready'),
    isNull(documents.deletedAt),
    or(eq(documents.customerId, client.customerId), inArray(documents.policyId, ownPolicies)),
  ];
}

export async function listClientDocuments(db: Connection, client: Client): Promise<PortalDocument[]> {
  const t = tenant(db, client);
  const rows = await t
    .select({ doc: documents, policyNumber: policies.policyNumber })
    .from(documents, ...clientDocumentsConds(t, client))
    .leftJoin(policies, and(eq(policies.agencyId, documents.agencyId), eq(policies.id, documents.policyId)))
    .orderBy(desc(documents.createdAt), desc(documents.id));
  return rows.map(({ doc, policyNumber }) => ({
    id: doc.id,
    name: doc.name,
    content_type: doc.contentType,
    size: doc.size,
    policy_number: policyNumber,
    from_client: doc.fromClient,
    created_at: doc.createdAt.toISOString(),
  }));
}

export async function clientDocument(db: Connection, client: Client, id: string) {
  const t = tenant(db, client);
  const [doc] = await t.from(documents, ...clientDocumentsConds(t, client), eq(documents.id, id));
  if (!doc) throw notFound(PORTAL_TEXT.documentNotFound);
  return doc;
}
