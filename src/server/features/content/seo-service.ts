// SEO: overrides of the public pages' title and meta, the sitemap and robots.txt, and the meta
// tags put into the HTML the server sends, so crawlers read them without running JavaScript.
import { desc, eq } from 'drizzle-orm';
import { CMS_PAGES } from '#shared/content.ts';
import { plainExcerpt } from '#shared/markdown.ts';
import { SEO_PAGES, type ResolvedMeta, type SeoFields, type SeoPageRow, type SeoPostRow } from '#shared/seo.ts';
import { coverUrl } from '#shared/blog.ts';
import type { Actor } from '#server/context.ts';
import { auditByActor } from '#server/platform/audit.ts';
import { blogPosts, seoEntries } from '#server/db/schema.ts';
import { notFound } from '#server/errors.ts';
import { BLOG_TEXT } from '#shared/blog.ts';
import { findPublishedPost, listPublishedSlugs } from './blog-service.ts';
import { publicCmsMeta } from './cms-service.ts';
import { crossAgency, type Connection } from '#server/tenant.ts';

type EntryRow = typeof seoEntries.$inferSelect;
const fieldsOf = (r: EntryRow | undefined): SeoFields => ({
  title: r?.title ?? '',
  description: r?.description ?? '',
  og_title: r?.ogTitle ?? '',
  og_image: r?.ogImage ?? '',
});

export async function listSeo(connection: Connection): Promise<{ pages: SeoPageRow[]; posts: SeoPostRow[] }> {
  const db = crossAgency(connection, 'the public site’s pages and posts belong to no agency');
  const [entries, posts] = await Promise.all([
    db.select().from(seoEntries),
    db.select().from(blogPosts).orderBy(desc(blogPosts.updatedAt)).limit(500),
  ]);
  return {
    pages: SEO_PAGES.map((p) => ({
      path: p.path,
      label: p.label,
      default_title: p.title,
      default_description: p.description,
      ...fieldsOf(entries.find((e) => e.path === p.path)),
    })),
    posts: posts.map((p) => ({
      id: p.id,
      slug: p.slug,
      post_title: p.title,
      status: p.status,
      title: p.seoTitle,
      description: p.seoDescription,
      og_title: p.ogTitle,
      og_image: p.ogImage,
    })),
  };
}

/** The audit log keeps the short fields (titles, image address); a description is kept whole, it is at most a few hundred characters. */
const auditedSeo = (f: SeoFields) => ({ title: f.title, description: f.description, og_title: f.og_title, og_image: f.og_image });

export async function savePageSeo(connection: Connection, actor: Actor, path: string, f: SeoFields): Promise<void> {
  const db = crossAgency(connection, 'the public site’s pages and posts belong to no agency');
  const set = { title: f.title, description: f.description, ogTitle: f.og_title, ogImage: f.og_image, updatedAt: new Date() };
  await db.transaction(async (tx) => {
    const [old] = await tx.select().from(seoEntries).where(eq(seoEntries.path, path)).for('update');
    await tx.insert(seoEntries).values({ path, ...set }).onConflictDoUpdate({ target: seoEntries.path, set });
    await auditByActor(tx, actor, { action: 'content.seo_saved', targetType: 'seo_page', targetId: path, targetLabel: path, before: old ? auditedSeo(fieldsOf(old)) : null, after: auditedSeo(f) });
  });
}

export async function savePostSeo(connection: Connection, actor: Actor, id: string, f: SeoFields): Promise<void> {
  const db = crossAgency(connection, 'the public site’s pages and posts belong to no agency');
  await db.transaction(async (tx) => {
    const [old] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).for('update');
    if (!old) throw notFound(BLOG_TEXT.notFound);
    await tx
      .update(blogPosts)
      .set({ seoTitle: f.title, seoDescription: f.description, ogTitle: f.og_title, ogImage: f.og_image })
      .where(eq(blogPosts.id, id));
    const before = { title: old.seoTitle, description: old.seoDescription, og_title: old.ogTitle, og_image: old.ogImage };
    await auditByActor(tx, actor, { action: 'content.seo_saved', targetType: 'blog_post', targetId: id, targetLabel: old.slug, before, after: auditedSeo(f) });
  });
}

/** The meta of a public path, or null when the path is not a public page (the app shell stays as built). */
export async function resolveMeta(connection: Connection, pathname: string): Promise<ResolvedMeta | null> {
  const db = crossAgency(connection, 'the public site’s pages and posts belong to no agency');
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const page = SEO_PAGES.find((p) => p.path === path);
  if (page) {
    const [entry] = await db.select().from(seoEntries).where(eq(seoEntries.path, path));
    const cms = CMS_PAGES.find((p) => p.path === path);
    // a CMS page's defaults follow the text the public sees
    const cmsMeta = cms ? await publicCmsMeta(db, cms.slug) : null;
    const title = entry?.title || (cmsMeta ? `${cmsMeta.title} — PolicyDesk` : page.title);
    const description = entry?.description || cmsMeta?.excerpt || page.description;
    return { title, description, og_title: entry?.ogTitle || title, og_image: entry?.ogImage || null };
  }
  const post = path.match(/^\/blog\/([a-z0-9-]{1,100})$/);
  if (post) {
    const row = await findPublishedPost(db, post[1]);
    if (!row) return null;
    const title = row.seoTitle || `${row.title} — PolicyDesk Blog`;
    return {
      title,
      description: row.seoDescription || row.summary || plainExcerpt(row.body),
      og_title: row.ogTitle || row.title,
      og_image: row.ogImage || (row.coverKey ? coverUrl(row.id, String(row.updatedAt.getTime())) : null),
    };
  }
  return null;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);
}

function absolute(appUrl: string, url: string): string {
  return url.startsWith('/') ? new URL(url, appUrl).toString() : url;
}

/** index.html with the page's title, description, canonical link and Open Graph tags in its head. */
export function injectMeta(indexHtml: string, meta: ResolvedMeta, appUrl: string, pathname: string): string {
  const e = escapeHtml;
  const canonical = new URL(pathname, appUrl).toString();
  const tags = [
    `<title>${e(meta.title)}</title>`,
    `<meta name="description" content="${e(meta.description)}" />`,
    `<link rel="canonical" href="${e(canonical)}" />`,
    `<meta property="og:type" content="${pathname.startsWith('/blog/') ? 'article' : 'website'}" />`,
    `<meta property="og:site_name" content="PolicyDesk" />`,
    `<meta property="og:title" content="${e(meta.og_title)}" />`,
    `<meta property="og:description" content="${e(meta.description)}" />`,
    `<meta property="og:url" content="${e(canonical)}" />`,
    ...(meta.og_image ? [`<meta property="og:image" content="${e(absolute(appUrl, meta.og_image))}" />`] : []),
    `<meta name="twitter:card" content="${meta.og_image ? 'summary_large_image' : 'summary'}" />`,
  ].join('\n    ');
  // the built file's own title and description are replaced, never duplicated
  const stripped = indexHtml.replace(/<title>[\s\S]*?<\/title>\s*/i, '').replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  // a replacer function: in a replacement string, $& $` $' in the SEO text would copy parts of the page
  return stripped.replace(/<\/head>/i, () => `  ${tags}\n  </head>`);
}

export async function renderSitemap(connection: Connection, appUrl: string): Promise<string> {
  const db = crossAgency(connection, 'the public site’s pages and posts belong to no agency');
  const posts = await listPublishedSlugs(db);
  const url = (path: string, lastmod?: Date) =>
    `  <url><loc>${escapeHtml(new URL(path, appUrl).toString())}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...SEO_PAGES.map((p) => url(p.path)),
    ...posts.map((p) => url(`/blog/${p.slug}`, p.updatedAt)),
    '</urlset>',
    '',
  ].join('\n');
}

export function renderRobots(appUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    // signed-in areas and the API are not for search engines
    'Disallow: /dashboard',
    'Disallow: /admin',
    'Disallow: /profile',
    'Disallow: /api/',
    '',
    `Sitemap: ${new URL('/sitemap.xml', appUrl).toString()}`,
    '',
  ].join('\n');
}
