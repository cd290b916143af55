// Lines of business as data (issue 29 §3, decision 051): a home and an umbrella policy written in the
// browser from the registry's fields, then found in the list's type filter, the book report and the export.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { readZip } from '#server/platform/zip.ts';
import { carPolicyPayload } from '#server/test/factories.ts';
import { createAccount, expect, shot, signInAs, test } from './support/fixtures.ts';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]:not([data-removed="true"])').filter({ hasText: text });

async function fillPolicy(page: Page, number: string, premium: string) {
  await page.getByLabel('Policy Number').fill(number);
  await page.getByLabel('Insurance Company').fill('Harbor Mutual');
  await page.getByLabel('Premium Amount').fill(premium);
  await page.getByLabel('Coverage Amount').fill('350000');
  await page.getByLabel('Deductible').fill('1000');
}

test('a home and an umbrella policy are written in the browser and found in the list, the report and the export', async ({ page }) => {
  test.slow(); // a whole journey across pages: inherently long, so three times the budget (issue 30)
  const account = await createAccount(page.request, { plan: 'professional' });
  await signInAs(page, account.email, account.password);
  const res = await page.request.post('/api/policies', { data: carPolicyPayload({ policy_number: 'AUTO-7', customer_name: 'Hana Ito', customer_email: 'hana@example.com' }) });
  expect(res.status(), await res.text()).toBe(201);
  const customerId = ((await res.json()) as { customer_id: string }).customer_id;

  // Home: the line's fields come from src/shared/lines/home.ts; a roof older than the house is refused on its field
  await page.goto(`/dashboard/policies/new?customer=${customerId}`);
  await expect(page.getByTestId('linked-customer')).toBeVisible();
  await fillPolicy(page, 'HOME-1', '1450');
  await page.getByLabel('Policy Type').selectOption({ label: 'Home' });
  await expect(page.getByText('Home Details')).toBeVisible();
  await page.getByLabel('Property Address').fill('12 Oak Lane');
  await page.getByLabel('Dwelling Coverage').fill('350000');
  await page.getByLabel('Contents Coverage', { exact: true }).fill('120000');
  await page.getByRole('combobox', { name: 'Construction', exact: true }).selectOption('masonry');
  await page.getByLabel('Year Built').fill('1988');
  await page.getByLabel('Roof Year').fill('1970');
  await page.getByRole('button', { name: 'Create Policy' }).click();
  await expect(page.getByText('Roof Year cannot be before the Year Built.')).toBeVisible();
  await page.getByLabel('Roof Year').fill('2019');
  await page.getByRole('button', { name: 'Create Policy' }).click();
  await expect(toast(page, 'Policy created successfully.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Policy HOME-1' })).toBeVisible();
  await expect(page.getByText('Home insurance with Harbor Mutual')).toBeVisible();
  await expect(page.getByText('$350,000.00').first()).toBeVisible();
  await expect(page.getByText('Masonry', { exact: true })).toBeVisible();
  await shot(page, 'lines-home');

  // Umbrella: its underlying policies are the customer's own, ticked from the list
  await page.goto(`/dashboard/policies/new?customer=${customerId}`);
  await expect(page.getByTestId('linked-customer')).toBeVisible();
  await fillPolicy(page, 'UMB-1', '310');
  await page.getByLabel('Policy Type').selectOption({ label: 'Umbrella' });
  await page.getByLabel('Umbrella Limit').fill('1000000');
  await page.getByRole('button', { name: 'Create Policy' }).click();
  await expect(page.getByText('Please link at least one of the customer’s policies as underlying policies.')).toBeVisible();
  await page.getByLabel('AUTO-7 · Car').check();
  await page.getByLabel('HOME-1 · Home').check();
  await shot(page, 'lines-umbrella-form');
  await page.getByRole('button', { name: 'Create Policy' }).click();
  await expect(toast(page, 'Policy created successfully.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Policy UMB-1' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'HOME-1' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'AUTO-7' })).toBeVisible();

  // the list's type filter lists every line
  await page.goto('/dashboard/policies');
  await page.getByLabel('Policy type').selectOption({ label: 'Umbrella' });
  await expect(page).toHaveURL(/type=umbrella/);
  const list = page.getByRole('table', { name: 'Policies' });
  // the filtered page has come (the header row and one policy) before anything is said to be absent
  await expect(list.getByRole('row')).toHaveCount(2);
  await expect(list.getByRole('link', { name: 'UMB-1' })).toBeVisible();
  expect(await list.getByRole('link', { name: 'HOME-1' }).count()).toBe(0);
  await page.getByLabel('Policy type').selectOption({ label: 'Home' });
  await expect(list.getByRole('link', { name: 'HOME-1' })).toBeVisible();
  await expect(list.getByRole('row')).toHaveCount(2);
  expect(await list.getByRole('link', { name: 'UMB-1' }).count()).toBe(0);

  // the book of business report, by line
  await page.goto('/dashboard/reports');
  const table = page.getByRole('table', { name: 'Book of business' });
  await expect(table.getByRole('row').filter({ hasText: 'Home' })).toContainText('1,450.00');
  await expect(table.getByRole('row').filter({ hasText: 'Umbrella' })).toContainText('310.00');
  await page.getByLabel('Policy type').selectOption({ label: 'Umbrella' });
  await expect(table.getByTestId('report-totals')).toHaveText(/Total.*1.*\$310\.00/);

  // the export: each policy's details in its line's columns
  await page.goto('/dashboard/export');
  await expect(page.getByRole('table', { name: 'Columns of policies.csv' })).toContainText('dwelling_coverage');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download full export' }).click();
  const files = readZip(readFileSync(await (await download).path()));
  const [header, ...rows] = files.get('policies.csv')!.toString('utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n');
  const columns = header.split(',');
  const row = (number: string) => rows.find((r) => r.includes(`,${number},`))!.split(',');
  const home = row('HOME-1');
  expect(home[columns.indexOf('policy_type')]).toBe('home');
  expect(home[columns.indexOf('dwelling_coverage')]).toBe('350000.00');
  expect(home[columns.indexOf('roof_year')]).toBe('2019');
  expect(home[columns.indexOf('vehicle_make')]).toBe('');
  const umbrella = row('UMB-1');
  expect(umbrella[columns.indexOf('umbrella_limit')]).toBe('1000000.00');
  expect(umbrella[columns.indexOf('underlying_policy_ids')].split('; ')).toHaveLength(2);
});
