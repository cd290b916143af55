// Signatures (issue 32): the agent sends a customer's PDF for signature; the client reads it in the
// portal and signs (typed or drawn, with consent) or declines. Signing stores a new document (the
// original's pages, a signature page and a certificate page) linked to the request; the original is
// never changed. Pending requests expire after 30 days (signatures.expire, the jobs module); a
// reminder e-mail goes out through the jobs module too (signatures.mail), by the agent's "Send a reminder" or
// automatically 3 and 7 days after sending (signature-reminders.ts).
import { and, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { displayName } from '#shared/documents.ts';
import { PORTAL_TEXT } from '#shared/portal.ts';
import { SIGNATURE_EXPIRY_DAYS, SIGNATURE_TEXT, type SignatureRequest, type SignatureState } from '#shared/portal-messages.ts';
import type { Actor, Deps } from '#server/context.ts';
import { customers, documents, portalAccess, signatureRequests, user } from '#server/db/schema.ts';
import { badRequest, conflict, notFound } from '#server/errors.ts';
import { sanitizeFileName } from '#server/files.ts';
import { renderMail } from '#server/mail.ts';
import { mailBrandForAgency } from '#server/platform/brand.ts';
import { now } from '#server/platform/clock.ts';
import { emit } from '#server/platform/events.ts';
import { documentData } from '#server/platform/document-rows.ts';
import { drawnPng, signPdf, UnreadableDrawing, UnreadablePdf } from '#server/platform/pdf-sign.ts';
import { defineJob } from '#server/jobs/queue.ts';
import { kickInBackground } from '#server/jobs/runner.ts';
import { crossAgency, tenant, type Connection, type Tenant } from '#server/tenant.ts';
import type { Client } from './session.ts';

const DAY_MS = 86_400_000;
type Row = typeof signatureRequests.$inferSelect;

async function listOf(t: Tenant, customerId: string, id?: string): Promise<SignatureRequest[]> {
  const rows = await t
    .select({ r: signatureRequests, name: documents.name, firstName: user.firstName, lastName: user.lastName })
    .from(signatureRequests, eq(signatureRequests.customerId, customerId), ...(id ? [eq(signatureRequests.id, id)] : []))
    .innerJoin(documents, and(eq(documents.agencyId, signatureRequests.agencyId), eq(documents.id, signatureRequests.documentId)))
    .leftJoin(user, eq(user.id, signatureRequests.requestedBy))
    .orderBy(desc(signatureRequests.createdAt), desc(signatureRequests.id));
  return rows.map(({ r, name, firstName, lastName }) => ({
    id: r.id,
    document_id: r.documentId,
    document_name: name,
    state: r.state as SignatureState,
    message: r.message,
    requested_by_name: `${firstName ?? ''} ${lastName ?? ''}`.trim() || null,
    created_at: r.createdAt.toISOString(),
    expires_at: r.expiresAt.toISOString(),
    reminded_at: r.remindedAt?.toISOString() ?? null,
    signed_at: r.signedAt?.toISOString() ?? null,
    signer_name: r.signerName,
    signed_document_id: r.signedDocumentId,
    decline_reason: r.declineReason,
    original_sha256: r.originalSha256,
    signed_sha256: r.signedSha256,
  }));
}

/** The e-mail that asks (or reminds) the client to sign: the document's name, never its content. */
async function mailSigner(deps: Deps, agencyId: string, agencyName: string, to: string, customerName: string, documentName: string, reminder: boolean) {
  const brand = await mailBrandForAgency(deps, agencyId);
  const name = brand?.name ?? agencyName;
  await deps.mailer.send(
    renderMail({
      to,
      subject: `${reminder ? 'Reminder: ' : ''}${name} asks you to sign a document`,
      greeting: `Hello ${customerName},`,
      paragraphs: [`${name} has sent you "${documentName}" to sign. Sign in to the client portal to read and sign it. The request expires ${SIGNATURE_EXPIRY_DAYS} days after it was sent.`],
      action: { label: 'Read and sign', url: `${deps.config.appUrl}/portal` },
      footer: `You received this e-mail because ${name} invited this address to its client portal.`,
      brand: brand ?? { name, color: '#1d4ed8', logoUrl: null, replyTo: null },
    }),
  );
}

/** The request's e-mail, sent after the commit by the job queue (retried if the mailer fails). */
export const signatureMailJob = defineJob<{ agencyId: string; requestId: string; reminder: boolean }>({
  name: 'signatures.mail',
  maxAttempts: 5,
  run: async (deps, { payload }) => {
    const [row] = await crossAgency(deps.db, 'a job names its agency in its payload')
      .select({ state: signatureRequests.state, email: customers.email, customerName: customers.name, documentName: documents.name, agencyName: sql<string>`(select name from agencies where id = ${payload.agencyId})` })
      .from(signatureRequests)
      .innerJoin(customers, and(eq(customers.agencyId, signatureRequests.agencyId), eq(customers.id, signatureRequests.customerId)))
      .innerJoin(documents, and(eq(documents.agencyId, signatureRequests.agencyId), eq(documents.id, signatureRequests.documentId)))
      // still invited at send time: access revoked after the enqueue means no e-mail
      .innerJoin(portalAccess, and(eq(portalAccess.agencyId, customers.agencyId), eq(portalAccess.customerId, customers.id), eq(portalAccess.email, customers.email)))
      .where(and(eq(signatureRequests.agencyId, payload.agencyId), eq(signatureRequests.id, payload.requestId)));
    if (!row || row.state !== 'pending') return;
    await mailSigner(deps, payload.agencyId, row.agencyName, row.email, row.customerName, row.documentName, payload.reminder);
  },
});

/** Pending requests past their 30 days become expired, each with its activity line. */
export async function expireSignatures(db: Connection, at: Date): Promise<number> {
  const expired = await crossAgency(db, 'the expiry job runs over every agency')
    .update(signatureRequests)
    .set({ state: 'expired', updatedAt: at })
    .where(and(eq(signatureRequests.state, 'pending'), lte(signatureRequests.expiresAt, at)))
    .returning({ id: signatureRequests.id, agencyId: signatureRequests.agencyId, documentId: signatureRequests.documentId });
  for (const r of expired)
    await emit(tenant(db, { agency: { id: r.agencyId } }), { userId: null }, { type: 'signature.expired', entityId: r.documentId, summary: `A signature request expired after ${SIGNATURE_EXPIRY_DAYS} days unsigned` });
  return expired.length;
}

export const signatureExpiryJob = defineJob<Record<string, never>>({ name: 'signatures.expire', run: async (deps, ctx) => void (await expireSignatures(deps.db, ctx.now)) });

// ---- the agent's side

export async function requestSignature(deps: Deps, actor: Actor, documentId: string, message: string): Promise<SignatureRequest> {
  const { request, jobId } = await tenant(deps.db, actor).transaction(async (t) => {
    const [doc] = await t.from(documents, eq(documents.id, documentId), eq(documents.status, 'ready'), isNull(documents.deletedAt)).for('update');
    if (!doc) throw notFound(PORTAL_TEXT.documentNotFound);
    if (doc.contentType !== 'application/pdf') throw badRequest(SIGNATURE_TEXT.notPdf);
    if (!doc.customerId) throw badRequest(SIGNATURE_TEXT.notInvited);
    const [copyOf] = await t.select({ id: signatureRequests.id }).from(signatureRequests, eq(signatureRequests.customerId, doc.customerId), eq(signatureRequests.signedDocumentId, doc.id));
    if (copyOf) throw conflict(SIGNATURE_TEXT.signedCopy, 'SIGNED_COPY');
    const [access] = await t
      .select({ id: portalAccess.id })
      .from(portalAccess, eq(portalAccess.customerId, doc.customerId))
      .innerJoin(customers, and(eq(customers.agencyId, portalAccess.agencyId), eq(customers.id, portalAccess.customerId), eq(customers.email, portalAccess.email)));
    if (!access) throw badRequest(SIGNATURE_TEXT.notInvited);
    const [open] = await t.select({ id: signatureRequests.id }).from(signatureRequests, eq(signatureRequests.documentId, doc.id), eq(signatureRequests.state, 'pending'));
    if (open) throw conflict(SIGNATURE_TEXT.alreadyPending, 'ALREADY_PENDING');
    const [row] = await t
      .insert(signatureRequests, { customerId: doc.customerId, documentId: doc.id, message: message || null, requestedBy: actor.userId, expiresAt: new Date(now().getTime() + SIGNATURE_EXPIRY_DAYS * DAY_MS) })
      .returning();
    const job = await signatureMailJob.enqueue(t, { agencyId: actor.agency.id, requestId: row.id, reminder: false }, { agencyId: actor.agency.id });
    await emit(t, actor, { type: 'signature.requested', entityId: doc.id, summary: `Sent ${doc.name} to the client for signature` });
    return { request: (await listOf(t, doc.customerId, row.id))[0], jobId: job };
  });
  // committed: the e-mail now, not at the queue's next turn
  kickInBackground(deps, jobId);
  return request;
}

export async function remindSignature(deps: Deps, actor: Actor, requestId: string): Promise<SignatureRequest> {
  const { request, jobId } = await tenant(deps.db, actor).transaction(async (t) => {
    const [row] = await t.from(signatureRequests, eq(signatureRequests.id, requestId)).for('update');
    if (!row) throw notFound(SIGNATURE_TEXT.notFound);
    if (row.state !== 'pending' || row.expiresAt <= now()) throw conflict(SIGNATURE_TEXT.notPending, 'NOT_PENDING');
    if (row.remindedAt && now().getTime() - row.remindedAt.getTime() < DAY_MS) throw conflict(SIGNATURE_TEXT.remindTooSoon, 'TOO_SOON');
    await t.update(signatureRequests, { remindedAt: now(), updatedAt: now() }, eq(signatureRequests.id, row.id));
    const job = await signatureMailJob.enqueue(t, { agencyId: actor.agency.id, requestId: row.id, reminder: true }, { agencyId: actor.agency.id });
    await emit(t, actor, { type: 'signature.reminded', entityId: row.documentId, summary: 'Sent a reminder to sign' });
    return { request: (await listOf(t, row.customerId, row.id))[0], jobId: job };
  });
  kickInBackground(deps, jobId);
  return request;
}

export async function agentSignatures(db: Connection, actor: Actor, customerId: string): Promise<SignatureRequest[]> {
  const t = tenant(db, actor);
  const [customer] = await t.select({ id: customers.id }).from(customers, eq(customers.id, customerId));
  if (!customer) throw notFound('Customer not found.');
  return listOf(t, customer.id);
}

// ---- the client's side

export const clientSignatures = (db: Connection, client: Client) => listOf(tenant(db, client), client.customerId);

/**
 * The client's request with its original document; another client's (or agency's) is a 404, and so
 * is one whose document the agent has since put in the trash or moved to another customer (the
 * request names the customer it was sent to; the document must still be theirs to read or sign).
 */
export async function clientRequest(t: Tenant, client: Client, requestId: string) {
  const [found] = await t
    .select({ r: signatureRequests, doc: documents })
    .from(signatureRequests, eq(signatureRequests.id, requestId), eq(signatureRequests.customerId, client.customerId))
    .innerJoin(
      documents,
      and(
        eq(documents.agencyId, signatureRequests.agencyId),
        eq(documents.id, signatureRequests.documentId),
        eq(documents.customerId, client.customerId),
        isNull(documents.deletedAt),
      ),
    );
  if (!found) throw notFound(SIGNATURE_TEXT.notFound);
  return found;
}

const isOpen = (r: Row) => r.state === 'pending' && r.expiresAt > now();

async function readAll(deps: Deps, key: string): Promise<Uint8Array> {
  const stream = await deps.storage.get(key);
  if (!stream) throw notFound(SIGNATURE_TEXT.notFound);
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

export interface SignerContext {
  ip: string | null;
  userAgent: string | null;
}

export async function signRequest(
  deps: Deps,
  client: Client,
  requestId: string,
  input: { full_name: string; kind: 'typed' | 'drawn'; typed: string; drawing: string },
  consent: string,
  who: SignerContext,
): Promise<SignatureRequest> {
  const t = tenant(deps.db, client);
  const { r, doc } = await clientRequest(t, client, requestId);
  if (!isOpen(r)) throw conflict(SIGNATURE_TEXT.notPending, 'NOT_PENDING');
  let drawing: Uint8Array | null = null;
  if (input.kind === 'drawn') {
    try {
      // the schema let only a PNG data URL through; its bytes and size are checked before any decoding
      drawing = drawnPng(Buffer.from(input.drawing.slice(input.drawing.indexOf(',') + 1), 'base64'));
    } catch {
      throw badRequest(SIGNATURE_TEXT.drawingInvalid, { drawing: SIGNATURE_TEXT.drawingInvalid });
    }
  }
  const original = await readAll(deps, doc.storageKey);
  const signedAt = now();
  let signed;
  try {
    signed = await signPdf(original, {
      documentName: doc.name,
      agencyName: client.agency.name,
      signer: { name: input.full_name, email: client.email },
      signature: drawing ? { kind: 'drawn', png: drawing } : { kind: 'typed', text: input.typed },
      consent,
      signedAt,
      ip: who.ip,
      userAgent: who.userAgent,
      requestId: r.id,
      requestedAt: r.createdAt,
    });
  } catch (err) {
    if (err instanceof UnreadablePdf) throw badRequest(SIGNATURE_TEXT.unreadablePdf, undefined, 'UNREADABLE_PDF');
    // a drawing whose header passed but whose pixels pdf-lib cannot decode
    if (err instanceof UnreadableDrawing) throw badRequest(SIGNATURE_TEXT.drawingInvalid, { drawing: SIGNATURE_TEXT.drawingInvalid });
    throw err;
  }
  const base = doc.name.replace(/\.pdf$/i, '');
  const name = displayName(`${base} (signed).pdf`);
  const storageName = sanitizeFileName(name, 'application/pdf');
  const storageKey = `documents/${client.agency.id}/${crypto.randomUUID()}-${storageName}`;
  await deps.storage.put(storageKey, signed.bytes, 'application/pdf');
  try {
    return await t.transaction(async (tx) => {
      const [copy] = await tx
        .insert(documents, {
          customerId: doc.customerId,
          policyId: doc.policyId,
          name,
          storageName,
          storageKey,
          contentType: 'application/pdf',
          size: signed.bytes.length,
          status: 'ready',
          uploadedBy: null,
          // the client keeps their signed copy in "Documents for me"
          sharedWithClient: true,
        })
        .returning({ id: documents.id });
      const [done] = await tx
        .update(
          signatureRequests,
          {
            state: 'signed',
            signedDocumentId: copy.id,
            signerName: input.full_name,
            signatureKind: input.kind,
            signedAt,
            signerIp: who.ip,
            signerUserAgent: who.userAgent,
            originalSha256: signed.originalSha256,
            signedSha256: signed.signedSha256,
            updatedAt: signedAt,
          },
          eq(signatureRequests.id, r.id),
          eq(signatureRequests.state, 'pending'),
          // expired while the copy was being made: too late
          gt(signatureRequests.expiresAt, signedAt),
        )
        .returning({ id: signatureRequests.id });
      // signed twice at once: the first one wins, the other's copy goes
      if (!done) throw conflict(SIGNATURE_TEXT.notPending, 'NOT_PENDING');
      // the client, of no account: the agency's plan decides whether its webhooks hear of it
      const by = { userId: null, agency: { tier: client.agency.tier } };
      await emit(tx, by, {
        type: 'signature.signed',
        entityId: doc.id,
        requestedBy: r.requestedBy,
        customerId: client.customerId,
        documentName: doc.name,
        requestId: r.id,
        summary: `${input.full_name} signed ${doc.name} in the client portal: original SHA-256 ${signed.originalSha256}, signed SHA-256 ${signed.signedSha256}`,
      });
      await emit(tx, by, { type: 'document.created', data: documentData(tx, copy.id), entityId: copy.id, summary: `Stored the signed copy ${name} of ${doc.name}` });
      return (await listOf(tx, client.customerId, r.id))[0];
    });
  } catch (err) {
    await deps.storage.delete(storageKey).catch(() => undefined);
    throw err;
  }
}

export async function declineRequest(db: Connection, client: Client, requestId: string, reason: string): Promise<SignatureRequest> {
  return tenant(db, client).transaction(async (t) => {
    const { r, doc } = await clientRequest(t, client, requestId);
    if (!isOpen(r)) throw conflict(SIGNATURE_TEXT.notPending, 'NOT_PENDING');
    await t.update(signatureRequests, { state: 'declined', declineReason: reason || null, updatedAt: now() }, eq(signatureRequests.id, r.id), eq(signatureRequests.state, 'pending'));
    await emit(t, { userId: null }, {
      type: 'signature.declined',
      entityId: doc.id,
      requestedBy: r.requestedBy,
      customerId: client.customerId,
      documentName: doc.name,
      requestId: r.id,
      summary: `${client.customerName} declined to sign ${doc.name}${reason ? `: ${reason}` : ''}`,
    });
    return (await listOf(t, client.customerId, r.id))[0];
  });
}
