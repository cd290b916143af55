// Commissions (issue 31, "Carrier statements and reconciliation"), as a bookkeeper uses the
// reconciliation: the group "expected but not paid 60 days after the term's start" (count, amount,
// a filter whose totals tie), a line the carrier prints under its own number matched by hand from
// the match dialog (search, pick, Undo), and a line the import matched to the wrong policy moved to
// the right one and put back. At 1280 and 390 px.
import type { Page } from '@playwright/test';
import { carPolicyPayload } from '#server/test/factories.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { createAccount, expect, shot, signInAs, test } from './support/fixtures.ts';

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const termRow = (page: Page, number: string) => page.getByRole('table', { name: 'Policy terms' }).getByTestId('commission-row').filter({ hasText: number });
const rows = (page: Page) => page.getByTestId('commission-row').filter({ visible: true });
const errorToasts = (page: Page) => page.locator('[data-sonner-toast][data-type="error"]');

async function setUp(page: Page): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  await page.setViewportSize({ width: 1280, height: 900 });
  const account = await createAccount(page.request, { plan: 'professional', firstName: 'Bea', lastName: 'Bookkeeper' });
  await signInAs(page, account.email, account.password);
  const rate = await page.request.post('/api/commissions/rates', {
    data: { carrier: 'Acme Mutual', line: 'car', business: 'new', rate: '10', effective_from: daysAgo(800) },
  });
  expect(rate.status(), await rate.text()).toBe(201);
  // 10 % of 1,000.00: 100.00 expected on each
  for (const [number, name, start] of [
    ['HOME-2001', 'Rita Right', daysAgo(90)],
    ['HOME-2002', 'Walt Wrong', daysAgo(90)],
    ['PD-3003', 'Carla Carrier', daysAgo(75)],
    ['NEW-4004', 'Rex Recent', daysAgo(10)],
  ]) {
    const res = await page.request.post('/api/policies', {
      data: carPolicyPayload({ policy_number: number, customer_name: name, premium_amount: '1000.00', start_date: start, insurance_company: 'Acme Mutual' }),
    });
    expect(res.status(), await res.text()).toBe(201);
    ids[number] = ((await res.json()) as { id: string }).id;
  }
  // the carrier's statement: Rita's commission under Walt's number, Carla's under the carrier's own number
  const today = daysAgo(0);
  const statement = await page.request.post('/api/commissions/statements', {
    multipart: {
      carrier: 'Acme Mutual',
      period: today.slice(0, 7),
      file: {
        name: 'acme.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`Policy Number,Insured,Premium,Commission,Statement Date\nHOME-2002,Rita Right,1000.00,100.00,${today}\nCAR-99-1,Carla Carrier,1000.00,100.00,${today}\n`),
      },
    },
  });
  expect(statement.status(), await statement.text()).toBe(201);
  return ids;
}

test('commissions: the 60-day group, and a line under the carrier’s number matched by hand from the dialog (Undo)', async ({ page }) => {
  test.slow(); // a journey: the view, a dialog, its undo, two widths
  await setUp(page);
  await page.goto('/dashboard/commissions');

  // the group: HOME-2001 (90 days) and PD-3003 (75 days) unpaid; NEW-4004 started 10 days ago
  const group = page.getByTestId('overdue-group');
  await expect(group.getByTestId('overdue-summary')).toHaveText('2 terms · $200.00 outstanding (expected $200.00, received $0.00)');
  await expect(termRow(page, 'HOME-2001')).toContainText('Over 60 days');
  await group.getByRole('button', { name: 'Show only these' }).click();
  await expect(page).toHaveURL(/overdue=1/);
  await expect(group.getByRole('button', { name: 'Show every term' })).toHaveAttribute('aria-pressed', 'true');
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByTestId('total-expected')).toHaveText('$200.00');
  await expect(page.getByTestId('total-received')).toHaveText('$0.00');
  await expect(page.getByTestId('total-outstanding')).toHaveText('$200.00');
  expect(await termRow(page, 'NEW-4004').count()).toBe(0);
  await shot(page, 'commissions-overdue-group');

  // the line not in the book: Match to a policy
  const notInBook = page.getByTestId('not-in-book');
  await expect(notInBook).toContainText('CAR-99-1');
  await notInBook.getByRole('button', { name: 'Match CAR-99-1 to a policy' }).click();
  const dialog = page.getByRole('dialog', { name: 'Match the line to a policy' });
  await expect(dialog).toContainText('CAR-99-1 · $100.00 received on');
  // suggested first: the same insured
  await expect(dialog.getByTestId('match-status')).toHaveText('Suggested: the same insured, or the same premium at this carrier.');
  await expect(dialog.getByRole('radio').first()).toHaveAccessibleName(/PD-3003 · Carla Carrier/);
  const search = dialog.getByLabel('Search your policies by number or insured name');
  await expect(search).toBeFocused();
  await search.fill('nobody here');
  await expect(dialog.getByTestId('match-status')).toHaveText('No policy of your book matches “nobody here”.');
  await expect(dialog.getByRole('button', { name: 'Choose a policy' })).toBeDisabled();
  await search.fill('pd 3003');
  await expect(dialog.getByTestId('match-status')).toHaveText('1 policy matching “pd 3003”.');
  // by keyboard: Tab to the policy, Space picks it, Tab to Match
  await search.press('Tab');
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('radio', { name: /PD-3003/ })).toBeChecked();
  await expectNoSeriousA11yViolations(page, 'the match dialog');
  await shot(page, 'commissions-match-dialog');
  await dialog.getByRole('button', { name: 'Match to PD-3003' }).click();
  await expect(dialog).toBeHidden();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'The statement line now pays policy PD-3003.' });
  await expect(toast).toBeVisible();
  expect(await errorToasts(page).count()).toBe(0);
  // PD-3003 is paid: the group is HOME-2001 alone, the line left the list
  await expect(group.getByTestId('overdue-summary')).toHaveText('1 term · $100.00 outstanding (expected $100.00, received $0.00)');
  await expect(rows(page)).toHaveCount(1);
  await expect(page.getByTestId('total-outstanding')).toHaveText('$100.00');
  await expect(notInBook).toBeHidden();

  // Undo: the line is not in the book again, PD-3003 unpaid again
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'The line is back among the lines not in the book.' })).toBeVisible();
  await expect(group.getByTestId('overdue-summary')).toHaveText('2 terms · $200.00 outstanding (expected $200.00, received $0.00)');
  await expect(notInBook).toContainText('CAR-99-1');

  // at 390 px: the group, the line and the dialog fit
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(group.getByRole('button', { name: 'Show every term' })).toBeVisible();
  await shot(page, 'commissions-overdue-group');
  await notInBook.getByRole('button', { name: 'Match CAR-99-1 to a policy' }).click();
  await expect(dialog.getByRole('radio', { name: /PD-3003/ })).toBeVisible();
  await dialog.getByRole('radio', { name: /PD-3003/ }).check();
  await shot(page, 'commissions-match-dialog');
  await dialog.getByRole('button', { name: 'Match to PD-3003' }).click();
  await expect(rows(page)).toHaveCount(1);
  await group.getByRole('button', { name: 'Show every term' }).click();
  await expect(page).not.toHaveURL(/overdue=1/);
  await expect(rows(page)).toHaveCount(4);
});

test('commissions: a line the import matched to the wrong policy is moved to the right one, and put back', async ({ page }) => {
  test.slow();
  await setUp(page);
  await page.goto('/dashboard/commissions');
  // the import paid Walt (HOME-2002) with Rita's commission
  await expect(termRow(page, 'HOME-2002')).toContainText('Paid in full');
  await expect(termRow(page, 'HOME-2001')).toContainText('Unpaid');
  await termRow(page, 'HOME-2002').getByRole('button', { name: 'Lines that paid HOME-2002' }).click();
  const lines = page.getByTestId('term-lines').filter({ visible: true });
  await expect(lines).toContainText('Matched on the policy number.');
  await expect(lines).toContainText('Acme Mutual statement');
  await lines.getByRole('button', { name: 'Match the line of HOME-2002 to another policy' }).click();
  const dialog = page.getByRole('dialog', { name: 'Match the line to a policy' });
  await expect(dialog).toContainText('now pays HOME-2002');
  await dialog.getByLabel('Search your policies by number or insured name').fill('rita');
  await dialog.getByRole('radio', { name: /HOME-2001 · Rita Right/ }).check();
  await dialog.getByRole('button', { name: 'Match to HOME-2001' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'The statement line now pays policy HOME-2001.' })).toBeVisible();
  expect(await errorToasts(page).count()).toBe(0);
  await expect(termRow(page, 'HOME-2001')).toContainText('Paid in full');
  await expect(termRow(page, 'HOME-2002')).toContainText('Unpaid');
  await expect(termRow(page, 'HOME-2002')).toContainText('Over 60 days');

  // the reason says who matched it; Put back restores the import's match
  await termRow(page, 'HOME-2001').getByRole('button', { name: 'Lines that paid HOME-2001' }).click();
  await expect(lines).toContainText('Matched by hand by Bea Bookkeeper to policy HOME-2001.');
  await shot(page, 'commissions-term-lines');
  await lines.getByRole('button', { name: 'Put the line of HOME-2002 back' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'The line pays policy HOME-2002 again, as the import matched it.' })).toBeVisible();
  await expect(termRow(page, 'HOME-2002')).toContainText('Paid in full');
  await expect(termRow(page, 'HOME-2001')).toContainText('Unpaid');
  await expectNoSeriousA11yViolations(page, 'reconciliation with a term’s lines');
  await page.setViewportSize({ width: 390, height: 844 });
  await rows(page).filter({ hasText: 'HOME-2002' }).getByRole('button', { name: 'Lines that paid HOME-2002' }).click();
  await expect(lines).toContainText('Matched on the policy number.');
  await shot(page, 'commissions-term-lines');
});

test('commissions: the tolerance moves a short-paid term in or out of the 60-day group, and its change can be undone', async ({ page }) => {
  const ids = await setUp(page);
  // a commission received by hand for HOME-2001: 40.00 of 100.00, 60.00 short
  const receipt = await page.request.post('/api/commissions/receipts', { data: { policy_id: ids['HOME-2001'], amount: '40', received_on: daysAgo(1) } });
  expect(receipt.status(), await receipt.text()).toBe(201);
  await page.goto('/dashboard/commissions');
  await expect(termRow(page, 'HOME-2001')).toContainText('Short-paid');
  await expect(page.getByTestId('overdue-summary')).toHaveText('2 terms · $160.00 outstanding (expected $200.00, received $40.00)');
  await expect(page.getByTestId('tolerance-note')).toContainText('Paid in full within $1.00 of the expected commission');

  await page.getByTestId('tolerance-note').getByRole('link', { name: 'Rates' }).click();
  await page.getByLabel('Tolerance ($)').fill('abc');
  await page.getByRole('button', { name: 'Save tolerance' }).click();
  await expect(page.getByText('Please enter a tolerance between 0 and 1000.00 (for example 1.00).')).toBeVisible();
  await page.getByLabel('Tolerance ($)').fill('75');
  await page.getByRole('button', { name: 'Save tolerance' }).click();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'From $1.00 to $75.00' });
  await expect(toast).toBeVisible();
  expect(await errorToasts(page).count()).toBe(0);
  await page.getByRole('navigation', { name: 'Commissions' }).getByRole('link', { name: 'Reconciliation' }).click();
  await expect(termRow(page, 'HOME-2001')).toContainText('Paid in full');
  await expect(page.getByTestId('overdue-summary')).toHaveText('1 term · $100.00 outstanding (expected $100.00, received $0.00)');
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Tolerance back to $1.00.' })).toBeVisible();
  await expect(termRow(page, 'HOME-2001')).toContainText('Short-paid');
  await expect(page.getByTestId('overdue-summary')).toHaveText('2 terms · $160.00 outstanding (expected $200.00, received $40.00)');
});
