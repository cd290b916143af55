// Issue 16 content: payment instructions on the upgrade page, CMS pages behind the footer links,
// the blog, and SEO titles in the HTML the server sends.
import type { Browser, Page } from '@playwright/test';
import { admin, BASE_URL, createAccount, expect, shot, signInAs, test } from './support/fixtures.ts';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]:not([data-removed="true"])').filter({ hasText: text });
// a real 1×1 PNG, so the browser draws it
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

async function superAdminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInAs(page, admin.email, admin.password);
  return page;
}

async function bothWidths(page: Page, name: string) {
  await shot(page, name);
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, name);
  if (size) await page.setViewportSize(size);
}

test('a super admin sets payment instructions and a user sees them on the upgrade page', async ({ page, browser, account }) => {
  await page.goto('/dashboard/subscription/upgrade?tier=business');
  // one panel is shown: beside the form on a desktop, above it on a phone
  const panel = page.getByRole('region', { name: 'How to pay' });
  await expect(panel).toHaveCount(1);
  await expect(panel).toContainText('Payment details will be sent by support.');
  await expect(panel).toContainText('$9.99 per month (Business)');
  await expect(panel.getByText(account.email, { exact: true })).toBeVisible();

  const sa = await superAdminPage(browser);
  await sa.goto('/admin');
  await sa.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Admin Settings' }).click();
  await expect(sa.getByRole('heading', { level: 1, name: 'Admin Settings' })).toBeVisible();
  await sa.getByLabel('PayPal address').fill('not-an-address');
  await sa.getByRole('button', { name: 'Save payment instructions' }).click();
  await expect(sa.getByText('Please enter a valid PayPal e-mail address.')).toBeVisible();
  await sa.getByLabel('Bank name').fill('First Harbor Bank');
  await sa.getByLabel('Account details').fill('Account holder: PolicyDesk Ltd\nIBAN: GB33 BUKB 2020 1555 5555 55');
  await sa.getByLabel('PayPal address').fill('billing@policydesk.test');
  await sa.getByLabel('Note to payers').fill('Payments are verified within 24-48 hours.');
  await sa.getByRole('button', { name: 'Save payment instructions' }).click();
  await expect(toast(sa, 'Payment instructions saved.')).toBeVisible();
  await bothWidths(sa, 'admin-settings');
  await sa.context().close();

  await page.reload();
  await expect(panel).toContainText('First Harbor Bank');
  await expect(panel).toContainText('IBAN: GB33 BUKB 2020 1555 5555 55');
  await expect(panel).toContainText('billing@policydesk.test');
  await expect(panel).toContainText('Payments are verified within 24-48 hours.');
  await expect(panel).toContainText(account.email);
  await expect(page.getByText('Payment details will be sent by support.')).toHaveCount(0);
  await page.getByLabel('Plan').selectOption('enterprise');
  await expect(panel).toContainText('$29.99 per month (Enterprise)');
  await bothWidths(page, 'upgrade-instructions');
});

test('a super admin edits the Privacy Policy and the footer link shows it; a page nobody edited shows its published default', async ({ page, browser }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  expect(await page.getByText('This page is a draft under review and may change.').count()).toBe(0);
  await bothWidths(page, 'public-cms-default');

  const sa = await superAdminPage(browser);
  await sa.goto('/admin/cms');
  await expect(sa.getByRole('heading', { level: 1, name: 'CMS Pages' })).toBeVisible();
  await sa.getByRole('navigation', { name: 'CMS pages' }).getByRole('button', { name: 'Privacy Policy' }).click();
  await expect(sa.getByText('Default text — adapt it to your business')).toBeVisible();
  const marker = `Reviewed by counsel ${Date.now().toString(36)}`;
  const body = sa.getByLabel('Content (Markdown)');
  await body.fill(`## Summary\n\n${marker}. We collect only what we need.\n\n<script>window.pwned = true</script>\n\n[unsafe](javascript:alert(1))`);
  await sa.getByRole('tab', { name: 'Preview' }).click();
  const preview = sa.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('heading', { name: 'Summary' })).toBeVisible();
  await expect(preview).toContainText('<script>window.pwned = true</script>');
  await expect(preview.getByRole('link', { name: 'unsafe' })).toHaveCount(0);
  await sa.getByLabel('Status').selectOption('published');
  await sa.getByRole('button', { name: 'Save page' }).click();
  await expect(toast(sa, 'Page published.')).toBeVisible();
  await expect(sa.getByRole('list', { name: 'Revisions' }).getByRole('listitem')).toHaveCount(1);
  await bothWidths(sa, 'admin-cms');
  // a second save, then the first version viewed and restored into the editor
  await sa.getByRole('tab', { name: 'Write' }).click();
  await body.fill('Temporary text.');
  await sa.getByLabel('Status').selectOption('draft');
  await sa.getByRole('button', { name: 'Save page' }).click();
  await expect(toast(sa, 'Page saved.')).toBeVisible();
  const revisions = sa.getByRole('list', { name: 'Revisions' }).getByRole('listitem');
  await expect(revisions).toHaveCount(2);
  await revisions.nth(1).getByRole('button', { name: /View/ }).click();
  const dialog = sa.getByRole('dialog');
  await expect(dialog).toContainText(marker);
  await shot(sa, 'admin-cms-revision');
  await dialog.getByRole('button', { name: 'Restore this version' }).click();
  await expect(body).toHaveValue(new RegExp(marker));
  await sa.context().close();

  // the public still sees the published version, never the later draft
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByText(marker)).toBeVisible();
  await expect(page.getByText('Temporary text.')).toHaveCount(0);
  await expect(page.getByText('This page is a draft under review and may change.')).toHaveCount(0);
  await expect(page.getByText('<script>window.pwned = true</script>')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { pwned?: boolean }).pwned)).toBeUndefined();
  await expect(page).toHaveTitle('Privacy Policy — PolicyDesk');
  await bothWidths(page, 'public-privacy');
});

test('a super admin publishes a blog post with a cover and /blog shows it', async ({ page, browser }) => {
  const sa = await superAdminPage(browser);
  const title = `Renewal season checklist ${Date.now().toString(36)}`;
  await sa.goto('/admin/blog');
  await expect(sa.getByRole('heading', { level: 1, name: 'Blog Management' })).toBeVisible();
  await sa.getByRole('link', { name: 'New post' }).click();
  await sa.getByLabel('Title').fill(title);
  const slug = await sa.getByLabel('Slug').inputValue();
  expect(slug).toMatch(/^renewal-season-checklist-[a-z0-9]+$/);
  await sa.getByLabel('Summary').fill('Five things to check before your renewals peak.');
  await sa.getByLabel('Body (Markdown)').fill('## Start early\n\nContact clients **60 days** before expiry.');
  await sa.getByLabel('Status').selectOption('published');
  await sa.getByRole('button', { name: 'Create post' }).click();
  await expect(toast(sa, 'Post created.')).toBeVisible();
  await expect(sa.getByRole('heading', { level: 1, name: 'Edit post' })).toBeVisible();
  // HTML renamed .png is refused; a real PNG becomes the cover
  await sa.getByLabel('Cover file').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: Buffer.from('<html><script>alert(1)</script></html>') });
  await expect(sa.getByText('The cover must be a PNG, JPEG, WebP or GIF image.').first()).toBeVisible();
  await sa.getByLabel('Cover file').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
  await expect(toast(sa, 'Cover image saved.')).toBeVisible();
  await expect(sa.getByRole('img', { name: 'Cover' })).toBeVisible();
  await bothWidths(sa, 'admin-blog-editor');
  // a second post with the same slug is refused with a clear message
  await sa.goto('/admin/blog/new');
  await sa.getByLabel('Title').fill('Duplicate');
  await sa.getByLabel('Slug').fill(slug);
  await sa.getByLabel('Body (Markdown)').fill('x');
  await sa.getByRole('button', { name: 'Create post' }).click();
  await expect(sa.getByText('Another post already uses this slug. Please choose a different one.').first()).toBeVisible();
  await sa.goto('/admin/blog');
  await expect(sa.getByTestId('post-row').filter({ hasText: title })).toBeVisible();
  await bothWidths(sa, 'admin-blog');
  await sa.context().close();

  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  await expect(page).toHaveTitle('Blog — PolicyDesk');
  await bothWidths(page, 'public-blog');
  await page.getByRole('link', { name: new RegExp(title) }).click();
  await expect(page).toHaveURL(new RegExp(`/blog/${slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Start early' })).toBeVisible();
  await expect(page).toHaveTitle(`${title} — PolicyDesk Blog`);
  await bothWidths(page, 'public-blog-post');
  // crawlers get the title and description without JavaScript
  const html = await (await page.request.get(`/blog/${slug}`)).text();
  expect(html).toContain(`<title>${title} — PolicyDesk Blog</title>`);
  expect(html).toContain('<meta name="description" content="Five things to check before your renewals peak." />');
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  expect(sitemap).toContain(`/blog/${slug}</loc>`);
});

test('a super admin sets a page title in SEO Tools; the served HTML and the tab title follow', async ({ page, browser }) => {
  const sa = await superAdminPage(browser);
  await sa.goto('/admin/seo');
  await expect(sa.getByRole('heading', { level: 1, name: 'SEO Tools' })).toBeVisible();
  await bothWidths(sa, 'admin-seo');
  await sa.getByRole('button', { name: 'Edit SEO for Contact' }).click();
  const dialog = sa.getByRole('dialog');
  await dialog.getByLabel('Title', { exact: true }).fill('Talk to PolicyDesk & sales');
  await dialog.getByLabel('Meta description').fill('Reach our team about plans, billing or support.');
  await dialog.getByLabel('Open Graph image').fill('javascript:alert(1)');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Use an https:// address or a path on this site (starting with /).')).toBeVisible();
  await dialog.getByLabel('Open Graph image').fill('/og/contact.png');
  await shot(sa, 'admin-seo-edit');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(sa, 'SEO settings saved.')).toBeVisible();
  await sa.context().close();

  const html = await (await page.request.get('/contact')).text();
  expect(html).toContain('<title>Talk to PolicyDesk &amp; sales</title>');
  expect(html).toContain('content="Reach our team about plans, billing or support."');
  expect(html).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+\/og\/contact\.png" \/>/);
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveTitle('Talk to PolicyDesk & sales');
  const robots = await (await page.request.get('/robots.txt')).text();
  expect(robots).toContain('Sitemap: ');
});

test('a plain admin reads the payment instructions but cannot change them or open the super admin pages', async ({ page, browser }) => {
  const plain = await createAccount(page.request, { firstName: 'Paula', lastName: 'Plain' });
  const sa = await superAdminPage(browser);
  const found = await (await sa.request.get(`/api/admin/users?search=${encodeURIComponent(plain.email)}`)).json();
  const res = await sa.request.patch(`/api/admin/users/${found.rows[0].id}`, { data: { role: 'admin' } });
  expect(res.status()).toBe(200);
  await sa.context().close();

  await signInAs(page, plain.email, plain.password);
  await page.goto('/admin/settings');
  await expect(page.getByText('Only a super admin can change this.')).toBeVisible();
  await expect(page.getByLabel('Bank name')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save payment instructions' })).toHaveCount(0);
  const put = await page.request.put('/api/admin/settings/payment-instructions', { data: { bank_name: 'Evil Bank' } });
  expect(put.status()).toBe(403);
  await page.goto('/admin/cms');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
});
