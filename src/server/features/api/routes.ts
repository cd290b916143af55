// /api/api-keys (session): the agency owner or an admin lists, creates and revokes keys (Enterprise).
import { Hono } from 'hono';
import { API_TEXT, apiKeyInputSchema } from '#shared/api-keys.ts';
import { type AppEnv, requireFeature } from '#server/context.ts';
import { idParam, readJson } from '#server/http.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './keys.ts';

export function apiKeyRoutes() {
  const r = new Hono<AppEnv>();
  r.use('/api-keys', requireFeature('api'));
  r.use('/api-keys/*', requireFeature('api'));
  r.get('/api-keys', async (c) => c.json({ keys: await listApiKeys(c.var.deps.db, c.var.actor) }));
  r.post('/api-keys', async (c) => {
    const input = await readJson(c, apiKeyInputSchema);
    c.header('cache-control', 'no-store');
    return c.json(await createApiKey(c.var.deps.db, c.var.actor, input), 201);
  });
  r.delete('/api-keys/:id', async (c) => {
    await revokeApiKey(c.var.deps.db, c.var.actor, idParam(c, 'id', API_TEXT.notFound));
    return c.json({ ok: true });
  });
  return r;
}
