// Issue 33: no request waterfall deeper than two on a signed-in page (the session, then the page's
// data), and a sidebar hover that fetches the next page's data ahead of the click.
//
// Not timing-based: every /api response but the session's is held back until the test releases it.
// Whatever the page asks for while they are held depends on nothing but the session; a request that
// starts only after they are released waited for one of them: a third level, a waterfall.
import type { Page, Route } from '@playwright/test';
import { enterpriseOwner, expect, test } from './support/fixtures.ts';

const SESSION = '/api/me';
const PAGES: { path: string; data: string }[] = [
  { path: '/dashboard', data: '/api/dashboard' },
  { path: '/dashboard/policies', data: '/api/policies' },
  { path: '/dashboard/customers', data: '/api/customers' },
  { path: '/dashboard/renewals', data: '/api/renewals' },
];

const apiPath = (url: string) => new URL(url).pathname;

async function seedPolicy(page: Page) {
  const res = await page.request.post('/api/policies', {
    data: {
      customer_name: 'Wanda Waterfall',
      customer_email: 'wanda@example.com',
      policy_number: 'FALL-1',
      insurance_company: 'Acme Mutual',
      policy_type: 'fire',
      premium_amount: '980',
      coverage_amount: '50000',
      deductible: '500',
      start_date: '2025-01-05',
      status: 'active',
      fire_details: { property_address: '12 Elm Street', property_type: 'House', construction_year: 1990, property_value: '250000' },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** The browser has run what it had to run: its idle callbacks (the shell's deferred parts) included. */
const idle = (page: Page) => page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));

test('a cold load of each signed-in page asks for its data with the session, not after anything else', async ({ browser, page }) => {
  test.setTimeout(120_000);
  await enterpriseOwner(browser, page, { firstName: 'Wally', lastName: 'Fall' });
  await seedPolicy(page);
  await page.goto('/dashboard'); // the first view records itself (a POST, then the session again)
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();

  for (const { path, data } of PAGES) {
    let released = false;
    const held: Route[] = [];
    const before: string[] = [];
    const after: string[] = [];
    await page.route('**/api/**', async (route) => {
      const url = route.request().url();
      (released ? after : before).push(`${route.request().method()} ${apiPath(url)}`);
      if (released || apiPath(url) === SESSION) await route.continue();
      else held.push(route);
    });
    await page.goto(path);
    // the shell needs only the session: it is there while everything else waits
    await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
    await expect.poll(() => before.some((r) => r === `GET ${data}` || r.startsWith(`GET ${data}`))).toBe(true);
    await idle(page);
    released = true;
    for (const route of held.splice(0)) await route.continue();
    await page.waitForLoadState('networkidle');
    await idle(page);
    await page.unroute('**/api/**');
    expect(after, `${path}: requests that waited for a response other than the session's (asked for with it: ${before.join(', ')})`).toEqual([]);
  }
});

test("hovering Policies in the sidebar fetches the list's first page, so the click shows the rows without asking again", async ({ page, account }) => {
  void account;
  await seedPolicy(page);
  await page.goto('/dashboard');
  await expect(page.getByTestId('usage-policies')).toContainText('1 / 20');
  const link = page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Policies', exact: true });
  const prefetched = page.waitForResponse((r) => apiPath(r.url()) === '/api/policies');
  await link.hover();
  expect((await prefetched).status()).toBe(200);

  const asked: string[] = [];
  page.on('request', (r) => {
    if (apiPath(r.url()) === '/api/policies') asked.push(r.url());
  });
  await link.click();
  await expect(page.getByRole('cell', { name: 'FALL-1', exact: true })).toBeVisible();
  expect(asked).toEqual([]);
});

test("a signed-in page's HTML draws its frame and starts the first screen's requests, whose answers the app takes instead of asking again (decision 075)", async ({ page, account }) => {
  void account;
  // the first view records itself (a POST, then the session again): done before the count below
  const recorded = page.waitForResponse((r) => apiPath(r.url()) === '/api/account/dashboard-seen');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
  expect((await recorded).ok()).toBe(true);
  await page.waitForLoadState('networkidle');
  // the HTML itself, for a browser holding a session: the page's frame with its heading, nothing of the user's
  const res = await page.request.get('/dashboard/policies?status=active');
  expect(res.headers()['cache-control']).toBe('private, no-cache');
  const html = await res.text();
  expect(html).toContain('data-signed-in-frame');
  expect(html).toMatch(/<h1[^>]*>Policy Management<\/h1>/);
  expect(html).toContain('<link rel="preload" as="fetch" crossorigin href="/api/me">');
  expect(html).not.toContain(account.email);

  const asked: string[] = [];
  page.on('request', (r) => {
    const p = apiPath(r.url());
    if (p === '/api/me' || p === '/api/dashboard') asked.push(p);
  });
  await page.goto('/dashboard');
  await expect(page.getByTestId('usage-policies')).toBeVisible();
  await page.waitForLoadState('networkidle');
  // one of each: the preloaded answers were used, not asked for a second time
  expect(asked.sort()).toEqual(['/api/dashboard', '/api/me']);
});
