// Commission reports (issue 31): a rate, two policies, a statement paying one in full and one
// short; the reports page shows them by carrier, by producer and outstanding by age, the CSV's
// totals line carries the same numbers, and the printable view opens. At 1366 and 390 px.
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
  test(`commission reports at ${width} px: numbers, CSV totals, and printable view`, async ({ page }) => {
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
  });
}
