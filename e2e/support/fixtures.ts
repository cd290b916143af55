// Accounts for journeys, made through the real API (register → e-mailed link → sign-in),
// so a test starts signed in without clicking through the login form.
import { test as base, expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { firstLink, readMail } from './mail.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, BASE_URL, SCREENS_DIR } from './ports.ts';

export interface Account {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  company: string;
}

let seq = 0;
export function uniqueEmail(prefix = 'agent'): string {
  seq += 1;
  return `${prefix}-${Date.now().toString(36)}-${seq}-${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** Registers and confirms an account through the API. */
export async function createAccount(request: APIRequestContext, opts: Partial<Account> & { plan?: string } = {}): Promise<Account> {
  const account: Account = {
    email: opts.email ?? uniqueEmail(),
    password: opts.password ?? 'password123',
    firstName: opts.firstName ?? 'Alex',
    lastName: opts.lastName ?? 'Morgan',
    company: opts.company ?? 'Morgan Insurance',
  };
  const res = await request.post('/api/account/register', {
    data: {
      company: account.company,
      full_name: `${account.firstName} ${account.lastName}`,
      email: account.email,
      password: account.password,
      confirmPassword: account.password,
      termsAccepted: true,
      plan: opts.plan,
    },
  });
  expect(res.status()).toBe(200);
  const mail = await readMail(account.email, /Confirm/);
  const confirm = await request.get(firstLink(mail), { maxRedirects: 0 });
  expect(confirm.status()).toBe(302);
  return account;
}

/** Signs the page's browser context in through the API (cookies land in the context). */
export async function signInAs(page: Page, email: string, password: string): Promise<void> {
  const res = await page.request.post('/api/account/sign-in', { data: { email, password, rememberMe: true } });
  expect(res.status(), await res.text()).toBe(200);
}

export const admin = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };

/** Saves a screenshot under e2e/.artifacts/screens to look at. */
export async function shot(page: Page, name: string): Promise<void> {
  // for people to look at; CI has no one looking, and 190 full-page captures cost it minutes
  if (process.env.CI && !process.env.E2E_SHOTS) return;
  mkdirSync(SCREENS_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(SCREENS_DIR, `${name}-${width}.png`), fullPage: true });
}

export interface SharedAccount extends Account {
  /** the signed-in cookies, saved once per worker for browser contexts to start from */
  storageState: string;
}

export const test = base.extend<{ account: Account }, { workerAccount: SharedAccount }>({
  account: async ({ page }, use) => {
    const account = await createAccount(page.request);
    await signInAs(page, account.email, account.password);
    await use(account);
  },
  // Defined here, not in a spec, so every file has the same worker fixtures: a file with others
  // would need workers of its own (Playwright restarts a worker to switch).
  workerAccount: [
    async ({ playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({ baseURL: BASE_URL });
      const account = await createAccount(request, { firstName: 'Sam', lastName: 'Shared', company: `Shared Agency ${workerInfo.workerIndex}` });
      const res = await request.post('/api/account/sign-in', { data: { email: account.email, password: account.password, rememberMe: true } });
      expect(res.status(), await res.text()).toBe(200);
      const storageState = path.join(workerInfo.project.outputDir, '.auth', `worker-${workerInfo.workerIndex}.json`);
      await request.storageState({ path: storageState });
      await request.dispose();
      await use({ ...account, storageState });
    },
    { scope: 'worker' },
  ],
});

/**
 * For tests that only look (accessibility sweeps, a refused page): one Starter agency per worker,
 * signed up once and signed in from its stored cookies, instead of a new agency per test. Such a
 * test must not sign out, change the agency's settings or count on an empty book; what it adds
 * (idempotently) the next test in the worker sees.
 */
export const sharedTest = test.extend<{ sharedAccount: SharedAccount }>({
  storageState: async ({ workerAccount }, use) => use(workerAccount.storageState),
  sharedAccount: async ({ workerAccount }, use) => use(workerAccount),
});

export { expect, BASE_URL };

/**
 * An Enterprise owner (with manage_team unless told otherwise), upgraded through the admin API as an
 * admin would, signed in on `page`.
 */
export async function enterpriseOwner(
  browser: Browser,
  page: Page,
  who: { company?: string; firstName: string; lastName: string; manageTeam?: boolean },
): Promise<Account> {
  const owner = await createAccount(page.request, { ...(who.company ? { company: who.company } : {}), firstName: who.firstName, lastName: who.lastName });
  await signInAs(page, owner.email, owner.password);
  const me = await (await page.request.get('/api/me')).json();
  const context = await browser.newContext({ baseURL: BASE_URL });
  const adminPage = await context.newPage();
  await signInAs(adminPage, admin.email, admin.password);
  const tier = await adminPage.request.patch(`/api/admin/users/${me.profile.id}`, { data: { subscription_tier: 'enterprise' } });
  expect(tier.status(), await tier.text()).toBe(200);
  if (who.manageTeam !== false) {
    const perm = await adminPage.request.post(`/api/admin/users/${me.profile.id}/permissions/manage_team`);
    expect(perm.status(), await perm.text()).toBe(200);
  }
  await context.close();
  return owner;
}
