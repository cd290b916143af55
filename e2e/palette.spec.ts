// The command palette (Ctrl+K, /) and the skip link of the signed-in layout.
import type { Page } from '@playwright/test';
import { carPolicyPayload, customerPayload } from '#server/test/factories.ts';
import { createAccount, expect, shot, signInAs, test } from './support/fixtures.ts';

async function createBook(page: Page, name: string) {
  const customer = await (await page.request.post('/api/customers', { data: customerPayload({ name, email: `${name.split(' ')[1].toLowerCase()}@example.com` }) })).json();
  const number = `PAL-${Date.now().toString(36).toUpperCase()}`;
  const res = await page.request.post('/api/policies', {
    data: carPolicyPayload({ customer_id: customer.id, customer_name: name, customer_email: customer.email, policy_number: number }),
  });
  expect(res.status(), await res.text()).toBe(201);
  return { customer, policy: await res.json(), number };
}

const palette = (page: Page) => page.getByRole('dialog', { name: 'Search' });

test('Ctrl+K searches customers and policies; arrows and Enter open the record; Esc closes', async ({ page, account }) => {
  const name = `Quentin Palettejoy${Date.now().toString(36)}`;
  const { customer, policy, number } = await createBook(page, name);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.keyboard.press('Control+k');
  const dialog = palette(page);
  await expect(dialog).toBeVisible();
  const input = dialog.getByRole('combobox');
  await expect(input).toBeFocused();
  // the pages the user may open, before typing; locked ones are not offered
  await expect(dialog.getByRole('option', { name: 'Billing History' })).toBeVisible();
  await expect(dialog.getByRole('option', { name: 'Reports' })).toHaveCount(0);

  await input.fill('palettejoy');
  const customerOption = dialog.getByRole('option', { name: new RegExp(name) }).first();
  await expect(dialog.getByRole('group', { name: 'Customers' }).getByRole('option')).toHaveCount(1);
  await expect(dialog.getByRole('group', { name: 'Policies' }).getByRole('option', { name: new RegExp(number) })).toBeVisible();
  await expect(customerOption).toHaveAttribute('aria-selected', 'true');
  await shot(page, 'palette-results');
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('option', { name: new RegExp(number) })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/dashboard/policies/${policy.id}$`));
  await expect(page.getByRole('heading', { name: `Policy ${number}` })).toBeVisible();

  // `/` outside a text field opens it; Escape closes it and focus returns where it was
  const bell = page.getByRole('button', { name: 'Notifications' });
  await bell.focus();
  await page.keyboard.press('/');
  await expect(palette(page)).toBeVisible();
  await page.keyboard.type(customer.email.slice(0, 12));
  await expect(palette(page).getByRole('option', { name: new RegExp(name) }).first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await expect(palette(page)).toHaveCount(0);
  await expect(bell).toBeFocused();

  // Enter on a customer lands on its profile
  await page.keyboard.press('Control+k');
  await page.keyboard.type(name);
  await expect(palette(page).getByRole('group', { name: 'Customers' }).getByRole('option')).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/dashboard/customers/${customer.id}$`));
  await expect(page.getByRole('heading', { name })).toBeVisible();
  expect(account.email).toBeTruthy();
});

test('palette: `/` in a text field types; pages by name; empty state; another agency is never found', async ({ page, account }) => {
  const other = await createAccount(page.request);
  await signInAs(page, other.email, other.password);
  const theirs = `Olga Otheragency${Date.now().toString(36)}`;
  await createBook(page, theirs);
  await signInAs(page, account.email, account.password);

  await page.goto('/dashboard/customers');
  const search = page.getByPlaceholder('Search by name or email');
  await search.fill('a/b');
  await expect(search).toHaveValue('a/b');
  await expect(palette(page)).toHaveCount(0);

  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const dialog = palette(page);
  const answered = page.waitForResponse((r) => r.url().includes('/api/search?q=otheragency'));
  await dialog.getByRole('combobox').fill('otheragency');
  expect(await (await answered).json()).toEqual({ customers: [], policies: [] });
  await expect(dialog.getByText('No results found.')).toBeVisible();
  await expect(dialog.getByText('Type at least 2 characters to search.')).toHaveCount(0);
  await expect(dialog.getByRole('option')).toHaveCount(0);
  await shot(page, 'palette-empty');

  await dialog.getByRole('combobox').fill('billing');
  await expect(dialog.getByRole('option', { name: 'Billing History' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/subscription\/history$/);
});

test('palette on a phone: opened from the header button, results fit 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const name = `Paula Phonepalette${Date.now().toString(36)}`;
  const account = await createAccount(page.request);
  await signInAs(page, account.email, account.password);
  const { policy } = await createBook(page, name);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const dialog = palette(page);
  await dialog.getByRole('combobox').fill('phonepalette');
  const option = dialog.getByRole('group', { name: 'Policies' }).getByRole('option');
  await expect(option).toHaveCount(1);
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'palette-results');
  await option.click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/policies/${policy.id}$`));
});

test('skip link: the first Tab stop, it moves focus to the page content', async ({ page, account }) => {
  // the session's answer held back: the frame the server paints before the app runs (decision 075)
  // stays on screen, and a Tab pressed on it reaches its skip link, which the app's own takes over
  // when it draws the page (decision 080; the Tab was lost before)
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/me', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/dashboard/customers');
  const frame = page.locator('[data-signed-in-frame]');
  await expect(frame.getByRole('heading', { name: 'Customer Management' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(frame.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await shot(page, 'skip-link-frame');
  release();
  await expect(frame).toHaveCount(0);
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await shot(page, 'skip-link');
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();
  // the next Tab stop is inside the content, not the sidebar or the header
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
  await expect(page).toHaveURL(/\/dashboard\/customers$/);
  expect(account.email).toBeTruthy();
});
