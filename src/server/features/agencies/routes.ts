// /api/agencies: the avatar menu's agency switcher. The choice is stored in the session.
import { Hono } from 'hono';
import { switchAgencySchema, TEAM_TEXT } from '#shared/team.ts';
import type { AppEnv } from '#server/context.ts';
import { readJson } from '#server/http.ts';
import { requireSignedIn } from '#server/platform/access.ts';
import { listMyAgencies, switchAgency } from './service.ts';
import { idOr404 } from '#server/db/helpers.ts';

export function agencyRoutes() {
  const r = new Hono<AppEnv>();
  r.use('/agencies/*', requireSignedIn);

  r.get('/agencies', async (c) => c.json({ agencies: await listMyAgencies(c.var.deps.db, c.var.actor) }));

  r.post('/agencies/active', async (c) => {
    const { agencyId } = await readJson(c, switchAgencySchema);
    return c.json(await switchAgency(c.var.deps.db, c.var.actor, idOr404(agencyId, TEAM_TEXT.agencyNotFound)));
  });

  return r;
}
