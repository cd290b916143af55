// Security Settings and System Analytics (issue 16): a plan change shows up in the audit log with
// its before and after, the log filters, and the analytics charts come with their tables.
import type { Page } from '@playwright/test';
import { admin, createAccount, expect, shot, signInAs, test } from './support/fixtures.ts';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]:not([data-removed="true"])').filter({ hasText: text });

test('a super admin changes a plan and finds it in the audit log, with before and after', async ({ page }) => {
  test.slow(); // a whole journey across pages: inherently long, so three times the budget (issue 30)
  const marker = `Audit${Date.now().toString(36)}`;
  const target = await createAccount(page.request, { firstName: 'Tess', lastName: marker });
  await signInAs(page, admin.email, admin.password);

  await page.goto('/admin/users');
  await page.getByLabel('Search users').fill(target.email);
  const row = page.getByTestId('user-row').filter({ hasText: target.email });
  await expect(row).toHaveCount(1);
  await row.getByLabel(`Plan of Tess ${marker}`).selectOption('business');
  await expect(toast(page, 'User tier updated.')).toBeVisible();

  await page.getByRole('navigation').getByRole('link', { name: 'Security Settings' }).first().click();
  await expect(page.getByRole('heading', { name: 'Security Settings' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Audit log' })).toHaveAttribute('aria-selected', 'true');
  const entries = page.getByTestId('audit-row');
  await expect(entries.first()).toBeVisible();

  // filter by target: only this user's entry, with who did it and the plan before and after
  await page.getByLabel('Target', { exact: true }).fill(target.email);
  await expect(entries).toHaveCount(1);
  const entry = entries.first();
  await expect(entry).toContainText('Plan changed');
  await expect(entry).toContainText(`by ${admin.email}`);
  await expect(entry).toContainText('subscription_tier:');
  const tierChange = entry.locator('div', { hasText: 'subscription_tier:' }).last();
  await expect(tierChange.getByTestId('audit-before')).toHaveText('starter');
  await expect(tierChange.getByTestId('audit-after')).toHaveText('business');

  // by action and by actor
  await page.getByLabel('Action', { exact: true }).selectOption({ label: 'User deleted' });
  await expect(page.getByText('No audit entries match these filters.')).toBeVisible();
  await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Plan changed' });
  await expect(entries).toHaveCount(1);
  await page.getByLabel('Actor', { exact: true }).fill('someone-else@example.com');
  await expect(page.getByText('No audit entries match these filters.')).toBeVisible();
  await page.getByLabel('Actor', { exact: true }).fill(admin.email);
  await expect(entries).toHaveCount(1);
  const today = new Date().toISOString().slice(0, 10);
  await page.getByLabel('From', { exact: true }).fill(today);
  await page.getByLabel('To', { exact: true }).fill(today);
  await expect(entries).toHaveCount(1);

  // the CSV export carries the same filters
  const csv = await page.request.get(`/api/admin/audit/export?target=${encodeURIComponent(target.email)}`);
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain(',user.tier_changed,');
  await shot(page, 'admin-security-audit');

  await page.getByRole('tab', { name: 'Sign-in lockouts' }).click();
  await expect(page.getByText('No accounts have repeated failed sign-ins right now.')).toBeVisible();
  await shot(page, 'admin-security-lockouts');
  await page.getByRole('tab', { name: 'Platform settings' }).click();
  await expect(page.getByLabel('Minimum password length')).toHaveValue('8');
  await expect(page.getByLabel('Require two-factor authentication for admins')).not.toBeChecked();
  await page.getByLabel('Minimum password length').fill('7');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('The minimum password length must be between 8 and 128.')).toBeVisible();
  await shot(page, 'admin-security-settings');
  // a saved change is audited with its before and after (the e2e server runs without rate limits,
  // so the sign-up limit changes nothing for the other journeys; it is put back anyway)
  await page.getByLabel('Minimum password length').fill('8');
  await page.getByLabel('Sign-ups per hour from one address').fill('11');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(toast(page, 'Platform settings saved.')).toBeVisible();
  await page.getByRole('tab', { name: 'Audit log' }).click();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Settings changed' });
  const settingsEntry = entries.filter({ hasText: 'sign_up_limit_per_hour:' }).first();
  await expect(settingsEntry).toContainText('sign_up_limit_per_hour: 10 → 11');
  await page.getByRole('tab', { name: 'Platform settings' }).click();
  // the first save's toast may still be up (4 s): let it go, so the one below is the second save's
  await expect(toast(page, 'Platform settings saved.')).toHaveCount(0);
  await page.getByLabel('Sign-ups per hour from one address').fill('10');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(toast(page, 'Platform settings saved.')).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('tab', { name: 'Audit log' }).click();
  await expect(entries.first()).toBeVisible();
  await shot(page, 'admin-security-audit');
});

test('System Analytics shows its charts, each with a table alternative', async ({ page }) => {
  await signInAs(page, admin.email, admin.password);
  await page.goto('/admin/analytics');
  await expect(page.getByRole('heading', { name: 'System Analytics' })).toBeVisible();
  const cards = page.getByTestId('chart-card');
  await expect(cards).toHaveCount(5);
  for (const title of ['Sign-ups per week', 'Active agencies', 'Agencies per plan', 'Monthly recurring revenue by plan', 'Pending verifications by age'])
    await expect(cards.filter({ has: page.getByRole('heading', { name: title, exact: true }) })).toHaveCount(1);
  await expect(page.locator('.recharts-wrapper').first()).toBeVisible();
  await expect(page.getByText('Monthly recurring revenue', { exact: true })).toBeVisible();
  await shot(page, 'admin-analytics');

  const plans = cards.filter({ has: page.getByRole('heading', { name: 'Agencies per plan' }) });
  await plans.getByRole('button', { name: 'Show as table' }).click();
  const table = plans.getByRole('table', { name: 'Agencies per plan' });
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'On trial' })).toBeVisible();
  for (const plan of ['Starter', 'Professional', 'Business', 'Enterprise']) await expect(table.getByRole('rowheader', { name: plan })).toBeVisible();
  await expect(plans.locator('.recharts-wrapper')).toBeHidden();
  await plans.getByRole('button', { name: 'Show as chart' }).click();
  await expect(plans.locator('.recharts-wrapper')).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(cards.first()).toBeVisible();
  await shot(page, 'admin-analytics');
});

test('the audit log keeps its page in the URL: page 2 survives a reload, a new filter starts at page 1', async ({ page }) => {
  const target = await createAccount(page.request, { firstName: 'Paige', lastName: 'Turner' });
  await signInAs(page, admin.email, admin.password);
  const id = (await (await page.request.get(`/api/admin/users?search=${encodeURIComponent(target.email)}`)).json()).rows[0].id;
  // 51 plan changes: more than the log's page of 50, whatever else the run has logged
  for (let i = 0; i < 51; i++) {
    const res = await page.request.patch(`/api/admin/users/${id}`, { data: { subscription_tier: i % 2 ? 'starter' : 'business' } });
    expect(res.status()).toBe(200);
  }
  await page.goto('/admin/security');
  await expect(page.getByTestId('audit-row').first()).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/[?&]page=2\b/);
  await expect(page.getByText(/page 2 of/)).toBeVisible();
  await page.reload();
  await expect(page.getByText(/page 2 of/)).toBeVisible();
  await page.getByLabel('Target', { exact: true }).fill(target.email);
  await expect(page.getByText(/page 1 of/)).toBeVisible();
  expect(new URL(page.url()).searchParams.get('page')).toBeNull();
});
