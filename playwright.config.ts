import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { BASE_URL, E2E_PORT, SMTP_PORT } from './e2e/support/ports.ts';

// Debian's headless shell when installed (.ci/run installs it): the same engine without the full
// browser's GPU and UI processes, a quarter less time for the same journeys on this machine.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromiumPath = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  retries: process.env.CI ? 1 : 0,
  // list, then the ten slowest tests against their timeouts, so a journey creeping towards its
  // budget shows on a green run (issue 30: two journeys failed on a slow day after passing in CI)
  reporter: [['list'], ['./e2e/support/slowest-reporter.ts']],
  // the files whose tests add up to more than two minutes, as well
  reportSlowTests: { max: 5, threshold: 120_000 },
  // per port, so concurrent runs never delete each other's traces
  outputDir: `test-results/${E2E_PORT}`,
  use: {
    baseURL: BASE_URL,
    // Recorded on a retry only (CI retries once): a trace records a screencast and a DOM snapshot
    // around every action, and 'retain-on-failure' recorded them for every passing test and threw
    // them away; that was a fifth of the journeys' CPU (13 journeys: 157 s → 126 s, the GPU
    // process 15.7 s → 5.2 s). A failure keeps its screenshot; `--trace=on` to debug locally.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // the app stops its animations for reduced motion (styles.css): less to paint, nothing to wait for
    reducedMotion: 'reduce',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    command: 'node --import tsx e2e/support/server.ts',
    url: `${BASE_URL}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: String(E2E_PORT), E2E_SMTP_PORT: String(SMTP_PORT) },
  },
});
