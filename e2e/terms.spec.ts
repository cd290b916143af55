// Term lengths (issue 29 §2, decision 053): a 6-month car policy written in the browser, its end
// date, a custom end date refused on its field, then Renew and Edit keeping the 6 months.
import type { Page } from '@playwright/test';
import { createAccount, expect, shot, signInAs, test } from './support/fixtures.ts';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]:not([data-removed="true"])').filter({ hasText: text });
/** The value of a label on the policy page (Start Date, End Date, Term). */
const detail = (page: Page, label: string) => page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd');

test('an agent writes a 6-month car policy, sees its end date, and renews it for another 6 months', async ({ page }) => {
  test.slow(); // a whole journey across the form, the policy page and Renew
  const account = await createAccount(page.request, { plan: 'professional', firstName: 'Tess', lastName: 'Term' });
  await signInAs(page, account.email, account.password);

  await page.goto('/dashboard/policies/new');
  await page.getByLabel('Customer Name').fill('Sam Six');
  await page.getByLabel('Customer Email').fill('sam.six@example.com');
  await page.getByLabel('Policy Number').fill('SIX-1');
  await page.getByLabel('Insurance Company').fill('Acme Mutual');
  await page.getByLabel('Premium Amount').fill('480');
  await page.getByLabel('Coverage Amount').fill('25000');
  await page.getByLabel('Deductible').fill('250');
  await page.getByLabel('Start Date').fill('2025-01-05');
  // the spec's default: 12 months, read-only
  await expect(page.getByLabel('Term', { exact: true })).toHaveValue('12_months');
  await expect(page.getByLabel('End Date')).toHaveValue('2026-01-05');
  await expect(page.getByText('Always the start date plus 12 months.')).toBeVisible();
  await page.getByLabel('Vehicle Make').fill('Honda');
  await page.getByLabel('Vehicle Model').fill('Civic');
  await page.getByLabel('Vehicle Year').fill('2021');
  await page.getByLabel('VIN Number').fill('2HGFC2F59MH000001');
  await page.getByLabel('Driver License').fill('D7654321');

  // a custom end date before the start is refused on its field, before anything is sent
  await page.getByLabel('Term', { exact: true }).selectOption('custom');
  await expect(page.getByLabel('End Date')).toHaveValue('2026-01-05');
  await expect(page.getByLabel('End Date')).toBeEditable();
  await page.getByLabel('End Date').fill('2024-12-01');
  await page.getByRole('button', { name: 'Create Policy' }).click();
  await expect(page.getByText('The end date must be after the start date.')).toBeVisible();
  await expect(page.getByLabel('End Date')).toHaveAttribute('aria-invalid', 'true');

  // 6 months: the end date follows the start, read-only again
  await page.getByLabel('Term', { exact: true }).selectOption('6_months');
  await expect(page.getByLabel('End Date')).toHaveValue('2025-07-05');
  await expect(page.getByText('Always the start date plus 6 months.')).toBeVisible();
  expect(await page.getByText('The end date must be after the start date.').count()).toBe(0);
  await shot(page, 'terms-new-6-months');
  await page.getByRole('button', { name: 'Create Policy' }).click();
  await expect(toast(page, 'Policy created successfully.')).toContainText('Success');
  await expect(page.getByRole('heading', { name: 'Policy SIX-1', exact: true })).toBeVisible();
  await expect(detail(page, 'End Date')).toHaveText('Jul 05, 2025');
  await expect(detail(page, 'Term')).toHaveText('6 months');

  // Renew: prefilled with the same 6 months from the old end date
  await page.getByRole('link', { name: 'Renew', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Renew policy SIX-1' })).toBeVisible();
  await expect(page.getByLabel('Term', { exact: true })).toHaveValue('6_months');
  await expect(page.getByLabel('Start Date')).toHaveValue('Jul 05, 2025');
  await expect(page.getByLabel('End Date')).toHaveValue('Jan 05, 2026');
  await shot(page, 'terms-renew-6-months');
  await page.getByRole('button', { name: 'Renew policy' }).click();
  await expect(toast(page, 'Policy renewed successfully.')).toContainText('Success');
  await expect(page.getByRole('heading', { name: 'Policy SIX-1-R1', exact: true })).toBeVisible();
  await expect(detail(page, 'Start Date')).toHaveText('Jul 05, 2025');
  await expect(detail(page, 'End Date')).toHaveText('Jan 05, 2026');
  await expect(detail(page, 'Term')).toHaveText('6 months');
  await expect(page.getByTestId('term-chain')).toContainText('Previous term: SIX-1');
  await expect(page.getByTestId('term-chain')).toContainText('Jan 05, 2025 – Jul 05, 2025 · 6 months');

  // Edit opens the renewal with its 6 months chosen, so saving it keeps them
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page.getByLabel('Term', { exact: true })).toHaveValue('6_months');
  await expect(page.getByLabel('End Date')).toHaveValue('2026-01-05');
  await page.getByLabel('Premium Amount').fill('495');
  await page.getByRole('button', { name: 'Update Policy' }).click();
  await expect(toast(page, 'Policy updated successfully.')).toContainText('Success');
  await expect(detail(page, 'Term')).toHaveText('6 months');
  await expect(detail(page, 'End Date')).toHaveText('Jan 05, 2026');

  // at 390 px the form's term choice is still there and usable
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard/policies/new');
  await page.getByLabel('Term', { exact: true }).selectOption('custom');
  await expect(page.getByLabel('End Date')).toBeEditable();
  await shot(page, 'terms-new-custom');
});
