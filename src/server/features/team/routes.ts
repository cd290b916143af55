// /api/team: the team management page. Each route: signed in ('Not logged in'), owner or admin of
// the current agency, enterprise plan with manage_team; the agency comes from the session only.
import { Hono } from 'hono';
import { inviteSchema, memberRoleSchema, TEAM_TEXT } from '#shared/team.ts';
import { safeText } from '#shared/validation.ts';
import type { AppEnv } from '#server/context.ts';
import { notFound } from '#server/errors.ts';
import { readJson } from '#server/http.ts';
import { requireTeamManager } from '#server/platform/access.ts';
import { cancelInvitation, changeMemberRole, inviteMember, removeMember, resendInvitation } from './service.ts';
import { getTeam } from '#server/entities/team.ts';
import { idOr404 } from '#server/db/helpers.ts';

// User ids are UUIDs here (auth.ts generateId), but any better-auth id shape is accepted.
const userIdParam = safeText({ trim: false }).regex(/^[A-Za-z0-9_-]{1,64}$/);

const invitationId = (raw: string) => idOr404(raw, TEAM_TEXT.invitationNotFound);

function memberId(raw: string): string {
  const parsed = userIdParam.safeParse(raw);
  if (!parsed.success) throw notFound(TEAM_TEXT.memberNotFound);
  return parsed.data;
}

export function teamRoutes() {
  const r = new Hono<AppEnv>();
  r.use('/team/*', requireTeamManager);

  r.get('/team', async (c) => c.json(await getTeam(c.var.deps.db, c.var.actor)));

  r.post('/team/invitations', async (c) => {
    const input = await readJson(c, inviteSchema);
    return c.json({ invitation: await inviteMember(c.var.deps, c.var.actor, input) }, 201);
  });

  r.post('/team/invitations/:id/resend', async (c) =>
    c.json({ invitation: await resendInvitation(c.var.deps, c.var.actor, invitationId(c.req.param('id'))) }),
  );

  r.delete('/team/invitations/:id', async (c) =>
    c.json({ invitation: await cancelInvitation(c.var.deps.db, c.var.actor, invitationId(c.req.param('id'))) }),
  );

  r.patch('/team/members/:userId', async (c) => {
    const userId = memberId(c.req.param('userId'));
    const { role } = await readJson(c, memberRoleSchema);
    return c.json(await changeMemberRole(c.var.deps.db, c.var.actor, userId, role));
  });

  r.delete('/team/members/:userId', async (c) =>
    c.json(await removeMember(c.var.deps.db, c.var.actor, memberId(c.req.param('userId')))),
  );

  return r;
}
