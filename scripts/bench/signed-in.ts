// Issue 33's browser figures for the signed-in pages: time to data in a cold browser (navigation
// start to the first row of the list visible, median of 5, each in a new browser), and moving between
// Dashboard, Policies, Customers and Renewals after that (the click on a sidebar link, after hovering
// it, to the page's data visible). Timed in the page: a MutationObserver notes performance.now() when
// the data's element first appears, so Playwright's polling adds nothing.
import { chromium, type Browser } from '@playwright/test';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** What shows that a page has its data. */
export const DATA: Record<string, { link: string; selector: string }> = {
  '/dashboard': { link: 'Dashboard', selector: '[data-testid="usage-policies"]' },
  '/dashboard/policies': { link: 'Policies', selector: 'main table tbody tr' },
  '/dashboard/customers': { link: 'Customers', selector: 'main table tbody tr' },
  '/dashboard/renewals': { link: 'Renewals', selector: 'main table tbody tr, main [role="status"]' },
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Records when an element matching `window.__dataSelector` first appears (one not in `window.__before`). */
function observeData() {
  const w = window as unknown as { __dataAt?: number; __dataSelector?: string; __before?: Set<Element> };
  new MutationObserver(() => {
    if (w.__dataAt !== undefined || !w.__dataSelector) return;
    // an element the previous page showed is not the next page's data
    if ([...document.querySelectorAll(w.__dataSelector)].some((e) => !w.__before?.has(e))) w.__dataAt = performance.now();
  }).observe(document, { childList: true, subtree: true, attributes: true });
}

async function signedInPage(browser: Browser, baseUrl: string, cookie: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const url = new URL(baseUrl);
  await context.addCookies(
    cookie.split('; ').map((c) => {
      const at = c.indexOf('=');
      return { name: c.slice(0, at), value: c.slice(at + 1), domain: url.hostname, path: '/' };
    }),
  );
  await context.addInitScript(observeData);
  return context.newPage();
}

async function coldLoad(baseUrl: string, cookie: string, path: string): Promise<number> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  try {
    const page = await signedInPage(browser, baseUrl, cookie);
    await page.addInitScript((selector) => Object.assign(window, { __dataSelector: selector }), DATA[path].selector);
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'commit' });
    await page.waitForFunction(() => (window as unknown as { __dataAt?: number }).__dataAt !== undefined, null, { timeout: 30_000 });
    return await page.evaluate(() => (window as unknown as { __dataAt: number }).__dataAt);
  } finally {
    await browser.close();
  }
}

/** Cold load of `path` (median of `runs` new browsers), then each sidebar move (hover, click, data) from it, median of `runs` rounds. */
export async function timeToData(baseUrl: string, cookie: string, path = '/dashboard/policies', runs = 5) {
  const cold: number[] = [];
  for (let i = 0; i < runs; i++) cold.push(await coldLoad(baseUrl, cookie, path));
  const moves: Record<string, number[]> = {};
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  try {
    const page = await signedInPage(browser, baseUrl, cookie);
    await page.goto(`${baseUrl}/dashboard`);
    await page.locator(DATA['/dashboard'].selector).first().waitFor();
    const order = ['/dashboard/policies', '/dashboard/customers', '/dashboard/renewals', '/dashboard'];
    for (let round = 0; round < runs; round++)
      for (const to of order) {
        const link = page.getByRole('navigation').getByRole('link', { name: DATA[to].link, exact: true }).first();
        await link.hover();
        await page.waitForTimeout(150); // a person's hover before the click
        await page.evaluate((selector) => Object.assign(window, { __dataAt: undefined, __dataSelector: selector, __before: new Set(document.querySelectorAll(selector)) }), DATA[to].selector);
        const clickedAt = await page.evaluate(() => performance.now());
        await link.click();
        await page.waitForURL(`${baseUrl}${to}`);
        await page.waitForFunction(() => (window as unknown as { __dataAt?: number }).__dataAt !== undefined, null, { timeout: 30_000 });
        const at = await page.evaluate(() => (window as unknown as { __dataAt: number }).__dataAt);
        (moves[to] ??= []).push(Math.max(0, at - clickedAt));
      }
  } finally {
    await browser.close();
  }
  return { coldMs: median(cold), coldRuns: cold, movesMs: Object.fromEntries(Object.entries(moves).map(([to, xs]) => [to, median(xs)])) };
}
