// /api/admin/*: user management (payment verification and the inbox register their own sub-routes).
import { Hono } from 'hono';
import { adminUserQuerySchema, adminUserUpdateSchema, permissionNameSchema } from '#shared/admin.ts';
import { safeText } from '#shared/validation.ts';
import type { AppEnv } from '#server/context.ts';
import { notFound } from '#server/errors.ts';
import { readJson, validate } from '#server/http.ts';
import { requireAdmin } from '#server/platform/access.ts';
import { deleteUser, grantPermission, listUsers, revokePermission, updateUser } from './users-service.ts';

/** better-auth user ids are random strings of letters and digits; anything else cannot exist. */
const userIdSchema = safeText({ trim: false }).regex(/^[A-Za-z0-9_-]{8,64}$/);

function userId(raw: string): string {
  const parsed = userIdSchema.safeParse(raw);
  if (!parsed.success) throw notFound('User not found');
  return parsed.data;
}

function permission(raw: string) {
  const parsed = permissionNameSchema.safeParse(raw);
  if (!parsed.success) throw notFound('Unknown permission');
  return parsed.data;
}

export function adminUserRoutes() {
  const r = new Hono<AppEnv>();
  r.use('/admin/*', requireAdmin);

  r.get('/admin/users', async (c) => {
    const query = validate(adminUserQuerySchema, c.req.query());
    return c.json(await listUsers(c.var.deps.db, query));
  });

  r.patch('/admin/users/:id', async (c) => {
    const id = userId(c.req.param('id'));
    const input = await readJson(c, adminUserUpdateSchema);
    return c.json({ user: await updateUser(c.var.deps.db, c.var.actor, id, input) });
  });

  r.post('/admin/users/:id/permissions/:permission', async (c) => {
    const id = userId(c.req.param('id'));
    return c.json({ user: await grantPermission(c.var.deps.db, c.var.actor, id, permission(c.req.param('permission'))) });
  });

  r.delete('/admin/users/:id/permissions/:permission', async (c) => {
    const id = userId(c.req.param('id'));
    return c.json({ user: await revokePermission(c.var.deps.db, c.var.actor, id, permission(c.req.param('permission'))) });
  });

  r.delete('/admin/users/:id', async (c) => {
    const id = userId(c.req.param('id'));
    await deleteUser(c.var.deps.db, c.var.deps.storage, c.var.actor, id);
    return c.json({ ok: true });
  });

  return r;
}
