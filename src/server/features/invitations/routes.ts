// /api/invitations/:token — the public accept-invitation page reads it; accepting needs a session.
import { Hono } from 'hono';
import type { AppEnv } from '#server/context.ts';
import { requireSignedIn } from '#server/platform/access.ts';
import { acceptInvitation, getInvitation } from '#server/entities/invitations.ts';

export function invitationRoutes() {
  const r = new Hono<AppEnv>();

  r.get('/invitations/:token', async (c) => c.json({ invitation: await getInvitation(c.var.deps.db, c.req.param('token')) }));

  r.post('/invitations/:token/accept', requireSignedIn, async (c) =>
    c.json(await acceptInvitation(c.var.deps.db, c.var.actor, c.req.param('token'))),
  );

  return r;
}
