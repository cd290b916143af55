// Signatures' routes (issue 32): the agent's on documents and customers (an agency session with the
// portal's plan), the client's under /api/portal (a client session).
import type { Context, Hono } from 'hono';
import { CUSTOMER_TEXT } from '#shared/customers.ts';
import { PORTAL_TEXT } from '#shared/portal.ts';
import { declineSchema, requestSignatureSchema, SIGNATURE_TEXT, signSchema } from '#shared/portal-messages.ts';
import { type AppEnv, requireFeature } from '#server/context.ts';
import { notFound } from '#server/errors.ts';
import { clientAddress, idParam, readJson } from '#server/http.ts';
import { contentDisposition } from '#server/storage.ts';
import { tenant } from '#server/tenant.ts';
import { agentSignatures, clientRequest, clientSignatures, declineRequest, remindSignature, requestSignature, signRequest } from './signatures.ts';
import { clientOf, type PortalEnv } from './session.ts';

const asApp = (c: Context<PortalEnv>) => c as unknown as Context<AppEnv>;

export function agentSignatureRoutes(r: Hono<AppEnv>) {
  r.use('/documents/:id/signature', requireFeature('client-portal'));
  r.post('/documents/:id/signature', async (c) => {
    const { message } = await readJson(c, requestSignatureSchema);
    return c.json({ request: await requestSignature(c.var.deps, c.var.actor, idParam(c, 'id', PORTAL_TEXT.documentNotFound), message), message: SIGNATURE_TEXT.requested }, 201);
  });
  r.use('/signature-requests/:id/remind', requireFeature('client-portal'));
  r.post('/signature-requests/:id/remind', async (c) =>
    c.json({ request: await remindSignature(c.var.deps, c.var.actor, idParam(c, 'id', SIGNATURE_TEXT.notFound)), message: SIGNATURE_TEXT.reminded }),
  );
  r.use('/customers/:id/signatures', requireFeature('client-portal'));
  r.get('/customers/:id/signatures', async (c) => c.json({ requests: await agentSignatures(c.var.deps.db, c.var.actor, idParam(c, 'id', CUSTOMER_TEXT.notFound)) }));
}

export function clientSignatureRoutes(p: Hono<PortalEnv>) {
  p.get('/signatures', async (c) => c.json({ requests: await clientSignatures(c.var.deps.db, clientOf(c)) }));

  // the document to read before signing: the original, whatever its sharing
  p.get('/signatures/:id/document', async (c) => {
    const client = clientOf(c);
    const { doc } = await clientRequest(tenant(c.var.deps.db, client), client, idParam(asApp(c), 'id', SIGNATURE_TEXT.notFound));
    const body = await c.var.deps.storage.get(doc.storageKey);
    if (!body) throw notFound(SIGNATURE_TEXT.notFound);
    return new Response(body, {
      headers: {
        'content-type': 'application/pdf',
        'content-length': String(doc.size),
        'content-disposition': contentDisposition(doc.name, c.req.query('download') === '1' ? 'attachment' : 'inline'),
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
      },
    });
  });

  p.post('/signatures/:id/sign', async (c) => {
    const client = clientOf(c);
    const id = idParam(asApp(c), 'id', SIGNATURE_TEXT.notFound);
    const input = await readJson(asApp(c), signSchema);
    const request = await signRequest(c.var.deps, client, id, input, SIGNATURE_TEXT.consent, {
      ip: clientAddress(asApp(c)),
      userAgent: c.req.header('user-agent')?.slice(0, 300) ?? null,
    });
    return c.json({ request, message: SIGNATURE_TEXT.signed });
  });

  p.post('/signatures/:id/decline', async (c) => {
    const client = clientOf(c);
    const id = idParam(asApp(c), 'id', SIGNATURE_TEXT.notFound);
    const { reason } = await readJson(asApp(c), declineSchema);
    return c.json({ request: await declineRequest(c.var.deps.db, client, id, reason), message: SIGNATURE_TEXT.declined });
  });
}
