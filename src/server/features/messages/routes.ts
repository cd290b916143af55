// /api/admin/messages: the contact-form inbox, newest first, marked read or unread by an admin.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '#server/context.ts';
import { validate } from '#server/http.ts';
import { requireAdmin } from '#server/platform/access.ts';
import { idOr404 } from '#server/db/helpers.ts';
import { listMessages, setRead } from './service.ts';

const querySchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).catch(1) });

const messageId = (raw: string) => idOr404(raw, 'Message not found');

export function messageRoutes() {
  const r = new Hono<AppEnv>();
  r.get('/admin/messages', requireAdmin, async (c) => c.json(await listMessages(c.var.deps.db, validate(querySchema, c.req.query()).page)));
  r.post('/admin/messages/:id/read', requireAdmin, async (c) => c.json({ message: await setRead(c.var.deps.db, messageId(c.req.param('id')), true) }));
  r.delete('/admin/messages/:id/read', requireAdmin, async (c) =>
    c.json({ message: await setRead(c.var.deps.db, messageId(c.req.param('id')), false) }),
  );
  return r;
}
