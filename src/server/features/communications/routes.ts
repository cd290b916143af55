// POST /api/customers/:id/communications: the communication log (business tier and above).
import { Hono } from 'hono';
import { and, eq } from 'drizzle-orm';
import { communicationInputSchema, type CommunicationValues } from '#shared/communications.ts';
import { CUSTOMER_TEXT } from '#shared/customers.ts';
import { type Actor, type AppEnv, requireFeature } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { customerCommunications, customers } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { readJson } from '../../http.ts';
import { logActivity } from '../activity/service.ts';
import { listCommunications } from '../customers/service.ts';
import { idOr404 } from '../../db/helpers.ts';

export async function addCommunication(db: Db, actor: Actor, rawCustomerId: string, input: CommunicationValues) {
  const customerId = idOr404(rawCustomerId, CUSTOMER_TEXT.notFound);
  return db.transaction(async (tx) => {
    const [customer] = await tx
      .select({ id: customers.id, name: customers.name })
      .from(customers)
      .where(and(eq(customers.id, customerId), eq(customers.agencyId, actor.agency.id)));
    if (!customer) throw notFound(CUSTOMER_TEXT.notFound);
    const [row] = await tx
      .insert(customerCommunications)
      .values({
        agencyId: actor.agency.id,
        customerId,
        type: input.type,
        subject: input.subject,
        content: input.content,
        communicationDate: input.communication_date ? new Date(input.communication_date) : new Date(),
        createdBy: actor.userId,
      })
      .returning({ id: customerCommunications.id });
    const about = input.subject ? `: ${input.subject}` : '';
    await logActivity(tx, actor, {
      kind: 'communication',
      action: 'logged',
      entityId: customerId,
      summary: `Logged ${input.type} with ${customer.name}${about}`,
    });
    const all = await listCommunications(tx, actor, customerId);
    return all.find((c) => c.id === row.id)!;
  });
}

export function communicationRoutes() {
  const r = new Hono<AppEnv>();
  // requireAccess loads the session itself when no earlier middleware has.
  r.use('/customers/:id/communications', requireFeature('communications'));
  r.get('/customers/:id/communications', async (c) => {
    const id = idOr404(c.req.param('id'), CUSTOMER_TEXT.notFound);
    const { db } = c.var.deps;
    const [own] = await db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.id, id), eq(customers.agencyId, c.var.actor.agency.id)));
    if (!own) throw notFound(CUSTOMER_TEXT.notFound);
    return c.json(await listCommunications(db, c.var.actor, id));
  });
  r.post('/customers/:id/communications', async (c) => {
    const input = await readJson(c, communicationInputSchema);
    return c.json(await addCommunication(c.var.deps.db, c.var.actor, c.req.param('id'), input), 201);
  });
  return r;
}
