// /api/admin/messages: the contact-form inbox, newest first, marked read or unread by an admin.
import { Hono } from 'hono';
import { count, desc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ContactMessageRow, Paged } from '#shared/admin.ts';
import type { AppEnv } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { contactMessages } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { validate } from '../../http.ts';
import { requireAdmin } from '../admin/guard.ts';
import { idOr404 } from '../../db/helpers.ts';

const PAGE_SIZE = 25;
const querySchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).catch(1) });

type Row = typeof contactMessages.$inferSelect;
const toRow = (m: Row): ContactMessageRow => ({
  id: m.id,
  name: m.name,
  email: m.email,
  company: m.company,
  contact_reason: m.contactReason,
  subject: m.subject,
  message: m.message,
  read_at: m.readAt?.toISOString() ?? null,
  created_at: m.createdAt.toISOString(),
});

export async function listMessages(db: Db, page: number): Promise<Paged<ContactMessageRow> & { unread: number }> {
  const [{ total }] = await db.select({ total: count() }).from(contactMessages);
  const [{ unread }] = await db.select({ unread: count() }).from(contactMessages).where(isNull(contactMessages.readAt));
  const rows = await db
    .select()
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  return { rows: rows.map(toRow), total, unread, page, pageSize: PAGE_SIZE };
}

export async function setRead(db: Db, id: string, read: boolean): Promise<ContactMessageRow> {
  const [row] = await db
    .update(contactMessages)
    .set({ readAt: read ? sql`coalesce(${contactMessages.readAt}, now())` : null })
    .where(eq(contactMessages.id, id))
    .returning();
  if (!row) throw notFound('Message not found');
  return toRow(row);
}

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
