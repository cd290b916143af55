// /api/api-keys (session): the agency owner or an admin lists, creates and revokes keys (Business
// and up; write scopes at Enterprise, checked in createApiKey).
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { API_TEXT, apiKeyInputSchema } from '#shared/api-keys.ts';
import { type AppEnv, requireFeature } from '#server/context.ts';
import { idParam, readJson } from '#server/http.ts';
import { assertKeyManager, createApiKey, listApiKeys, revokeApiKey } from './keys.ts';

export function apiKeyRoutes() {
  const r = new Hono<AppEnv>();
  // the plan, then the feature map's `manage` (owner or agency admin) before any body is read
  const manager = createMiddleware<AppEnv>(async (c, next) => {
    assertKeyManager(c.var.actor);
    await next();
  });
  r.use('/api-keys', requireFeature('api'), manager);
  r.use('/api-keys/*', requireFeature('api'), manager);
  r.get('/api-keys', async (c) => c.json(await listApiKeys(c.var.deps.db, c.var.actor, c.var.deps.config.API_RATE_LIMIT)));
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
