// What a membership opens and what it leaves behind (issues 26 §2, 30 §2–3): a team member is told up
// front what they may only read (API Settings, Webhooks, White Label); a Business agency gets read-only
// API keys; an admin's key stops when the admin is removed, and the owner is told on the keys page.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { API_TEXT } from '#shared/api-keys.ts';
import { BRANDING_TEXT } from '#shared/branding.ts';
import { WEBHOOK_TEXT } from '#shared/webhooks.ts';
import { BASE_URL, createAccount, enterpriseOwner, expect, shot, signInAs, test } from './support/fixtures.ts';
import { firstLink, readMail } from './support/mail.ts';

const owner = (browser: Browser, page: Page) => enterpriseOwner(browser, page, { company: 'Quay Insurance', firstName: 'Olive', lastName: 'Owner' });

/**
 * A page opened by URL loads the whole app, then the page's chunk and its data: on a busy machine that
 * first paint can take longer than one assertion's wait, so it gets a wider budget (nothing is timed).
 */
async function opened(page: Page, url: string, heading: string | RegExp): Promise<void> {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 30_000 });
}

async function newPage(browser: Browser, width = 1280): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width, height: 900 } });
  return context.newPage();
}

/** A second person invited by the owner in `role`, who accepts and works in the owner's agency. */
async function joinAs(browser: Browser, ownerPage: Page, role: 'admin' | 'team_member', firstName: string): Promise<{ page: Page; id: string }> {
  const page = await newPage(browser);
  const account = await createAccount(page.request, { firstName, lastName: 'Member', company: `${firstName} Solo` });
  const invited = await ownerPage.request.post('/api/team/invitations', { data: { email: account.email, role } });
  expect(invited.status(), await invited.text()).toBe(201);
  const token = new URL(firstLink(await readMail(account.email, /invited/))).pathname.split('/').pop()!;
  await signInAs(page, account.email, account.password);
  const accepted = await page.request.post(`/api/invitations/${token}/accept`);
  expect(accepted.status(), await accepted.text()).toBe(200);
  const me = await (await page.request.get('/api/me')).json();
  expect(me.agency.role).toBe(role);
  return { page, id: me.profile.id };
}

test.describe('a team member of an Enterprise agency', () => {
  let member: Awaited<ReturnType<BrowserContext['storageState']>>;

  test.beforeAll(async ({ browser }, testInfo) => {
    testInfo.setTimeout(180_000);
    const ownerPage = await newPage(browser);
    await owner(browser, ownerPage);
    const { page } = await joinAs(browser, ownerPage, 'team_member', 'Tess');
    member = await page.context().storageState();
    await page.context().close();
    await ownerPage.context().close();
  });

  /** The member's browser, which records any API request the server refused. */
  async function asMember(browser: Browser, width: number) {
    const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width, height: 900 }, storageState: member });
    const page = await context.newPage();
    const refused: string[] = [];
    page.on('response', (res) => {
      if (res.url().includes('/api/') && res.status() === 403) refused.push(res.url());
    });
    return { page, refused };
  }

  for (const width of [1280, 390]) {
    test(`API Settings and Webhooks say up front that only the owner or an admin manages them (${width} px)`, async ({ browser }) => {
      const { page, refused } = await asMember(browser, width);
      await opened(page, '/dashboard/api-settings', API_TEXT.title);
      await expect(page.getByText(API_TEXT.managersOnly)).toBeVisible();
      expect(await page.getByRole('button', { name: 'Create key' }).count()).toBe(0);
      await shot(page, 'member-api-settings');

      await page.getByRole('navigation', { name: 'API settings' }).getByRole('link', { name: API_TEXT.webhooksTab }).click();
      await expect(page.getByText(WEBHOOK_TEXT.managersOnly)).toBeVisible();
      expect(await page.getByRole('button', { name: WEBHOOK_TEXT.add }).count()).toBe(0);
      expect(await page.getByRole('status').filter({ hasText: /Loading/ }).count()).toBe(0);
      await shot(page, 'member-webhooks');

      // the reference is theirs to read
      await page.getByRole('navigation', { name: 'API settings' }).getByRole('link', { name: API_TEXT.referenceTab }).click();
      await expect(page).toHaveURL(/\/dashboard\/api-settings\/reference$/);
      // nothing the pages asked for was refused: they did not ask
      expect(refused).toEqual([]);
      await page.context().close();
    });
  }

  test('White Label is read only, and says so before anything can be typed', async ({ browser }) => {
    const { page, refused } = await asMember(browser, 390);
    await opened(page, '/dashboard/white-label', 'White Label');
    await expect(page.getByRole('note').filter({ hasText: BRANDING_TEXT.editDenied })).toBeVisible();
    await expect(page.getByLabel('Display name')).toBeDisabled();
    expect(await page.getByRole('button', { name: 'Reset to default' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /save/i }).count()).toBe(0);
    await shot(page, 'member-white-label');
    expect(refused).toEqual([]);
    await page.context().close();
  });

  test('the sidebar marks API Settings and White Label as view only', async ({ browser }) => {
    const { page } = await asMember(browser, 1280);
    await opened(page, '/dashboard', /^Welcome/);
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(nav.getByRole('link', { name: 'API Settings View only' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'White Label View only' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Customers', exact: true })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Team Management (locked)' })).toBeVisible();
    await page.context().close();
  });
});

test('a Business owner opens API Settings: limits shown, read-only keys only, webhooks at Enterprise', async ({ page }) => {
  test.slow();
  const account = await createAccount(page.request, { plan: 'business' });
  await signInAs(page, account.email, account.password);
  await opened(page, '/dashboard', /^Welcome/);
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'API Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: API_TEXT.title })).toBeVisible();
  const plan = page.getByTestId('api-plan');
  await expect(plan).toContainText('Your Business plan includes read-only API keys, up to');
  await expect(plan.getByRole('link', { name: 'Upgrade to Enterprise' })).toHaveAttribute('href', '/dashboard/subscription/upgrade?tier=enterprise');
  // only read access is offered
  const customers = page.getByLabel('Customers');
  expect(await customers.locator('option').allTextContents()).toEqual(['No access', 'Read']);
  await shot(page, 'business-api-settings');

  await page.getByLabel('Key name').fill('Website listing');
  await page.getByRole('button', { name: 'Create key' }).click();
  const dialog = page.getByRole('dialog');
  const key = await dialog.getByLabel('Key "Website listing"').inputValue();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Customers: read, Policies: read').filter({ visible: true })).toBeVisible();

  const outside = await page.context().browser()!.newContext({ baseURL: BASE_URL });
  const auth = { authorization: `Bearer ${key}` };
  expect((await outside.request.get('/api/v1/customers', { headers: auth })).status()).toBe(200);
  const write = await outside.request.post('/api/v1/customers', { headers: auth, data: { name: 'X' } });
  expect(write.status()).toBe(403);
  expect((await write.json()).error.message).toBe(API_TEXT.writeNeedsPlan);
  await outside.close();

  await page.getByRole('navigation', { name: 'API settings' }).getByRole('link', { name: API_TEXT.webhooksTab }).click();
  await expect(page.getByText(WEBHOOK_TEXT.planRequired('Enterprise'))).toBeVisible();
  expect(await page.getByRole('button', { name: WEBHOOK_TEXT.add }).count()).toBe(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'business-webhooks');
});

test("removing an admin revokes their API key: it answers 401 and the owner's keys page says why", async ({ page, browser }) => {
  test.slow();
  await owner(browser, page);
  const { page: adminPage, id } = await joinAs(browser, page, 'admin', 'Abel');
  const made = await adminPage.request.post('/api/api-keys', { data: { name: 'Abel sync', scopes: { customers: 'read' } } });
  expect(made.status(), await made.text()).toBe(201);
  const { key } = await made.json();
  const outside = await browser.newContext({ baseURL: BASE_URL });
  const auth = { authorization: `Bearer ${key}` };
  expect((await outside.request.get('/api/v1/customers', { headers: auth })).status()).toBe(200);

  const removed = await page.request.delete(`/api/team/members/${id}`);
  expect(removed.status(), await removed.text()).toBe(200);
  expect((await outside.request.get('/api/v1/customers', { headers: auth })).status()).toBe(401);
  await outside.close();

  await opened(page, '/dashboard/api-settings', API_TEXT.title);
  const notice = page.getByRole('status').filter({ hasText: API_TEXT.revokedTitle });
  await expect(notice).toContainText('Abel sync');
  await expect(notice).toContainText(API_TEXT.revokedRemoved('Abel Member'));
  await shot(page, 'owner-revoked-keys-notice');
  await adminPage.context().close();
});
