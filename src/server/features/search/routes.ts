// GET /api/search?q=: the command palette's search, for any signed-in user, in their current agency
// (the customers and policies lists are starter features, so the same rules apply).
import { Hono } from 'hono';
import { searchQuerySchema } from '#shared/search.ts';
import { type AppEnv, requireFeature } from '#server/context.ts';
import { validate } from '#server/http.ts';
import { searchBook } from './service.ts';

export function searchRoutes() {
  const r = new Hono<AppEnv>();
  r.get('/search', requireFeature('customers'), requireFeature('policies'), async (c) => {
    const { q } = validate(searchQuerySchema, c.req.query());
    return c.json(await searchBook(c.var.deps.db, c.var.actor, q));
  });
  return r;
}
