// Customers: create, validation, duplicate, profile, communications (business), upsell and limit (starter), CSV export.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { createAccount, expect, shot, signInAs, test } from './support/fixtures.ts';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]:not([data-removed="true"])').filter({ hasText: text });

async function addCustomer(page: Page, body: Record<string, string>) {
  const res = await page.request.post('/api/customers', { data: body });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

test('a starter agent creates a customer, meets the duplicate rule, opens the profile and sees the upsells', async ({ page, account }) => {
  test.slow(); // a whole journey across pages: inherently long, so three times the budget (issue 30)
  expect(account.email).toContain('@');
  await page.goto('/dashboard/customers');
  await expect(page.getByRole('heading', { name: 'Customer Management' })).toBeVisible();
  await expect(page.getByText('0 / 10 customers used')).toBeVisible();
  await expect(page.getByText('No customers found.')).toBeVisible();
  await expect(page.getByPlaceholder('Search by name or email')).toBeVisible();

  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(toast(page, 'Upgrade Required')).toContainText('Exporting customers is available on the Professional plan and above.');

  await page.getByRole('link', { name: 'Add Customer' }).click();
  await expect(page.getByRole('heading', { name: 'Add New Customer' })).toBeVisible();
  for (const section of ['Personal Information', 'Address Information', 'Additional Information'])
    await expect(page.getByRole('heading', { name: section })).toBeVisible();
  await page.getByRole('button', { name: 'Create Customer' }).click();
  await expect(toast(page, 'Validation Error')).toContainText('Please correct the highlighted fields.');
  await expect(page.getByText('Full Name is required.')).toBeVisible();
  await expect(page.getByText('Email is required.')).toBeVisible();
  await page.getByLabel('Email').fill('not-an-email');
  await expect(page.getByText('Email is required.')).toBeHidden();
  await expect(page.getByText('Full Name is required.')).toBeVisible();
  await page.getByRole('button', { name: 'Create Customer' }).click();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();

  await page.getByLabel('Full Name').fill('Maria Lopez');
  await page.getByLabel('Email').fill('Maria.Lopez@Example.com');
  await page.getByLabel('Phone').fill('555-0199');
  await page.getByLabel('Date of Birth').fill('1985-06-15');
  await page.getByLabel('Street Address').fill('7 Harbor Road');
  await page.getByLabel('City').fill('Portland');
  await page.getByLabel('Postal Code').fill('97201');
  await page.getByLabel('Customer Type').selectOption('business');
  await shot(page, 'customer-new');
  await page.getByRole('button', { name: 'Create Customer' }).click();
  await expect(toast(page, 'Success')).toContainText('Customer created successfully.');

  // the profile
  await expect(page.getByRole('heading', { name: 'Maria Lopez' })).toBeVisible();
  await expect(page.getByText('maria.lopez@example.com')).toBeVisible();
  await expect(page.getByText('7 Harbor Road, Portland, 97201')).toBeVisible();
  await expect(page.getByText('Jun 15, 1985')).toBeVisible();
  await expect(page.getByText('No notes for this customer.')).toBeVisible();
  await expect(page.getByText('Upgrade to access communication logs')).toBeVisible();
  await expect(page.getByText('This feature is available on the Business plan and above.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upgrade Plan' })).toHaveAttribute('href', '/pricing');
  await shot(page, 'customer-profile-starter');

  // Add Policy starts a policy for this customer
  await page.getByRole('link', { name: 'Add Policy' }).click();
  await expect(page.getByLabel('Customer Name')).toHaveValue('Maria Lopez');
  await expect(page.getByTestId('linked-customer')).toBeVisible();

  // duplicate e-mail
  await page.goto('/dashboard/customers/new');
  await page.getByLabel('Full Name').fill('Another Maria');
  await page.getByLabel('Email').fill('maria.lopez@example.com');
  await page.getByRole('button', { name: 'Create Customer' }).click();
  await expect(toast(page, 'Duplicate Customer')).toContainText('A customer with this email already exists.');
  await expect(page.getByLabel('Full Name')).toHaveValue('Another Maria');

  // edit, search and delete from the list
  await page.goto('/dashboard/customers');
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Business');
  await page.getByRole('button', { name: 'Actions for Maria Lopez' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Customer' })).toBeVisible();
  await page.getByLabel('Notes').fill('Prefers e-mail.');
  await page.getByRole('button', { name: 'Update Customer' }).click();
  await expect(toast(page, 'Success')).toContainText('Customer updated successfully.');
  await expect(page.getByText('Prefers e-mail.')).toBeVisible();
  await page.goto('/dashboard/customers');
  await page.getByLabel('Search customers').fill('nobody');
  await expect(page.getByText('No customers found.')).toBeVisible();
  await page.getByLabel('Search customers').fill('LOPEZ');
  await expect(rows).toHaveCount(1);
  await page.getByLabel('Customer type').selectOption('individual');
  await expect(page.getByText('No customers found.')).toBeVisible();
  await page.getByLabel('Customer type').selectOption('all');
  await page.getByRole('button', { name: 'Actions for Maria Lopez' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('policies will NOT be deleted');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No customers found.')).toBeVisible();
});

test('at the starter limit of 10 customers the form says so and the button is disabled', async ({ page, account }) => {
  expect(account.email).toContain('@');
  for (let i = 0; i < 10; i += 1) await addCustomer(page, { name: `Client ${i}`, email: `client${i}@example.com` });
  await page.goto('/dashboard/customers');
  await expect(page.getByText('10 / 10 customers used')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Customer' })).toBeDisabled();
  await page.goto('/dashboard/customers/new');
  await expect(page.getByRole('button', { name: 'Customer Limit Reached' })).toBeDisabled();
  await expect(page.getByText("You've reached the maximum number of customers for your current plan. Please upgrade to add more.")).toBeVisible();
  await shot(page, 'customer-limit');
});

test('a business agent logs communications and exports the filtered list as CSV', async ({ page }) => {
  const account = await createAccount(page.request, { plan: 'business', firstName: 'Bea', lastName: 'Broker' });
  await signInAs(page, account.email, account.password);
  const c = await addCustomer(page, { name: 'Quote, "Special" Ltd', email: 'special@example.com', customer_type: 'business', phone: '+1 555 0100' });
  await addCustomer(page, { name: 'Other Person', email: 'other@example.com' });

  await page.goto(`/dashboard/customers/${c.id}`);
  await expect(page.getByRole('heading', { name: 'Communication History' })).toBeVisible();
  await expect(page.getByText('No communications logged yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Log Communication' }).click();
  await expect(page.getByText('Content is required.')).toBeVisible();
  await page.getByLabel('Type').selectOption('phone');
  await page.getByLabel('Subject').fill('Renewal call');
  await page.getByLabel('Content').fill('Discussed the renewal options.');
  await page.getByRole('button', { name: 'Log Communication' }).click();
  await expect(toast(page, 'Success')).toContainText('Communication logged.');
  const entries = page.getByTestId('communication');
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText('Renewal call');
  await expect(entries.first()).toContainText('Phone');
  await expect(entries.first()).toContainText('Bea Broker');
  await page.getByLabel('Content').fill('Sent the quote.');
  await page.getByRole('button', { name: 'Log Communication' }).click();
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toContainText('Sent the quote.');
  await shot(page, 'customer-profile-business');

  await page.goto('/dashboard/customers');
  await page.getByLabel('Customer type').selectOption('business');
  await expect(page.locator('tbody tr')).toHaveCount(1);
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^customers-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
  const lines = text.trim().split('\r\n');
  expect(lines[0]).toBe('Name,Email,Phone,Type,Address,City,Postal Code,Date of Birth,Notes,Created At');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(/^"Quote, ""Special"" Ltd",special@example\.com,\+1 555 0100,Business,/);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'customers-list');
  await page.goto(`/dashboard/customers/${c.id}`);
  await expect(page.getByTestId('communication')).toHaveCount(2);
  await shot(page, 'customer-profile-business');
});
