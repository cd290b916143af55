// Lighthouse (mobile, its default simulated throttling) on the public pages (issue 17) and, with a
// session cookie, the signed-in ones (issue 33), with Chromium at
// /usr/bin/chromium and the flags the e2e suite uses (playwright.config.ts). Issue 17.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export const LIGHTHOUSE_PAGES = ['/', '/pricing', '/login'];
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface LighthouseResult {
  page: string;
  performance: number;
  accessibility: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
}

/** `cookie`: a signed-in session's, sent with every request of the run (the signed-in pages, issue 33). */
export async function runLighthouse(baseUrl: string, pages = LIGHTHOUSE_PAGES, cookie?: string): Promise<LighthouseResult[]> {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROMIUM_FLAGS });
  const out: LighthouseResult[] = [];
  try {
    for (const page of pages) {
      // the default config is the mobile form factor with simulated (Lantern) throttling
      const measure = async () => {
        const result = await lighthouse(`${baseUrl}${page}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], ...(cookie ? { extraHeaders: { cookie } } : {}) });
        if (!result?.lhr) throw new Error(`lighthouse gave no result for ${page}`);
        return result.lhr;
      };
      let lhr = await measure();
      // a run that recorded no paint at all (no LCP: the trace missed the page, seen on a cold first
      // run) is a failed measurement, not a score of 0: measure once more and report that run
      if (lhr.audits['largest-contentful-paint']?.numericValue === undefined) lhr = await measure();
      out.push({
        page,
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
        lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
        fcpMs: lhr.audits['first-contentful-paint']?.numericValue ?? NaN,
        tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
      });
    }
  } finally {
    await chrome.kill();
  }
  return out;
}
