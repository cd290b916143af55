// CMS pages and payment instructions: who may change them, what the public sees, and hostile Markdown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_TEXT, PAYMENT_INSTRUCTIONS_TEXT } from '#shared/content.ts';
import { renderMarkdown } from '#shared/markdown.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';

let t: TestContext;
let superAdmin: TestUser;
let admin: TestUser;
let member: TestUser;
beforeAll(async () => {
  t = await createTestContext();
  superAdmin = await createUser(t, { role: 'super_admin', name: 'Sue Super' });
  admin = await createUser(t, { role: 'admin' });
  member = await createUser(t, { tier: 'enterprise' });
});
afterAll(async () => {
  await t.close();
});

const SAMPLE_ID = '3f2a6b1c-0d4e-4f5a-8b9c-7d6e5f4a3b2c';
const page = { title: 'Privacy Policy', body: '# Privacy\n\nWe keep little.', status: 'published' };
const instructions = { bank_name: 'First Harbor Bank', account_details: 'IBAN GB33 BUKB 2020 1555 5555 55', paypal_email: 'pay@policydesk.test', note: 'Quote your e-mail.' };

/** Every route of this feature that changes something, with a body it would accept. */
const WRITES: { method: string; path: string; json?: unknown }[] = [
  { method: 'PUT', path: '/api/admin/settings/payment-instructions', json: instructions },
  { method: 'PUT', path: '/api/admin/cms/pages/privacy', json: page },
  { method: 'POST', path: '/api/admin/blog/posts', json: { title: 'T', slug: 'privilege-probe', body: 'B', status: 'draft' } },
  { method: 'PUT', path: `/api/admin/blog/posts/${SAMPLE_ID}`, json: { title: 'T', slug: 'privilege-probe', body: 'B', status: 'draft' } },
  { method: 'DELETE', path: `/api/admin/blog/posts/${SAMPLE_ID}` },
  { method: 'PUT', path: `/api/admin/blog-covers/${SAMPLE_ID}`, json: {} },
  { method: 'DELETE', path: `/api/admin/blog-covers/${SAMPLE_ID}` },
  { method: 'PUT', path: '/api/admin/seo/pages', json: { path: '/pricing', title: 'x' } },
  { method: 'PUT', path: `/api/admin/seo/posts/${SAMPLE_ID}`, json: { title: 'x' } },
];
const READS = ['/api/admin/cms/pages', '/api/admin/cms/pages/privacy', `/api/admin/cms/pages/privacy/revisions/${SAMPLE_ID}`, '/api/admin/blog/posts', `/api/admin/blog/posts/${SAMPLE_ID}`, '/api/admin/seo'];

describe('privileges', () => {
  it('refuses every write and every admin read to a plain admin and a user (403) and to nobody signed in (401)', async () => {
    const failures: string[] = [];
    for (const w of [...WRITES, ...READS.map((path) => ({ method: 'GET', path, json: undefined }))]) {
      for (const [who, cookie, status] of [
        ['admin', admin.cookie, 403],
        ['user', member.cookie, 403],
        ['anonymous', undefined, 401],
      ] as const) {
        const res = await t.request(w.path, { method: w.method, json: w.json, cookie });
        if (res.status !== status) failures.push(`${who} ${w.method} ${w.path} → ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
    // nothing was written by the refused calls
    expect((await json(await t.request('/api/payment-instructions', { cookie: member.cookie }))).instructions.bank_name).toBe('');
  });

  it('refuses a super admin write sent from another site (CSRF)', async () => {
    const res = await t.request('/api/admin/cms/pages/about', { method: 'PUT', json: page, cookie: superAdmin.cookie, headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect((await json(res)).error.code).toBe('CSRF');
  });
});

describe('payment instructions', () => {
  it('are empty until set, then readable by any signed-in user but not by nobody', async () => {
    let res = await t.request('/api/payment-instructions', { cookie: member.cookie });
    expect(res.status).toBe(200);
    expect((await json(res)).instructions).toMatchObject({ bank_name: '', account_details: '', paypal_email: '', note: '', updated_at: null });
    res = await t.request('/api/admin/settings/payment-instructions', { method: 'PUT', json: { ...instructions, bank_name: '  First Harbor Bank ' }, cookie: superAdmin.cookie });
    expect(res.status).toBe(200);
    res = await t.request('/api/payment-instructions', { cookie: member.cookie });
    expect((await json(res)).instructions).toMatchObject(instructions);
    expect((await t.request('/api/payment-instructions')).status).toBe(401);
  });

  it('validates lengths and the PayPal address', async () => {
    const put = (body: unknown) => t.request('/api/admin/settings/payment-instructions', { method: 'PUT', json: body, cookie: superAdmin.cookie });
    let res = await put({ paypal_email: 'not-an-email' });
    expect(res.status).toBe(400);
    expect((await json(res)).error.fields).toEqual({ paypal_email: PAYMENT_INSTRUCTIONS_TEXT.paypalInvalid });
    res = await put({ bank_name: 'x'.repeat(101) });
    expect((await json(res)).error.fields).toEqual({ bank_name: PAYMENT_INSTRUCTIONS_TEXT.bankNameTooLong });
    res = await put({ account_details: 'x'.repeat(1001), note: 'y'.repeat(1001) });
    expect((await json(res)).error.fields).toEqual({ account_details: PAYMENT_INSTRUCTIONS_TEXT.accountTooLong, note: PAYMENT_INSTRUCTIONS_TEXT.noteTooLong });
  });
});

describe('CMS pages', () => {
  it('start published with their default text; the public sees it as a published page', async () => {
    const list = await json(await t.request('/api/admin/cms/pages', { cookie: superAdmin.cookie }));
    expect(list.pages.map((p: { path: string }) => p.path)).toEqual(['/about', '/privacy', '/terms', '/cookies', '/gdpr']);
    expect(list.pages.find((p: { slug: string }) => p.slug === 'terms')).toMatchObject({ status: 'published', is_default: true, title: 'Terms of Service' });
    const res = await t.request('/api/pages/terms');
    expect(res.status).toBe(200);
    const pub = (await json(res)).page;
    // issue 30: a fresh install's legal pages said "This page is a draft under review"
    expect(pub).toMatchObject({ slug: 'terms', title: 'Terms of Service', updated_at: null });
    expect(pub).not.toHaveProperty('draft');
    expect(pub.html).toContain('<h2>');
    expect(pub).not.toHaveProperty('body');
    expect((await t.request('/api/pages/secrets')).status).toBe(404);
  });

  it('keeps every save as a revision; the public sees the newest published version, never a later draft', async () => {
    const put = (body: unknown) => t.request('/api/admin/cms/pages/cookies', { method: 'PUT', json: body, cookie: superAdmin.cookie });
    let res = await put({ title: 'Cookie Policy', body: 'Version one, published.', status: 'published' });
    expect(res.status).toBe(200);
    expect((await json(await t.request('/api/pages/cookies'))).page).toMatchObject({ html: '<p>Version one, published.</p>\n' });
    res = await put({ title: 'Cookie Policy (new)', body: 'Version two, still a draft.', status: 'draft' });
    const detail = (await json(res)).page;
    expect(detail).toMatchObject({ status: 'draft', is_default: false, body: 'Version two, still a draft.' });
    expect(detail.revisions.map((r: { status: string }) => r.status)).toEqual(['draft', 'published']);
    // the public still reads version one
    expect((await json(await t.request('/api/pages/cookies'))).page).toMatchObject({ title: 'Cookie Policy', html: '<p>Version one, published.</p>\n' });
    // an old revision can be read back in full (the editor restores it from there)
    res = await t.request(`/api/admin/cms/pages/cookies/revisions/${detail.revisions[1].id}`, { cookie: superAdmin.cookie });
    expect((await json(res)).revision).toMatchObject({ title: 'Cookie Policy', body: 'Version one, published.', status: 'published' });
    // a revision of another page is not this page's
    res = await t.request(`/api/admin/cms/pages/about/revisions/${detail.revisions[1].id}`, { cookie: superAdmin.cookie });
    expect(res.status).toBe(404);
    expect((await json(res)).error.message).toBe(CONTENT_TEXT.revisionNotFound);
  });

  it('a page only ever saved as a draft still shows its default text to the public', async () => {
    const res = await t.request('/api/admin/cms/pages/gdpr', { method: 'PUT', json: { title: 'GDPR (edit)', body: 'Unfinished edit.', status: 'draft' }, cookie: superAdmin.cookie });
    expect(res.status).toBe(200);
    const pub = (await json(await t.request('/api/pages/gdpr'))).page;
    expect(pub).toMatchObject({ title: 'GDPR Compliance', updated_at: null });
    expect(pub.html).toContain('<h2>Data processing agreement</h2>');
    expect(pub.html).not.toContain('Unfinished edit.');
  });

  it('validates title, body and status', async () => {
    const put = (body: unknown) => t.request('/api/admin/cms/pages/about', { method: 'PUT', json: body, cookie: superAdmin.cookie });
    let res = await put({ title: ' ', body: '', status: 'live' });
    expect(res.status).toBe(400);
    expect((await json(res)).error.fields).toEqual({ title: CONTENT_TEXT.titleRequired, body: CONTENT_TEXT.bodyRequired, status: CONTENT_TEXT.invalidStatus });
    res = await put({ title: 'About', body: 'x'.repeat(200_001), status: 'draft' });
    expect((await json(res)).error.fields).toEqual({ body: CONTENT_TEXT.bodyTooLong });
  });

  it('renders <script>, raw HTML and javascript: links inert', async () => {
    const hostile = [
      '<script>alert(1)</script>',
      '<img src=x onerror="alert(2)">',
      '<a href="javascript:alert(3)">raw</a>',
      '[click](javascript:alert(4)) [data](data:text/html;base64,PHNjcmlwdD4=) [ok](/contact)',
      '![img](javascript:alert(5))',
    ].join('\n\n');
    await t.request('/api/admin/cms/pages/gdpr', { method: 'PUT', json: { title: 'GDPR Compliance', body: hostile, status: 'published' }, cookie: superAdmin.cookie });
    const { html } = (await json(await t.request('/api/pages/gdpr'))).page;
    expect(html).not.toMatch(/<script|<img|<a href="javascript|<a href="data|onerror="/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<a href="/contact">ok</a>');
    expect(html).not.toMatch(/href="(javascript|data):/i);
    // the same function renders the editor's preview in the browser
    expect(renderMarkdown(hostile)).toBe(html);
  });
});
