// CMS pages: a working copy per page plus every save as a revision. The public sees the working copy
// when it is published, else the newest published revision, else the default text (defaults.ts),
// which counts as published: a fresh install's legal pages are live, not drafts (issue 30).
import { and, desc, eq } from 'drizzle-orm';
import { CMS_PAGES, CONTENT_TEXT, type CmsPageDetail, type CmsPageSummary, type CmsRevision, type CmsSlug, type ContentStatus, type PublicCmsPage } from '#shared/content.ts';
import { plainExcerpt, renderMarkdown } from '#shared/markdown.ts';
import type { Actor } from '#server/context.ts';
import { cmsPageRevisions, cmsPages, user } from '#server/db/schema.ts';
import { notFound } from '#server/errors.ts';
import { DEFAULT_PAGE_BODIES } from './defaults.ts';
import { auditByActor } from '#server/platform/audit.ts';
import { crossAgency, type Connection } from '#server/tenant.ts';

const REVISIONS_SHOWN = 50;

export function cmsPageOr404(slug: string) {
  const page = CMS_PAGES.find((p) => p.slug === slug);
  if (!page) throw notFound(CONTENT_TEXT.pageNotFound);
  return page;
}

type PageRow = typeof cmsPages.$inferSelect;

function summaryOf(slug: CmsSlug, row: PageRow | undefined): CmsPageSummary {
  const page = cmsPageOr404(slug);
  return {
    slug,
    path: page.path,
    title: row?.title ?? page.title,
    status: (row?.status as ContentStatus | undefined) ?? 'published',
    is_default: !row,
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

export async function listCmsPages(connection: Connection): Promise<CmsPageSummary[]> {
  const db = crossAgency(connection, 'the public site’s pages belong to no agency');
  const rows = await db.select().from(cmsPages);
  return CMS_PAGES.map((p) => summaryOf(p.slug, rows.find((r) => r.slug === p.slug)));
}

export async function getCmsPage(connection: Connection, slug: CmsSlug): Promise<CmsPageDetail> {
  const db = crossAgency(connection, 'the public site’s pages belong to no agency');
  const [row] = await db.select().from(cmsPages).where(eq(cmsPages.slug, slug));
  const revisions = await db
    .select({ id: cmsPageRevisions.id, title: cmsPageRevisions.title, status: cmsPageRevisions.status, createdAt: cmsPageRevisions.createdAt, first: user.firstName, last: user.lastName, email: user.email })
    .from(cmsPageRevisions)
    .leftJoin(user, eq(user.id, cmsPageRevisions.createdBy))
    .where(eq(cmsPageRevisions.pageSlug, slug))
    .orderBy(desc(cmsPageRevisions.createdAt))
    .limit(REVISIONS_SHOWN);
  return {
    ...summaryOf(slug, row),
    body: row?.body ?? DEFAULT_PAGE_BODIES[slug],
    revisions: revisions.map(
      (r): CmsRevision => ({
        id: r.id,
        title: r.title,
        status: r.status as ContentStatus,
        created_at: r.createdAt.toISOString(),
        author: r.email ? `${r.first ?? ''} ${r.last ?? ''}`.trim() || r.email : null,
      }),
    ),
  };
}

export async function getCmsRevision(connection: Connection, slug: CmsSlug, id: string): Promise<CmsRevision> {
  const db = crossAgency(connection, 'the public site’s pages belong to no agency');
  const [r] = await db
    .select()
    .from(cmsPageRevisions)
    .where(and(eq(cmsPageRevisions.pageSlug, slug), eq(cmsPageRevisions.id, id)));
  if (!r) throw notFound(CONTENT_TEXT.revisionNotFound);
  return { id: r.id, title: r.title, status: r.status as ContentStatus, created_at: r.createdAt.toISOString(), author: null, body: r.body };
}

/** Saves the working copy and keeps the save as a revision, in one transaction. */
export async function saveCmsPage(
  connection: Connection,
  actor: Actor,
  slug: CmsSlug,
  input: { title: string; body: string; status: ContentStatus },
): Promise<CmsPageDetail> {
  const db = crossAgency(connection, 'the public site’s pages belong to no agency');
  await db.transaction(async (tx) => {
    const values = { title: input.title, body: input.body, status: input.status, updatedBy: actor.userId, updatedAt: new Date() };
    const [old] = await tx.select({ title: cmsPages.title, status: cmsPages.status }).from(cmsPages).where(eq(cmsPages.slug, slug)).for('update');
    await tx
      .insert(cmsPages)
      .values({ slug, ...values })
      .onConflictDoUpdate({ target: cmsPages.slug, set: values });
    await tx.insert(cmsPageRevisions).values({ pageSlug: slug, title: input.title, body: input.body, status: input.status, createdBy: actor.userId });
    // a restored revision is saved through here too, so restores are audited as saves
    await auditByActor(tx, actor, {
      action: 'content.page_saved',
      targetType: 'cms_page',
      targetId: slug,
      targetLabel: input.title,
      before: old ? { title: old.title, status: old.status } : null,
      after: { title: input.title, status: input.status },
    });
  });
  return getCmsPage(db, slug);
}

interface PublicSource {
  title: string;
  body: string;
  updatedAt: Date | null;
}

/** The version the public sees, as Markdown. */
async function publicSource(connection: Connection, slug: CmsSlug): Promise<PublicSource> {
  const db = crossAgency(connection, 'the public site’s pages belong to no agency');
  const [row] = await db.select().from(cmsPages).where(eq(cmsPages.slug, slug));
  if (row?.status === 'published') return { title: row.title, body: row.body, updatedAt: row.updatedAt };
  if (row) {
    const [published] = await db
      .select()
      .from(cmsPageRevisions)
      .where(and(eq(cmsPageRevisions.pageSlug, slug), eq(cmsPageRevisions.status, 'published')))
      .orderBy(desc(cmsPageRevisions.createdAt))
      .limit(1);
    if (published) return { title: published.title, body: published.body, updatedAt: published.createdAt };
  }
  // Nothing published yet: the default text, never an unpublished edit.
  return { title: cmsPageOr404(slug).title, body: DEFAULT_PAGE_BODIES[slug], updatedAt: null };
}

export async function getPublicCmsPage(connection: Connection, slug: CmsSlug): Promise<PublicCmsPage> {
  const db = crossAgency(connection, 'the public site’s pages belong to no agency');
  const src = await publicSource(db, slug);
  return { slug, title: src.title, html: renderMarkdown(src.body), updated_at: src.updatedAt?.toISOString() ?? null };
}

/** The public title and a plain-text excerpt, for meta tags. */
export async function publicCmsMeta(connection: Connection, slug: CmsSlug): Promise<{ title: string; excerpt: string }> {
  const db = crossAgency(connection, 'the public site’s pages belong to no agency');
  const src = await publicSource(db, slug);
  return { title: src.title, excerpt: plainExcerpt(src.body) };
}
