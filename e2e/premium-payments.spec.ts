// A client's premium payment: recorded on /payment-receipt with several receipts, listed on the policy.
import type { Page } from '@playwright/test';
import { BASE_URL, createAccount, expect, shot, signInAs, test } from './support/fixtures.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary');
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]:not([data-removed="true"])').filter({ hasText: text });

async function createPolicy(page: Page, policyNumber: string): Promise<string> {
  const res = await page.request.post('/api/policies', {
    data: {
      customer_name: 'Carla Client',
      customer_email: `${policyNumber.toLowerCase()}@example.com`,
      policy_number: policyNumber,
      insurance_company: 'Acme Mutual',
      policy_type: 'car',
      premium_amount: '1200.00',
      coverage_amount: '50000',
      deductible: '500',
      start_date: '2026-01-01',
      status: 'active',
      car_details: { vehicle_make: 'Toyota', vehicle_model: 'Corolla', vehicle_year: 2020, vin_number: 'VIN123', driver_license: 'DL-1', coverage_type: 'collision' },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = await res.json();
  return (body.policy ?? body).id;
}

test('an agent records a premium payment with receipts and finds it on the policy', async ({ page, account }) => {
  test.slow(); // a whole journey across pages: inherently long, so three times the budget (issue 30)
  void account;
  const number = `PP-${Date.now().toString(36).toUpperCase()}`;
  const policyId = await createPolicy(page, number);
  await page.goto('/payment-receipt');
  await expect(page.getByRole('heading', { name: 'Payment Receipt' })).toBeVisible();

  // nothing attached yet
  await page.getByRole('button', { name: 'Submit Payment Receipt' }).click();
  await expect(page.getByText('Please enter the client name.')).toBeVisible();
  await expect(page.getByText('Please enter the policy number.')).toBeVisible();
  await expect(page.getByText('Please enter the payment amount.')).toBeVisible();
  await expect(page.getByText('Please select a payment method.')).toBeVisible();
  await expect(page.getByText('Please upload at least one payment receipt.')).toBeVisible();

  await page.getByLabel('Client name').fill('Carla Client');
  await page.getByLabel('Policy number').fill('NO-SUCH-POLICY');
  await page.getByLabel('Amount').fill('125.50');
  await page.getByLabel('Payment method').selectOption('bank_transfer');
  await page.getByLabel('Notes').fill('March instalment');

  const input = page.getByLabel('Receipt files');
  await input.setInputFiles({ name: 'virus.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') });
  await expect(toast(page, 'Invalid file type')).toContainText('Please upload only images (JPEG, PNG, GIF) or PDF files.');
  await input.setInputFiles({ name: 'huge.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(10_485_761, 0x25) });
  await expect(toast(page, 'File too large')).toContainText('Please upload files smaller than 10MB.');

  await input.setInputFiles([
    { name: 'receipt.pdf', mimeType: 'application/pdf', buffer: PDF },
    { name: 'scan.gif', mimeType: 'image/gif', buffer: GIF },
    { name: 'wrong.pdf', mimeType: 'application/pdf', buffer: PDF },
  ]);
  const selected = page.getByRole('list', { name: 'Selected files' });
  await expect(selected.getByRole('listitem')).toHaveCount(3);
  await selected.getByRole('button', { name: 'Remove wrong.pdf' }).click();
  await expect(selected.getByRole('listitem')).toHaveCount(2);

  await page.getByRole('button', { name: 'Submit Payment Receipt' }).click();
  await expect(page.getByLabel('Policy number')).toHaveAccessibleDescription('No policy with this number was found in your agency.');
  await expect(toast(page, 'Failed to save the payment receipt.')).toContainText('No policy with this number was found in your agency.');
  await expect(selected.getByRole('listitem')).toHaveCount(2);
  await shot(page, 'premium-receipt-errors');

  await page.getByLabel('Policy number').fill(number);
  await page.getByRole('button', { name: 'Submit Payment Receipt' }).click();
  await expect(toast(page, 'Payment receipt saved.')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: `Saved $125.50 for policy ${number} with 2 files.` })).toBeVisible();
  await shot(page, 'premium-receipt-saved');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'premium-receipt-saved');
  await page.setViewportSize({ width: 1280, height: 800 });

  // the policy's list, with signed links to the files (same API the policy details page uses)
  const list = await (await page.request.get(`/api/policies/${policyId}/premium-payments`)).json();
  expect(list.rows).toHaveLength(1);
  expect(list.rows[0]).toMatchObject({ amount: '125.50', payment_method: 'bank_transfer', notes: 'March instalment' });
  expect(list.rows[0].files.map((f: { file_name: string }) => f.file_name).sort()).toEqual(['receipt.pdf', 'scan.gif']);
  const link = await (await page.request.get(`/api/files/${list.rows[0].files[0].id}/link`)).json();
  const file = await page.request.get(link.url);
  expect(file.status()).toBe(200);
  expect(file.headers()['x-content-type-options']).toBe('nosniff');

  await expect(page.getByRole('link', { name: 'View policy' })).toHaveAttribute('href', `/dashboard/policies/${policyId}`);
});

test('the policy details page lists its premium payments with links to the files', async ({ page, account }) => {
  void account;
  const number = `PD-${Date.now().toString(36).toUpperCase()}`;
  const policyId = await createPolicy(page, number);
  const form = {
    client_name: 'Carla Client',
    policy_number: number,
    amount: '310.00',
    payment_date: '2026-02-01',
    payment_method: 'check',
  };
  const saved = await page.request.post('/api/premium-payments', {
    multipart: { ...form, files: { name: 'cheque.pdf', mimeType: 'application/pdf', buffer: PDF } },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  await page.goto(`/dashboard/policies/${policyId}`);
  const payments = page.getByRole('list', { name: 'Premium payments' });
  await expect(payments.getByTestId('premium-payment')).toHaveCount(1);
  await expect(payments.getByTestId('premium-payment')).toContainText('$310.00');
  await expect(payments.getByTestId('premium-payment')).toContainText('Check');
  // the new tab's signed link answers the PDF (a headless browser without a PDF viewer saves it
  // rather than showing it, so the tab's own navigation never 'loads': its response is the proof)
  const popup = page.waitForEvent('popup');
  const opened = page.context().waitForEvent('response', (r) => /\/api\/files\/[0-9a-f-]{36}\/content\?expires=\d+&sig=/.test(r.url()));
  await payments.getByRole('button', { name: 'Open cheque.pdf' }).click();
  const tab = await popup;
  const response = await opened;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  await tab.close();
  await shot(page, 'premium-policy-details');
  await page.getByRole('link', { name: 'Record payment' }).click();
  await expect(page.getByLabel('Policy number')).toHaveValue(number);
  await expect(page.getByLabel('Client name')).toHaveValue('Carla Client');
});

test("another agency cannot see a policy's premium payments", async ({ page, account, browser }) => {
  void account;
  const policyId = await createPolicy(page, `PX-${Date.now().toString(36).toUpperCase()}`);
  const stranger = await createAccount(page.request, { company: 'Stranger Agency' });
  const strangerPage = await (await browser.newContext({ baseURL: BASE_URL })).newPage();
  await signInAs(strangerPage, stranger.email, stranger.password);
  const res = await strangerPage.request.get(`/api/policies/${policyId}/premium-payments`);
  expect(res.status()).toBe(404);
  await strangerPage.goto(`/dashboard/policies/${policyId}`);
  await expect(strangerPage.getByRole('list', { name: 'Premium payments' })).toHaveCount(0);
  await strangerPage.context().close();
});

test('an agent deletes a payment recorded by mistake, after confirming, and takes it back with Undo', async ({ page, account }) => {
  void account;
  const number = `PDL-${Date.now().toString(36).toUpperCase()}`;
  const policyId = await createPolicy(page, number);
  const saved = await page.request.post('/api/premium-payments', {
    multipart: { client_name: 'Carla Client', policy_number: number, amount: '95.00', payment_date: '2026-02-03', payment_method: 'check', files: { name: 'slip.pdf', mimeType: 'application/pdf', buffer: PDF } },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  await page.goto(`/dashboard/policies/${policyId}`);
  const payments = page.getByRole('list', { name: 'Premium payments' });
  await expect(payments.getByTestId('premium-payment')).toHaveCount(1);
  const del = payments.getByRole('button', { name: 'Delete the payment of $95.00 on Feb 3, 2026' });

  // Cancel keeps it
  await del.click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete this payment?' });
  await expect(dialog).toContainText("The payment of $95.00 on Feb 3, 2026 and its receipts' links are removed from this policy. You can undo this for 10 minutes.");
  await shot(page, 'premium-payment-delete-confirm');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(payments.getByTestId('premium-payment')).toHaveCount(1);

  // Delete, then Undo in the toast: the same payment comes back with its receipt
  await del.click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Premium payment deleted.')).toBeVisible();
  await expect(page.getByText('No premium payments recorded yet.')).toBeVisible();
  expect((await (await page.request.get(`/api/policies/${policyId}/premium-payments`)).json()).rows).toHaveLength(0);
  await shot(page, 'premium-payment-deleted');
  await toast(page, 'Premium payment deleted.').getByRole('button', { name: 'Undo' }).click();
  await expect(toast(page, 'Premium payment restored.')).toBeVisible();
  await expect(payments.getByTestId('premium-payment')).toHaveCount(1);
  await expect(payments.getByRole('button', { name: 'Open slip.pdf' })).toBeVisible();
  const back = (await (await page.request.get(`/api/policies/${policyId}/premium-payments`)).json()).rows;
  expect(back).toHaveLength(1);
  expect(back[0]).toMatchObject({ id: (await saved.json()).payment.id, amount: '95.00', payment_method: 'check' });

  // on a phone, the button is reachable and the dialog fits
  await page.setViewportSize({ width: 390, height: 844 });
  await del.click();
  await expect(dialog).toBeVisible();
  await shot(page, 'premium-payment-delete-confirm');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});
