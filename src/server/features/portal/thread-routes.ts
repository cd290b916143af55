// The portal's messages and client uploads (issue 32): the client's routes under /api/portal (a client
// session), and the agent's on the customer (an agency session with the portal's plan).
import type { Context, Hono } from 'hono';
import { CUSTOMER_TEXT } from '#shared/customers.ts';
import { PORTAL_TEXT } from '#shared/portal.ts';
import { MESSAGE_TEXT, portalMessageSchema, UPLOAD_TEXT } from '#shared/portal-messages.ts';
import { type AppEnv, requireFeature } from '#server/context.ts';
import { idField } from '#shared/validation.ts';
import { idParam, readJson, validate } from '#server/http.ts';
import { uploadDocument } from '#server/platform/document-upload.ts';
import { z } from 'zod';
import { agentReadMessages, agentSendMessage, agentThread, clientReadMessages, clientSendMessage, clientThread } from './messages.ts';
import { clientPolicy } from './service.ts';
import { clientOf, type PortalEnv } from './session.ts';

export const PORTAL_UPLOAD_PATH = '/api/portal/documents/upload';

const uploadTargetSchema = z.object({ policy_id: idField(PORTAL_TEXT.policyNotFound).optional() });

const asApp = (c: Context<PortalEnv>) => c as unknown as Context<AppEnv>;

export function clientThreadRoutes(p: Hono<PortalEnv>) {
  p.get('/messages', async (c) => c.json(await clientThread(c.var.deps.db, clientOf(c))));
  p.post('/messages/read', async (c) => c.json(await clientReadMessages(c.var.deps.db, clientOf(c))));
  p.post('/messages', async (c) => {
    const client = clientOf(c);
    const { body } = await readJson(asApp(c), portalMessageSchema);
    return c.json({ message: await clientSendMessage(c.var.deps.db, client, body), notice: MESSAGE_TEXT.sent }, 201);
  });

  // a file from the client: onto their own customer record, or one of their policies
  p.post('/documents/upload', async (c) => {
    const client = clientOf(c);
    const document = await uploadDocument(asApp(c), {
      owner: client,
      // the client, of no account: the agency's plan decides whether its webhooks hear of the upload
      by: { userId: null, agency: { tier: client.agency.tier } },
      fromClient: true,
      fields: ['policy_id'],
      target: async (t, fields) => {
        const { policy_id } = validate(uploadTargetSchema, fields);
        if (!policy_id) return { customerId: client.customerId, policyId: null, label: client.customerName };
        const policy = await clientPolicy(t, client, policy_id);
        return { customerId: client.customerId, policyId: policy.id, label: `policy ${policy.policyNumber}` };
      },
      summary: (name, size, label) => `${client.customerName} uploaded ${name} (${size}) to ${label} through the client portal`,
    });
    // what the client may see of it: the portal's own document shape
    return c.json({ document: { id: document.id, name: document.name, content_type: document.content_type, size: document.size, created_at: document.created_at }, message: UPLOAD_TEXT.uploaded }, 201);
  });
}

export function agentThreadRoutes(r: Hono<AppEnv>) {
  r.use('/customers/:id/messages', requireFeature('client-portal'));
  r.use('/customers/:id/messages/*', requireFeature('client-portal'));
  r.get('/customers/:id/messages', async (c) => c.json(await agentThread(c.var.deps.db, c.var.actor, idParam(c, 'id', CUSTOMER_TEXT.notFound))));
  r.post('/customers/:id/messages/read', async (c) => c.json(await agentReadMessages(c.var.deps.db, c.var.actor, idParam(c, 'id', CUSTOMER_TEXT.notFound))));
  r.post('/customers/:id/messages', async (c) => {
    const { body } = await readJson(c, portalMessageSchema);
    return c.json({ message: await agentSendMessage(c.var.deps, c.var.actor, idParam(c, 'id', CUSTOMER_TEXT.notFound), body), notice: MESSAGE_TEXT.sent }, 201);
  });
}
