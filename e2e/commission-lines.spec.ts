// Commissions (issue 31), as a bookkeeper tries them: a line on a carrier statement but not in the
// book becomes a policy (the new-policy form filled from the line; once saved the line pays it and
// the totals move; Undo puts it back), and the full export's commission schedules come back through
// the Rates view's Import schedules (preview, import, undo). At 1366 and 390 px.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { COMMISSION_TEXT, RATES_PAGE_SIZE } from '#shared/commissions.ts';
import { readZip } from '#server/platform/zip.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { createAccount, expect, shot, signInAs, test } from './support/fixtures.ts';

const year = new Date().getFullYear();

async function professional(page: Page) {
  await page.setViewportSize({ width: 1366, height: 900 });
  const account = await createAccount(page.request, { plan: 'professional' });
  await signInAs(page, account.email, account.password);
}

async function rate(page: Page, body: Record<string, string>) {
  const res = await page.request.post('/api/commissions/rates', { data: { carrier: 'Acme Mutual', line: 'car', business: 'new', rate: '10', effective_from: `${year}-01-01`, ...body } });
  expect(res.status(), await res.text()).toBe(201);
}

test('commissions: a line not in the book becomes a policy, the line pays it, and the match can be undone', async ({ page }) => {
  test.slow(); // a journey across three pages
  await professional(page);
  await rate(page, {});
  // the carrier's March statement: one line of a policy the agency has not entered yet
  const statement = await page.request.post('/api/commissions/statements', {
    multipart: {
      carrier: 'Acme Mutual',
      period: `${year}-03`,
      file: {
        name: 'acme-march.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`Policy Number,Insured,Premium,Commission,Statement Date\nNEW-77,Nora New,1500.00,150.00,${year}-03-05\n`),
      },
    },
  });
  expect(statement.status(), await statement.text()).toBe(201);

  await page.goto('/dashboard/commissions?view=statements');
  const item = page.getByTestId('statement-item');
  await expect(item).toContainText('0 matched ($0.00), 1 not in the book');
  const unmatched = page.getByRole('listitem').filter({ hasText: 'No policy with this number in your book.' });
  await expect(unmatched).toContainText('NEW-77');
  await shot(page, 'commissions-unmatched');
  // the statement's reconciliation lists its line not in the book too: the policy is created from there
  await item.getByRole('link', { name: 'Reconcile' }).click();
  const notInBook = page.getByRole('listitem').filter({ hasText: 'No policy with this number in your book.' });
  await expect(page.getByText('On this statement but not in the book')).toBeVisible();
  await expect(page.getByTestId('total-received')).toHaveText('$0.00');
  await shot(page, 'commissions-reconciliation-not-in-book');
  await notInBook.getByRole('link', { name: 'Create the policy' }).click();

  // the form, filled from the line: number, insured, premium, carrier
  await expect(page.getByRole('heading', { name: 'Add New Policy' })).toBeVisible();
  await expect(page.getByTestId('from-line')).toHaveText(
    `From the Acme Mutual statement line of NEW-77: $150.00 received on Mar 05, ${year}. Once you save the policy, this line pays it.`,
  );
  await expect(page.getByLabel('Policy Number')).toHaveValue('NEW-77');
  await expect(page.getByLabel('Customer Name')).toHaveValue('Nora New');
  await expect(page.getByLabel('Premium Amount')).toHaveValue('1500.00');
  await expect(page.getByLabel('Insurance Company')).toHaveValue('Acme Mutual');
  await shot(page, 'policy-new-from-line');
  // what the line cannot tell is still checked as always
  await page.getByRole('button', { name: 'Create Policy' }).click();
  await expect(page.getByText('Vehicle Make is required.')).toBeVisible();
  await page.getByLabel('Customer Email').fill('nora@example.com');
  await page.getByLabel('Coverage Amount').fill('50000');
  await page.getByLabel('Deductible').fill('500');
  await page.getByLabel('Start Date').fill(`${year}-02-01`);
  await page.getByLabel('Vehicle Make').fill('Toyota');
  await page.getByLabel('Vehicle Model').fill('Corolla');
  await page.getByLabel('Vehicle Year').fill('2020');
  await page.getByLabel('VIN Number').fill('1HGCM82633A004352');
  await page.getByLabel('Driver License').fill('D1234567');
  await page.getByRole('button', { name: 'Create Policy' }).click();

  // the policy page: the line pays the term in full
  await expect(page.getByRole('heading', { name: 'Policy NEW-77' })).toBeVisible();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'The statement line now pays policy NEW-77.' })).toBeVisible();
  const card = page.getByTestId('policy-commission');
  await expect(card).toContainText('Paid in full');
  await expect(card).toContainText('$150.00');

  // the reconciliation of the statement and the statement's counts moved
  await page.goto('/dashboard/commissions?view=statements');
  await expect(item).toContainText('1 matched ($150.00), 0 not in the book');
  expect(await page.getByRole('listitem').filter({ hasText: 'NEW-77' }).getByRole('link', { name: 'Create the policy' }).count()).toBe(0);
  await item.getByRole('link', { name: 'Reconcile' }).click();
  const row = page.getByRole('table', { name: 'Policy terms' }).getByRole('row').filter({ hasText: 'NEW-77' });
  expect(await page.getByText('On this statement but not in the book').count()).toBe(0);
  await expect(row).toContainText('Paid in full');
  await expect(page.getByTestId('total-expected')).toHaveText('$150.00');
  await expect(page.getByTestId('total-received')).toHaveText('$150.00');
  await expect(page.getByTestId('total-outstanding')).toHaveText('$0.00');
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await expectNoSeriousA11yViolations(page, 'reconciliation after a policy created from a line');

  // the policies list's Commission column
  await page.goto('/dashboard/policies');
  await expect(page.getByRole('row').filter({ hasText: 'NEW-77' })).toContainText('Paid in full');

});

test('commissions: the Undo of a policy created from a line puts the line back', async ({ page }) => {
  await professional(page);
  await rate(page, {});
  const statement = await page.request.post('/api/commissions/statements', {
    multipart: {
      carrier: 'Acme Mutual',
      period: `${year}-03`,
      file: { name: 'acme.csv', mimeType: 'text/csv', buffer: Buffer.from(`Policy Number,Insured,Premium,Commission,Statement Date\nNEW-88,Ned New,1000.00,100.00,${year}-03-05\n`) },
    },
  });
  expect(statement.status()).toBe(201);
  const { lines } = (await (await page.request.get('/api/commissions/unmatched')).json()) as { lines: { id: string }[] };
  await page.goto(`/dashboard/policies/new?from_line=${lines[0].id}`);
  await expect(page.getByLabel('Policy Number')).toHaveValue('NEW-88');
  await page.getByLabel('Customer Email').fill('ned@example.com');
  await page.getByLabel('Coverage Amount').fill('50000');
  await page.getByLabel('Deductible').fill('500');
  await page.getByLabel('Start Date').fill(`${year}-02-01`);
  await page.getByLabel('Vehicle Make').fill('Toyota');
  await page.getByLabel('Vehicle Model').fill('Corolla');
  await page.getByLabel('Vehicle Year').fill('2020');
  await page.getByLabel('VIN Number').fill('1HGCM82633A004352');
  await page.getByLabel('Driver License').fill('D1234567');
  await page.getByRole('button', { name: 'Create Policy' }).click();
  await expect(page.getByRole('heading', { name: 'Policy NEW-88' })).toBeVisible();
  const card = page.getByTestId('policy-commission');
  await expect(card).toContainText('Paid in full');
  await page.locator('[data-sonner-toast]').getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('The line is back among the lines not in the book.', { exact: true })).toBeVisible();
  await expect(card).toContainText('Unpaid');
  // a commission received by hand, and its Undo
  await page.getByLabel('Commission received ($)').fill('100');
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(card).toContainText('Paid in full');
  await page.locator('[data-sonner-toast]').filter({ hasText: 'Commission recorded' }).getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Receipt deleted: the commission received by hand is no longer counted.', { exact: true })).toBeVisible();
  await expect(card).toContainText('Unpaid');
  await page.goto('/dashboard/commissions?view=statements');
  await expect(page.getByRole('listitem').filter({ hasText: 'NEW-88' }).getByRole('link', { name: 'Create the policy' })).toBeVisible();
  await expect(page.getByTestId('statement-item')).toContainText('0 matched ($0.00), 1 not in the book');

  // an ignore is undone from the list
  // (the ignore's toast names the line too: the list is the card's)
  const unmatched = page.getByTestId('not-in-book').getByRole('listitem').filter({ hasText: 'NEW-88' });
  await unmatched.getByLabel('Reason to ignore').fill('Written by our old agency');
  await unmatched.getByRole('button', { name: 'Ignore' }).click();
  await expect(unmatched).toContainText('Ignored: Written by our old agency');
  await unmatched.getByRole('button', { name: 'Undo ignore' }).click();
  await expect(unmatched.getByRole('link', { name: 'Create the policy' })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(unmatched.getByRole('link', { name: 'Create the policy' })).toBeVisible();
  await shot(page, 'commissions-unmatched');
});

test('commissions: the export’s schedules come back through Import schedules (preview, import, undo)', async ({ page }) => {
  test.slow(); // the full export, then the import
  await professional(page);
  await rate(page, {});
  await rate(page, { line: 'fire', business: 'renewal', rate: '7.5' });

  // the full export's commission_schedules.csv
  await page.goto('/dashboard/export');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download full export' }).click();
  const files = readZip(readFileSync(await (await download).path()));
  const schedules = files.get('commission_schedules.csv')!;
  expect(schedules.toString('utf8')).toContain('Acme Mutual');

  // one of the two rates is deleted; the file brings it back
  await page.goto('/dashboard/commissions?view=rates');
  const rates = page.getByRole('table', { name: 'Commission rates' });
  await expect(rates.getByRole('row')).toHaveCount(3);
  await page.getByRole('button', { name: `Delete the Acme Mutual fire rate from ${year}-01-01` }).click();
  await expect(rates.getByRole('row')).toHaveCount(2);

  await page.getByLabel('Schedules file', { exact: true }).setInputFiles({ name: 'commission_schedules.csv', mimeType: 'text/csv', buffer: schedules });
  await expect(page.getByTestId('rate-import-summary')).toHaveText('1 to add, 1 already there, 0 with errors');
  const rows = page.getByRole('list', { name: 'Schedules file rows' }).getByRole('listitem');
  await expect(rows.filter({ hasText: '· fire ·' })).toContainText('New');
  await expect(rows.filter({ hasText: '· car ·' })).toContainText('Already there');
  await shot(page, 'commissions-rate-import');
  await page.getByRole('button', { name: 'Import 1 rate' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Imported 1 rate' })).toBeVisible();
  await expect(rates.getByRole('row')).toHaveCount(3);
  await expect(rates.getByRole('row').filter({ hasText: 'Renewal' })).toContainText('7.5%');

  // the same file again adds nothing
  await page.getByLabel('Schedules file', { exact: true }).setInputFiles({ name: 'commission_schedules.csv', mimeType: 'text/csv', buffer: schedules });
  await expect(page.getByTestId('rate-import-summary')).toHaveText('0 to add, 2 already there, 0 with errors');
  await expect(page.getByRole('button', { name: 'Nothing to import' })).toBeDisabled();

  // undo: the rate the import added goes, the other stays
  await page.getByRole('button', { name: 'Undo the import' }).click();
  await expect(page.getByText('Schedules import undone.', { exact: true })).toBeVisible();
  await expect(rates.getByRole('row')).toHaveCount(2);
  await expect(rates.getByRole('row').filter({ hasText: 'New business' })).toContainText('10%');
  expect(await rates.getByRole('row').filter({ hasText: 'Renewal' }).count()).toBe(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByLabel('Schedules file', { exact: true })).toBeVisible();
  await shot(page, 'commissions-rate-import');
});

test('commissions: the Rates list says when it is empty, shows 50 rates a page and keeps its page in the URL', async ({ page }) => {
  test.slow(); // 51 rates written through the API first
  await professional(page);
  await page.goto('/dashboard/commissions?view=rates');
  await expect(page.getByText(COMMISSION_TEXT.ratesEmpty, { exact: true })).toBeVisible();
  for (let i = 1; i <= RATES_PAGE_SIZE + 1; i++) await rate(page, { carrier: `Carrier ${String(i).padStart(2, '0')}` });
  await page.reload();
  const rates = page.getByRole('table', { name: 'Commission rates' });
  const pager = page.getByRole('navigation', { name: 'Pagination' });
  await expect(rates.getByRole('row')).toHaveCount(RATES_PAGE_SIZE + 1); // the header and a page of rates
  await expect(pager).toContainText('Page 1 of 2');
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/[?&]view=rates&page=2$/);
  await expect(rates.getByRole('row')).toHaveCount(2);
  await expect(rates.getByRole('row').nth(1)).toContainText('Carrier 51');

  // a reload (a shared link, Back from a policy) opens the same page
  await page.reload();
  await expect(pager).toContainText('Page 2 of 2');
  await expect(rates.getByRole('row').nth(1)).toContainText('Carrier 51');
  // at 390 px one card per rate, its Delete reachable by name
  await page.setViewportSize({ width: 390, height: 844 });
  const cards = page.getByRole('list', { name: 'Commission rates' }).getByRole('listitem');
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText('Carrier 51');
  await shot(page, 'commissions-rates-page');
  await page.setViewportSize({ width: 1366, height: 900 });

  // the page's last rate deleted: the list shows the last page left
  await page.getByRole('button', { name: `Delete the Carrier 51 car rate from ${year}-01-01` }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: COMMISSION_TEXT.rateDeleted })).toBeVisible();
  await expect(pager).toContainText('Page 1 of 1');
  await expect(rates.getByRole('row')).toHaveCount(RATES_PAGE_SIZE + 1);
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
});
