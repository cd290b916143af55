// Blog covers: images only, decided by their bytes; served publicly once the post is published.
import type { Context } from 'hono';
import { eq } from 'drizzle-orm';
import { hasRole } from '#shared/access.ts';
import { BLOG_TEXT, COVER_MAX_BYTES, COVER_TYPES, type CoverType } from '#shared/blog.ts';
import { accessSubject, loadActor, type AppEnv } from '#server/context.ts';
import { blogPosts } from '#server/db/schema.ts';
import { notFound } from '#server/errors.ts';
import type { UploadRules } from '#server/files.ts';
import { readUploadForm } from '#server/platform/upload-form.ts';

const COVER_RULES: UploadRules = {
  field: 'cover',
  types: COVER_TYPES,
  maxBytes: COVER_MAX_BYTES,
  maxFiles: 1,
  text: { invalidFile: BLOG_TEXT.coverInvalid, tooLarge: BLOG_TEXT.coverTooLarge, receipt: BLOG_TEXT.coverRequired, tooManyFiles: BLOG_TEXT.coverRequired },
};

/** One cover image, streamed through the uploads' one reader: its type is decided by its bytes. */
export async function readCover(c: Context<AppEnv>): Promise<{ bytes: Uint8Array; contentType: CoverType }> {
  const { uploads } = await readUploadForm(c, { fields: [], rules: COVER_RULES, check: () => null });
  const [file] = uploads;
  return { bytes: file.bytes, contentType: file.contentType as CoverType };
}

/** A published post's cover is public; a draft's only for a super admin (the editor's preview). */
export async function serveCover(c: Context<AppEnv>, id: string): Promise<Response> {
  const { deps } = c.var;
  const [post] = await deps.db.select().from(blogPosts).where(eq(blogPosts.id, id));
  if (!post?.coverKey || !post.coverType) throw notFound('Image not found');
  const published = post.status === 'published';
  if (!published) {
    const actor = await loadActor(deps, c.req.raw.headers);
    if (!actor || !hasRole(accessSubject(actor), 'super_admin')) throw notFound('Image not found');
  }
  const body = await deps.storage.get(post.coverKey);
  if (!body) throw notFound('Image not found');
  return new Response(body, {
    headers: {
      'content-type': post.coverType,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'",
      // the URL carries a version, so a published cover may be cached; a draft's never
      'cache-control': published ? 'public, max-age=86400' : 'private, no-store',
    },
  });
}
