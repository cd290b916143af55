// The contact-form inbox (platform data, no tenant): newest first, marked read or unread by an admin.
import { count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ContactMessageRow, Paged } from '#shared/admin.ts';
import { contactMessages } from '#server/db/schema.ts';
import { notFound } from '#server/errors.ts';
import { crossAgency, type Connection } from '#server/tenant.ts';

const PAGE_SIZE = 25;

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

export async function listMessages(connection: Connection, page: number): Promise<Paged<ContactMessageRow> & { unread: number }> {
  const db = crossAgency(connection, 'contact messages belong to no agency: the super admin’s inbox');
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

export async function setRead(connection: Connection, id: string, read: boolean): Promise<ContactMessageRow> {
  const db = crossAgency(connection, 'contact messages belong to no agency: the super admin’s inbox');
  const [row] = await db
    .update(contactMessages)
    .set({ readAt: read ? sql`coalesce(${contactMessages.readAt}, now())` : null })
    .where(eq(contactMessages.id, id))
    .returning();
  if (!row) throw notFound('Message not found');
  return toRow(row);
}
