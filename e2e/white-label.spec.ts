// White label (issue 15): an Enterprise owner sets a logo and colour, sees them in the live preview
// before saving, saves, sees them in the shell and on the policy print page, then resets to default.
import type { Page } from '@playwright/test';
import { BRANDING_TEXT } from '#shared/branding.ts';
import { enterpriseOwner, expect, shot, test, uniqueEmail } from './support/fixtures.ts';
import { firstLink, readMail } from './support/mail.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]:not([data-removed="true"])').filter({ hasText: text });

// a logo with a script and an external reference: the server draws it as a PNG and drops both
const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80" viewBox="0 0 240 80">
<script>alert('x')</script><image href="http://127.0.0.1:9/x.png" width="10" height="10"/>
<rect x="4" y="4" width="72" height="72" rx="16" fill="#0f766e"/><circle cx="40" cy="40" r="20" fill="#ffffff"/>
<rect x="92" y="22" width="140" height="14" rx="7" fill="#0f766e"/><rect x="92" y="46" width="100" height="12" rx="6" fill="#5eead4"/></svg>`;

test('set a logo and colour, preview them, save, see them in the shell and on the print page, reset', async ({ page, browser }) => {
  test.slow(); // two browsers and a whole journey: inherently long, so three times the budget (issue 30)
  await enterpriseOwner(browser, page, { company: 'Harbor Insurance', firstName: 'Olivia', lastName: 'Owner' });
  const created = await page.request.post('/api/policies', {
    data: {
      customer_name: 'Jane Doe',
      customer_email: `jane-${Date.now()}@example.com`,
      customer_phone: '555-0100',
      policy_number: `WL-${Date.now()}`,
      insurance_company: 'Acme Mutual',
      policy_type: 'car',
      premium_amount: '1234.50',
      coverage_amount: '50000',
      deductible: '500',
      start_date: '2025-01-05',
      status: 'active',
      car_details: { vehicle_make: 'Toyota', vehicle_model: 'Corolla', vehicle_year: 2020, vin_number: 'VIN123', driver_license: 'DL-1', coverage_type: 'collision' },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const policyId = (await created.json()).id as string;

  await page.goto('/dashboard/white-label');
  await expect(page.getByRole('heading', { level: 1, name: 'White Label' })).toBeVisible();
  const shellBrand = page.getByRole('link', { name: /, dashboard$/ }).first();
  await expect(shellBrand).toContainText('PolicyDesk');
  await shot(page, 'white-label-default');

  // a colour that fails contrast is refused on its field, with the ratio and the reason
  const colour = page.getByLabel('Primary colour');
  await colour.fill('#ffff00');
  await expect(page.getByText(BRANDING_TEXT.colorContrast('1.07'))).toBeVisible();
  await expect(page.getByTestId('contrast-note')).toContainText('1.07:1 — below WCAG AA (4.5:1).');

  // the live preview follows the form before anything is saved
  await page.getByLabel('Display name').fill('Harbor & Co');
  await colour.fill('#0f766e');
  await expect(page.getByText(BRANDING_TEXT.colorContrast('1.07'))).toHaveCount(0);
  await expect(page.getByTestId('contrast-note')).toContainText('passes WCAG AA');
  await page.getByLabel('Support e-mail').fill('help@harbor.test');
  await page.getByLabel('Logo').setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(LOGO_SVG) });
  const preview = page.getByTestId('brand-preview');
  await expect(preview.getByTestId('preview-from')).toHaveText('Harbor & Co');
  await expect(preview.getByText('help@harbor.test')).toBeVisible();
  await expect(preview.locator('img').first()).toBeVisible();
  await expect(preview.getByText('Add Policy')).toHaveCSS('background-color', 'rgb(15, 118, 110)');
  // not saved yet: the shell still wears the default
  await expect(shellBrand).toContainText('PolicyDesk');
  await shot(page, 'white-label-preview');

  await page.getByRole('button', { name: 'Save brand' }).click();
  await expect(toast(page, BRANDING_TEXT.saved)).toBeVisible();
  await expect(shellBrand).toContainText('Harbor & Co');
  const shellLogo = shellBrand.locator('img');
  await expect(shellLogo).toHaveAttribute('src', /^\/api\/brand\/[0-9a-f-]{36}\/[0-9a-f]{32}\.png$/);
  // primary buttons wear the colour (the pointer moved off, or it would show the darker hover shade)
  await page.mouse.move(0, 0);
  await expect(page.getByRole('button', { name: 'Save brand' })).toHaveCSS('background-color', 'rgb(15, 118, 110)');
  // the stored logo is a PNG the server drew
  const logo = await page.request.get((await shellLogo.getAttribute('src'))!);
  expect(logo.headers()['content-type']).toBe('image/png');
  expect((await logo.body()).subarray(1, 4).toString()).toBe('PNG');
  await shot(page, 'white-label-saved');
  // the page itself (the saved toast is still fading in, which axe reads as low contrast)
  await expectNoSeriousA11yViolations(page, 'white label page, branded', '#main');

  // the active navigation item picks up the accent colour
  await page.goto('/dashboard/policies');
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(nav.getByRole('link', { name: 'Policies' })).toHaveCSS('color', 'rgb(15, 118, 110)');
  await shot(page, 'white-label-shell');

  await page.goto(`/dashboard/policies/${policyId}/print`);
  const letterhead = page.getByTestId('print-brand');
  await expect(letterhead).toContainText('Harbor & Co');
  await expect(letterhead).toContainText('help@harbor.test');
  await expect(letterhead.locator('img')).toBeVisible();
  await shot(page, 'white-label-print');
  // the reports' printable view wears the same letterhead
  const year = new Date().getFullYear();
  await page.goto(`/dashboard/reports/print?report=book&from=${year}-01-01&to=${year}-12-31`);
  await expect(page.getByTestId('print-brand')).toContainText('Harbor & Co');
  await expect(page.getByRole('button', { name: 'Print' })).toHaveCSS('background-color', 'rgb(15, 118, 110)');
  await shot(page, 'white-label-report-print');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/dashboard/policies/${policyId}/print`);
  await expect(page.getByTestId('print-brand')).toContainText('Harbor & Co');
  await shot(page, 'white-label-print');
  await page.goto('/dashboard/white-label');
  await expect(page.getByRole('heading', { level: 1, name: 'White Label' })).toBeVisible();
  await expect(page.getByTestId('brand-preview').getByTestId('preview-from')).toHaveText('Harbor & Co');
  await shot(page, 'white-label-saved');
  await page.setViewportSize({ width: 1280, height: 800 });

  // an invitation goes out as the agency: its name as sender, its reply-to and logo; the page wears the brand
  const invitee = uniqueEmail('invitee');
  const invited = await page.request.post('/api/team/invitations', { data: { email: invitee, role: 'team_member' } });
  expect(invited.status(), await invited.text()).toBe(201);
  const mail = await readMail(invitee, /invited/);
  expect(mail.from).toMatch(/^"Harbor & Co" <.+@.+>$/);
  expect(mail.replyTo).toBe('help@harbor.test');
  expect(mail.html).toMatch(/<img src="http:\/\/[^"]+\/api\/brand\/[0-9a-f-]{36}\/[0-9a-f]{32}\.png" alt="Harbor &amp; Co"/);
  expect(mail.text).toContain('— Harbor & Co');
  const guest = await browser.newContext();
  const invitePage = await guest.newPage();
  for (const width of [1280, 390]) {
    await invitePage.setViewportSize({ width, height: 844 });
    await invitePage.goto(firstLink(mail));
    await expect(invitePage.getByRole('heading', { name: "You're invited" })).toBeVisible();
    await expect(invitePage.getByText('Join Harbor & Co on PolicyDesk')).toBeVisible();
    await expect(invitePage.locator('main img[src^="/api/brand/"], img[src^="/api/brand/"]').first()).toBeVisible();
    await expect(invitePage.getByRole('link', { name: 'Sign in to accept' })).toHaveCSS('background-color', 'rgb(15, 118, 110)');
    await shot(invitePage, 'white-label-invitation');
  }
  await guest.close();

  // reset to default, after a confirmation
  await page.getByRole('button', { name: 'Reset to default' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(BRANDING_TEXT.resetConfirm);
  await shot(page, 'white-label-reset-confirm');
  await dialog.getByRole('button', { name: 'Reset to default' }).click();
  await expect(toast(page, BRANDING_TEXT.reset)).toBeVisible();
  await expect(shellBrand).toContainText('PolicyDesk');
  await expect(shellBrand.locator('img')).toHaveCount(0);
  await expect(page.getByLabel('Primary colour')).toHaveValue('#1d4ed8');
});
