// Lighthouse (mobile, its default simulated throttling) on the public pages (issue 17) and, with a
// session cookie, the signed-in ones (issue 33), with Chromium at
// /usr/bin/chromium and the flags the e2e suite uses (playwright.config.ts). Issue 17.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export const LIGHTHOUSE_PAGES = ['/', '/pricing', '/login'];
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface LighthouseResult {
  page: string;
  /** the URL the run ended on: a signed-in page that sent the browser to /login was not measured */
  finalUrl: string;
  performance: number;
  accessibility: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  /** what the LCP waited for (issue 33): its element, its phases and the longest request chain */
  lcp: LcpDetails;
  /** the run's whole Lighthouse report, when a report folder was given */
  reportFile?: string;
}

export interface LcpDetails {
  /** the element, as Lighthouse names it (selector and snippet) */
  element?: string;
  /** the phases of the observed (unthrottled) load, in ms: ttfb, resource load delay and time, element render delay */
  phases: Record<string, number>;
  /** the longest chain of requests, each "path (ms from navigation start to its end)" */
  chain: string[];
}

interface ChainNode {
  url: string;
  navStartToEndTime: number;
  isLongest?: boolean;
  children?: Record<string, ChainNode>;
}

type Lhr = { audits: Record<string, { numericValue?: number; details?: { type?: string; items?: unknown[] } }> };

/** The LCP's element, phases and longest request chain from a report (Lighthouse 13's insight audits). */
export function lcpDetails(lhr: Lhr): LcpDetails {
  const out: LcpDetails = { phases: {}, chain: [] };
  for (const item of (lhr.audits['lcp-breakdown-insight']?.details?.items ?? []) as { type?: string; items?: { subpart?: string; duration?: number }[]; selector?: string; snippet?: string; nodeLabel?: string }[]) {
    if (item.type === 'table') for (const row of item.items ?? []) if (row.subpart) out.phases[row.subpart] = Math.round(row.duration ?? 0);
    if (item.type === 'node') out.element = `${item.selector ?? ''} ${item.snippet ?? ''}`.trim() + (item.nodeLabel ? ` ("${item.nodeLabel.slice(0, 60)}")` : '');
  }
  const tree = ((lhr.audits['network-dependency-tree-insight']?.details?.items ?? []) as { value?: { type?: string; chains?: Record<string, ChainNode> } }[]).find((i) => i.value?.type === 'network-tree')?.value;
  let level = tree?.chains;
  while (level && Object.keys(level).length) {
    const nodes = Object.values(level);
    const next = nodes.find((n) => n.isLongest) ?? nodes.sort((a, b) => b.navStartToEndTime - a.navStartToEndTime)[0];
    const url = new URL(next.url);
    out.chain.push(`${url.pathname}${url.search} (${next.navStartToEndTime} ms)`);
    level = next.children;
  }
  return out;
}

/** One line for the bench's log: the LCP's element, phases and chain. */
export function lcpLine(r: LighthouseResult): string {
  const phases = Object.entries(r.lcp.phases)
    .map(([k, ms]) => `${k} ${ms}`)
    .join(', ');
  return `LCP element ${r.lcp.element ?? '(none named)'}; phases (observed, ms): ${phases || 'none'}; longest chain: ${r.lcp.chain.join(' → ') || 'none'}${r.reportFile ? `; report ${r.reportFile}` : ''}`;
}

/**
 * A Chromium whose cookie jar holds `cookie` (a signed-in session's cookies, the readable session hint
 * among them), for Lighthouse to drive on its debugging port. Lighthouse's `extraHeaders` would send
 * the cookies but leave `document.cookie` without the hint, so the web app took the browser for a
 * signed-out one and went to /login: until decision 075 the "signed-in" runs measured the login page.
 * Lighthouse's storage reset leaves cookies alone.
 */
async function signedInChromium(baseUrl: string, cookie: string) {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'policydesk-lighthouse-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    // no viewport of Playwright's: Lighthouse emulates the phone on its own tab
    viewport: null,
    args: [...CHROMIUM_FLAGS.filter((f) => f !== '--headless'), '--remote-debugging-port=0'],
  });
  const url = new URL(baseUrl);
  await context.addCookies(
    cookie.split('; ').map((c) => {
      const at = c.indexOf('=');
      return { name: c.slice(0, at), value: c.slice(at + 1), domain: url.hostname, path: '/' };
    }),
  );
  const port = Number(readFileSync(path.join(userDataDir, 'DevToolsActivePort'), 'utf8').split('\n')[0]);
  return {
    port,
    kill: async () => {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * `cookie`: a signed-in session's, put in the browser's cookie jar for the run (the signed-in pages, issue 33).
 * `reportDir`: where each page's whole report is kept (lighthouse-<page>.json), to open in the Lighthouse viewer.
 */
export async function runLighthouse(baseUrl: string, pages = LIGHTHOUSE_PAGES, cookie?: string, reportDir?: string): Promise<LighthouseResult[]> {
  const chrome = cookie ? await signedInChromium(baseUrl, cookie) : await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
  const out: LighthouseResult[] = [];
  try {
    for (const page of pages) {
      // the default config is the mobile form factor with simulated (Lantern) throttling
      const measure = async () => {
        const result = await lighthouse(`${baseUrl}${page}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
        if (!result?.lhr) throw new Error(`lighthouse gave no result for ${page}`);
        return { lhr: result.lhr, json: typeof result.report === 'string' ? result.report : JSON.stringify(result.lhr) };
      };
      let run = await measure();
      // a run that recorded no paint at all (no LCP: the trace missed the page, seen on a cold first
      // run) is a failed measurement, not a score of 0: measure once more and report that run
      if (run.lhr.audits['largest-contentful-paint']?.numericValue === undefined) run = await measure();
      const { lhr } = run;
      let reportFile: string | undefined;
      if (reportDir) {
        reportFile = path.join(reportDir, `lighthouse${page === '/' ? '-home' : page.replaceAll('/', '-')}.json`);
        writeFileSync(reportFile, run.json);
      }
      out.push({
        page,
        finalUrl: lhr.finalDisplayedUrl,
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
        lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
        fcpMs: lhr.audits['first-contentful-paint']?.numericValue ?? NaN,
        tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
        lcp: lcpDetails(lhr as unknown as Lhr),
        reportFile,
      });
    }
  } finally {
    await chrome.kill();
  }
  return out;
}
