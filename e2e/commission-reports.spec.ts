// Commission reports (issue 31): a rate, two policies, a statement paying one in full and one
// short; the reports page shows them by carrier, by producer and outstanding by age, the CSV's
// totals line carries the same numbers, and the printable view opens. The policies list shows each
// term's commission in its own answer (a column on wide screens, on the card on a phone), sorts by it
// and filters it (No rate / Short-paid …, kept in the URL). At 1366 and 390 px.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { carPolicyPayload } from '#server/test/factories.ts';
import { createAccount, expect, shot, signInAs, test } from './support/fixtures.ts';

const year = new Date().getFullYear();

async function book(page: Page) {
  const me = (await (await page.request.get('/api/me')).json()) as { profile: { id: string } };
  expect((await page.request.post('/api/commissions/rates', { data: { carrier: 'Acme Mutual', line: 'car', business: 'new', rate: '10', effective_from: `${year}-01-01` } })).status()).toBe(201);
  for (const [number, premium] of [['CRP-1', '1200.00'], ['CRP-2', '800.00']]) {
    const res = await page.request.post('/api/policies', {
      data: carPolicyPayload({ policy_number: number, premium_amount: premium, start_date: `${year}-02-01`, insurance_company: 'Acme Mutual', assignee_id: me.profile.id }),
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  const csv = `Policy Number,Commission,Statement Date\nCRP-1,120.00,${year}-03-05\nCRP-2,50.00,${year}-03-05\n`;
  const res = await page.request.post('/api/commissions/statements', {
    multipart: { carrier: 'Acme Mutual', period: `${year}-03`, file: { name: 'acme.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
  });
  expect(res.status(), await res.text()).toBe(201);
}

for (const width of [1366, 390]) {
  test(`commission reports at ${width} px: numbers, CSV totals, printable view, and the policies list's Commission column`, async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    const account = await createAccount(page.request, { plan: 'professional' });
    await signInAs(page, account.email, account.password);
    await book(page);
    const range = `from=${year}-01-01&to=${year}-12-31`;

    await page.goto(`/dashboard/reports?report=commission&${range}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Commission' })).toBeVisible();
    const totals = page.getByTestId('report-totals');
    await expect(totals).toContainText('$200.00');
    await expect(totals).toContainText('$170.00');
    await expect(totals).toContainText('$30.00');
    await shot(page, `commission-report-carrier`);

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download CSV' }).click();
    const csv = readFileSync(await (await download).path(), 'utf8').replace('\uFEFF', '').trim().split(/\r?\n/);
    expect(csv[0]).toBe('Carrier,Terms,Premium,Expected,Received,Outstanding,No rate');
    expect(csv.at(-1)).toBe('Total,2,2000.00,200.00,170.00,30.00,0');

    await page.getByLabel('Group by').selectOption('producer');
    await expect(page).toHaveURL(/group=producer/);
    // the producer table itself (the carrier table stays on screen while it loads)
    await expect(page.getByText('Producer earned').first()).toBeVisible();
    await expect(totals).toContainText('$30.00');
    await shot(page, `commission-report-producer`);

    await page.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: 'Outstanding commission' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Outstanding commission' })).toBeVisible();
    await expect(totals).toContainText('$30.00');
    const aged = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download CSV' }).click();
    const agedCsv = readFileSync(await (await aged).path(), 'utf8').trim().split(/\r?\n/);
    expect(agedCsv.at(-1)).toMatch(/^Total,2,.*,30\.00$/);
    await shot(page, `commission-report-aging`);

    await page.goto(`/dashboard/reports/print?report=commission&${range}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Commission' })).toBeVisible();
    await expect(page.getByTestId('report-totals')).toContainText('$170.00');
    await shot(page, `commission-report-print`);

    // a term whose carrier has no schedule: "No rate"
    const noRate = await page.request.post('/api/policies', {
      data: carPolicyPayload({ policy_number: 'CRP-3', premium_amount: '500.00', start_date: `${year}-02-01`, insurance_company: 'Nobody Re' }),
    });
    expect(noRate.status(), await noRate.text()).toBe(201);
    await page.goto('/dashboard/policies');
    // a table on wide screens, one card per policy on a phone
    const list = page.getByRole(width > 768 ? 'table' : 'list', { name: 'Policies' });
    await expect(list.getByText('Short-paid $30.00')).toBeVisible();
    await expect(list.getByText('Paid in full')).toBeVisible();
    await expect(list.getByText('No rate', { exact: true })).toBeVisible();
    await shot(page, `policies-commission-column`);

    const numbers = page.getByRole('link', { name: /^CRP-\d$/ });
    if (width > 768) {
      await page.getByRole('button', { name: /^Commission/ }).click();
      await expect(page).toHaveURL(/sort=commission\.desc/);
      // highest expected first, no rate last
      await expect.poll(() => numbers.allInnerTexts()).toEqual(['CRP-1', 'CRP-2', 'CRP-3']);
    }

    const filtered = page.waitForResponse((r) => r.url().includes('/api/policies') && r.url().includes('commission=short_paid'));
    await page.getByLabel('Commission', { exact: true }).selectOption('short_paid');
    await expect(page).toHaveURL(/commission=short_paid/);
    expect((await filtered).status()).toBe(200);
    await expect.poll(() => numbers.count()).toBe(1);
    await expect(numbers.first()).toHaveText('CRP-2');
    expect(await page.getByRole('link', { name: 'CRP-1' }).count()).toBe(0);
    await shot(page, `policies-commission-filter`);

    // the filter lives in the URL: a reload keeps it
    await page.reload();
    await expect(page.getByLabel('Commission', { exact: true })).toHaveValue('short_paid');
    await expect(list.getByText('Short-paid $30.00')).toBeVisible();
    await page.getByLabel('Commission', { exact: true }).selectOption('no_rate');
    await expect(page).toHaveURL(/commission=no_rate/);
    await expect.poll(() => numbers.allInnerTexts()).toEqual(['CRP-3']);
  });
}
