// /api/policies: parse, authorise (session + tenant), call the service, answer.
import { Hono } from 'hono';
import { POLICY_TEXT, policyInputSchema, policyListQuerySchema } from '#shared/policies.ts';
import { type AppEnv, requireUser } from '#server/context.ts';
import { idParam, readJson, validate } from '#server/http.ts';
import { cancelInputSchema } from '#shared/policy-status.ts';
import { cancelPolicy, quoteCancellation, reinstatePolicy } from './lifecycle.ts';
import { createPolicy, deletePolicy, updatePolicy } from '#server/entities/policies/write.ts';
import { getPolicy } from '#server/entities/policies/read.ts';
import { listPolicies } from '#server/entities/policies/list.ts';

export function policyRoutes() {
  const r = new Hono<AppEnv>();
  r.use('/policies', requireUser);
  r.use('/policies/*', requireUser);
  r.get('/policies', async (c) => c.json(await listPolicies(c.var.deps.db, c.var.actor, validate(policyListQuerySchema, c.req.query()))));
  r.post('/policies', async (c) => {
    const input = await readJson(c, policyInputSchema);
    return c.json(await createPolicy(c.var.deps.db, c.var.actor, input), 201);
  });
  r.get('/policies/:id', async (c) => c.json(await getPolicy(c.var.deps.db, c.var.actor, idParam(c, 'id', POLICY_TEXT.notFound))));
  r.put('/policies/:id', async (c) => {
    const input = await readJson(c, policyInputSchema);
    return c.json(await updatePolicy(c.var.deps.db, c.var.actor, idParam(c, 'id', POLICY_TEXT.notFound), input));
  });
  // the dialog's figures before confirming (nothing written), then the cancellation itself
  r.post('/policies/:id/cancel/quote', async (c) => {
    const input = await readJson(c, cancelInputSchema);
    return c.json(await quoteCancellation(c.var.deps.db, c.var.actor, idParam(c, 'id', POLICY_TEXT.notFound), input));
  });
  r.post('/policies/:id/cancel', async (c) => {
    const input = await readJson(c, cancelInputSchema);
    return c.json(await cancelPolicy(c.var.deps.db, c.var.actor, idParam(c, 'id', POLICY_TEXT.notFound), input));
  });
  r.post('/policies/:id/reinstate', async (c) => c.json(await reinstatePolicy(c.var.deps.db, c.var.actor, idParam(c, 'id', POLICY_TEXT.notFound))));
  r.delete('/policies/:id', async (c) => {
    await deletePolicy(c.var.deps.db, c.var.actor, idParam(c, 'id', POLICY_TEXT.notFound));
    return c.json({ ok: true });
  });
  return r;
}
