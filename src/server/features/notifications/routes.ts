// /api/notifications: the signed-in user's own notifications (the header bell), on every plan.
import { Hono } from 'hono';
import { type AppEnv, requireUser } from '#server/context.ts';
import { idParam } from '#server/http.ts';
import { listNotifications, markAllRead, markRead } from './service.ts';

export function notificationRoutes() {
  const r = new Hono<AppEnv>();
  r.use('/notifications', requireUser);
  r.use('/notifications/*', requireUser);
  r.get('/notifications', async (c) => c.json(await listNotifications(c.var.deps.db, c.var.actor.userId)));
  r.post('/notifications/read-all', async (c) => {
    await markAllRead(c.var.deps.db, c.var.actor.userId);
    return c.json({ ok: true });
  });
  r.post('/notifications/:id/read', async (c) => {
    await markRead(c.var.deps.db, c.var.actor.userId, idParam(c, 'id', 'Notification not found.'));
    return c.json({ ok: true });
  });
  return r;
}
