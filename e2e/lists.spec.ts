// The list kit: sortable headers, list state in the URL (Back, links), phone cards with every
// field and the row actions, selection of a page and of all matching rows, and the states.
import type { APIRequestContext, Page } from '@playwright/test';
import { admin, createAccount, expect, shot, signInAs, test } from './support/fixtures.ts';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]:not([data-removed="true"])').filter({ hasText: text });

/** Seven policies whose premium, end date and creation order all differ. */
const POLICIES = [
  { number: 'SRT-1', premium: '1200', start: '2025-03-01', name: 'Ada Alpha' },
  { number: 'SRT-2', premium: '90', start: '2025-01-15', name: 'Ben Beta' },
  { number: 'SRT-3', premium: '10000', start: '2025-06-30', name: 'Cy Gamma' },
  { number: 'SRT-4', premium: '450', start: '2025-02-10', name: 'Di Delta' },
  { number: 'SRT-5', premium: '3000', start: '2025-05-05', name: 'Ed Epsilon' },
  { number: 'SRT-6', premium: '75.5', start: '2025-04-20', name: 'Flo Zeta' },
  { number: 'SRT-7', premium: '800', start: '2025-01-01', name: 'Gus Eta' },
];

async function seedPolicies(request: APIRequestContext) {
  for (const p of POLICIES) {
    const res = await request.post('/api/policies', {
      data: {
        customer_name: p.name,
        customer_email: `${p.number.toLowerCase()}@example.com`,
        policy_number: p.number,
        insurance_company: 'Acme Mutual',
        policy_type: 'car',
        premium_amount: p.premium,
        coverage_amount: '50000',
        deductible: '500',
        start_date: p.start,
        status: 'active',
        car_details: { vehicle_make: 'Toyota', vehicle_model: 'Corolla', vehicle_year: 2020, vin_number: 'V', driver_license: 'D' },
      },
    });
    expect(res.status()).toBe(201);
  }
}

const numbers = (page: Page) => page.locator('tbody tr td:nth-child(2)').allInnerTexts();
const byPremium = [...POLICIES].sort((a, b) => Number(a.premium) - Number(b.premium)).map((p) => p.number);
const byEnd = [...POLICIES].sort((a, b) => a.start.localeCompare(b.start)).map((p) => p.number);

test('policies sort by premium and end date from the headers, and the sort lives in the URL', async ({ page, account }) => {
  void account;
  await seedPolicies(page.request);
  await page.goto('/dashboard/policies');
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(7);

  const premium = page.getByRole('columnheader', { name: 'Premium' });
  await expect(premium).toHaveAttribute('aria-sort', 'none');
  await premium.getByRole('button').click();
  await expect(page).toHaveURL(/sort=premium_amount\.asc/);
  await expect(premium).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(() => numbers(page)).toEqual(byPremium);
  // the keyboard works the header button too
  await premium.getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect(premium).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => numbers(page)).toEqual([...byPremium].reverse());

  await page.getByRole('columnheader', { name: 'End Date' }).getByRole('button').click();
  await expect(page.getByRole('columnheader', { name: 'End Date' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(premium).toHaveAttribute('aria-sort', 'none');
  await expect.poll(() => numbers(page)).toEqual(byEnd);
  await shot(page, 'lists-policies-sorted');
});

test('Back from a policy restores the search, sort and page; a linked URL opens the list in that state', async ({ page, account }) => {
  void account;
  await seedPolicies(page.request);
  await page.goto('/dashboard/policies?pageSize=2');
  await page.getByLabel('Search policies').fill('SRT');
  await expect(page).toHaveURL(/search=SRT/);
  await page.getByRole('columnheader', { name: 'Premium' }).getByRole('button').click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText('Page 2 of 4')).toBeVisible();
  await expect.poll(() => numbers(page)).toEqual(byPremium.slice(2, 4));
  const listUrl = page.url();

  await page.getByRole('link', { name: byPremium[2] }).click();
  await expect(page).toHaveURL(/\/dashboard\/policies\/[0-9a-f-]{36}$/);
  await page.goBack();
  await expect(page).toHaveURL(listUrl);
  await expect(page.getByLabel('Search policies')).toHaveValue('SRT');
  await expect(page.getByRole('columnheader', { name: 'Premium' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByText('Page 2 of 4')).toBeVisible();
  await expect.poll(() => numbers(page)).toEqual(byPremium.slice(2, 4));

  // a link with search and sort opens the list so
  // (the 2025 terms have all ended: Expired by the date rule, issue 29)
  await page.goto('/dashboard/policies?search=srt-&sort=end_date.desc&status=expired');
  await expect(page.getByLabel('Search policies')).toHaveValue('srt-');
  await expect(page.getByLabel('Policy status')).toHaveValue('expired');
  await expect(page.getByRole('columnheader', { name: 'End Date' })).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => numbers(page)).toEqual([...byEnd].reverse());

  // the sidebar's link to the bare list, while on it, clears the box with the URL
  await page.getByRole('navigation', { name: 'Dashboard' }).first().getByRole('link', { name: 'Policies', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/policies$/);
  await expect(page.getByLabel('Search policies')).toHaveValue('');
  await expect(page.getByLabel('Policy status')).toHaveValue('all');
});

test('a filter chosen while the search is still being typed keeps both, whichever is written first', async ({ page, account }) => {
  void account;
  await seedPolicies(page.request);
  await page.goto('/dashboard/policies');
  // the search is written to the URL after its debounce; the filter at once
  await page.getByLabel('Search policies').fill('SRT');
  await page.getByLabel('Policy status').selectOption('active');
  await expect(page).toHaveURL(/search=SRT/);
  await expect(page).toHaveURL(/status=active/);
  await page.getByLabel('Policy type').selectOption('car');
  await page.getByLabel('Search policies').fill('srt-');
  await page.getByLabel('Policy status').selectOption('all');
  await expect(page).toHaveURL(/search=srt-/);
  await expect(page).toHaveURL(/type=car/);
  await expect(page).not.toHaveURL(/status=/);
  await expect(page.getByLabel('Search policies')).toHaveValue('srt-');
  await expect(page.getByLabel('Policy type')).toHaveValue('car');
});

test('selection: a row, the whole page, then all that match; a new filter clears it', async ({ page, account }) => {
  void account;
  await seedPolicies(page.request);
  await page.goto('/dashboard/policies?pageSize=5');
  await expect(page.locator('tbody tr')).toHaveCount(5);
  await page.getByRole('checkbox', { name: `Select policy ${POLICIES[6].number}` }).click();
  await expect(page.getByTestId('selection-count')).toHaveText('1 selected.');
  await expect(page.getByRole('button', { name: /Select all/ })).toHaveCount(0);

  await page.getByRole('checkbox', { name: 'Select all rows on this page' }).click();
  await expect(page.getByTestId('selection-count')).toHaveText('5 selected.');
  await page.getByRole('button', { name: 'Select all 7 that match' }).click();
  await expect(page.getByTestId('selection-count')).toHaveText('All 7 that match are selected.');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('checkbox', { name: `Select policy ${POLICIES[0].number}` })).toBeChecked();
  await shot(page, 'lists-selection');

  await page.getByLabel('Policy type').selectOption('fire');
  await expect(page.getByText('No policies found.')).toBeVisible();
  await expect(page.getByTestId('selection-count')).toHaveCount(0);
  // and going back to the old filter does not bring the old selection back
  await page.getByLabel('Policy type').selectOption('all');
  await expect(page.locator('tbody tr')).toHaveCount(5);
  await expect(page.getByRole('checkbox', { name: `Select policy ${POLICIES[6].number}` })).not.toBeChecked();
  await expect(page.getByTestId('selection-count')).toHaveCount(0);
});

test('the loading skeleton, the empty state and an error with a Retry that recovers', async ({ page, account }) => {
  void account;
  let fail = true;
  await page.route(
    (url) => url.pathname === '/api/customers',
    (route) => (fail ? route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'Something went wrong' } } }) : route.fallback()),
  );
  await page.goto('/dashboard/customers');
  // the query retries before it gives up: the skeleton shows meanwhile
  await expect(page.getByRole('status', { name: 'Loading' })).toBeVisible();
  const alert = page.getByRole('alert').filter({ hasText: 'Something went wrong' });
  await expect(alert).toBeVisible({ timeout: 20_000 });
  await shot(page, 'lists-error');
  fail = false;
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('No customers found.')).toBeVisible();
});

test('on a phone, policies are cards with every field, the sort and the row actions', async ({ page, account }) => {
  void account;
  await seedPolicies(page.request);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard/policies?sort=premium_amount.desc');
  const cards = page.getByRole('list', { name: 'Policies' }).getByRole('listitem');
  await expect(cards).toHaveCount(7);
  const top = cards.first();
  await expect(top).toContainText('SRT-3');
  for (const text of ['Cy Gamma', 'Acme Mutual', 'Car', 'Expired', '$10,000.00', 'Jun 30, 2026']) await expect(top).toContainText(text);
  // nothing scrolls sideways
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByLabel('Sort by').selectOption('end_date.asc');
  await expect(cards.first()).toContainText('SRT-7');
  await page.getByRole('button', { name: 'Actions for policy SRT-7' }).click();
  await page.getByRole('menuitem', { name: 'View Details' }).click();
  await expect(page).toHaveURL(/\/dashboard\/policies\/[0-9a-f-]{36}$/);
  await page.goBack();
  await expect(page.getByLabel('Sort by')).toHaveValue('end_date.asc');
  await shot(page, 'lists-policies-phone');

  await page.goto('/dashboard/customers');
  await expect(page.getByRole('list', { name: 'Customers' }).getByRole('listitem')).toHaveCount(7);
  await shot(page, 'lists-customers-phone');
});

test('on a phone, an admin changes a plan and opens the delete confirmation from the user cards', async ({ page }) => {
  const target = await createAccount(page.request, { firstName: 'Phoebe', lastName: `Phone${Date.now().toString(36)}` });
  await signInAs(page, admin.email, admin.password);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/admin/users?search=${encodeURIComponent(target.email)}`);
  const card = page.getByTestId('user-row');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(target.email);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await card.getByLabel(`Plan of Phoebe ${target.lastName}`).selectOption('business');
  await expect(toast(page, 'User tier updated.')).toBeVisible();
  await shot(page, 'lists-admin-users-phone');
  await card.getByRole('button', { name: `Delete Phoebe ${target.lastName}` }).click();
  await expect(page.getByRole('alertdialog')).toContainText(target.email);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin/users');
  await shot(page, 'lists-admin-users');
});

test('desktop screenshots of the customers list', async ({ page, account }) => {
  void account;
  await seedPolicies(page.request);
  await page.goto('/dashboard/customers?sort=name.asc');
  await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.locator('tbody tr').first()).toContainText('Ada Alpha');
  await shot(page, 'lists-customers');
});
