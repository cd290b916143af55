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
import type { Actor, Deps } from '#server/context.ts';
import type { Tx } from '#server/db/client.ts';
import { auditByActor } from '#server/platform/audit.ts';
import { isUniqueViolation } from '#server/db/helpers.ts';
import { blogPosts } from '#server/db/schema.ts';
import { conflict, notFound } from '#server/errors.ts';
import { crossAgency, type Connection } from '#server/tenant.ts';

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

export async function listAdminPosts(connection: Connection, page: number): Promise<Paged<BlogPostSummary>> {
  const db = crossAgency(connection, 'the public site’s blog belongs to no agency');
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

export async function getPostRow(connection: Connection, id: string): Promise<PostRow> {
  const db = crossAgency(connection, 'the public site’s blog belongs to no agency');
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
  if (!row) throw notFound(BLOG_TEXT.notFound);
  return row;
}

export const getAdminPost = async (db: Connection, id: string) => detailOf(await getPostRow(db, id));

/** What the audit log keeps of a post: what a reader recognises it by, never the body. */
const auditedPost = (row: Pick<PostRow, 'title' | 'slug' | 'status'>) => ({ title: row.title, slug: row.slug, status: row.status });

function auditPost(tx: Tx, actor: Actor, action: 'content.post_created' | 'content.post_updated' | 'content.post_deleted' | 'content.post_cover_changed', id: string, label: string, before: unknown, after: unknown) {
  return auditByActor(tx, actor, { action, targetType: 'blog_post', targetId: id, targetLabel: label, before, after });
}

export async function createPost(connection: Connection, actor: Actor, input: PostInput): Promise<BlogPostDetail> {
  const db = crossAgency(connection, 'the public site’s blog belongs to no agency');
  const row = await writeOrSlugConflict(() =>
    db.transaction(async (tx) => {
      const [created] = await tx
        .insert(blogPosts)
        .values({
          ...fieldsOf(input),
          authorName: input.author_name || `${actor.firstName} ${actor.lastName}`.trim(),
          authorId: actor.userId,
          publishedAt: input.status === 'published' ? sql`now()` : null,
        })
        .returning();
      await auditPost(tx, actor, 'content.post_created', created.id, created.slug, null, auditedPost(created));
      return created;
    }),
  );
  return detailOf(row);
}

function fieldsOf(input: PostInput) {
  return { title: input.title, slug: input.slug, summary: input.summary, body: input.body, authorName: input.author_name, status: input.status };
}

export async function updatePost(connection: Connection, actor: Actor, id: string, input: PostInput): Promise<BlogPostDetail> {
  const db = crossAgency(connection, 'the public site’s blog belongs to no agency');
  const row = await writeOrSlugConflict(() =>
    db.transaction(async (tx) => {
      const [old] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).for('update');
      if (!old) throw notFound(BLOG_TEXT.notFound);
      const [updated] = await tx
        .update(blogPosts)
        .set({
          ...fieldsOf(input),
          // the first publication sets the date; later edits keep it, unpublishing clears it
          publishedAt: input.status === 'published' ? sql`coalesce(${blogPosts.publishedAt}, now())` : null,
          updatedAt: new Date(),
        })
        .where(eq(blogPosts.id, id))
        .returning();
      await auditPost(tx, actor, 'content.post_updated', id, updated.slug, auditedPost(old), auditedPost(updated));
      return updated;
    }),
  );
  return detailOf(row);
}

export async function deletePost(deps: Pick<Deps, 'db' | 'storage' | 'logger'>, actor: Actor, id: string): Promise<void> {
  const row = await deps.db.transaction(async (tx) => {
    const [deleted] = await tx.delete(blogPosts).where(eq(blogPosts.id, id)).returning();
    if (!deleted) throw notFound(BLOG_TEXT.notFound);
    await auditPost(tx, actor, 'content.post_deleted', id, deleted.slug, auditedPost(deleted), null);
    return deleted;
  });
  if (row.coverKey) await removeObject(deps, row.coverKey);
}

async function removeObject(deps: Pick<Deps, 'storage' | 'logger'>, key: string) {
  await deps.storage.delete(key).catch((err: unknown) => deps.logger.warn({ err, key }, 'blog cover not removed'));
}

/** Object first, row second; the replaced object is removed after the row points at the new one. */
export async function setCover(
  deps: Pick<Deps, 'db' | 'storage' | 'logger'>,
  actor: Actor,
  id: string,
  cover: { bytes: Uint8Array; contentType: CoverType } | null,
): Promise<BlogPostDetail> {
  const before = await getPostRow(deps.db, id);
  const key = cover ? `blog-covers/${id}/${Date.now()}.${cover.contentType.split('/')[1]}` : null;
  if (cover && key) await deps.storage.put(key, cover.bytes, cover.contentType);
  let row: PostRow | undefined;
  try {
    row = await deps.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(blogPosts)
        .set({ coverKey: key, coverType: cover?.contentType ?? null, updatedAt: new Date() })
        .where(eq(blogPosts.id, id))
        .returning();
      if (updated)
        await auditPost(tx, actor, 'content.post_cover_changed', id, updated.slug, { cover: before.coverType ?? null }, { cover: updated.coverType ?? null });
      return updated;
    });
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

export async function listPublishedPosts(connection: Connection, page: number): Promise<Paged<BlogPostSummary>> {
  const db = crossAgency(connection, 'the public site’s blog belongs to no agency');
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

export async function findPublishedPost(connection: Connection, slug: string): Promise<PostRow | null> {
  const db = crossAgency(connection, 'the public site’s blog belongs to no agency');
  const [row] = await db.select().from(blogPosts).where(and(eq(blogPosts.slug, slug), isPublished));
  return row ?? null;
}

export async function getPublishedPost(connection: Connection, slug: string): Promise<PublicBlogPost> {
  const db = crossAgency(connection, 'the public site’s blog belongs to no agency');
  const row = await findPublishedPost(db, slug);
  if (!row) throw notFound(BLOG_TEXT.notFound);
  return { ...summaryOf(row), html: renderMarkdown(row.body) };
}

export async function listPublishedSlugs(connection: Connection): Promise<{ slug: string; updatedAt: Date }[]> {
  const db = crossAgency(connection, 'the public site’s blog belongs to no agency');
  return db.select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt }).from(blogPosts).where(isPublished).orderBy(desc(blogPosts.publishedAt)).limit(50_000);
}
