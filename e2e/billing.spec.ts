// Trials and payment-proof upgrades: the trial banner, the upgrade form with its spec texts, the
// admin's approval changing the plan badge and the sidebar locks, a rejection with notes and Resubmit.
import type { Browser, Page } from '@playwright/test';
import { admin, BASE_URL, createAccount, expect, shot, signInAs, test } from './support/fixtures.ts';
import { readMail } from './support/mail.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);

async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInAs(page, admin.email, admin.password);
  return page;
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]:not([data-removed="true"])').filter({ hasText: text });

async function fillUpgrade(page: Page, opts: { method?: string; reference?: string; notes?: string } = {}) {
  await page.getByLabel('Payment method').selectOption(opts.method ?? 'Bank Transfer');
  await page.getByLabel('Transaction reference').fill(opts.reference ?? 'TX-778899');
  if (opts.notes) await page.getByLabel('Notes').fill(opts.notes);
}

async function openReview(page: Page, email: string) {
  await page.goto('/admin/payment-verification');
  await expect(page.getByRole('heading', { name: 'Payment Verification' })).toBeVisible();
  const row = page.getByTestId('submission-row').filter({ hasText: email });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Review' }).click();
  return page.getByRole('dialog', { name: 'Review payment' });
}

test('a trial user sends a receipt, the super admin approves it, and the plan badge and sidebar locks change', async ({ page, browser }) => {
  test.slow(); // a whole journey across pages: inherently long, so three times the budget (issue 30)
  const user = await createAccount(page.request, { plan: 'business', firstName: 'Tara', lastName: 'Trial' });
  await signInAs(page, user.email, user.password);
  await page.goto('/dashboard');
  await expect(page.getByRole('status').filter({ hasText: '14 days left in your Business trial.' })).toBeVisible();
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' }).first();
  // Business opens API Settings (read-only keys, issue 30); White Label stays locked until Enterprise
  await expect(sidebar.getByRole('button', { name: /White Label/ })).toBeVisible();
  await shot(page, 'billing-trial-banner');

  await page.getByRole('link', { name: 'Upgrade now' }).click();
  await expect(page).toHaveURL(/\/dashboard\/subscription\/upgrade\?tier=business/);
  await expect(page.getByRole('heading', { name: 'Upgrade Your Subscription' })).toBeVisible();
  await expect(page.getByLabel('Plan')).toHaveValue('business');
  await expect(page.getByLabel('Plan').locator('option[value="starter"]')).toHaveCount(0);
  const today = await page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
  await expect(page.getByLabel('Payment date')).toHaveValue(today);

  await page.getByLabel('Plan').selectOption('enterprise');
  await fillUpgrade(page, { notes: 'Annual plan' });
  await page.getByLabel('Payment receipt').setInputFiles({ name: 'bank-receipt.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByLabel(/I agree to the terms and conditions/).click();
  await shot(page, 'billing-upgrade-filled');
  await page.getByRole('button', { name: 'Submit Payment' }).click();
  await expect(toast(page, 'Your payment submission has been received.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/subscription\/history$/);
  const card = page.getByTestId('submission').first();
  await expect(card).toContainText('Enterprise plan');
  await expect(card).toContainText('Pending');
  await expect(card.getByRole('button', { name: 'Open bank-receipt.pdf' })).toBeVisible();

  const adm = await adminPage(browser);
  const dialog = await openReview(adm, user.email);
  await expect(dialog).toContainText('Tara Trial');
  await expect(dialog).toContainText('TX-778899');
  await expect(dialog.getByRole('link', { name: /Open receipt \(bank-receipt\.pdf/ })).toBeVisible();
  const href = await dialog.getByRole('link', { name: /Open receipt/ }).getAttribute('href');
  expect(href).toMatch(/\/api\/files\/[0-9a-f-]{36}\/content\?expires=\d+&sig=/);
  await shot(adm, 'billing-admin-review');
  await dialog.getByLabel('Notes').fill('Verified against the bank statement.');
  await expect(dialog.getByLabel('Notes')).toHaveValue('Verified against the bank statement.');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(toast(adm, 'Submission approved')).toBeVisible();
  await expect(adm.getByTestId('submission-row').filter({ hasText: user.email })).toHaveCount(0);
  await adm.context().close();

  const mail = await readMail(user.email, /Enterprise plan is active/);
  expect(mail.text).toContain('Verified against the bank statement.');

  await page.goto('/dashboard');
  await expect(sidebar.getByRole('link', { name: 'API Settings' })).toBeVisible();
  await expect(page.locator('aside').first().getByText('Enterprise', { exact: true })).toBeVisible();
  await expect(page.getByText(/left in your .* trial/)).toHaveCount(0);
  await page.goto('/dashboard/subscription/history');
  await expect(page.getByTestId('submission').first()).toContainText('Approved');
  await shot(page, 'billing-history-approved');
});

test('a rejection shows the admin notes and Resubmit Payment opens the form prefilled', async ({ page, account, browser }) => {
  await page.goto('/dashboard/subscription/upgrade?tier=professional');
  await fillUpgrade(page, { method: 'PayPal', reference: 'PP-12345', notes: 'Paid via PayPal' });
  await page.getByLabel('Payment receipt').setInputFiles({ name: 'paypal.png', mimeType: 'image/png', buffer: PNG });
  await page.getByLabel(/I agree to the terms and conditions/).click();
  await page.getByRole('button', { name: 'Submit Payment' }).click();
  await expect(toast(page, 'Your payment submission has been received.')).toBeVisible();

  const adm = await adminPage(browser);
  const dialog = await openReview(adm, account.email);
  await expect(dialog.getByRole('img', { name: 'Receipt paypal.png' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog.getByText('Please give the reason for the rejection.')).toBeVisible();
  await dialog.getByLabel('Notes').fill('The PayPal reference does not exist.');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(toast(adm, 'Submission rejected')).toBeVisible();
  await adm.context().close();

  await page.goto('/dashboard/subscription/history');
  const card = page.getByTestId('submission').first();
  await expect(card).toContainText('Rejected');
  await expect(card).toContainText('The PayPal reference does not exist.');
  await shot(page, 'billing-history-rejected');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'billing-history-rejected');
  await page.setViewportSize({ width: 1280, height: 800 });
  await card.getByRole('link', { name: 'Resubmit Payment' }).click();
  await expect(page).toHaveURL(/\/dashboard\/subscription\/upgrade\?resubmit=/);
  await expect(page.getByText('Resubmitting a rejected payment')).toBeVisible();
  await expect(page.getByText('Reason given: The PayPal reference does not exist.')).toBeVisible();
  await expect(page.getByLabel('Plan')).toHaveValue('professional');
  await expect(page.getByLabel('Payment method')).toHaveValue('PayPal');
  await expect(page.getByLabel('Transaction reference')).toHaveValue('PP-12345');
  await expect(page.getByLabel('Notes')).toHaveValue('Paid via PayPal');
  await page.getByLabel('Transaction reference').fill('PP-67890');
  await page.getByLabel('Payment receipt').setInputFiles({ name: 'paypal-2.png', mimeType: 'image/png', buffer: PNG });
  await page.getByLabel(/I agree to the terms and conditions/).click();
  await page.getByRole('button', { name: 'Submit Payment' }).click();
  await expect(toast(page, 'Your payment submission has been received.')).toBeVisible();
  await expect(page.getByTestId('submission')).toHaveCount(2);
  await expect(page.getByTestId('submission').first()).toContainText('Pending');
  await expect(page.getByTestId('submission').first()).toContainText('PP-67890');
});

test('the upgrade form answers each rule with the spec text', async ({ page, account }) => {
  void account;
  await page.goto('/dashboard/subscription/upgrade');
  await page.getByRole('button', { name: 'Submit Payment' }).click();
  await expect(toast(page, 'Terms not accepted')).toContainText('You must agree to the terms and conditions.');
  await expect(page.getByText('Please select a plan.')).toBeVisible();
  await expect(page.getByText('Please select a payment method.')).toBeVisible();
  await expect(page.getByText('Please upload a payment receipt.').first()).toBeVisible();
  // typing clears a field's error
  await page.getByLabel('Plan').selectOption('business');
  await expect(page.getByText('Please select a plan.')).toHaveCount(0);

  await fillUpgrade(page);
  await page.getByLabel(/I agree to the terms and conditions/).click();
  await page.getByRole('button', { name: 'Submit Payment' }).click();
  await expect(toast(page, 'Receipt required')).toContainText('Please upload a payment receipt.');

  await page.getByLabel('Payment receipt').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(toast(page, 'Invalid file type')).toContainText('Please upload JPG, PNG, or PDF.');

  await page.getByLabel('Payment receipt').setInputFiles({ name: 'big.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 0x25) });
  await expect(toast(page, 'File too large')).toContainText('File must be under 5MB.');

  // a .pdf whose bytes are HTML passes the browser's check but not the server's
  await page.getByLabel('Payment receipt').setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html><script>alert(1)</script></html>') });
  await page.getByRole('button', { name: 'Submit Payment' }).click();
  await expect(toast(page, 'Invalid file type')).toContainText('Please upload JPG, PNG, or PDF.');
  // the form keeps its data after a failed submit
  await expect(page.getByLabel('Transaction reference')).toHaveValue('TX-778899');
  await shot(page, 'billing-upgrade-errors');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'billing-upgrade-errors');
  await page.goto('/dashboard/subscription/history');
  await expect(page.getByText('No payment submissions yet')).toBeVisible();
});
