// Signed, expiring links to stored files: for the owner, the owner's agency (agency files) and admins.
import { eq } from 'drizzle-orm';
import { hasRole } from '#shared/access.ts';
import { FILE_LINK_TTL_SECONDS, type FileLink } from '#shared/files.ts';
import { accessSubject, type Actor, type Deps } from '#server/context.ts';
import { storedFiles } from '#server/db/schema.ts';
import { notFound } from '#server/errors.ts';
import { signFileLink } from '#server/files.ts';

type FileRow = typeof storedFiles.$inferSelect;

/**
 * Asked when a link is made and again when it is opened, with the caller as they are now. An agency's
 * file (a client's premium receipt) belongs to the agency the caller works in: a member who has been
 * removed, the uploader included, falls back to their own agency and loses it. A personal file (an
 * upgrade receipt) is its owner's, and the admins' who verify the payment.
 */
export function canRead(actor: Actor, file: FileRow): boolean {
  if (file.sharedWithAgency) return file.agencyId === actor.agency.id;
  return file.ownerId === actor.userId || hasRole(accessSubject(actor), 'admin');
}

/** Someone who may not read the file learns nothing about it: 404. */
export async function findReadableFile(deps: Deps, actor: Actor, id: string): Promise<FileRow> {
  const [file] = await deps.db.select().from(storedFiles).where(eq(storedFiles.id, id));
  if (!file || !canRead(actor, file)) throw notFound('File not found');
  return file;
}

export async function createFileLink(deps: Deps, actor: Actor, id: string, now = Date.now()): Promise<FileLink> {
  const file = await findReadableFile(deps, actor, id);
  const expires = Math.floor(now / 1000) + FILE_LINK_TTL_SECONDS;
  const expiresAt = new Date(expires * 1000).toISOString();
  const presigned = await deps.storage.presign(file.storageKey, {
    expiresIn: FILE_LINK_TTL_SECONDS,
    fileName: file.fileName,
    contentType: file.contentType,
  });
  if (presigned) return { url: presigned, expiresAt };
  return { url: signFileLink(deps.config.authSecret, file.id, actor.userId, expires), expiresAt };
}
