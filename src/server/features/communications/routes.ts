// /api/customers/:id/communications: the communication log (business tier and above).
import { Hono } from 'hono';
import { COMMUNICATION_TEXT, communicationInputSchema } from '#shared/communications.ts';
import { CUSTOMER_TEXT } from '#shared/customers.ts';
import { type AppEnv, requireFeature } from '#server/context.ts';
import { idParam, readJson } from '#server/http.ts';
import { addCommunication, listCustomerCommunications } from '#server/entities/communications.ts';

export function communicationRoutes() {
  const r = new Hono<AppEnv>();
  // requireFeature loads the session itself when no earlier middleware has.
  r.use('/customers/:id/communications', requireFeature('communications'));
  r.get('/customers/:id/communications', async (c) =>
    c.json(await listCustomerCommunications(c.var.deps.db, c.var.actor, idParam(c, 'id', CUSTOMER_TEXT.notFound))),
  );
  r.post('/customers/:id/communications', async (c) => {
    const input = await readJson(c, communicationInputSchema);
    return c.json(await addCommunication(c.var.deps.db, c.var.actor, idParam(c, 'id', CUSTOMER_TEXT.notFound), input), 201);
  });
  // append-only: a correction is a new entry naming the one it corrects (no edit, no delete)
  r.use('/customers/:id/communications/:commId/corrections', requireFeature('communications'));
  r.post('/customers/:id/communications/:commId/corrections', async (c) => {
    const input = await readJson(c, communicationInputSchema);
    return c.json(await addCommunication(c.var.deps.db, c.var.actor, idParam(c, 'id', CUSTOMER_TEXT.notFound), input, idParam(c, 'commId', COMMUNICATION_TEXT.notFound)), 201);
  });
  return r;
}
