// Renewals (issue 11): the cockpit's buckets for a professional agent, Renew with a 12 % rise and its
// Remarket flag, the chain of terms, a starter agent refused, and the header bell.
import type { Page } from '@playwright/test';
import { admin, BASE_URL, createAccount, expect, shot, signInAs, test } from './support/fixtures.ts';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]:not([data-removed="true"])').filter({ hasText: text });

const iso = (d: Date) => d.toISOString().slice(0, 10);
/** A start date whose 12-month term ends `days` from today (UTC, as the cockpit counts). */
function startEndingIn(days: number): string {
  const end = new Date(Date.now() + days * 86_400_000);
  const start = new Date(Date.UTC(end.getUTCFullYear() - 1, end.getUTCMonth(), Math.min(end.getUTCDate(), 28)));
  return iso(start);
}

async function addPolicy(page: Page, number: string, days: number, premium = '1000.00') {
  const res = await page.request.post('/api/policies', {
    data: {
      customer_name: `Client ${number}`,
      customer_email: `${number.toLowerCase()}@example.com`,
      policy_number: number,
      insurance_company: 'Acme Mutual',
      policy_type: 'car',
      premium_amount: premium,
      coverage_amount: '50000',
      deductible: '500',
      start_date: startEndingIn(days),
      status: 'active',
      car_details: { vehicle_make: 'Toyota', vehicle_model: 'Corolla', vehicle_year: 2020, vin_number: 'VIN1', driver_license: 'DL-1' },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string };
}

async function professional(page: Page) {
  const account = await createAccount(page.request, { plan: 'professional', firstName: 'Pat', lastName: 'Pro' });
  await signInAs(page, account.email, account.password);
  return account;
}

test('a professional agent sees the buckets, renews with a 12 % rise, sees Remarket, and the old term shows its successor', async ({ page }) => {
  test.slow(); // a whole journey across pages: inherently long, so three times the budget (issue 30)
  await professional(page);
  await addPolicy(page, 'SOON-1', 10, '1000.00');
  await addPolicy(page, 'LATE-1', 75, '250.50');
  await addPolicy(page, 'GONE-1', -5, '99.99');

  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Renewal', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/renewals$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Renewals' })).toBeVisible();
  await expect(page.getByTestId('bucket-lapsed')).toContainText('1');
  await expect(page.getByTestId('bucket-lapsed')).toContainText('$99.99');
  await expect(page.getByTestId('bucket-d0_30')).toContainText('$1,000.00');
  await expect(page.getByTestId('bucket-d61_90')).toContainText('$250.50');
  await expect(page.getByTestId('bucket-d91_120')).toContainText('$0.00');
  await expect(page.getByTestId('retention')).toContainText('0 renewed · 0 lost · 1 lapsed');
  const rows = page.getByTestId('renewal-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText('GONE-1');
  await expect(rows.nth(1)).toContainText('SOON-1');
  await expect(rows.nth(1)).toContainText('Not started');
  await shot(page, 'renewals-cockpit');

  // a bucket card filters the table
  await page.getByTestId('bucket-d61_90').click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('LATE-1');
  await page.getByTestId('bucket-d61_90').click();
  await expect(rows).toHaveCount(3);

  // Renew from the row: prefilled, +12 % shows Remarket
  await rows.nth(1).getByRole('button', { name: 'Actions for policy SOON-1' }).click();
  await page.getByRole('menuitem', { name: 'Renew' }).click();
  await expect(page.getByRole('heading', { name: 'Renew policy SOON-1' })).toBeVisible();
  await expect(page.getByLabel('Premium Amount')).toHaveValue('1000.00');
  await expect(page.getByLabel('Policy Number')).toHaveValue('SOON-1-R1');
  await expect(page.getByTestId('remarket-flag')).toHaveCount(0);
  await page.getByLabel('Premium Amount').fill('1120');
  await expect(page.getByTestId('premium-change')).toContainText('change +12 %');
  await expect(page.getByTestId('remarket-flag')).toHaveText('Remarket');
  await shot(page, 'renewals-renew-form');
  await page.getByRole('button', { name: 'Renew policy' }).click();
  await expect(toast(page, 'Success')).toContainText('Policy renewed successfully.');
  await expect(page.getByRole('heading', { name: 'Policy SOON-1-R1' })).toBeVisible();
  const chain = page.getByTestId('term-chain');
  await expect(chain).toContainText('Previous term: SOON-1');
  await expect(page.getByText('Remarket').first()).toBeVisible();

  // the old term shows its successor, and Renew is gone from it
  await chain.getByRole('link', { name: /Previous term: SOON-1/ }).click();
  await expect(page.getByRole('heading', { name: 'Policy SOON-1', exact: true })).toBeVisible();
  await expect(page.getByTestId('term-chain')).toContainText('Next term: SOON-1-R1');
  await expect(page.getByRole('link', { name: 'Renew', exact: true })).toHaveCount(0);
  await shot(page, 'renewals-old-term');

  // the cockpit no longer lists it, and counts it as retained
  await page.goto('/dashboard/renewals');
  await expect(page.getByTestId('renewal-row')).toHaveCount(2);
  await expect(page.getByTestId('retention')).toContainText('1 renewed · 0 lost · 1 lapsed');

  // Mark lost from a row
  await page.getByRole('button', { name: 'Actions for policy LATE-1' }).click();
  await page.getByRole('menuitem', { name: 'Mark lost' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark lost' });
  await dialog.getByRole('button', { name: 'Mark lost' }).click();
  await expect(dialog.getByText('Please choose a reason.')).toBeVisible();
  await dialog.getByLabel('Reason').selectOption('price');
  await dialog.getByLabel('Note').fill('Found cheaper cover');
  await dialog.getByRole('button', { name: 'Mark lost' }).click();
  await expect(toast(page, 'Success')).toContainText('Renewal marked as lost.');
  await expect(page.getByTestId('renewal-row')).toHaveCount(1);
  await expect(page.getByTestId('retention')).toContainText('1 renewed · 1 lost · 1 lapsed');

  // Log a contact: Professional has no communications log (Business), so the contact is recorded by
  // moving the renewal to Contacted
  await page.getByRole('button', { name: 'Actions for policy GONE-1' }).click();
  await page.getByRole('menuitem', { name: 'Log a contact' }).click();
  await expect(toast(page, 'Contact logged: the renewal is now Contacted.')).toBeVisible();
  await expect(page.getByTestId('renewal-row').filter({ hasText: 'GONE-1' })).toContainText('Contacted');

  // sorted by end date from the column header, latest first
  await page.getByRole('button', { name: 'End Date' }).click();
  await expect(page).toHaveURL(/sort=end_desc/);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('renewal-row')).toHaveCount(1);
  await shot(page, 'renewals-cockpit');
});

test('a starter agent is refused: Upgrade Required, and the API answers 403', async ({ page, account }) => {
  await page.goto('/dashboard/renewals');
  await expect(page.getByRole('heading', { name: 'Upgrade Required' })).toBeVisible();
  await expect(page.getByText('This feature requires a professional subscription or higher. Your current plan: starter')).toBeVisible();
  expect((await page.request.get('/api/renewals')).status()).toBe(403);
  expect(account.email).toBeTruthy();
  await shot(page, 'renewals-starter');
});

test('the bell shows a notification, links to its record and clears', async ({ page, browser, account }) => {
  // a rejected payment submission is an event for its submitter
  const submitted = await page.request.post('/api/payment-submissions', {
    multipart: {
      selected_tier: 'professional',
      payment_method: 'Bank Transfer',
      payment_date: iso(new Date()),
      agreed_to_terms: 'true',
      receipt: { name: 'receipt.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n') },
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const { submission } = (await submitted.json()) as { submission: { id: string } };
  const context = await browser.newContext({ baseURL: BASE_URL });
  const adm = await context.newPage();
  await signInAs(adm, admin.email, admin.password);
  expect((await adm.request.post(`/api/admin/payment-submissions/${submission.id}/reject`, { data: { notes: 'Unreadable' } })).status()).toBe(200);
  await context.close();

  await page.goto('/dashboard');
  const bell = page.getByRole('button', { name: 'Notifications (1 unread)' });
  await expect(bell).toBeVisible();
  await expect(page.getByTestId('unread-count')).toHaveText('1');
  await bell.click();
  const item = page.getByTestId('notification');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Your payment submission was not approved');
  await shot(page, 'notifications-bell');
  await item.click();
  await expect(page).toHaveURL(/\/dashboard\/subscription\/history$/);
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(page.getByTestId('unread-count')).toHaveCount(0);
  expect(account.email).toBeTruthy();
});
