// Documents (issue 13): a business agent drops two files on a policy's Documents card (a drop event
// with a DataTransfer built in the page), previews the image, downloads it, deletes it to the Trash
// and restores it; the documents page at 390 px; a starter agent refused.
import type { Page } from '@playwright/test';
import { createAccount, expect, shot, signInAs, test } from './support/fixtures.ts';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]:not([data-removed="true"])').filter({ hasText: text });

// a real 2×2 PNG, so the preview can draw it
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWOQizohF3WCAUIBACBmBQGTcuIgAAAAAElFTkSuQmCC';
const PDF_TEXT = '%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n';

async function businessWithPolicy(page: Page) {
  const account = await createAccount(page.request, { plan: 'business', firstName: 'Dana', lastName: 'Docs' });
  await signInAs(page, account.email, account.password);
  const res = await page.request.post('/api/policies', {
    data: {
      customer_name: 'Carla Client',
      customer_email: `carla-${Date.now()}@example.com`,
      policy_number: 'DOC-100',
      insurance_company: 'Acme Mutual',
      policy_type: 'car',
      premium_amount: '1000',
      coverage_amount: '50000',
      deductible: '500',
      start_date: '2026-01-01',
      status: 'active',
      car_details: { vehicle_make: 'Toyota', vehicle_model: 'Corolla', vehicle_year: 2020, vin_number: 'VIN1', driver_license: 'DL-1' },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string };
}

/** Drops files on the zone the way a browser does: a DataTransfer built in the page. */
async function dropFiles(page: Page, files: { name: string; type: string; base64: string }[]) {
  const zone = page.getByTestId('document-dropzone');
  const dataTransfer = await page.evaluateHandle((list) => {
    const dt = new DataTransfer();
    for (const f of list) {
      const bytes = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0));
      dt.items.add(new File([bytes], f.name, { type: f.type }));
    }
    return dt;
  }, files);
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

test('upload by drag and drop to a policy, preview, download, delete and restore', async ({ page }) => {
  test.slow(); // a whole journey across pages: inherently long, so three times the budget (issue 30)
  const policy = await businessWithPolicy(page);
  await page.goto(`/dashboard/policies/${policy.id}`);
  const card = page.locator('#documents');
  await expect(card.getByRole('heading', { name: 'Documents' })).toBeVisible();
  await expect(card.getByText('No documents yet.')).toBeVisible();

  await dropFiles(page, [
    { name: 'id-card.png', type: 'image/png', base64: PNG_BASE64 },
    { name: 'declarations.pdf', type: 'application/pdf', base64: Buffer.from(PDF_TEXT).toString('base64') },
    { name: 'notes.pdf', type: 'application/pdf', base64: Buffer.from('<html>not a pdf</html>').toString('base64') },
  ]);
  const uploads = card.getByTestId('upload-item');
  await expect(uploads).toHaveCount(3);
  await expect(uploads.filter({ hasText: 'id-card.png' }).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(uploads.filter({ hasText: 'notes.pdf' }).getByRole('alert')).toHaveText(
    'This file type is not accepted. Upload a PDF, JPEG, PNG, GIF, HEIC, Word (.docx) or Excel (.xlsx) file.',
  );
  const rows = card.getByTestId('document-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'id-card.png' })).toContainText('PNG');
  await shot(page, 'documents-policy-card');

  // preview: the image is drawn from its signed link
  await card.getByRole('button', { name: 'Preview id-card.png' }).click();
  const dialog = page.getByRole('dialog', { name: 'id-card.png' });
  const img = dialog.getByRole('img', { name: 'Preview of id-card.png' });
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(2);
  await shot(page, 'documents-preview');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // download through the signed link
  const downloading = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download id-card.png' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('id-card.png');

  // delete to the Trash, then restore from the documents page
  await card.getByRole('button', { name: 'Delete id-card.png' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Document moved to the Trash. You can restore it for 30 days.')).toBeVisible();
  await expect(rows).toHaveCount(1);

  await page.goto('/dashboard/documents');
  await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
  await expect(page.getByTestId('document-storage')).toContainText('of 5 GB used');
  await expect(page.getByTestId('document-row')).toHaveCount(1);
  await shot(page, 'documents-page');
  await page.getByRole('tab', { name: 'Trash' }).click();
  const trashed = page.getByTestId('document-row').filter({ hasText: 'id-card.png' });
  await expect(trashed).toBeVisible();
  await shot(page, 'documents-trash');
  await trashed.getByRole('button', { name: 'Restore id-card.png' }).click();
  await expect(toast(page, 'Document restored.')).toBeVisible();
  await expect(page.getByText('The Trash is empty.')).toBeVisible();
  await page.getByRole('tab', { name: 'Documents' }).click();
  await expect(page.getByTestId('document-row')).toHaveCount(2);

  // rename (the schema's message first), then move to the customer alone
  await page.getByRole('button', { name: 'Rename id-card.png' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename document' });
  await rename.getByLabel('Name').fill(' ');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(rename.getByText('Name is required.')).toBeVisible();
  await rename.getByLabel('Name').fill('Driver ID card.png');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Document renamed.')).toBeVisible();
  const renamed = page.getByTestId('document-row').filter({ hasText: 'Driver ID card.png' });
  await expect(renamed).toContainText('Policy DOC-100');
  await renamed.getByRole('button', { name: 'Move Driver ID card.png' }).click();
  const move = page.getByRole('dialog', { name: 'Move document' });
  await move.getByRole('combobox', { name: 'Customer' }).selectOption({ label: await move.getByRole('option', { name: /Carla Client/ }).innerText() });
  await move.getByRole('button', { name: 'Move' }).click();
  await expect(toast(page, 'Document moved.')).toBeVisible();
  await expect(renamed).toContainText('Carla Client');

  // the activity log has every step
  const log = await (await page.request.get('/api/activity?kind=document&pageSize=50')).json();
  const actions = (log.rows as { action: string }[]).map((r) => r.action);
  expect(actions).toEqual(expect.arrayContaining(['uploaded', 'viewed', 'downloaded', 'deleted', 'restored', 'renamed', 'moved']));
});

test('the documents page and the card at 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const policy = await businessWithPolicy(page);
  await page.goto(`/dashboard/policies/${policy.id}`);
  await dropFiles(page, [{ name: 'schedule.pdf', type: 'application/pdf', base64: Buffer.from(PDF_TEXT).toString('base64') }]);
  await expect(page.locator('#documents').getByTestId('document-row')).toHaveCount(1);
  await page.locator('#documents').scrollIntoViewIfNeeded();
  await shot(page, 'documents-policy-card');
  await page.goto('/dashboard/documents');
  const row = page.getByTestId('document-row').filter({ hasText: 'schedule.pdf' });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Policy DOC-100');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await shot(page, 'documents-page');
});

test('a starter agent is refused: the Upgrade Required screen and 403 from the API', async ({ page, account }) => {
  expect(account.email).toBeTruthy();
  await page.goto('/dashboard/documents');
  await expect(page.getByText('This feature requires a business subscription or higher. Your current plan: starter')).toBeVisible();
  expect((await page.request.get('/api/documents')).status()).toBe(403);
  await shot(page, 'documents-starter');
});
