// The dashboard's performance panel shows commission this month against last year's same month
// (issue 31), from the dashboard's one request. At 1366 and 390 px.
import { carPolicyPayload } from '#server/test/factories.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { createAccount, expect, shot, signInAs, test } from './support/fixtures.ts';

const today = new Date();
const month = today.toISOString().slice(0, 7);
const lastYearMonth = `${today.getUTCFullYear() - 1}${month.slice(4)}`;

for (const width of [1366, 390]) {
  test(`the performance panel shows commission this month against the same month last year (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const account = await createAccount(page.request, { plan: 'professional' });
    await signInAs(page, account.email, account.password);
    const rate = await page.request.post('/api/commissions/rates', { data: { carrier: 'Acme Mutual', line: 'car', business: 'new', rate: '10', effective_from: `${today.getUTCFullYear() - 2}-01-01` } });
    expect(rate.status(), await rate.text()).toBe(201);
    // the 2nd of the month: inside it in every agency time zone once the month has begun there
    for (const [number, premium, start] of [
      ['DSH-1', '1500.00', `${month}-02`],
      ['DSH-2', '1000.00', `${lastYearMonth}-02`],
    ]) {
      const res = await page.request.post('/api/policies', { data: carPolicyPayload({ policy_number: number, premium_amount: premium, start_date: start, insurance_company: 'Acme Mutual' }) });
      expect(res.status(), await res.text()).toBe(201);
    }
    await page.goto('/dashboard');
    const line = page.getByRole('region', { name: new RegExp(`Commission this month \\(${month}\\)`) });
    await expect(line).toBeVisible();
    await expect(line.getByRole('definition').first()).toHaveText('$150.00');
    await expect(line).toContainText(`Same month last year (${lastYearMonth}): $100.00 expected · $0.00 received`);
    await expect(line).toContainText('+50.0 % expected against last year');
    // Professional has no analytics: the commission line sits above the analytics upsell
    await expect(page.getByText('Upgrade to access policy analytics')).toBeVisible();
    await shot(page, 'dashboard-commission');
    await expectNoSeriousA11yViolations(page, 'dashboard with the commission line');
    await line.getByRole('link', { name: 'Open reconciliation' }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/commissions\\?month=${month}`));
  });
}
