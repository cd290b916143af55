// The dashboard home: welcome, plan, usage bars, quick actions and the agency's real recent activity.
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import type { Page } from '@playwright/test';
import { expect, sharedTest, shot, test } from './support/fixtures.ts';

/** Nine customers, then a car policy for the first: ten changes, the policy's the newest. */
async function seedActivity(page: Page) {
  for (let i = 0; i < 9; i += 1) {
    const res = await page.request.post('/api/customers', { data: { name: `Person ${i}`, email: `person${i}@example.com` } });
    expect(res.status()).toBe(201);
  }
  const policy = await page.request.post('/api/policies', {
    data: {
      customer_name: 'Person 0',
      customer_email: 'person0@example.com',
      policy_number: 'DASH-1',
      insurance_company: 'Acme',
      policy_type: 'car',
      premium_amount: '99',
      coverage_amount: '1000',
      deductible: '0',
      start_date: '2025-01-01',
      car_details: { vehicle_make: 'A', vehicle_model: 'B', vehicle_year: 2020, vin_number: 'V', driver_license: 'D' },
    },
  });
  expect(policy.status()).toBe(201);
}

const recentActivity = (page: Page) => page.getByRole('list', { name: 'Recent Activity' }).getByTestId('activity-entry');

test('the dashboard welcomes, then welcomes back, with the date, the plan, empty usage and activity, and the upsells', async ({ page, account }) => {
  await page.goto('/dashboard');
  // the first view of the dashboard welcomes; every later one welcomes back
  await expect(page.getByRole('heading', { name: `Welcome, ${account.firstName}` })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: `Welcome back, ${account.firstName}` })).toBeVisible();
  await expect(page.getByTestId('dashboard-clock')).toHaveText(/^\w+day, \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2} (AM|PM)$/);
  await expect(page.getByText('Starter', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('No activity yet. Changes to policies, customers and communications will appear here.')).toBeVisible();
  await expect(page.getByTestId('usage-policies')).toContainText('0 / 20');
  await expect(page.getByTestId('usage-customers')).toContainText('0 / 10');
  await expect(page.getByRole('link', { name: 'Upgrade Plan' })).toHaveAttribute('href', '/dashboard/subscription/upgrade');
  // below Business the Policy Performance panel is an upsell (issue 12)
  await expect(page.getByText('Upgrade to access policy analytics')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upgrade to Business' })).toHaveAttribute('href', '/dashboard/subscription/upgrade?tier=business');
});

test('changes made elsewhere appear as Recent Activity, newest first, with who made them, and fill the usage bars', async ({ page, account }) => {
  await seedActivity(page);
  await page.goto('/dashboard');
  const recent = recentActivity(page);
  await expect(recent).toHaveCount(10);
  await expect(recent.first()).toContainText('Created car policy DASH-1 for Person 0');
  await expect(recent.first()).toContainText(`${account.firstName} ${account.lastName}`);
  await expect(recent.first()).toContainText(/ago/);
  await expect(page.getByTestId('usage-policies')).toContainText('1 / 20');
  await expect(page.getByTestId('usage-customers')).toContainText('9 / 10');
  await expect(page.getByTestId('usage-customers')).toHaveAttribute('data-level', 'warning');
  await shot(page, 'dashboard');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard');
  await expect(recent).toHaveCount(10);
  await shot(page, 'dashboard');
});

test('the Renewal quick action opens the renewals page, and a recent change opens its record', async ({ page, account }) => {
  void account;
  await seedActivity(page);
  await page.goto('/dashboard');
  // the Renewal quick action opens the renewals page (Professional and above: Upgrade Required on Starter)
  await page.getByRole('link', { name: 'Renewal', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/renewals$/);
  await expect(page.getByRole('heading', { name: 'Upgrade Required' })).toBeVisible();
  await page.goto('/dashboard');
  await recentActivity(page).first().getByRole('link').click();
  await expect(page.getByRole('heading', { name: 'Policy DASH-1' })).toBeVisible();
});

test('View All opens the full Activity Log, filtered by type', async ({ page, account }) => {
  void account;
  await seedActivity(page);
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'View All' }).click();
  await expect(page).toHaveURL(/\/dashboard\/activity$/);
  await expect(page.getByRole('heading', { name: 'Activity Log' })).toBeVisible();
  const entries = page.getByRole('list', { name: 'Activity' }).getByTestId('activity-entry');
  await expect(entries).toHaveCount(10);
  await expect(page.getByText('Page 1 of 1')).toBeVisible();
  await page.getByLabel('Activity type').selectOption('policy');
  await expect(entries).toHaveCount(1);
  await page.getByLabel('Activity type').selectOption('customer');
  await expect(entries).toHaveCount(9);
  await shot(page, 'activity');
});

test('quick actions open the new policy and new customer forms', async ({ page, account }) => {
  expect(account.email).toContain('@');
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'New Policy' }).click();
  await expect(page.getByRole('heading', { name: 'Add New Policy' })).toBeVisible();
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'New Customer' }).click();
  await expect(page.getByRole('heading', { name: 'Add New Customer' })).toBeVisible();
});

/** The policy (and its customer) the sweep opens, made once per worker's shared agency. */
async function axePolicy(page: Page): Promise<{ id: string; customer_id: string }> {
  const found = await page.request.get('/api/policies?search=AXE-1');
  expect(found.status()).toBe(200);
  const existing = ((await found.json()) as { rows: { id: string; customer_id: string }[] }).rows[0];
  if (existing) return existing;
  const res = await page.request.post('/api/policies', {
    data: {
      customer_name: 'Axe Customer',
      customer_email: 'axe@example.com',
      policy_number: 'AXE-1',
      insurance_company: 'Acme',
      policy_type: 'fire',
      premium_amount: '10',
      coverage_amount: '10',
      deductible: '0',
      start_date: '2025-01-01',
      fire_details: { property_address: '1 Main St', property_type: 'House', construction_year: 1990, property_value: '1000' },
    },
  });
  expect(res.status()).toBe(201);
  return res.json();
}

// The book-of-business pages have no serious accessibility violations: one test per page (eight
// axe runs in one test ran out of its 60 s on a slow day, issue 30), all on the worker's agency.
const axePages: [string, (p: { id: string; customer_id: string }) => string, string][] = [
  ['the dashboard', () => '/dashboard', 'Recent Activity'],
  ['the policies list', () => '/dashboard/policies', 'Policy Management'],
  ['the new policy form', () => '/dashboard/policies/new', 'Add New Policy'],
  ['a policy', (p) => `/dashboard/policies/${p.id}`, 'Policy AXE-1'],
  ['the customers list', () => '/dashboard/customers', 'Customer Management'],
  ['the new customer form', () => '/dashboard/customers/new', 'Add New Customer'],
  ['a customer', (p) => `/dashboard/customers/${p.customer_id}`, 'Axe Customer'],
  ['the activity log', () => '/dashboard/activity', 'Activity Log'],
];
for (const [name, pathOf, heading] of axePages) {
  sharedTest(`${name} has no serious accessibility violations`, async ({ page }) => {
    const path = pathOf(await axePolicy(page));
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
    await expect(page.getByRole('status')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, path);
  });
}
