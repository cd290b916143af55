// Policy lifecycle (issue 29 §1): cancel a policy pro rata from its page, see the unearned premium the
// server computed before confirming and the Cancelled badge after, then reinstate it.
import type { Page } from '@playwright/test';
import { formatMoney } from '#shared/money.ts';
import { unearnedPremium } from '#shared/policy-status.ts';
import { createAccount, expect, signInAs, test } from './support/fixtures.ts';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]:not([data-removed="true"])').filter({ hasText: text });
const iso = (d: Date) => d.toISOString().slice(0, 10);

test('an agent cancels a policy pro rata, sees the unearned premium and the Cancelled badge, and reinstates it', async ({ page }) => {
  test.slow(); // a journey across a dialog and two writes
  const account = await createAccount(page.request, { plan: 'professional', firstName: 'Lia', lastName: 'Life' });
  await signInAs(page, account.email, account.password);
  // a term in force: started 100 days ago (the agency's day is UTC, as the server counts it)
  const today = iso(new Date());
  const start = iso(new Date(Date.now() - 100 * 86_400_000));
  const res = await page.request.post('/api/policies', {
    data: {
      customer_name: 'Cora Cancel',
      customer_email: 'cora.cancel@example.com',
      policy_number: 'LIFE-1',
      insurance_company: 'Acme Mutual',
      policy_type: 'car',
      premium_amount: '1234.56',
      coverage_amount: '50000',
      deductible: '500',
      start_date: start,
      status: 'active',
      car_details: { vehicle_make: 'Toyota', vehicle_model: 'Corolla', vehicle_year: 2020, vin_number: 'VIN1', driver_license: 'DL-1' },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const policy = (await res.json()) as { id: string; end_date: string };
  const expected = formatMoney(unearnedPremium({ premium_amount: '1234.56', start_date: start, end_date: policy.end_date }, today, 'pro_rata'));

  await page.goto(`/dashboard/policies/${policy.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Policy LIFE-1' })).toBeVisible();
  const information = page.locator('section, div').filter({ has: page.getByText('Policy Information', { exact: true }) }).first();
  await expect(information.getByText('Active', { exact: true }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Cancel policy' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel policy' });
  await expect(dialog).toBeVisible();
  // a date before the term starts: the server's message on the field, no figure
  await dialog.getByLabel('Effective Date').fill('2000-01-01');
  await expect(dialog.getByText(`The cancellation cannot take effect before the term starts (${start}).`)).toBeVisible();
  await dialog.getByLabel('Effective Date').fill(today);
  await expect(dialog.getByLabel('Pro rata')).toBeChecked();
  await expect(dialog.getByTestId('unearned-premium')).toContainText(`Unearned premium: ${expected}`);
  // no reason yet: the shared schema's message, nothing sent
  await dialog.getByRole('button', { name: 'Confirm cancellation' }).click();
  await expect(dialog.getByText('Please choose a reason.')).toBeVisible();
  await dialog.getByLabel('Reason').selectOption({ label: 'Client request' });
  await dialog.getByRole('button', { name: 'Confirm cancellation' }).click();

  await expect(toast(page, 'Policy cancelled.')).toBeVisible();
  expect(await dialog.count()).toBe(0);
  await expect(information.getByText('Cancelled', { exact: true }).first()).toBeVisible();
  const cancellation = page.getByTestId('cancellation');
  await expect(cancellation).toContainText('Client request');
  await expect(cancellation).toContainText('Pro rata');
  await expect(cancellation).toContainText(expected);

  // the list shows the same status
  await page.goto('/dashboard/policies?status=cancelled');
  await expect(page.getByText('LIFE-1').first()).toBeVisible();

  await page.goto(`/dashboard/policies/${policy.id}`);
  await page.getByRole('button', { name: 'Reinstate' }).click();
  await expect(toast(page, 'Policy reinstated.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel policy' })).toBeVisible();
  await expect(information.getByText('Active', { exact: true }).first()).toBeVisible();
  expect(await page.getByTestId('cancellation').count()).toBe(0);
});
