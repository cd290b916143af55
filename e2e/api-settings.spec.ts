// API keys and the REST API (issue 15): create a key, see it once, call /api/v1 with it, read the
// reference and try a request there, revoke the key; at 1280 and 390 px.
import { request as playwrightRequest, type Page } from '@playwright/test';
import { carPolicyPayload } from '#server/test/factories.ts';
import { ACCESS_TEXT } from '#shared/access.ts';
import { API_TEXT } from '#shared/api-keys.ts';
import { admin, BASE_URL, createAccount, expect, shot, signInAs, test } from './support/fixtures.ts';

/** Enterprise is sold through sales: an admin sets the plan, as in team.spec.ts. */
async function makeEnterprise(page: Page) {
  const me = await (await page.request.get('/api/me')).json();
  const adminContext = await page.context().browser()!.newContext({ baseURL: BASE_URL });
  const adminPage = await adminContext.newPage();
  await signInAs(adminPage, admin.email, admin.password);
  const tier = await adminPage.request.patch(`/api/admin/users/${me.profile.id}`, { data: { subscription_tier: 'enterprise' } });
  expect(tier.status(), await tier.text()).toBe(200);
  await adminContext.close();
}

for (const width of [1280, 390]) {
  test(`API keys: create, see once, call the API, try it in the reference, revoke (${width} px)`, async ({ page }) => {
    test.slow(); // a whole journey across pages: inherently long, so three times the budget (issue 30)
    await page.setViewportSize({ width, height: 900 });
    const account = await createAccount(page.request);
    await signInAs(page, account.email, account.password);
    await makeEnterprise(page);
    await page.goto('/dashboard/api-settings');
    await expect(page.getByRole('heading', { level: 1, name: API_TEXT.title })).toBeVisible();
    const tabs = page.getByRole('navigation', { name: 'API settings' });
    await expect(tabs.getByRole('link', { name: API_TEXT.keysTab })).toBeVisible();
    await expect(tabs.getByRole('link', { name: API_TEXT.webhooksTab })).toHaveAttribute('href', '/dashboard/api-settings/webhooks');
    await expect(page.getByText(API_TEXT.empty)).toBeVisible();

    // validation: a name is required
    await page.getByRole('button', { name: 'Create key' }).click();
    await expect(page.getByText(API_TEXT.nameRequired)).toBeVisible();
    await shot(page, 'api-keys-empty');

    await page.getByLabel('Key name').fill('Website quotes');
    // a policy that creates its customer needs customer write access too (issue 26)
    await page.getByLabel('Customers').selectOption('write');
    await page.getByLabel('Policies').selectOption('write');
    await page.getByRole('button', { name: 'Create key' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(API_TEXT.createdOnce)).toBeVisible();
    const key = await dialog.getByLabel('Key "Website quotes"').inputValue();
    expect(key).toMatch(/^pd_live_/);
    await shot(page, 'api-keys-created-once');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    // listed by its prefix, never the whole key
    await expect(page.getByText(`${key.slice(0, 12)}…`).filter({ visible: true })).toBeVisible();
    await expect(page.getByText(key)).toHaveCount(0);
    await expect(page.getByText('Customers: read and write, Policies: read and write').filter({ visible: true })).toBeVisible();

    // an outside application calls the API with the key (no cookies)
    const outside = await playwrightRequest.newContext({ baseURL: BASE_URL });
    const auth = { authorization: `Bearer ${key}` };
    const created = await outside.post('/api/v1/policies', { data: carPolicyPayload({ policy_number: `API-${width}` }), headers: auth });
    expect(created.status(), await created.text()).toBe(201);
    const list = await outside.get('/api/v1/policies?limit=10', { headers: auth });
    expect(list.status()).toBe(200);
    expect((await list.json()).data.map((p: { policy_number: string }) => p.policy_number)).toContain(`API-${width}`);
    expect(list.headers()['ratelimit-limit']).toBeTruthy();

    await page.reload();
    await expect(page.getByText(API_TEXT.neverUsed)).toHaveCount(0);
    await shot(page, 'api-keys-list');

    // the reference, rendered from the OpenAPI document, and Try it with the pasted key
    await tabs.getByRole('link', { name: API_TEXT.referenceTab }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Policies' })).toBeVisible();
    await page.getByLabel('API key for Try it').fill(key);
    // by its summary's exact text: "List policies' own commission rates" contains "List policies" too
    const op = page.locator('details').filter({ has: page.locator('summary > span').getByText('List policies', { exact: true }) });
    await op.locator('summary').click();
    await op.getByRole('button', { name: 'Send request' }).click();
    await expect(op.getByText('Status 200')).toBeVisible();
    await expect(op.getByText(`API-${width}`)).toBeVisible();
    await shot(page, 'api-reference');
    // a body's fields through the document's named types: required ones starred, a line's details required for its line
    const create = page.locator('details').filter({ hasText: 'Create one of the policies' });
    await create.locator('summary').click();
    await expect(create.locator('tr', { hasText: 'premium_amount' })).toContainText('premium_amount *');
    await expect(create.locator('tr', { hasText: 'car_details' })).toContainText('Required for car.');
    // the opened operation (tables, response) scrolls inside itself, never the page
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    // revoke: confirm, then the key stops on the next request
    await tabs.getByRole('link', { name: API_TEXT.keysTab }).click();
    await page.getByRole('button', { name: 'Revoke Website quotes' }).filter({ visible: true }).click();
    await expect(page.getByRole('alertdialog')).toContainText(API_TEXT.revokeText('Website quotes'));
    await shot(page, 'api-keys-revoke-confirm');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByText(API_TEXT.revoked)).toBeVisible();
    await expect(page.getByText(API_TEXT.empty)).toBeVisible();
    const refused = await outside.get('/api/v1/policies', { headers: auth });
    expect(refused.status()).toBe(401);
    expect((await refused.json()).error.message).toBe(API_TEXT.invalidKey);
    await outside.dispose();
  });
}

test('API settings opens at Business (read-only keys): Professional is shown the upgrade gate', async ({ page }) => {
  const account = await createAccount(page.request, { plan: 'professional' });
  await signInAs(page, account.email, account.password);
  await page.goto('/dashboard/api-settings');
  await expect(page.getByText(ACCESS_TEXT.tierDenied('business', 'professional'))).toBeVisible();
});
