// Admin › System (issue 27): a super admin follows the background jobs of every instance and filters
// them by state; a phone shows each job as a card.
import { admin, expect, signInAs, test } from './support/fixtures.ts';

test('a super admin finds the scheduled jobs at Admin › System and filters them by state', async ({ page }) => {
  await signInAs(page, admin.email, admin.password);
  await page.goto('/admin');
  await page.getByRole('navigation').getByRole('link', { name: 'System', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'System', exact: true })).toBeVisible();
  // every instance schedules its purges and the digest at start; one of them ran them
  await expect(page.getByTestId('job-row').filter({ hasText: 'Trash purge' }).first()).toBeVisible();
  await page.getByLabel('State').selectOption('failed');
  await expect(page).toHaveURL(/state=failed/);
  await expect(page.getByText('No jobs in this state.')).toBeVisible();
  expect(await page.getByTestId('job-row').count()).toBe(0);
});
