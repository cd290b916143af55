// /api/agencies: the avatar menu's agency switcher. The choice is stored in the session.
import { Hono } from 'hono';
import { z } from 'zod';
import { switchAgencySchema, TEAM_TEXT } from '#shared/team.ts';
import type { AppEnv } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { readJson } from '../../http.ts';
import { requireSignedIn } from '../team/access.ts';
import { listMyAgencies, switchAgency } from './service.ts';

export function agencyRoutes() {
  const r = new Hono<AppEnv>();
  r.use('/agencies/*', requireSignedIn);

  r.get('/agencies', async (c) => c.json({ agencies: await listMyAgencies(c.var.deps.db, c.var.actor) }));

  r.post('/agencies/active', async (c) => {
    const { agencyId } = await readJson(c, switchAgencySchema);
    const id = z.uuid().safeParse(agencyId);
    if (!id.success) throw notFound(TEAM_TEXT.agencyNotFound);
    return c.json(await switchAgency(c.var.deps.db, c.var.actor, id.data));
  });

  return r;
}
