// Form details: optional fields left empty, every missing field named, the receipt rules, and the
// admin users page not offering what the server refuses.
import type { Page } from '@playwright/test';
import { admin, expect, shot, signInAs, test } from './support/fixtures.ts';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]:not([data-removed="true"])').filter({ hasText: text });

test('the profile saves with Phone and Company empty', async ({ page, account }) => {
  void account;
  await page.goto('/profile');
  await expect(page.getByLabel('Company')).toHaveValue('Morgan Insurance');
  await page.getByLabel('Phone').fill('');
  await page.getByLabel('Company').fill('');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Profile updated')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Alex');
  await expect(page.getByLabel('Company')).toHaveValue('');
  await expect(page.getByLabel('Phone')).toHaveValue('');
  // and once more, now that both come back from the server as null
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Profile updated')).toBeVisible();
  await shot(page, 'forms-profile-empty-optional');
});

test('/payment-receipt submitted without a file asks for a receipt', async ({ page, account }) => {
  void account;
  await page.goto('/payment-receipt');
  await page.getByRole('button', { name: 'Submit Payment Receipt' }).click();
  await expect(page.locator('#main').getByText('Please upload at least one payment receipt.')).toBeVisible();
  await page.getByLabel('Client name').fill('Carla Client');
  await page.getByLabel('Policy number').fill('ANY-1');
  await page.getByLabel('Amount').fill('10');
  await page.getByLabel('Payment method').selectOption('cash');
  await page.getByRole('button', { name: 'Submit Payment Receipt' }).click();
  await expect(toast(page, 'Receipt required')).toContainText('Please upload at least one payment receipt.');
  await shot(page, 'forms-payment-receipt-empty');
});

test('an empty upgrade form names every field to fix', async ({ page, account }) => {
  void account;
  await page.goto('/dashboard/subscription/upgrade');
  await page.getByRole('button', { name: 'Submit Payment' }).click();
  await expect(page.getByTestId('fields-to-fix')).toHaveText(
    'Please complete or correct: Plan, Payment method, Payment receipt, Terms and conditions.',
  );
  await page.getByLabel('Plan').selectOption('business');
  await expect(page.getByTestId('fields-to-fix')).toHaveText('Please complete or correct: Payment method, Payment receipt, Terms and conditions.');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'forms-upgrade-fields-to-fix');
});

test("the admin users page does not offer an admin's own plan or permissions", async ({ page }) => {
  await signInAs(page, admin.email, admin.password);
  await page.goto('/admin/users');
  await page.getByLabel('Search users').fill(admin.email);
  const row = page.getByTestId('user-row').filter({ hasText: '(you)' });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('combobox', { name: /^Plan of/ })).toBeDisabled();
  await expect(row.getByRole('checkbox', { name: /^Manage team for/ })).toBeDisabled();
  await expect(row.getByText('You cannot change your own plan.')).toBeVisible();
  await expect(row.getByText('You cannot change your own permissions.')).toBeVisible();
  await shot(page, 'forms-admin-own-row');
});
