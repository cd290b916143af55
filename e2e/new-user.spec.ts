// What a new user tripped on (issue 30): typing before the scripts load, lists at laptop and phone
// widths, sign-in buttons for providers nobody configured, an empty report total, keystrokes lost
// while the palette loads, the notifications panel's name, draft legal pages, copy, and the
// sign-in probe on public pages.
import type { Page, Route } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { ACCESS_TEXT } from '#shared/access.ts';
import { CONTACT_TEXT } from '#shared/contact.ts';
import { carPolicyPayload, customerPayload } from '#server/test/factories.ts';
import { admin, BASE_URL, createAccount, expect, shot, signInAs, test } from './support/fixtures.ts';

/**
 * Holds back every script of the app until `release()`: the pre-rendered page is on screen, React is
 * not running yet — what a visitor on a slow phone sees for a second or two.
 */
async function holdScripts(page: Page, pattern: string | RegExp = '**/assets/*.js') {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route: Route) => {
    await gate;
    await route.continue();
  });
  return release;
}

test.describe('what is typed before the scripts load is kept', () => {
  test('the sign-in form', async ({ page }) => {
    const account = await createAccount(page.request);
    const release = await holdScripts(page);
    await page.goto('/login', { waitUntil: 'commit' });
    const email = page.getByLabel('Email');
    const password = page.getByLabel('Password', { exact: true });
    // the pre-rendered form, before hydration: the submit waits for React
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeDisabled();
    await email.fill(account.email);
    await password.fill(account.password);
    await page.getByLabel('Remember me').check();
    release();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    await expect(email).toHaveValue(account.email);
    await expect(password).toHaveValue(account.password);
    await expect(page.getByLabel('Remember me')).toBeChecked();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the contact form', async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto('/contact', { waitUntil: 'commit' });
    const form = page.getByRole('form', { name: 'Contact form' });
    await expect(form.getByRole('button', { name: 'Send Message' })).toBeDisabled();
    const sender = `early-${Date.now().toString(36)}@example.com`;
    await form.getByLabel('Full name').fill('Early Bird');
    await form.getByLabel('Email').fill(sender);
    await form.getByLabel('Reason for contact').selectOption('support');
    await form.getByLabel('Subject').fill('Typed before the scripts');
    await form.getByLabel('Message').fill('Everything here was typed before React ran.');
    release();
    await expect(form.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    await expect(form.getByLabel('Full name')).toHaveValue('Early Bird');
    await expect(form.getByLabel('Reason for contact')).toHaveValue('support');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('status').filter({ hasText: CONTACT_TEXT.sent })).toContainText(`We will reply to ${sender}.`);
  });
});

async function addPolicy(page: Page, over: Record<string, unknown> = {}) {
  const res = await page.request.post('/api/policies', { data: carPolicyPayload(over) });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; policy_number: string; customer_id: string };
}

for (const width of [1024, 1366]) {
  test(`the policies list keeps its row actions on screen at ${width} px`, async ({ page, account: _ }) => {
    await page.setViewportSize({ width, height: 900 });
    // long values, as a real book has them, make the table wider than its card
    const policy = await addPolicy(page, {
      customer_name: 'Maximilian Alexander Featherstonehaugh-Worthington',
      insurance_company: 'Consolidated Mutual Fire and Casualty Insurance Company of North America',
    });
    await page.goto('/dashboard/policies');
    const actions = page.getByRole('button', { name: `Actions for policy ${policy.policy_number}` });
    await expect(actions).toBeInViewport({ ratio: 1 });
    // nothing covers it (a sticky column must stay on top of the cells scrolling under it)
    // the row's menu replaces its look-alike button once loaded: measure whichever is there
    let box: { x: number; y: number; width: number; height: number } | null = null;
    await expect.poll(async () => (box = await actions.boundingBox()) !== null).toBe(true);
    box = box!;
    const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.getAttribute('aria-label'), {
      x: box.x + box.width / 2,
      y: box.y + box.height / 2,
    });
    expect(hit).toBe(`Actions for policy ${policy.policy_number}`);
    await actions.click();
    await expect(page.getByRole('menuitem', { name: 'View Details' })).toBeVisible();
    await page.keyboard.press('Escape');
    await shot(page, 'new-user-policies-actions');
  });
}

test('the customer page at 390 px: policies as cards, View on screen, no sideways scroll', async ({ page, account: _ }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const policy = await addPolicy(page, { customer_name: 'Phone Width Customer' });
  await page.goto(`/dashboard/customers/${policy.customer_id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Phone Width Customer' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Associated Policies' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  const view = list.getByRole('link', { name: `View policy ${policy.policy_number}` });
  await view.scrollIntoViewIfNeeded();
  await expect(view).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await shot(page, 'new-user-customer-phone');
  await page.setViewportSize({ width: 1366, height: 900 });
  await expect(page.getByRole('table', { name: 'Associated Policies' }).getByRole('link', { name: `View policy ${policy.policy_number}` })).toBeVisible();
  await shot(page, 'new-user-customer-desktop');
});

test.describe('social sign-in buttons', () => {
  test('none on /login when no provider is configured, and none in the pre-rendered page', async ({ page }) => {
    const html = await (await page.request.get('/login')).text();
    expect(html).toContain('Sign in to your account');
    expect(html).not.toMatch(/>\s*(Google|Microsoft)\s*</);
    const config = page.waitForResponse((r) => r.url().endsWith('/api/config'));
    await page.goto('/login');
    await config;
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(await page.getByRole('button', { name: 'Google' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Microsoft' }).count()).toBe(0);
    expect(await page.getByText('Or continue with').count()).toBe(0);
  });

  test('only the configured provider shows once the configuration has loaded', async ({ page }) => {
    await page.route('**/api/config', (route) => route.fulfill({ json: { socialProviders: { google: true, microsoft: false } } }));
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Google' })).toBeVisible();
    await expect(page.getByText('Or continue with')).toBeVisible();
    expect(await page.getByRole('button', { name: 'Microsoft' }).count()).toBe(0);
    await shot(page, 'new-user-login-google');
  });
});

test('"Customers without a policy" totals the customers, on screen and in the CSV', async ({ page }) => {
  const account = await createAccount(page.request, { plan: 'professional' });
  await signInAs(page, account.email, account.password);
  for (const name of ['Lonely One', 'Lonely Two'])
    expect((await page.request.post('/api/customers', { data: customerPayload({ name }) })).status()).toBe(201);
  await page.goto('/dashboard/reports?report=no-policy');
  const table = page.getByRole('table', { name: 'Customers without a policy' });
  await expect(table.getByTestId('report-totals')).toHaveText('Total: 2 customers');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const csv = readFileSync(await (await download).path(), 'utf8');
  expect(csv.trimEnd().split('\r\n').at(-1)).toBe('Total: 2 customers,,,,');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('report-totals')).toHaveText('Total: 2 customers');
});

test('the command palette keeps what is typed while it loads', async ({ page, account: _ }) => {
  const release = await holdScripts(page, /\/assets\/command-palette-[^/]*\.js$/);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Control+k');
  await page.keyboard.type('jane doe');
  release();
  const input = page.getByRole('dialog', { name: 'Search' }).getByRole('combobox');
  await expect(input).toBeFocused();
  await expect(input).toHaveValue('jane doe');
});

test('the bell keeps the keyboard focus when its panel finishes loading, so Enter opens it', async ({ page, account: _ }) => {
  // the stand-in bell has the focus while the real one loads; the swap must not drop it on the page
  // (it did: Enter then went nowhere and the panel never opened; CI saw it once)
  const release = await holdScripts(page, /\/assets\/notification-popover-[^/]*\.js$/);
  const served = page.waitForResponse(/\/assets\/notification-popover-[^/]*\.js$/);
  await page.goto('/dashboard');
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await bell.focus();
  release();
  await served;
  await expect(page.locator('[aria-label^="Notifications"][data-state]:focus')).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
});

test('the notifications panel is a named dialog, opened and closed by keyboard', async ({ page, account: _ }) => {
  await page.goto('/dashboard');
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await bell.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('Mark all as read');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(bell).toBeFocused();
});

test('on a fresh install the legal and About pages are published, not drafts', async ({ page }) => {
  for (const [path, title] of [
    ['/about', 'About Us'],
    ['/terms', 'Terms of Service'],
    ['/cookies', 'Cookie Policy'],
    ['/gdpr', 'GDPR Compliance'],
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    expect(await page.getByText('This page is a draft under review').count()).toBe(0);
  }
  await shot(page, 'new-user-gdpr');
});

test.describe('copy', () => {
  test('an Enterprise-only page says "an enterprise subscription"', async ({ page, account: _ }) => {
    await page.goto('/dashboard/white-label');
    await expect(page.getByText(ACCESS_TEXT.tierDenied('enterprise', 'starter'))).toBeVisible();
    await expect(page.getByText('This feature requires an enterprise subscription or higher.', { exact: false })).toBeVisible();
  });

  test('an unlimited plan says "Unlimited policies" on the policies page', async ({ page, account: _ }) => {
    const me = await (await page.request.get('/api/me')).json();
    const adminContext = await page.context().browser()!.newContext({ baseURL: BASE_URL });
    const adminPage = await adminContext.newPage();
    await signInAs(adminPage, admin.email, admin.password);
    const tier = await adminPage.request.patch(`/api/admin/users/${me.profile.id}`, { data: { subscription_tier: 'enterprise' } });
    expect(tier.status(), await tier.text()).toBe(200);
    await adminContext.close();
    await page.goto('/dashboard/policies');
    await expect(page.getByTestId('policy-usage')).toHaveText('Unlimited policies');
  });
});

test.describe('public pages do not probe the session of a visitor who is signed out', () => {
  test('no GET /api/me on a public page without a session, one with', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/me') asked.push(r.url());
    });
    for (const path of ['/', '/pricing', '/login', '/about']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    expect(asked).toEqual([]);

    // signed in, the header asks and shows the account
    const account = await createAccount(page.request);
    await signInAs(page, account.email, account.password);
    await page.goto('/pricing');
    await expect(page.getByRole('button', { name: 'Alex – user menu' })).toBeVisible();
    expect(asked.length).toBeGreaterThan(0);

    // signed out again (the hint goes with the session), nothing is asked
    expect((await page.request.post('/api/account/sign-out')).status()).toBe(200);
    asked.length = 0;
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
    await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
  });
});
