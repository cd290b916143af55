// SEO: overrides, the sitemap, robots.txt and the meta tags in the HTML the server sends.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEO_PAGES, SEO_TEXT } from '#shared/seo.ts';
import { SESSION_HINT_COOKIE } from '#shared/session-hint.ts';
import { createApp } from '#server/app.ts';
import { APP_URL, createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';

let t: TestContext;
let web: ReturnType<typeof createApp>;
let superAdmin: TestUser;
let admin: TestUser;

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="PolicyDesk: professional insurance management made simple." />
    <title>PolicyDesk</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

beforeAll(async () => {
  t = await createTestContext();
  const webRoot = mkdtempSync(path.join(os.tmpdir(), 'policydesk-web-'));
  writeFileSync(path.join(webRoot, 'index.html'), INDEX);
  web = createApp(t.deps, { webRoot });
  superAdmin = await createUser(t, { role: 'super_admin' });
  admin = await createUser(t, { role: 'admin' });
});
afterAll(async () => {
  await t.close();
});

const html = async (p: string) => {
  const res = await web.request(p);
  expect(res.status).toBe(200);
  return res.text();
};
const createPost = (body: Record<string, unknown>) =>
  t.request('/api/admin/blog/posts', { json: { summary: '', author_name: '', body: 'Body', ...body }, cookie: superAdmin.cookie });

describe('pre-rendered marketing pages (issue 17)', () => {
  it('serves the pre-rendered HTML for its paths, with the meta tags and compressed when asked; other paths get the shell', async () => {
    const webRoot = mkdtempSync(path.join(os.tmpdir(), 'policydesk-web-'));
    writeFileSync(path.join(webRoot, 'index.html'), INDEX);
    mkdirSync(path.join(webRoot, 'prerendered'));
    const pricing = INDEX.replace('<div id="root"></div>', `<div id="root"><h1>Simple, transparent pricing</h1>${'<p>plan</p>'.repeat(200)}</div>`);
    writeFileSync(path.join(webRoot, 'prerendered', 'pricing.html'), pricing);
    const login = INDEX.replace('<div id="root"></div>', '<div id="root"><h1>Sign in to your account</h1></div>');
    writeFileSync(path.join(webRoot, 'prerendered', 'login.html'), login);
    writeFileSync(
      path.join(webRoot, 'prerendered', 'routes.json'),
      JSON.stringify({ '/pricing': 'pricing.html', '/login': { file: 'login.html', withoutQueryOnly: true } }),
    );
    const app = createApp(t.deps, { webRoot });
    const page = await (await app.request('/pricing')).text();
    expect(page).toContain('<div id="root"><h1>Simple, transparent pricing</h1>');
    expect(page).toContain(`<title>${SEO_PAGES.find((p) => p.path === '/pricing')?.title}</title>`);
    expect(page.match(/<title>/g)).toHaveLength(1);
    // a marketing page keeps its HTML with a query string (campaign links)
    expect(await (await app.request('/pricing?utm_source=mail')).text()).toContain('<div id="root"><h1>Simple, transparent pricing</h1>');
    // the login form only without one: its notices depend on it (?verified=1, ?reset=1, ?error=…)
    expect(await (await app.request('/login')).text()).toContain('<div id="root"><h1>Sign in to your account</h1></div>');
    expect(await (await app.request('/login?verified=1')).text()).toContain('<div id="root"></div>');
    expect(await (await app.request('/login?redirect=%2Fdashboard')).text()).toContain('<div id="root"></div>');
    expect(await (await app.request('/register')).text()).toContain('<div id="root"></div>');
    const gz = await app.request('/pricing', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    // the API is not compressed by this
    const api = await app.request('/api/health', { headers: { 'accept-encoding': 'gzip' } });
    expect(api.headers.get('content-encoding')).toBeNull();
  });

  it("sends a signed-in page's frame only to a browser holding a session, uncacheable by shared caches (decision 075)", async () => {
    const webRoot = mkdtempSync(path.join(os.tmpdir(), 'policydesk-web-'));
    writeFileSync(path.join(webRoot, 'index.html'), INDEX);
    mkdirSync(path.join(webRoot, 'prerendered'));
    const frame = INDEX.replace('<div id="root"></div>', '<div id="root"><div data-signed-in-frame=""><h1>Policy Management</h1></div></div>');
    writeFileSync(path.join(webRoot, 'prerendered', 'dashboard--policies.html'), frame);
    writeFileSync(path.join(webRoot, 'prerendered', 'routes.json'), JSON.stringify({ '/dashboard/policies': { file: 'dashboard--policies.html', signedIn: true } }));
    const app = createApp(t.deps, { webRoot });
    // signed out (no hint): the empty shell, which sends the browser to /login without drawing the app
    const out = await app.request('/dashboard/policies');
    expect(await out.text()).toContain('<div id="root"></div>');
    for (const url of ['/dashboard/policies', '/dashboard/policies?status=active']) {
      const res = await app.request(url, { headers: { cookie: `${SESSION_HINT_COOKIE}=1` } });
      expect(await res.text()).toContain('<div id="root"><div data-signed-in-frame=""><h1>Policy Management</h1></div></div>');
      expect(res.headers.get('cache-control')).toBe('private, no-cache');
      expect(res.headers.get('vary')).toContain('Cookie');
    }
    // the other signed-in paths keep the empty shell
    expect(await (await app.request('/dashboard/activity', { headers: { cookie: `${SESSION_HINT_COOKIE}=1` } })).text()).toContain('<div id="root"></div>');
  });
});

describe('meta tags in the served HTML', () => {
  it('gives each public page its default title and description, once', async () => {
    const page = await html('/pricing');
    expect(page).toContain(`<title>${SEO_PAGES.find((p) => p.path === '/pricing')?.title}</title>`);
    expect(page.match(/<title>/g)).toHaveLength(1);
    expect(page.match(/name="description"/g)).toHaveLength(1);
    expect(page).toContain(`<link rel="canonical" href="${APP_URL}/pricing" />`);
    expect(page).toContain('<meta property="og:title"');
    // the signed-in app keeps the built shell
    expect(await html('/dashboard')).toBe(INDEX);
  });

  it("gives a CMS page the published title and an excerpt of its text, never a later draft's", async () => {
    const put = (body: unknown) => t.request('/api/admin/cms/pages/about', { method: 'PUT', json: body, cookie: superAdmin.cookie });
    expect((await html('/about'))).toContain('<title>About Us — PolicyDesk</title>');
    await put({ title: 'About PolicyDesk', body: '## Who we are\n\nA **small** team building [agency](/features) software.', status: 'published' });
    await put({ title: 'Unreleased title', body: 'Unreleased text.', status: 'draft' });
    const page = await html('/about');
    expect(page).toContain('<title>About PolicyDesk — PolicyDesk</title>');
    expect(page).toContain('<meta name="description" content="A small team building agency software." />');
    expect(page).not.toContain('Unreleased');
  });

  it('uses a super admin override, escaped', async () => {
    const res = await t.request('/api/admin/seo/pages', {
      method: 'PUT',
      json: { path: '/contact', title: 'Talk to us </title><script>x()</script>', description: 'Say "hi" & more', og_title: 'Contact PolicyDesk', og_image: '/og/contact.png' },
      cookie: superAdmin.cookie,
    });
    expect(res.status).toBe(200);
    const page = await html('/contact');
    expect(page).toContain('<title>Talk to us &lt;/title&gt;&lt;script&gt;x()&lt;/script&gt;</title>');
    expect(page).not.toContain('<script>x()');
    expect(page).toContain('<meta name="description" content="Say &quot;hi&quot; &amp; more" />');
    expect(page).toContain('<meta property="og:title" content="Contact PolicyDesk" />');
    expect(page).toContain(`<meta property="og:image" content="${APP_URL}/og/contact.png" />`);
    expect((await json(await t.request('/api/seo/meta?path=/contact'))).meta.title).toBe('Talk to us </title><script>x()</script>');
  });

  it('validates overrides and refuses a plain admin', async () => {
    const put = (body: unknown, cookie = superAdmin.cookie) => t.request('/api/admin/seo/pages', { method: 'PUT', json: body, cookie });
    let res = await put({ path: '/nowhere', title: 'x' });
    expect((await json(res)).error.fields).toEqual({ path: SEO_TEXT.unknownPage });
    res = await put({ path: '/', title: 'x'.repeat(71), og_image: 'javascript:alert(1)' });
    expect((await json(res)).error.fields).toEqual({ title: SEO_TEXT.titleTooLong, og_image: SEO_TEXT.ogImageInvalid });
    expect((await put({ path: '/', title: 'Hacked' }, admin.cookie)).status).toBe(403);
    expect(await html('/')).not.toContain('Hacked');
  });

  it("gives a published post its title, summary and cover, a draft's URL nothing", async () => {
    const { post } = await json(await createPost({ title: 'Claims <made> simple', slug: 'claims-made-simple', summary: 'A short guide.', status: 'published' }));
    let page = await html('/blog/claims-made-simple');
    expect(page).toContain('<title>Claims &lt;made&gt; simple — PolicyDesk Blog</title>');
    expect(page).toContain('<meta name="description" content="A short guide." />');
    expect(page).toContain('<meta property="og:type" content="article" />');
    const res = await t.request(`/api/admin/seo/posts/${post.id}`, { method: 'PUT', json: { title: 'Claims guide', og_title: 'Claims, simply' }, cookie: superAdmin.cookie });
    expect(res.status).toBe(200);
    page = await html('/blog/claims-made-simple');
    expect(page).toContain('<title>Claims guide</title>');
    expect(page).toContain('<meta property="og:title" content="Claims, simply" />');

    await createPost({ title: 'Secret draft', slug: 'secret-draft', status: 'draft' });
    expect(await html('/blog/secret-draft')).not.toContain('Secret draft');
  });
});

describe('sitemap and robots', () => {
  it('lists every public page and only published posts, with APP_URL', async () => {
    await createPost({ title: 'Visible', slug: 'visible-post', status: 'published' });
    await createPost({ title: 'Hidden', slug: 'hidden-post', status: 'draft' });
    const res = await web.request('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/xml');
    const xml = await res.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    for (const p of ['/', '/pricing', '/features', '/contact', '/about', '/privacy', '/terms', '/cookies', '/gdpr', '/blog'])
      expect(xml).toContain(`<loc>${new URL(p, APP_URL).toString()}</loc>`);
    expect(xml).toContain(`<loc>${APP_URL}/blog/visible-post</loc>`);
    expect(xml).not.toContain('hidden-post');
  });

  it('serves robots.txt pointing at the sitemap and keeping crawlers out of the app', async () => {
    const res = await web.request('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toContain('User-agent: *');
    expect(text).toContain('Disallow: /dashboard');
    expect(text).toContain('Disallow: /admin');
    expect(text).toContain(`Sitemap: ${APP_URL}/sitemap.xml`);
  });
});
