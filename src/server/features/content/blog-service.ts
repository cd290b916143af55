// Blog posts: super admins write them, everyone reads the published ones. Slugs are unique (the
// database decides, so two parallel saves can't both take one); covers are public images.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  ADMIN_BLOG_PAGE_SIZE,
  BLOG_PAGE_SIZE,
  BLOG_TEXT,
  coverUrl,
  type BlogPostDetail,
  type BlogPostSummary,
  type CoverType,
  type PublicBlogPost,
} from '#shared/blog.ts';
import type { ContentStatus } from '#shared/content.ts';
import { renderMarkdown } from '#shared/markdown.ts';
import type { Paged } from '#shared/admin.ts';
import type { Actor, Deps } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/helpers.ts';
import { blogPosts } from '../../db/schema.ts';
import { conflict, notFound } from '../../errors.ts';

type PostRow = typeof blogPosts.$inferSelect;

export interface PostInput {
  title: string;
  slug: string;
  summary: string;
  body: string;
  author_name: string;
  status: ContentStatus;
}

function summaryOf(row: PostRow): BlogPostSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    author_name: row.authorName,
    status: row.status as ContentStatus,
    cover_url: row.coverKey ? coverUrl(row.id, String(row.updatedAt.getTime())) : null,
    published_at: row.publishedAt?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
  };
}

const detailOf = (row: PostRow): BlogPostDetail => ({ ...summaryOf(row), body: row.body });

const slugTaken = () => conflict(BLOG_TEXT.slugTaken, 'SLUG_TAKEN', { slug: BLOG_TEXT.slugTaken });

async function writeOrSlugConflict<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, 'blog_posts_slug_key')) throw slugTaken();
    throw err;
  }
}

export async function listAdminPosts(db: Db, page: number): Promise<Paged<BlogPostSummary>> {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(blogPosts)
      .orderBy(desc(blogPosts.updatedAt))
      .limit(ADMIN_BLOG_PAGE_SIZE)
      .offset((page - 1) * ADMIN_BLOG_PAGE_SIZE),
    db.select({ total: count() }).from(blogPosts),
  ]);
  return { rows: rows.map(summaryOf), total, page, pageSize: ADMIN_BLOG_PAGE_SIZE };
}

export async function getPostRow(db: Db, id: string): Promise<PostRow> {
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
  if (!row) throw notFound(BLOG_TEXT.notFound);
  return row;
}

export const getAdminPost = async (db: Db, id: string) => detailOf(await getPostRow(db, id));

export async function createPost(db: Db, actor: Actor, input: PostInput): Promise<BlogPostDetail> {
  const [row] = await writeOrSlugConflict(() =>
    db
      .insert(blogPosts)
      .values({
        ...fieldsOf(input),
        authorName: input.author_name || `${actor.firstName} ${actor.lastName}`.trim(),
        authorId: actor.userId,
        publishedAt: input.status === 'published' ? sql`now()` : null,
      })
      .returning(),
  );
  return detailOf(row);
}

function fieldsOf(input: PostInput) {
  return { title: input.title, slug: input.slug, summary: input.summary, body: input.body, authorName: input.author_name, status: input.status };
}

export async function updatePost(db: Db, id: string, input: PostInput): Promise<BlogPostDetail> {
  const [row] = await writeOrSlugConflict(() =>
    db
      .update(blogPosts)
      .set({
        ...fieldsOf(input),
        // the first publication sets the date; later edits keep it, unpublishing clears it
        publishedAt: input.status === 'published' ? sql`coalesce(${blogPosts.publishedAt}, now())` : null,
        updatedAt: new Date(),
      })
      .where(eq(blogPosts.id, id))
      .returning(),
  );
  if (!row) throw notFound(BLOG_TEXT.notFound);
  return detailOf(row);
}

export async function deletePost(deps: Pick<Deps, 'db' | 'storage' | 'logger'>, id: string): Promise<void> {
  const [row] = await deps.db.delete(blogPosts).where(eq(blogPosts.id, id)).returning();
  if (!row) throw notFound(BLOG_TEXT.notFound);
  if (row.coverKey) await removeObject(deps, row.coverKey);
}

async function removeObject(deps: Pick<Deps, 'storage' | 'logger'>, key: string) {
  await deps.storage.delete(key).catch((err: unknown) => deps.logger.warn({ err, key }, 'blog cover not removed'));
}

/** Object first, row second; the replaced object is removed after the row points at the new one. */
export async function setCover(
  deps: Pick<Deps, 'db' | 'storage' | 'logger'>,
  id: string,
  cover: { bytes: Uint8Array; contentType: CoverType } | null,
): Promise<BlogPostDetail> {
  const before = await getPostRow(deps.db, id);
  const key = cover ? `blog-covers/${id}/${Date.now()}.${cover.contentType.split('/')[1]}` : null;
  if (cover && key) await deps.storage.put(key, cover.bytes, cover.contentType);
  let row: PostRow | undefined;
  try {
    [row] = await deps.db
      .update(blogPosts)
      .set({ coverKey: key, coverType: cover?.contentType ?? null, updatedAt: new Date() })
      .where(eq(blogPosts.id, id))
      .returning();
  } catch (err) {
    if (key) await removeObject(deps, key);
    throw err;
  }
  if (!row) {
    if (key) await removeObject(deps, key);
    throw notFound(BLOG_TEXT.notFound);
  }
  if (before.coverKey && before.coverKey !== key) await removeObject(deps, before.coverKey);
  return detailOf(row);
}

// ---------------------------------------------------------------- public

const isPublished = eq(blogPosts.status, 'published');

export async function listPublishedPosts(db: Db, page: number): Promise<Paged<BlogPostSummary>> {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(blogPosts)
      .where(isPublished)
      .orderBy(desc(blogPosts.publishedAt))
      .limit(BLOG_PAGE_SIZE)
      .offset((page - 1) * BLOG_PAGE_SIZE),
    db.select({ total: count() }).from(blogPosts).where(isPublished),
  ]);
  return { rows: rows.map(summaryOf), total, page, pageSize: BLOG_PAGE_SIZE };
}

export async function findPublishedPost(db: Db, slug: string): Promise<PostRow | null> {
  const [row] = await db.select().from(blogPosts).where(and(eq(blogPosts.slug, slug), isPublished));
  return row ?? null;
}

export async function getPublishedPost(db: Db, slug: string): Promise<PublicBlogPost> {
  const row = await findPublishedPost(db, slug);
  if (!row) throw notFound(BLOG_TEXT.notFound);
  return { ...summaryOf(row), html: renderMarkdown(row.body) };
}

export async function listPublishedSlugs(db: Db): Promise<{ slug: string; updatedAt: Date }[]> {
  return db.select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt }).from(blogPosts).where(isPublished).orderBy(desc(blogPosts.publishedAt)).limit(50_000);
}
