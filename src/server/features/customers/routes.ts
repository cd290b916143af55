// /api/customers: parse, authorise (session, tier, tenant), call the service, answer.
import { Hono } from 'hono';
import { CUSTOMER_TEXT, customerInputSchema, customerListQuerySchema } from '#shared/customers.ts';
import { todayIso } from '#shared/money.ts';
import { type AppEnv, requireFeature, requireUser } from '#server/context.ts';
import { idParam, readJson, validate } from '#server/http.ts';
import { exportCustomersCsv } from './export.ts';
import { createCustomer, deleteCustomer, getCustomer, listCustomers, updateCustomer } from '#server/entities/customers.ts';

export function customerRoutes() {
  const r = new Hono<AppEnv>();
  r.use('/customers', requireUser);
  r.use('/customers/*', requireUser);
  r.get('/customers', async (c) =>
    c.json(await listCustomers(c.var.deps.db, c.var.actor, validate(customerListQuerySchema, c.req.query()))),
  );
  r.get('/customers/export', requireFeature('export'), (c) => {
    const q = validate(customerListQuerySchema, c.req.query());
    return new Response(exportCustomersCsv(c.var.deps.db, c.var.actor, q), {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="customers-${todayIso()}.csv"`,
        'cache-control': 'no-store',
      },
    });
  });
  r.post('/customers', async (c) => {
    const input = await readJson(c, customerInputSchema);
    return c.json(await createCustomer(c.var.deps.db, c.var.actor, input), 201);
  });
  r.get('/customers/:id', async (c) => c.json(await getCustomer(c.var.deps.db, c.var.actor, idParam(c, 'id', CUSTOMER_TEXT.notFound))));
  r.put('/customers/:id', async (c) => {
    const input = await readJson(c, customerInputSchema);
    return c.json(await updateCustomer(c.var.deps.db, c.var.actor, idParam(c, 'id', CUSTOMER_TEXT.notFound), input));
  });
  r.delete('/customers/:id', async (c) => {
    await deleteCustomer(c.var.deps.db, c.var.actor, idParam(c, 'id', CUSTOMER_TEXT.notFound));
    return c.json({ ok: true });
  });
  return r;
}
