// Blog covers: images only, decided by their bytes; served publicly once the post is published.
import type { Context } from 'hono';
import { eq } from 'drizzle-orm';
import { hasRole } from '#shared/access.ts';
import { BLOG_TEXT, COVER_MAX_BYTES, COVER_TYPES, type CoverType } from '#shared/blog.ts';
import { accessSubject, loadActor, type AppEnv } from '../../context.ts';
import { blogPosts } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import { hasControlCharacters, sniffContentType } from '../../files.ts';

/** The shared sniffer knows PNG, JPEG and GIF; WebP is RIFF....WEBP. */
export function sniffCoverType(bytes: Uint8Array): CoverType | null {
  const known = sniffContentType(bytes);
  if (known && (COVER_TYPES as readonly string[]).includes(known)) return known as CoverType;
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

const invalid = () => new AppError(400, 'INVALID_FILE_TYPE', BLOG_TEXT.coverInvalid, { cover: BLOG_TEXT.coverInvalid });

export async function readCover(form: FormData): Promise<{ bytes: Uint8Array; contentType: CoverType }> {
  const files = form.getAll('cover').filter((v): v is File => typeof v === 'object' && v !== null && 'arrayBuffer' in v);
  if (files.length !== 1) throw new AppError(400, 'COVER_REQUIRED', BLOG_TEXT.coverRequired, { cover: BLOG_TEXT.coverRequired });
  const [file] = files;
  if (file.size > COVER_MAX_BYTES) throw new AppError(413, 'FILE_TOO_LARGE', BLOG_TEXT.coverTooLarge, { cover: BLOG_TEXT.coverTooLarge });
  if (file.size === 0 || hasControlCharacters(file.name)) throw invalid();
  const bytes = new Uint8Array(await file.arrayBuffer());
  const contentType = sniffCoverType(bytes);
  if (!contentType) throw invalid();
  return { bytes, contentType };
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
