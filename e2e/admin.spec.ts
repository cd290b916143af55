// The admin area: cards by role, user search, role and plan changes, manage_team, delete with a
// confirmation naming the user, the contact inbox, and the guard for everyone else.
import type { Browser, Page } from '@playwright/test';
import { admin, BASE_URL, createAccount, expect, shot, signInAs, test, uniqueEmail } from './support/fixtures.ts';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]:not([data-removed="true"])').filter({ hasText: text });

async function superAdminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInAs(page, admin.email, admin.password);
  return page;
}

async function idOf(page: Page): Promise<string> {
  return (await (await page.request.get('/api/me')).json()).profile.id;
}

test('a non-admin gets Access Denied and the admin API answers Permission denied', async ({ page, account }) => {
  void account;
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText("You don't have permission to access this page. Required role: admin")).toBeVisible();
  const res = await page.request.get('/api/admin/users');
  expect(res.status()).toBe(403);
  expect((await res.json()).error.message).toBe('Permission denied');
});

test('the super admin searches users, changes role and plan, grants manage_team and deletes a user', async ({ page }) => {
  test.slow(); // a whole journey across pages: inherently long, so three times the budget (issue 30)
  const marker = `Zephyr${Date.now().toString(36)}`;
  const target = await createAccount(page.request, { firstName: 'Quinn', lastName: marker, company: `${marker} Brokers` });
  const other = await createAccount(page.request, { firstName: 'Olive', lastName: 'Other', company: `${marker} Partners` });
  await signInAs(page, admin.email, admin.password);

  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  for (const name of ['User Management', 'Payment Verification', 'Contact Messages', 'System Analytics', 'Security Settings', 'CMS Pages', 'Blog Management', 'SEO Tools'])
    await expect(page.getByRole('main').getByRole('link', { name: new RegExp(name) })).toBeVisible();
  await shot(page, 'admin-dashboard');
  await page.getByRole('main').getByRole('link', { name: /User Management/ }).click();
  await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();

  // search matches name, e-mail and company, case-insensitively
  await page.getByLabel('Search users').fill(marker.toLowerCase());
  const rows = page.getByTestId('user-row');
  await expect(rows).toHaveCount(2);
  await page.getByLabel('Search users').fill(target.email.toUpperCase());
  await expect(rows).toHaveCount(1);
  const row = rows.filter({ hasText: target.email });
  await expect(row).toContainText(`Quinn ${marker}`);
  await shot(page, 'admin-users');

  await row.getByLabel(`Role of Quinn ${marker}`).selectOption('admin');
  await expect(toast(page, 'User role updated.')).toBeVisible();
  await row.getByLabel(`Plan of Quinn ${marker}`).selectOption('enterprise');
  await expect(toast(page, 'User tier updated.')).toBeVisible();
  // enterprise comes with manage_team; the admin can still revoke and grant it
  const manageTeam = row.getByLabel(`Manage team for Quinn ${marker}`);
  await expect(manageTeam).toHaveAttribute('data-state', 'checked');
  await manageTeam.click();
  await expect(toast(page, 'Permission revoked.')).toBeVisible();
  await expect(manageTeam).toHaveAttribute('data-state', 'unchecked');
  await manageTeam.click();
  await expect(toast(page, 'Permission granted.')).toBeVisible();
  await expect(manageTeam).toHaveAttribute('data-state', 'checked');

  // filters
  await page.getByLabel('Search users').fill(marker);
  await page.getByLabel('Filter by role').selectOption('admin');
  await expect(rows).toHaveCount(1);
  await page.getByLabel('Filter by plan').selectOption('starter');
  await expect(page.getByText('No users match your search.')).toBeVisible();
  await page.getByLabel('Filter by role').selectOption('all');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(other.email);
  await page.getByLabel('Filter by plan').selectOption('all');
  await expect(rows).toHaveCount(2);

  // the changed user now sees the admin area and the enterprise plan
  const targetPage = await page.context().browser()!.newContext({ baseURL: BASE_URL }).then((c) => c.newPage());
  await signInAs(targetPage, target.email, target.password);
  const me = await (await targetPage.request.get('/api/me')).json();
  expect(me.profile).toMatchObject({ role: 'admin', subscription_tier: 'enterprise' });
  expect(me.permissions).toEqual(['manage_team']);
  // a plain admin sees no super-admin cards
  await targetPage.goto('/admin');
  await expect(targetPage.getByRole('main').getByRole('link', { name: /User Management/ })).toBeVisible();
  await expect(targetPage.getByRole('main').getByRole('link', { name: /System Analytics/ })).toHaveCount(0);
  await targetPage.goto('/admin/analytics');
  await expect(targetPage.getByText("You don't have permission to access this page. Required role: super_admin")).toBeVisible();

  // delete, with a confirmation naming the user
  const deleteRow = rows.filter({ hasText: other.email });
  await deleteRow.getByRole('button', { name: 'Delete Olive Other' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Delete Olive Other?');
  await expect(confirm).toContainText(other.email);
  await shot(page, 'admin-delete-confirm');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(rows).toHaveCount(2);
  await deleteRow.getByRole('button', { name: 'Delete Olive Other' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete user' }).click();
  await expect(toast(page, 'User profile deleted.')).toBeVisible();
  await expect(rows).toHaveCount(1);
  const signIn = await page.request.post('/api/account/sign-in', { data: { email: other.email, password: other.password } });
  expect(signIn.status()).toBe(401);
  await targetPage.context().close();

  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'admin-users');
});

test('the super admin cannot demote or delete themselves; the server says why', async ({ page }) => {
  await signInAs(page, admin.email, admin.password);
  const myId = await idOf(page);
  await page.goto('/admin/users');
  await page.getByLabel('Search users').fill(admin.email);
  const row = page.getByTestId('user-row').filter({ hasText: admin.email });
  await expect(row).toContainText('(you)');
  await expect(row.getByLabel(/^Role of/)).toBeDisabled();
  await expect(row.getByRole('button', { name: /^Delete/ })).toBeDisabled();
  const res = await page.request.patch(`/api/admin/users/${myId}`, { data: { role: 'user' } });
  expect(res.status()).toBe(403);
  expect((await res.json()).error.message).toBe('You cannot change your own role.');
});

test('the contact inbox lists messages newest first and marks them read', async ({ page, browser }) => {
  const subject = `Question ${Date.now().toString(36)}`;
  const sent = await page.request.post('/api/contact', {
    data: { name: 'Casey Contact', email: uniqueEmail('contact'), company: 'Contact Co', contactReason: 'sales', subject, message: 'How does the trial work?' },
  });
  expect(sent.status(), await sent.text()).toBeLessThan(300);
  const adm = await superAdminPage(browser);
  await adm.goto('/admin/messages');
  await expect(adm.getByRole('heading', { name: 'Contact Messages' })).toBeVisible();
  const message = adm.getByTestId('message').filter({ hasText: subject });
  await expect(message).toContainText('How does the trial work?');
  await expect(message).toContainText('New');
  await message.getByRole('button', { name: 'Mark as read' }).click();
  await expect(toast(adm, 'Message marked as read.')).toBeVisible();
  await expect(message.getByRole('button', { name: 'Mark as unread' })).toBeVisible();
  await shot(adm, 'admin-messages');
  await adm.context().close();
});
