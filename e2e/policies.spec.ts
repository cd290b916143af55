// Policies: create a car and a fire policy for new customers, search and filter, edit, print, delete.
import type { Page } from '@playwright/test';
import { expect, shot, test } from './support/fixtures.ts';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]:not([data-removed="true"])').filter({ hasText: text });

async function fillCommon(page: Page, p: { name: string; email: string; number: string; company: string; premium: string; start: string }) {
  await page.getByLabel('Customer Name').fill(p.name);
  await page.getByLabel('Customer Email').fill(p.email);
  await page.getByLabel('Policy Number').fill(p.number);
  await page.getByLabel('Insurance Company').fill(p.company);
  await page.getByLabel('Premium Amount').fill(p.premium);
  await page.getByLabel('Coverage Amount').fill('50000');
  await page.getByLabel('Deductible').fill('500');
  await page.getByLabel('Start Date').fill(p.start);
}

test('an agent creates car and fire policies, finds, filters, edits, prints and deletes them', async ({ page, account }) => {
  await page.goto('/dashboard/policies');
  await expect(page.getByRole('heading', { name: 'Policy Management' })).toBeVisible();
  await expect(page.getByText('0 / 20 policies used')).toBeVisible();
  await expect(page.getByText('No policies found.')).toBeVisible();
  await expect(page.getByPlaceholder('Search by customer, policy #, or company')).toBeVisible();

  // new car policy: the form's defaults and its messages
  await page.getByRole('link', { name: 'Add Policy' }).click();
  await expect(page.getByRole('heading', { name: 'Add New Policy' })).toBeVisible();
  await expect(page.getByLabel('Policy Type')).toHaveValue('car');
  await expect(page.getByLabel('Coverage Type')).toHaveValue('comprehensive');
  await expect(page.getByLabel('Status')).toHaveValue('pending');
  await page.getByRole('button', { name: 'Create Policy' }).click();
  await expect(toast(page, 'Validation Error')).toContainText('Please correct the highlighted fields.');
  await expect(page.getByText('Customer Name is required.')).toBeVisible();
  await expect(page.getByText('Vehicle Make is required.')).toBeVisible();
  // typing clears that field's error only
  await page.getByLabel('Customer Name').fill('J');
  await expect(page.getByText('Customer Name is required.')).toBeHidden();
  await expect(page.getByText('Policy Number is required.')).toBeVisible();

  await fillCommon(page, { name: 'Jane Doe', email: 'jane.doe@example.com', number: 'CAR-1001', company: 'Acme Mutual', premium: '1234.5', start: '2025-01-05' });
  await expect(page.getByLabel('End Date')).toHaveValue('2026-01-05');
  await page.getByLabel('Premium Amount').fill('-3');
  await page.getByLabel('Vehicle Make').fill('Toyota');
  await page.getByLabel('Vehicle Model').fill('Corolla');
  await page.getByLabel('Vehicle Year').fill('2020');
  await page.getByLabel('VIN Number').fill('1HGCM82633A004352');
  await page.getByLabel('Driver License').fill('D1234567');
  await page.getByLabel('Coverage Type').selectOption('collision');
  await page.getByRole('button', { name: 'Create Policy' }).click();
  await expect(page.getByText('The amount cannot be negative.')).toBeVisible();
  await page.getByLabel('Premium Amount').fill('1234.5');
  await shot(page, 'policy-new');
  await page.getByRole('button', { name: 'Create Policy' }).click();
  await expect(toast(page, 'Success')).toContainText('Policy created successfully.');
  await expect(page.getByRole('heading', { name: 'Policy CAR-1001' })).toBeVisible();
  await expect(page.getByText('Vehicle Details')).toBeVisible();
  await expect(page.getByText('Toyota')).toBeVisible();
  await expect(page.getByText('$1,234.50')).toBeVisible();
  await expect(page.getByText('Jan 05, 2026')).toBeVisible();
  await expect(page.getByText('jane.doe@example.com')).toBeVisible();
  await shot(page, 'policy-details');

  // Print opens a clean printable page
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Print', exact: true }).click();
  const popup = await popupPromise;
  await expect(popup.getByRole('heading', { name: 'Car policy CAR-1001' })).toBeVisible();
  await expect(popup.getByRole('navigation', { name: 'Dashboard' })).toHaveCount(0);
  await expect(popup.getByRole('button', { name: 'Print' })).toBeVisible();
  await popup.close();
  // Renew opens the renewal form, behind the Professional plan (this agency is on Starter)
  await page.getByRole('link', { name: 'Renew', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Upgrade Required' })).toBeVisible();
  await page.goBack();

  // a fire policy for another new customer
  await page.goto('/dashboard/policies/new');
  await page.getByLabel('Policy Type').selectOption('fire');
  await expect(page.getByText('Property Details')).toBeVisible();
  await expect(page.getByLabel('Vehicle Make')).toHaveCount(0);
  await fillCommon(page, { name: 'Frank Fire', email: 'frank@example.com', number: 'FIRE-2002', company: 'Zenith Re', premium: '980', start: '2024-02-29' });
  await expect(page.getByLabel('End Date')).toHaveValue('2025-02-28');
  await page.getByLabel('Property Address').fill('12 Elm Street');
  await page.getByLabel('Property Type').fill('House');
  await page.getByLabel('Construction Year').fill('1990');
  await page.getByLabel('Property Value').fill('250000');
  await page.getByLabel('Status').selectOption('active');
  await page.getByRole('button', { name: 'Create Policy' }).click();
  await expect(toast(page, 'Success')).toContainText('Policy created successfully.');
  await expect(page.getByText('Property Details')).toBeVisible();
  await expect(page.getByText('12 Elm Street')).toBeVisible();

  // the same number again is refused on its field
  await page.goto('/dashboard/policies/new');
  await fillCommon(page, { name: 'Jane Doe', email: 'jane.doe@example.com', number: 'FIRE-2002', company: 'Acme', premium: '1', start: '2025-01-01' });
  await page.getByLabel('Vehicle Make').fill('VW');
  await page.getByLabel('Vehicle Model').fill('Golf');
  await page.getByLabel('Vehicle Year').fill('2019');
  await page.getByLabel('VIN Number').fill('V');
  await page.getByLabel('Driver License').fill('D');
  await page.getByRole('button', { name: 'Create Policy' }).click();
  await expect(page.getByText('A policy with this number already exists.').first()).toBeVisible();

  // list: search, filters, formats
  await page.goto('/dashboard/policies');
  await expect(page.getByText('2 / 20 policies used')).toBeVisible();
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  const carRow = rows.filter({ hasText: 'CAR-1001' });
  await expect(carRow).toContainText('Jane Doe');
  await expect(carRow).toContainText('$1,234.50');
  await expect(carRow).toContainText('Jan 05, 2026');
  await expect(carRow).toContainText('Pending');
  await expect(page.getByText('Page 1 of 1')).toBeVisible();
  await page.getByLabel('Search policies').fill('zenith');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('FIRE-2002');
  await page.getByLabel('Search policies').fill('100%');
  await expect(page.getByText('No policies found.')).toBeVisible();
  await page.getByLabel('Search policies').fill('');
  await page.getByLabel('Policy type').selectOption('car');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('CAR-1001');
  await page.getByLabel('Policy type').selectOption('all');
  await page.getByLabel('Policy status').selectOption('active');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('FIRE-2002');
  await page.getByLabel('Policy status').selectOption('all');
  await shot(page, 'policies-list');

  // edit through the row menu: car → fire
  await page.getByRole('button', { name: 'Actions for policy CAR-1001' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Policy' })).toBeVisible();
  await expect(page.getByLabel('Vehicle Make')).toHaveValue('Toyota');
  await page.getByLabel('Insurance Company').fill('Globe Insurance');
  await page.getByLabel('Status').selectOption('cancelled');
  await page.getByRole('button', { name: 'Update Policy' }).click();
  await expect(toast(page, 'Success')).toContainText('Policy updated successfully.');
  await expect(page.getByText('Globe Insurance').first()).toBeVisible();
  await expect(page.getByText('Cancelled').first()).toBeVisible();

  // delete with confirmation
  await page.goto('/dashboard/policies');
  await page.getByRole('button', { name: 'Actions for policy CAR-1001' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByText('Are you sure?')).toBeVisible();
  await expect(dialog).toContainText('permanently delete the policy and all its associated data');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(rows).toHaveCount(2);
  await page.getByRole('button', { name: 'Actions for policy CAR-1001' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(rows).toHaveCount(1);
  await expect(page.getByText('1 / 20 policies used')).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'policies-list');
  await page.goto('/dashboard/policies/new');
  await shot(page, 'policy-new');
  expect(account.email).toContain('@');
});

test('a policy of another agency or a malformed id shows the load error', async ({ page, account }) => {
  expect(account.email).toContain('@');
  await page.goto('/dashboard/policies/not-a-uuid');
  await expect(page.getByText('Error loading policy: Policy not found.')).toBeVisible();
  await page.goto('/dashboard/policies/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Error loading policy: Policy not found.')).toBeVisible();
});

test('at the policy limit the form offers an upgrade instead of creating', async ({ page, account }) => {
  expect(account.email).toContain('@');
  for (let i = 0; i < 20; i += 1) {
    const res = await page.request.post('/api/policies', {
      data: {
        customer_name: 'Limit Customer',
        customer_email: 'limit@example.com',
        policy_number: `LIM-${i}`,
        insurance_company: 'Acme',
        policy_type: 'car',
        premium_amount: '10',
        coverage_amount: '10',
        deductible: '0',
        start_date: '2025-01-01',
        car_details: { vehicle_make: 'A', vehicle_model: 'B', vehicle_year: 2020, vin_number: 'V', driver_license: 'D' },
      },
    });
    expect(res.status()).toBe(201);
  }
  await page.goto('/dashboard/policies');
  await expect(page.getByText('20 / 20 policies used')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Policy' })).toBeDisabled();
  await expect(page.getByText('Page 1 of 1')).toBeVisible();
  await page.goto('/dashboard/policies/new');
  // the form knows the limit once the usage has loaded: until then the button is a plain submit
  // (a click that early was sent to the server, which refuses it; the dialog never opened in CI)
  const create = page.getByRole('button', { name: 'Create Policy' });
  await expect(create).toHaveAttribute('aria-haspopup', 'dialog');
  await create.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Policy limit reached')).toBeVisible();
  await expect(dialog.getByText('Please upgrade your plan to add more policies.')).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Upgrade Plan' })).toHaveAttribute('href', '/dashboard/subscription/upgrade');
});
