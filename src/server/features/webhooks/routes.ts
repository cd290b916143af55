// /api/webhooks: endpoints, their secret, test events and the delivery log. Enterprise (the feature
// map's 'api-write'), managed by the agency's owner or an admin (its `manage`).
import { Hono } from 'hono';
import type { Requirement } from '#shared/access.ts';
import { FEATURES, featureNeed } from '#shared/features.ts';
import { deliveryQuerySchema, WEBHOOK_TEXT, webhookEndpointSchema } from '#shared/webhooks.ts';
import { type AppEnv, requireAccess } from '#server/context.ts';
import { idParam, readJson, validate } from '#server/http.ts';
import {
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  listDeliveries,
  listEndpoints,
  redeliver,
  rotateSecret,
  sendTestEvent,
  updateEndpoint,
} from './service.ts';

export const WEBHOOK_NEED: Requirement = { ...featureNeed('api-write'), ...FEATURES['api-write'].manage };

export function webhookRoutes() {
  const r = new Hono<AppEnv>();
  r.use('/webhooks', requireAccess(WEBHOOK_NEED));
  r.use('/webhooks/*', requireAccess(WEBHOOK_NEED));
  const allowPrivate = (c: { var: AppEnv['Variables'] }) => c.var.deps.config.WEBHOOKS_ALLOW_PRIVATE;
  r.get('/webhooks', async (c) => c.json(await listEndpoints(c.var.deps.db, c.var.actor)));
  r.post('/webhooks', async (c) => {
    const input = await readJson(c, webhookEndpointSchema);
    return c.json(await createEndpoint(c.var.deps.db, c.var.actor, input, allowPrivate(c)), 201);
  });
  r.get('/webhooks/:id', async (c) => c.json(await getEndpoint(c.var.deps.db, c.var.actor, idParam(c, 'id', WEBHOOK_TEXT.notFound))));
  r.put('/webhooks/:id', async (c) => {
    const input = await readJson(c, webhookEndpointSchema);
    return c.json(await updateEndpoint(c.var.deps.db, c.var.actor, idParam(c, 'id', WEBHOOK_TEXT.notFound), input, allowPrivate(c)));
  });
  r.delete('/webhooks/:id', async (c) => {
    await deleteEndpoint(c.var.deps.db, c.var.actor, idParam(c, 'id', WEBHOOK_TEXT.notFound));
    return c.json({ ok: true });
  });
  r.post('/webhooks/:id/rotate-secret', async (c) => c.json(await rotateSecret(c.var.deps.db, c.var.actor, idParam(c, 'id', WEBHOOK_TEXT.notFound))));
  r.post('/webhooks/:id/test', async (c) => c.json(await sendTestEvent(c.var.deps.db, c.var.actor, idParam(c, 'id', WEBHOOK_TEXT.notFound)), 202));
  r.get('/webhooks/:id/deliveries', async (c) =>
    c.json(await listDeliveries(c.var.deps.db, c.var.actor, idParam(c, 'id', WEBHOOK_TEXT.notFound), validate(deliveryQuerySchema, c.req.query()))),
  );
  r.post('/webhooks/:id/deliveries/:deliveryId/redeliver', async (c) =>
    c.json(await redeliver(c.var.deps.db, c.var.actor, idParam(c, 'id', WEBHOOK_TEXT.notFound), idParam(c, 'deliveryId', WEBHOOK_TEXT.deliveryNotFound)), 202),
  );
  return r;
}
