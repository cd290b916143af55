// Scenario 7: first-load JS from the build manifest, Lighthouse on the public pages, and the
// signed-in pages (`--only signed-in`, issue 33).
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BUILD, database, LIGHTHOUSE_ONLY, LIGHTHOUSE_RUNS, log, PORTS, rows, work } from '../context.ts';
import { type FirstLoad, firstLoad, PUBLIC_PAGES, SIGNED_IN_BUDGET_KB, SIGNED_IN_PAGES, TARGETED_PAGES } from '../frontend.ts';
import { confirmOn, pgServer, registerAndSignIn, run, seedWith } from '../harness.ts';
import { lcpLine, type LighthouseResult, runLighthouse } from '../lighthouse.ts';
import { type Postgres } from '../postgres.ts';
import { loadRow } from '../report.ts';
import { startServer } from '../server.ts';
import { timeToData } from '../signed-in.ts';

export function frontend() {
  const web = path.join(BUILD, 'web');
  const publics = Object.entries(PUBLIC_PAGES)
    .map(([page, mod]) => firstLoad(web, page, mod))
    .filter((x): x is FirstLoad => x !== null);
  // issue 17's figure is for / and /login; the sign-up pages (zod + react-hook-form) are listed beside it
  const targeted = publics.filter((p) => TARGETED_PAGES.includes(p.page)).sort((a, b) => b.gzipKb - a.gzipKb);
  if (targeted.length) {
    const worst = targeted[0];
    const kb = (p: FirstLoad) => `${p.page} ${p.gzipKb.toFixed(1)} (+${p.afterFirstRenderKb.toFixed(1)} after the first render)`;
    rows.push({
      scenario: `7. first-load JS, / and /login (largest: ${worst.page})`,
      note: `${worst.gzipKb.toFixed(1)} KB gzip JS in ${worst.files} chunks (+${worst.cssGzipKb.toFixed(1)} KB CSS); ${targeted.map(kb).join(', ')}; other public pages: ${publics
        .filter((p) => !TARGETED_PAGES.includes(p.page))
        .map((p) => `${p.page} ${p.gzipKb.toFixed(1)}`)
        .join(', ')}`,
      target: '≤ 120 KB',
      ok: worst.gzipKb <= 120,
    });
  }
  for (const [page, modules] of Object.entries(SIGNED_IN_PAGES)) {
    const signedIn = firstLoad(web, page, modules);
    if (!signedIn) continue;
    rows.push({
      scenario: `7. first-load JS, ${page}`,
      note: `${signedIn.gzipKb.toFixed(1)} KB gzip JS in ${signedIn.files} chunks (+${signedIn.cssGzipKb.toFixed(1)} KB CSS); largest: ${signedIn.chunks
        .slice(0, 4)
        .map((c) => `${c.name} ${c.gzipKb.toFixed(1)}`)
        .join(', ')}`,
      target: `≤ ${SIGNED_IN_BUDGET_KB[page]} KB (issue 33)`,
      ok: signedIn.gzipKb <= SIGNED_IN_BUDGET_KB[page],
    });
    log(`chunks of ${page}: ${signedIn.chunks.map((c) => `${c.name} ${c.gzipKb.toFixed(1)}`).join(', ')}`);
  }
  log(`frontend: ${rows.filter((r) => r.scenario.startsWith('7.')).map((r) => `${r.scenario}: ${r.note}`).join('; ')}`);
}

/** Scenario 7b: Lighthouse, mobile with default throttling, on /, /pricing and /login (PGlite server, no data). */
export async function lighthouseScenario() {
  const dataDir = path.join(work, 'lighthouse-data');
  const server = await startServer({ buildDir: BUILD, port: PORTS.lighthouse, dataDir, logFile: path.join(work, 'server-lighthouse.log') });
  try {
    const results = await runLighthouse(server.url, undefined, undefined, work);
    for (const r of results) {
      rows.push({
        scenario: `7. Lighthouse mobile ${r.page}`,
        note: `performance ${r.performance}, LCP ${(r.lcpMs / 1000).toFixed(1)} s, FCP ${(r.fcpMs / 1000).toFixed(1)} s, TBT ${Math.round(r.tbtMs)} ms, accessibility ${r.accessibility}`,
        target: 'performance ≥ 95, LCP ≤ 2.5 s, accessibility 100',
        ok: r.performance >= 95 && r.lcpMs <= 2500 && r.accessibility === 100,
      });
      log(`  lighthouse ${r.page}: ${rows.at(-1)!.note}\n    ${lcpLine(r)}`);
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}


/** Whether a signed-in run measured its page (not the login page a signed-out browser is sent to). */
const landed = (r: LighthouseResult) => new URL(r.finalUrl).pathname === r.page;

/**
 * --only signed-in: a fresh PostgreSQL, one enterprise agency of 1,000 policies (issue 33): each
 * signed-in page's first load, time to data in a cold browser and between the sidebar's pages,
 * Lighthouse mobile on the signed-in pages with the session cookie, the dashboard's one request.
 */
export async function signedInOnly(pgInfo: Postgres) {
  frontend();
  const server = await pgServer(pgInfo);
  try {
    const who = await registerAndSignIn(server.url, 'bench-signed-in@bench.example', confirmOn(pgInfo, 'enterprise'));
    await seedWith(pgInfo, { fillerAgencies: 0, fillerCustomers: 0, fillerPolicies: 0, targets: [{ agencyId: who.agencyId, ownerId: who.ownerId, customers: 300, policies: 1000 }] });
    // BENCH_HOLD=<file>: the seeded server's URL and session cookie written there, kept running until
    // the file is removed (to probe the signed-in pages with one's own Lighthouse or Playwright runs)
    if (process.env.BENCH_HOLD) {
      writeFileSync(process.env.BENCH_HOLD, JSON.stringify({ url: server.url, cookie: who.cookie }));
      log(`holding ${server.url} until ${process.env.BENCH_HOLD} is removed`);
      while (existsSync(process.env.BENCH_HOLD)) await new Promise((r) => setTimeout(r, 1000));
      return;
    }
    if (!LIGHTHOUSE_ONLY) {
      const t = await timeToData(server.url, who.cookie);
      rows.push({
        scenario: '7. time to data: /dashboard/policies in a cold browser, to its first row (median of 5)',
        note: `${t.coldMs.toFixed(0)} ms (${t.coldRuns.map((ms) => ms.toFixed(0)).join(', ')})`,
        target: '≤ 1,000 ms',
        ok: t.coldMs <= 1000,
      });
      rows.push({
        scenario: '7. time to data: a sidebar link hovered, then clicked (median of 5 rounds)',
        note: Object.entries(t.movesMs)
          .map(([to, ms]) => `${to} ${ms.toFixed(0)} ms`)
          .join(', '),
        target: '≤ 300 ms',
        ok: Object.values(t.movesMs).every((ms) => ms <= 300),
      });
      log(`time to data: ${rows.at(-2)!.note}; moves: ${rows.at(-1)!.note}`);
    }
    // each page LIGHTHOUSE_RUNS times (--lighthouse-runs N), the run of median performance reported
    const runs: LighthouseResult[][] = [];
    for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
      const dir = LIGHTHOUSE_RUNS > 1 ? path.join(work, `lighthouse-run-${i + 1}`) : work;
      mkdirSync(dir, { recursive: true });
      runs.push(await runLighthouse(server.url, ['/dashboard', '/dashboard/policies', '/dashboard/renewals'], who.cookie, dir));
    }
    for (const [i, first] of runs[0].entries()) {
      const all = runs.map((run) => run[i]);
      if (all.length > 1) for (const r of all) log(`  lighthouse ${r.page} run: performance ${r.performance}, LCP ${(r.lcpMs / 1000).toFixed(2)} s, FCP ${(r.fcpMs / 1000).toFixed(2)} s, TBT ${Math.round(r.tbtMs)} ms, CLS ${r.cls.toFixed(3)}`);
      const r = [...all].sort((a, b) => a.performance - b.performance || a.lcpMs - b.lcpMs)[Math.floor(all.length / 2)] ?? first;
      rows.push({
        scenario: `7. Lighthouse mobile ${r.page} (signed in, 1,000 policies${all.length > 1 ? `, median of ${all.length}` : ''})`,
        note: `${landed(r) ? '' : `NOT MEASURED: the browser ended on ${r.finalUrl}; `}performance ${r.performance}, LCP ${(r.lcpMs / 1000).toFixed(1)} s, FCP ${(r.fcpMs / 1000).toFixed(1)} s, TBT ${Math.round(r.tbtMs)} ms, CLS ${r.cls.toFixed(3)}, accessibility ${r.accessibility}`,
        target: 'performance ≥ 90, LCP ≤ 2.5 s, CLS ≤ 0.05, accessibility 100',
        ok: landed(r) && r.performance >= 90 && r.lcpMs <= 2500 && r.cls <= 0.05 && r.accessibility === 100,
      });
      log(`  lighthouse ${r.page}: ${rows.at(-1)!.note}\n    ${lcpLine(r)}`);
    }
    if (LIGHTHOUSE_ONLY) return;
    database.pid = pgInfo.pid;
    const d = await run(server, who.cookie, ['/api/dashboard']);
    loadRow('1. dashboard, one request for its cards (1,000 policies)', d, { text: 'p99 ≤ 20 ms (issue 33)', ok: d.p99 <= 20 && d.non2xx + d.errors === 0 });
  } finally {
    await server.stop();
  }
}
