// Blog posts: slugs, sizes, covers checked by content, and what the public may read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_PAGE_SIZE, BLOG_TEXT } from '#shared/blog.ts';
import { contextWith, json, type TestContext, type TestUser } from '#server/test/harness.ts';

let t: TestContext, superAdmin: TestUser, admin: TestUser;
beforeAll(async () => void ({ t, superAdmin, admin } = await contextWith({ superAdmin: { role: 'super_admin' }, admin: { role: 'admin' } })));
afterAll(() => t.close());

const post = (over: Record<string, unknown> = {}) => ({
  title: 'Renewal season: five tips',
  slug: 'renewal-season-five-tips',
  summary: 'Get ahead of renewals.',
  body: 'Start **early**.',
  author_name: '',
  status: 'draft',
  ...over,
});
const create = (body: unknown, cookie = superAdmin.cookie) => t.request('/api/admin/blog/posts', { json: body, cookie });
const put = (id: string, body: unknown) => t.request(`/api/admin/blog/posts/${id}`, { method: 'PUT', json: body, cookie: superAdmin.cookie });

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const WEBP = new Uint8Array([...new TextEncoder().encode('RIFF'), 0x24, 0, 0, 0, ...new TextEncoder().encode('WEBPVP8 '), 0, 0]);

function uploadCover(id: string, bytes: Uint8Array | string, name: string, type = 'image/png', cookie = superAdmin.cookie) {
  const form = new FormData();
  form.append('cover', new File([bytes as BlobPart], name, { type }));
  return t.request(`/api/admin/blog-covers/${id}`, { method: 'PUT', body: form, cookie });
}

describe('blog posts', () => {
  it('creates a draft the public cannot see, then publishes it', async () => {
    let res = await create(post());
    expect(res.status).toBe(201);
    const created = (await json(res)).post;
    expect(created).toMatchObject({ slug: 'renewal-season-five-tips', status: 'draft', published_at: null });
    expect(created.author_name).not.toBe('');
    expect((await t.request('/api/blog/posts/renewal-season-five-tips')).status).toBe(404);
    expect((await json(await t.request('/api/blog/posts'))).rows.map((p: { slug: string }) => p.slug)).not.toContain('renewal-season-five-tips');

    res = await put(created.id, post({ status: 'published', author_name: 'Dana Whitfield' }));
    expect(res.status).toBe(200);
    const published = (await json(res)).post;
    expect(published.published_at).not.toBeNull();
    res = await t.request('/api/blog/posts/renewal-season-five-tips');
    expect(res.status).toBe(200);
    expect((await json(res)).post).toMatchObject({ title: 'Renewal season: five tips', author_name: 'Dana Whitfield', html: '<p>Start <strong>early</strong>.</p>\n' });
    // editing a published post keeps its publication date
    res = await put(created.id, post({ status: 'published', title: 'Renewal season: six tips' }));
    expect((await json(res)).post.published_at).toBe(published.published_at);
  });

  it('refuses a duplicate slug with a clear message, on create and on update', async () => {
    await create(post({ slug: 'claims-101' }));
    let res = await create(post({ slug: 'claims-101', title: 'Another' }));
    expect(res.status).toBe(409);
    expect((await json(res)).error).toEqual({ code: 'SLUG_TAKEN', message: BLOG_TEXT.slugTaken, fields: { slug: BLOG_TEXT.slugTaken } });
    const other = (await json(await create(post({ slug: 'claims-102' })))).post;
    res = await put(other.id, post({ slug: 'claims-101' }));
    expect(res.status).toBe(409);
    expect((await json(res)).error.message).toBe(BLOG_TEXT.slugTaken);
  });

  it('validates the slug, title and body', async () => {
    for (const slug of ['Has Spaces', '-lead', 'double--hyphen', 'ünïcode', '../etc'])
      expect((await json(await create(post({ slug })))).error.fields, slug).toEqual({ slug: BLOG_TEXT.slugInvalid });
    const res = await create(post({ title: '', body: '', slug: '' }));
    expect((await json(res)).error.fields).toEqual({ title: BLOG_TEXT.titleRequired, slug: BLOG_TEXT.slugRequired, body: BLOG_TEXT.bodyRequired });
    expect((await json(await create(post({ slug: 'big', body: 'x'.repeat(200_001) })))).error.fields).toEqual({ body: BLOG_TEXT.bodyTooLong });
  });

  it('refuses a 5 MB body before reading it (413)', async () => {
    const res = await create(post({ slug: 'huge', body: 'x'.repeat(5 * 1024 * 1024) }));
    expect(res.status).toBe(413);
    expect((await json(res)).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('pages the public list, newest published first, and never lists drafts', async () => {
    for (let i = 0; i < BLOG_PAGE_SIZE + 1; i++) await create(post({ slug: `paged-${i}`, title: `Paged ${i}`, status: 'published' }));
    await create(post({ slug: 'paged-draft', status: 'draft' }));
    const first = await json(await t.request('/api/blog/posts'));
    expect(first.rows).toHaveLength(BLOG_PAGE_SIZE);
    expect(first.rows[0].slug).toBe(`paged-${BLOG_PAGE_SIZE}`);
    expect(first.rows.every((p: { status: string }) => p.status === 'published')).toBe(true);
    const second = await json(await t.request('/api/blog/posts?page=2'));
    expect(second.total).toBe(first.total);
    expect(second.rows.map((p: { slug: string }) => p.slug)).not.toContain('paged-draft');
    expect(first.rows[0]).not.toHaveProperty('body');
  });

  it('renders hostile Markdown in a post inert', async () => {
    await create(post({ slug: 'hostile', status: 'published', body: '<script>alert(1)</script>\n\n[x](javascript:alert(1)) <b onclick="x()">b</b>' }));
    const { html } = (await json(await t.request('/api/blog/posts/hostile'))).post;
    expect(html).not.toMatch(/<script|<b |href="javascript/i);
    expect(html).toContain('&lt;script&gt;');
  });

  it('deletes a post; a plain admin may not', async () => {
    const { id } = (await json(await create(post({ slug: 'to-delete' })))).post;
    expect((await t.request(`/api/admin/blog/posts/${id}`, { method: 'DELETE', cookie: admin.cookie })).status).toBe(403);
    expect((await t.request(`/api/admin/blog/posts/${id}`, { method: 'DELETE', cookie: superAdmin.cookie })).status).toBe(200);
    expect((await t.request(`/api/admin/blog/posts/${id}`, { cookie: superAdmin.cookie })).status).toBe(404);
  });
});

describe('cover images', () => {
  it('accepts PNG and WebP by their bytes; serves a draft cover only to a super admin, a published one to all', async () => {
    const { id } = (await json(await create(post({ slug: 'with-cover' })))).post;
    let res = await uploadCover(id, PNG, 'cover.png');
    expect(res.status).toBe(200);
    const url = (await json(res)).post.cover_url as string;
    expect(url).toMatch(new RegExp(`^/api/blog/covers/${id}\\?v=\\d+$`));
    expect((await t.request(url)).status).toBe(404);
    res = await t.request(url, { cookie: superAdmin.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');

    res = await uploadCover(id, WEBP, 'cover.webp', 'image/webp');
    expect(res.status).toBe(200);
    await put(id, post({ slug: 'with-cover', status: 'published' }));
    const published = (await json(await t.request('/api/blog/posts/with-cover'))).post;
    res = await t.request(published.cover_url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(WEBP);

    res = await t.request(`/api/admin/blog-covers/${id}`, { method: 'DELETE', cookie: superAdmin.cookie });
    expect((await json(res)).post.cover_url).toBeNull();
    expect((await t.request(published.cover_url)).status).toBe(404);
  });

  it('refuses HTML renamed .png, an empty file, a PDF and an oversized image', async () => {
    const { id } = (await json(await create(post({ slug: 'bad-cover' })))).post;
    for (const [bytes, name] of [
      ['<html><script>alert(1)</script></html>', 'cover.png'],
      ['', 'empty.png'],
      ['%PDF-1.7 …', 'doc.png'],
    ] as const) {
      const res = await uploadCover(id, bytes, name);
      expect(res.status, name).toBe(400);
      expect((await json(res)).error).toMatchObject({ code: 'INVALID_FILE_TYPE', message: BLOG_TEXT.coverInvalid });
    }
    const big = new Uint8Array(3 * 1024 * 1024);
    big.set(PNG);
    const res = await uploadCover(id, big, 'big.png');
    expect(res.status).toBe(413);
    expect((await json(res)).error.message).toBe(BLOG_TEXT.coverTooLarge);
    expect((await json(await t.request(`/api/admin/blog/posts/${id}`, { cookie: superAdmin.cookie }))).post.cover_url).toBeNull();
  });

  it('refuses a plain admin uploading a cover', async () => {
    const { id } = (await json(await create(post({ slug: 'admin-cover' })))).post;
    expect((await uploadCover(id, PNG, 'c.png', 'image/png', admin.cookie)).status).toBe(403);
  });
});
