import { admin, BASE_URL, createAccount, expect, sharedTest, shot, signInAs, test } from './support/fixtures.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';

const LOCKED = (item: string) => `The "${item}" feature requires a higher subscription tier or specific permissions.`;

test('starter sidebar: every item, locked ones dimmed with the Access Denied toast; no Admin section', async ({ page, account }) => {
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  for (const [name, href] of [
    ['Dashboard', '/dashboard'],
    ['Customers', '/dashboard/customers'],
    ['Policies', '/dashboard/policies'],
    ['Upgrade', '/dashboard/subscription/upgrade'],
    ['Billing History', '/dashboard/subscription/history'],
    ['Settings', '/dashboard/settings'],
  ])
    await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  const locked = ['Renewals', 'Reports', 'Export', 'Documents', 'Analytics', 'Bulk Actions', 'CRM', 'Team Management', 'API Settings', 'White Label'];
  for (const name of locked) {
    const button = nav.getByRole('button', { name: `${name} (locked)` });
    await expect(button).toHaveClass(/cursor-not-allowed/);
    await expect(button.locator('svg.lucide-lock')).toHaveCount(1);
    await expect(nav.getByRole('link', { name, exact: true })).toHaveCount(0);
  }
  await nav.getByRole('button', { name: 'Reports (locked)' }).click();
  await expect(page.getByText('Access Denied', { exact: true })).toBeVisible();
  await expect(page.getByText(LOCKED('Reports'))).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await nav.getByRole('button', { name: 'White Label (locked)' }).click();
  await expect(page.getByText(LOCKED('White Label'))).toBeVisible();
  await expect(page.locator('[data-sonner-toast]:not([data-removed="true"])')).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Admin' })).toHaveCount(0);
  await shot(page, 'dashboard-starter');

  // Settings, every plan's page (its placeholder until issue 16 built it)
  await nav.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Agency' })).toHaveAttribute('aria-selected', 'true');
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
  await expect(crumbs.getByText('Settings')).toHaveAttribute('aria-current', 'page');
  await crumbs.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(account.email).toBeTruthy();
});

test('Upgrade Required on a tier page; a business trial opens its pages', async ({ page, account }) => {
  await page.goto('/dashboard/reports');
  await expect(page.getByRole('heading', { name: 'Upgrade Required' })).toBeVisible();
  await expect(page.getByText('This feature requires a professional subscription or higher. Your current plan: starter')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upgrade to Professional' })).toHaveAttribute(
    'href',
    '/dashboard/subscription/upgrade?tier=professional',
  );
  await shot(page, 'upgrade-required');
  await page.goto('/dashboard/white-label');
  await expect(page.getByText('This feature requires an enterprise subscription or higher. Your current plan: starter')).toBeVisible();
  expect(account.email).toBeTruthy();

  const business = await createAccount(page.request, { plan: 'business' });
  await signInAs(page, business.email, business.password);
  // the CRM (issue 14) opens on its default tab, My tasks
  await page.goto('/dashboard/crm');
  await expect(page).toHaveURL(/\/dashboard\/crm\/tasks$/);
  await expect(page.getByRole('heading', { level: 1, name: 'CRM' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('CRM');
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(nav.getByRole('link', { name: 'Bulk Actions' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'White Label (locked)' })).toBeVisible();
  await page.goto('/dashboard/white-label');
  await expect(page.getByText('This feature requires an enterprise subscription or higher. Your current plan: business')).toBeVisible();
});

test('signed out, a protected page redirects to login and returns there after signing in', async ({ page }) => {
  const account = await createAccount(page.request);
  await page.goto('/dashboard/settings');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard%2Fsettings$/);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
});

test('Access Denied on /admin for a normal user', async ({ page, account }) => {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText("You don't have permission to access this page. Required role: admin")).toBeVisible();
  await shot(page, 'access-denied');
  await page.getByRole('link', { name: 'Return to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // the Admin section and the avatar menu's Admin item stay hidden
  await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('heading', { name: 'Admin' })).toHaveCount(0);
  expect(account.email).toBeTruthy();
});

test('Permission Denied on team management for an Enterprise owner without manage_team', async ({ page, browser }) => {
  const owner = await createAccount(page.request);
  // the super admin sets Enterprise (which grants manage_team) and then revokes the permission
  const adminContext = await browser.newContext({ baseURL: BASE_URL });
  const adminPage = await adminContext.newPage();
  await signInAs(adminPage, admin.email, admin.password);
  const found = await (await adminPage.request.get(`/api/admin/users?search=${encodeURIComponent(owner.email)}`)).json();
  const id = found.rows[0].id as string;
  expect((await adminPage.request.patch(`/api/admin/users/${id}`, { data: { subscription_tier: 'enterprise' } })).status()).toBe(200);
  expect((await adminPage.request.delete(`/api/admin/users/${id}/permissions/manage_team`)).status()).toBe(200);
  await adminContext.close();

  await signInAs(page, owner.email, owner.password);
  await page.goto('/dashboard/team-management');
  await expect(page.getByRole('heading', { name: 'Permission Denied' })).toBeVisible();
  await expect(page.getByText("You don't have the required permission (manage_team) to access this feature.")).toBeVisible();
  expect((await page.request.get('/api/team')).status()).toBe(403);
  await shot(page, 'guard-permission-denied');
});

test("'Profile not found' when the profile can't be loaded, with a way back to login", async ({ page, account }) => {
  void account;
  await page.route('**/api/me', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"INTERNAL","message":"boom"}}' }));
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Profile not found' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("We couldn't load your profile information. Please try logging out and back in.")).toBeVisible();
  await shot(page, 'guard-profile-not-found');
  await page.unroute('**/api/me');
  await page.getByRole('button', { name: 'Go to Login' }).click();
  await expect(page).toHaveURL(/\/login/);
});

test('a part reached for and then left for another does not open over it when it arrives (the bell, then the avatar menu)', async ({ page, account }) => {
  // the bell's popover arrives late; meanwhile the person has opened the avatar menu
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/notification-popover-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Notifications' }).click();
  await page.getByRole('button', { name: 'Account menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toContainText(account.email);
  const arrived = page.waitForResponse(/notification-popover-[^/]*\.js$/);
  release();
  await arrived;
  // the popover's part has drawn (its trigger replaced the stand-in) without opening
  await expect(page.getByRole('button', { name: 'Notifications' })).toHaveAttribute('data-state', 'closed');
  expect(await page.getByRole('dialog').count()).toBe(0);
  await expect(menu).toContainText(account.email);
});

test('avatar menu: name, e-mail, Dashboard, Profile, Log out; Admin and the Admin section only for admins', async ({ page, account }) => {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Notifications' }).click();
  await page.getByRole('button', { name: 'Account menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toContainText(`${account.firstName} ${account.lastName}`);
  await expect(menu).toContainText(account.email);
  await expect(page.getByRole('menuitem', { name: 'Admin' })).toHaveCount(0);
  await shot(page, 'avatar-menu');
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Profile');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);

  await signInAs(page, admin.email, admin.password);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Admin' })).toBeVisible();
  await page.keyboard.press('Escape');
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(nav.getByRole('heading', { name: 'Admin' })).toBeVisible();
  for (const [name, href] of [
    ['Admin Dashboard', '/admin'],
    ['User Management', '/admin/users'],
    ['Payment Verification', '/admin/payment-verification'],
    ['Contact Messages', '/admin/messages'],
    ['System Analytics', '/admin/analytics'],
    ['SEO Tools', '/admin/seo'],
  ])
    await expect(nav.getByRole('link', { name })).toHaveAttribute('href', href);
  // super_admin passes every tier
  await expect(nav.getByRole('button', { name: /\(locked\)/ })).toHaveCount(0);
  await shot(page, 'dashboard-admin');
});

test('on a phone the sidebar is a drawer', async ({ page, account }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard');
  await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeHidden();
  await shot(page, 'dashboard');
  await page.getByRole('button', { name: 'Open navigation' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
  await shot(page, 'dashboard-drawer');
  await drawer.getByRole('button', { name: 'Export (locked)' }).click();
  await expect(page.getByText(LOCKED('Export'))).toBeVisible();
  await drawer.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu')).toContainText(account.email);
  await shot(page, 'avatar-menu');
});

// The dashboard shell has no serious or critical accessibility violations: a test per state (five
// axe runs in one test took most of its budget on a shared two-core machine, issue 30), each on the
// worker's shared agency, which they only look at.
sharedTest('the dashboard shell on /dashboard has no serious or critical accessibility violations', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/dashboard');
});

sharedTest('Upgrade Required in the shell has no serious or critical accessibility violations', async ({ page }) => {
  await page.goto('/dashboard/reports');
  await expect(page.getByRole('heading', { name: 'Upgrade Required' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/dashboard/reports (Upgrade Required)');
});

sharedTest('the settings page has no serious or critical accessibility violations', async ({ page }) => {
  // /dashboard/settings was the under-construction page here until Settings was built (issue 16)
  await page.goto('/dashboard/settings');
  await expect(page.getByLabel('Agency name')).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/dashboard/settings');
});

sharedTest('the open avatar menu and the open drawer have no serious or critical accessibility violations', async ({ page }) => {
  await page.goto('/dashboard/settings');
  await expect(page.getByLabel('Agency name')).toBeVisible();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expectNoSeriousA11yViolations(page, 'avatar menu open');
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expectNoSeriousA11yViolations(page, 'drawer open', '[role="dialog"]');
});
