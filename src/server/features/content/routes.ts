// Site content (issue 16): CMS pages, blog, SEO and payment instructions. Reading the public pages
// needs no session; every change is a super admin's (a plain admin gets 403, nobody signed in 401).
import { Hono } from 'hono';
import { z } from 'zod';
import { blogListQuerySchema, blogPostSchema, blogSlugSchema, BLOG_TEXT } from '#shared/blog.ts';
import { safeText } from '#shared/validation.ts';
import { cmsPageSchema, CONTENT_TEXT, paymentInstructionsSchema, type CmsSlug } from '#shared/content.ts';
import { seoFieldsSchema, seoPageSchema } from '#shared/seo.ts';
import { requireUser, type AppEnv } from '#server/context.ts';
import { idOr404 } from '#server/db/helpers.ts';
import { notFound } from '#server/errors.ts';
import { readJson, validate } from '#server/http.ts';
import { requireRole } from '#server/platform/access.ts';
import { createPost, deletePost, getAdminPost, getPublishedPost, listAdminPosts, listPublishedPosts, setCover, updatePost } from './blog-service.ts';
import { getCmsPage, getCmsRevision, getPublicCmsPage, listCmsPages, cmsPageOr404, saveCmsPage } from './cms-service.ts';
import { readCover, serveCover } from './covers.ts';
import { listSeo, resolveMeta, savePageSeo, savePostSeo } from './seo-service.ts';
import { getPaymentInstructions, savePaymentInstructions } from './settings-service.ts';

/** Cover uploads carry their own body limit (the JSON limit is skipped for this prefix). */
export const COVER_UPLOAD_PREFIX = '/api/admin/blog-covers/';

const superAdmin = requireRole('super_admin');
const postId = (raw: string) => idOr404(raw, BLOG_TEXT.notFound);
const revisionId = (raw: string) => idOr404(raw, CONTENT_TEXT.revisionNotFound);
const slugOf = (raw: string): CmsSlug => cmsPageOr404(raw).slug;
const metaQuery = z.object({ path: safeText({ trim: false }).max(300).catch('/') });
/** A slug no post can have (the write rule's) is a 404 before any query. */
function blogSlug(raw: string): string {
  if (!blogSlugSchema.safeParse(raw).success) throw notFound(BLOG_TEXT.notFound);
  return raw;
}

export function contentRoutes() {
  const r = new Hono<AppEnv>();
  r.use('/admin/settings/*', superAdmin);
  r.use('/admin/cms/*', superAdmin);
  r.use('/admin/blog/*', superAdmin);
  r.use('/admin/blog-covers/*', superAdmin);
  r.use('/admin/seo', superAdmin);
  r.use('/admin/seo/*', superAdmin);

  // ------------------------------------------------------------ payment instructions
  r.get('/payment-instructions', requireUser, async (c) => c.json({ instructions: await getPaymentInstructions(c.var.deps.db) }));
  r.put('/admin/settings/payment-instructions', async (c) => {
    const input = await readJson(c, paymentInstructionsSchema);
    return c.json({ instructions: await savePaymentInstructions(c.var.deps.db, c.var.actor, input) });
  });

  // ------------------------------------------------------------ CMS pages
  r.get('/pages/:slug', async (c) => {
    c.header('cache-control', 'no-cache');
    return c.json({ page: await getPublicCmsPage(c.var.deps.db, slugOf(c.req.param('slug'))) });
  });
  r.get('/admin/cms/pages', async (c) => c.json({ pages: await listCmsPages(c.var.deps.db) }));
  r.get('/admin/cms/pages/:slug', async (c) => c.json({ page: await getCmsPage(c.var.deps.db, slugOf(c.req.param('slug'))) }));
  r.put('/admin/cms/pages/:slug', async (c) => {
    const slug = slugOf(c.req.param('slug'));
    const input = await readJson(c, cmsPageSchema);
    return c.json({ page: await saveCmsPage(c.var.deps.db, c.var.actor, slug, input) });
  });
  r.get('/admin/cms/pages/:slug/revisions/:id', async (c) =>
    c.json({ revision: await getCmsRevision(c.var.deps.db, slugOf(c.req.param('slug')), revisionId(c.req.param('id'))) }),
  );

  // ------------------------------------------------------------ blog
  r.get('/blog/posts', async (c) => {
    const { page } = validate(blogListQuerySchema, c.req.query());
    return c.json(await listPublishedPosts(c.var.deps.db, page));
  });
  r.get('/blog/posts/:slug', async (c) => c.json({ post: await getPublishedPost(c.var.deps.db, blogSlug(c.req.param('slug'))) }));
  r.get('/blog/covers/:id', async (c) => serveCover(c, postId(c.req.param('id'))));

  r.get('/admin/blog/posts', async (c) => {
    const { page } = validate(blogListQuerySchema, c.req.query());
    return c.json(await listAdminPosts(c.var.deps.db, page));
  });
  r.post('/admin/blog/posts', async (c) => {
    const input = await readJson(c, blogPostSchema);
    return c.json({ post: await createPost(c.var.deps.db, c.var.actor, input) }, 201);
  });
  r.get('/admin/blog/posts/:id', async (c) => c.json({ post: await getAdminPost(c.var.deps.db, postId(c.req.param('id'))) }));
  r.put('/admin/blog/posts/:id', async (c) => {
    const id = postId(c.req.param('id'));
    const input = await readJson(c, blogPostSchema);
    return c.json({ post: await updatePost(c.var.deps.db, c.var.actor, id, input) });
  });
  r.delete('/admin/blog/posts/:id', async (c) => {
    await deletePost(c.var.deps, c.var.actor, postId(c.req.param('id')));
    return c.json({ ok: true });
  });
  r.put('/admin/blog-covers/:id', async (c) => {
    const id = postId(c.req.param('id'));
    const cover = await readCover(c);
    return c.json({ post: await setCover(c.var.deps, c.var.actor, id, cover) });
  });
  r.delete('/admin/blog-covers/:id', async (c) => c.json({ post: await setCover(c.var.deps, c.var.actor, postId(c.req.param('id')), null) }));

  // ------------------------------------------------------------ SEO
  r.get('/seo/meta', async (c) => {
    const { path } = validate(metaQuery, c.req.query());
    return c.json({ meta: await resolveMeta(c.var.deps.db, path) });
  });
  r.get('/admin/seo', async (c) => c.json(await listSeo(c.var.deps.db)));
  r.put('/admin/seo/pages', async (c) => {
    const { path, ...fields } = await readJson(c, seoPageSchema);
    await savePageSeo(c.var.deps.db, c.var.actor, path, fields);
    return c.json(await listSeo(c.var.deps.db));
  });
  r.put('/admin/seo/posts/:id', async (c) => {
    const id = postId(c.req.param('id'));
    await savePostSeo(c.var.deps.db, c.var.actor, id, await readJson(c, seoFieldsSchema));
    return c.json(await listSeo(c.var.deps.db));
  });

  return r;
}
