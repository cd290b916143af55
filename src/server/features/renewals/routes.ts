// /api/renewals: the cockpit and its actions, Professional and above (the feature map's 'renewals').
import { Hono } from 'hono';
import { assignSchema, markLostSchema, renewalQuerySchema, renewalStateSchema, renewInputSchema } from '#shared/renewals.ts';
import { POLICY_TEXT } from '#shared/policies.ts';
import { type AppEnv, requireFeature, requireUser } from '#server/context.ts';
import { idParam, readJson, validate } from '#server/http.ts';
import { tenant } from '#server/tenant.ts';
import { assignPolicy, markLost, prefillRenewal, renewPolicy, setRenewalState, undoLost } from '#server/entities/renewals/actions.ts';
import { readCockpit } from '#server/entities/renewals/cockpit.ts';
import { readMembers } from '#server/platform/team-membership.ts';

export function renewalRoutes() {
  const r = new Hono<AppEnv>();
  r.use('/renewals', requireFeature('renewals'));
  r.use('/renewals/*', requireFeature('renewals'));
  r.get('/renewals', async (c) => c.json(await readCockpit(c.var.deps.db, c.var.actor, validate(renewalQuerySchema, c.req.query()))));
  r.get('/renewals/:id/renew', async (c) => c.json(await prefillRenewal(c.var.deps.db, c.var.actor, idParam(c, 'id', POLICY_TEXT.notFound))));
  r.post('/renewals/:id/renew', async (c) => {
    const input = await readJson(c, renewInputSchema);
    return c.json(await renewPolicy(c.var.deps.db, c.var.actor, idParam(c, 'id', POLICY_TEXT.notFound), input), 201);
  });
  r.post('/renewals/:id/lost', async (c) => {
    const input = await readJson(c, markLostSchema);
    return c.json(await markLost(c.var.deps.db, c.var.actor, idParam(c, 'id', POLICY_TEXT.notFound), input));
  });
  r.delete('/renewals/:id/lost', async (c) => c.json(await undoLost(c.var.deps.db, c.var.actor, idParam(c, 'id', POLICY_TEXT.notFound))));
  r.put('/renewals/:id/state', async (c) => {
    const { state } = await readJson(c, renewalStateSchema);
    return c.json(await setRenewalState(c.var.deps.db, c.var.actor, idParam(c, 'id', POLICY_TEXT.notFound), state));
  });
  r.put('/renewals/:id/assignee', async (c) => {
    const { assignee_id } = await readJson(c, assignSchema);
    return c.json(await assignPolicy(c.var.deps.db, c.var.actor, idParam(c, 'id', POLICY_TEXT.notFound), assignee_id));
  });
  // The policy form's Assignee select: every plan has assignees, so this is not behind 'renewals'.
  r.get('/assignees', requireUser, async (c) => c.json({ members: await readMembers(tenant(c.var.deps.db, c.var.actor)) }));
  return r;
}
