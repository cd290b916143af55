// Commissions (issue 31): set a rate, write two policies, import a carrier statement that pays one
// in full and one short, see both reconciled with the right difference; undo the import and see
// them unpaid again. At 1366 and 390 px.
import type { Page } from '@playwright/test';
import { carPolicyPayload } from '#server/test/factories.ts';
import { COMMISSION_TEXT } from '#shared/commissions.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { createAccount, expect, shot, signInAs, test } from './support/fixtures.ts';

const year = new Date().getFullYear();

const termRow = (page: Page, number: string) => page.getByRole('table', { name: 'Policy terms' }).getByRole('row').filter({ hasText: number });

test('commissions: a rate, a statement paying one term in full and one short, the reconciliation, and undo', async ({ page }) => {
  test.slow(); // a whole journey across pages: inherently long, so three times the budget (issue 30)
  await page.setViewportSize({ width: 1366, height: 900 });
  const account = await createAccount(page.request, { plan: 'professional' });
  await signInAs(page, account.email, account.password);
  await page.goto('/dashboard');

  // the sidebar offers it on Professional
  await page.getByRole('navigation').getByRole('link', { name: 'Commissions', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Commissions' })).toBeVisible();

  // 1. a rate: Acme Mutual, car, new business, 10 % from January
  await page.getByRole('navigation', { name: 'Commissions' }).getByRole('link', { name: 'Rates' }).click();
  await page.getByRole('button', { name: 'Save rate' }).click();
  await expect(page.getByText('Please enter the carrier.')).toBeVisible();
  await page.getByLabel('Carrier').fill('Acme Mutual');
  await page.getByLabel('Rate (%)').fill('10');
  await page.getByLabel('Applies from').fill(`${year}-01-01`);
  await page.getByRole('button', { name: 'Save rate' }).click();
  const rates = page.getByRole('table', { name: 'Commission rates' });
  await expect(rates.getByRole('row').filter({ hasText: 'Acme Mutual' })).toContainText('10%');
  await shot(page, 'commissions-rates');

  // 2. two policies of that carrier and line, assigned to the owner (their producer)
  const me = (await (await page.request.get('/api/me')).json()) as { profile: { id: string } };
  const ids: string[] = [];
  for (const [number, premium] of [
    ['CMS-1', '1200.00'],
    ['CMS-2', '800.00'],
  ]) {
    const res = await page.request.post('/api/policies', {
      data: carPolicyPayload({ policy_number: number, premium_amount: premium, start_date: `${year}-02-01`, insurance_company: 'Acme Mutual', assignee_id: me.profile.id }),
    });
    expect(res.status(), await res.text()).toBe(201);
    ids.push((await res.json()).id);
  }

  // 3. the carrier's March statement: CMS-1 in full (120.00), CMS-2 short (50.00 of 80.00)
  await page.getByRole('navigation', { name: 'Commissions' }).getByRole('link', { name: 'Statements' }).click();
  await page.getByLabel('Carrier').fill('Acme Mutual');
  await page.getByLabel('Statement month').fill(`${year}-03`);
  const csv = `Policy Number,Insured,Premium,Commission,Statement Date\ncms-1,Jane Doe,1200.00,120.00,${year}-03-05\nCMS 2,Jane Doe,800.00,50.00,${year}-03-05\n`;
  await page.getByLabel('Statement file').setInputFiles({ name: 'acme-march.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByTestId('statement-summary')).toHaveText('2 lines: 2 matched ($170.00), 0 not in the book, 0 with errors.');
  await expect(page.getByRole('table', { name: 'Statement preview' }).getByText('Matched on the policy number.')).toHaveCount(2);
  await shot(page, 'commissions-statement-preview');
  await page.getByRole('button', { name: 'Import statement' }).click();
  await expect(page.getByText('Statement imported', { exact: true })).toBeVisible();
  await expect(page.getByTestId('statement-item')).toContainText('acme-march.csv');

  // 4. the reconciliation: one paid in full, one short by 30.00; the totals tie
  await page.getByRole('link', { name: 'Reconcile the imported statement' }).click();
  await expect(termRow(page, 'CMS-1')).toContainText('Paid in full');
  await expect(termRow(page, 'CMS-1')).toContainText('$120.00');
  await expect(termRow(page, 'CMS-2')).toContainText('Short-paid');
  await expect(termRow(page, 'CMS-2').getByRole('cell').nth(8)).toHaveText('$30.00');
  await expect(page.getByTestId('total-expected')).toHaveText('$200.00');
  await expect(page.getByTestId('total-received')).toHaveText('$170.00');
  await expect(page.getByTestId('total-outstanding')).toHaveText('$30.00');
  // the import's toast fades in and out (axe reads its half-transparent text as low contrast): checked once it has gone
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await expectNoSeriousA11yViolations(page, 'commissions reconciliation');
  await shot(page, 'commissions-reconciliation');

  await page.getByLabel('State', { exact: true }).selectOption('short_paid');
  await expect(page).toHaveURL(/state=short_paid/);
  // the filtered totals: CMS-2 alone
  await expect(page.getByTestId('total-expected')).toHaveText('$80.00');
  await expect(page.getByTestId('reconciliation')).toHaveAttribute('aria-busy', 'false');
  await expect(termRow(page, 'CMS-2')).toBeVisible();
  expect(await termRow(page, 'CMS-1').count()).toBe(0);
  await expect(page.getByTestId('total-outstanding')).toHaveText('$30.00');
  // the terms are on the list kit: their count, the pager, and the kit's empty text
  await expect(page.getByTestId('term-count')).toHaveText(COMMISSION_TEXT.termCount(1));
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toContainText('Page 1 of 1');
  await page.getByLabel('State', { exact: true }).selectOption('overpaid');
  await expect(page.getByText(COMMISSION_TEXT.termsEmpty, { exact: true })).toBeVisible();
  await expect(page.getByTestId('term-count')).toHaveText(COMMISSION_TEXT.termCount(0));
  await page.getByLabel('State', { exact: true }).selectOption('short_paid');
  await expect(termRow(page, 'CMS-2')).toBeVisible();

  // the producer report: the owner at 40 % of new business earns 40 % of the 170.00 received
  await page.getByRole('navigation', { name: 'Commissions' }).getByRole('link', { name: 'Producers' }).click();
  await page.getByLabel('Month').fill(`${year}-02`);
  const split = page.getByRole('form', { name: /^Split of / });
  await split.getByLabel('New business (%)').fill('140');
  await split.getByRole('button', { name: 'Save split' }).click();
  await expect(split.getByText('Please enter a split between 0 and 100 percent (for example 40).')).toBeVisible();
  await split.getByLabel('New business (%)').fill('40');
  await split.getByLabel('Renewals (%)').fill('25');
  await split.getByRole('button', { name: 'Save split' }).click();
  await expect(page.getByText('Split saved.', { exact: true })).toBeVisible();
  const producerRow = page.getByRole('table', { name: 'Commission by producer' }).getByRole('row').nth(1);
  await expect(producerRow).toContainText('40% / 25%');
  await expect(producerRow.getByRole('cell').nth(3)).toHaveText('$200.00');
  await expect(producerRow.getByRole('cell').nth(4)).toHaveText('$170.00');
  await expect(producerRow.getByRole('cell').nth(5)).toHaveText('$30.00');
  await expect(producerRow.getByRole('cell').nth(6)).toContainText('$68.00');
  await shot(page, 'commissions-producers');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('table', { name: 'Commission by producer' })).toBeVisible();
  await expect(split.getByRole('button', { name: 'Save split' })).toBeVisible();
  await shot(page, 'commissions-producers');
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.getByRole('navigation', { name: 'Commissions' }).getByRole('link', { name: 'Reconciliation' }).click();

  // at 390 px the terms are cards
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByLabel('State', { exact: true }).selectOption('all');
  const cards = page.getByRole('list', { name: 'Policy terms' }).getByTestId('commission-row');
  await expect(cards.filter({ hasText: 'CMS-2' })).toContainText('Short-paid');
  // the totals per carrier fit a phone: the count of terms under the carrier's name, no sideways scroll
  const perCarrier = page.getByRole('table', { name: 'Totals per carrier' });
  await expect(perCarrier.getByRole('row', { name: /Acme Mutual/ })).toContainText('2 terms');
  expect(await perCarrier.evaluate((t) => t.scrollWidth <= t.parentElement!.clientWidth)).toBe(true);
  await shot(page, 'commissions-reconciliation');
  await page.setViewportSize({ width: 1366, height: 900 });

  // 5. undo the import: both unpaid again
  await page.goto('/dashboard/commissions?view=statements');
  await page.getByRole('button', { name: 'Undo import' }).click();
  await expect(page.getByText('Statement import undone', { exact: true })).toBeVisible();
  await expect(page.getByTestId('statement-item')).toContainText('Undone');
  await shot(page, 'commissions-statements');
  await page.getByRole('navigation', { name: 'Commissions' }).getByRole('link', { name: 'Reconciliation' }).click();
  await expect(termRow(page, 'CMS-1')).toContainText('Unpaid');
  await expect(termRow(page, 'CMS-2')).toContainText('Unpaid');
  await expect(page.getByTestId('total-received')).toHaveText('$0.00');
  await expect(page.getByTestId('total-outstanding')).toHaveText('$200.00');

  // the policy page's Commission card: a commission received by hand
  await page.goto(`/dashboard/policies/${ids[1]}`);
  const card = page.getByTestId('policy-commission');
  await expect(card).toContainText('10%');
  await expect(card).toContainText('$80.00');
  await page.getByLabel('Commission received ($)').fill('80');
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(card).toContainText('Paid in full');
  // the second producer must be someone else than the assignee (the owner here)
  await page.getByLabel('Second producer').selectOption({ index: 1 });
  await page.getByLabel('Their share (%)').fill('50');
  await page.getByRole('button', { name: 'Save producers' }).click();
  await expect(page.getByText("The second producer must be someone other than the policy's assignee.")).toBeVisible();
  await shot(page, 'commissions-policy-card');

  // undone, the producer report has nothing received for February
  await page.goto(`/dashboard/commissions?view=producers&month=${year}-02`);
  await expect(page.getByRole('table', { name: 'Commission by producer' }).getByRole('row').nth(1).getByRole('cell').nth(4)).toHaveText('$80.00');
});

test('commissions: a Starter agency sees the item locked and the page denied', async ({ page }) => {
  const account = await createAccount(page.request);
  await signInAs(page, account.email, account.password);
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Commissions (locked)' }).first()).toBeVisible();
  expect((await page.request.get('/api/commissions')).status()).toBe(403);
});
