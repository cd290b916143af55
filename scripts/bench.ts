// npm run bench [-- --quick] [-- --no-build] [-- --seconds N] [-- --only-webhooks] [-- --only-frontend] [-- --bulk-only] [-- --only documents|pipeline|tasks|exchange|api|reports|creates|signed-in|list|pooler|pglite|xlsx]
// Measures the production build on a throwaway PostgreSQL 15 (and on PGlite), side by side with
// pgbench running the SQL the list endpoint sends, and writes bench/results/latest.md.
// Exits non-zero only when it could not run; missed figures are reported, not fatal.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres } from '#server/db/client.ts';
import type { Deps } from '#server/context.ts';
import { runDigest } from '#server/features/renewals/digest.ts';
import { createLogger } from '#server/logger.ts';
import { createMailer } from '#server/mail.ts';
import { carPolicyPayload, registrationPayload, sessionCookie } from '#server/test/factories.ts';
import { firstLoad, PUBLIC_PAGES, SIGNED_IN_BUDGET_KB, SIGNED_IN_PAGES, TARGETED_PAGES, type FirstLoad } from './bench/frontend.ts';
import { cpuBreakdown, cycle, load, type LoadResult } from './bench/load.ts';
import { captureStatements, checkPostgresBinaries, pgbench, sql, startPostgres, statementStats, type PgbenchResult, type Postgres } from './bench/postgres.ts';
import { listScenario } from './bench/list.ts';
import { checkPgbouncer, poolerComparison, poolerScenario, type PoolerFigures } from './bench/pooler.ts';
import { PIPELINE_BOARD_PATHS, PIPELINE_OPPORTUNITIES, seedOpportunities } from './bench/pipeline.ts';
import { seed, SEARCH_TERMS, type SeedPlan } from './bench/seed.ts';
import { uploadMemory } from './bench/documents.ts';
import { xlsxReadScenario } from './bench/xlsx.ts';
import { explainMyTasks, MY_TASKS_PATHS, seedTasks } from './bench/tasks.ts';
import { bulkScenario, seedBulkPolicies } from './bench/bulk.ts';
import { cpuMs, machineCpu, rssMb, sampleRss, startServer, type Server } from './bench/server.ts';
import { webhookScenario } from './bench/webhooks.ts';
import { MARK_RENEWALS, timeReports } from './bench/reports.ts';
import { brandingScenario } from './bench/branding.ts';
import { runLighthouse } from './bench/lighthouse.ts';
import { timeToData } from './bench/signed-in.ts';
import { ID_CARD_ROW, idCardScenario } from './bench/id-card.ts';

const args = process.argv.slice(2);
const QUICK = args.includes('--quick');
const NO_BUILD = args.includes('--no-build');
/** only scenario 8 (webhook deliveries): no build, no seeding */
const ONLY_WEBHOOKS = args.includes('--only-webhooks');
/** `--only documents` / `pipeline` / `tasks` / `exchange` / `api` / `reports` / `list` / `xlsx`: one scenario alone (build, PostgreSQL, one server). */
const ONLY = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
/** only issue 13's bulk scenario (no big seed, no load runs): npm run bench -- --bulk-only */
const BULK_ONLY = args.includes('--bulk-only');
const BULK_POLICIES = 10_000;
const secondsArg = args.indexOf('--seconds');
const SECONDS = secondsArg >= 0 ? Number(args[secondsArg + 1]) : QUICK ? 3 : 12;
// BENCH_PORT: another base port when several benches share a machine
const BASE_PORT = Number(process.env.BENCH_PORT ?? 4351);
const PORTS = { pg: BASE_PORT, pglite: BASE_PORT + 1, lighthouse: BASE_PORT + 2, pooler: BASE_PORT + 3 };
/** only scenario 7 (build, first-load JS, Lighthouse on PGlite): no PostgreSQL, no seeding */
const ONLY_FRONTEND = args.includes('--only-frontend');
const ROOT = path.resolve(import.meta.dirname, '..');
const BUILD = path.join(ROOT, '.bench-build');
const SIZE = QUICK
  ? { agencies: 100, perAgency: 1000, customersPerAgency: 500, large: 20_000, largeCustomers: 20_000, pglite: 20_000, exportPolicies: 20_000, importRows: 2_000, tasks: 50_000 }
  : { agencies: 1000, perAgency: 1000, customersPerAgency: 500, large: 200_000, largeCustomers: 100_000, pglite: 100_000, exportPolicies: 100_000, importRows: 10_000, tasks: 50_000 };

const log = (msg: string) => console.log(msg);
const work = mkdtempSync(path.join(os.tmpdir(), 'policydesk-bench-'));

interface Row {
  scenario: string;
  rps?: number;
  p50?: number;
  p99?: number;
  errors?: string;
  rssMb?: number;
  cpu?: number;
  note?: string;
  target?: string;
  ok?: boolean;
}
const rows: Row[] = [];
const notes: string[] = [];
let loadAtStart = '';

// ---------------------------------------------------------------- helpers

/** Registers through the real API, confirms (SQL, or the e-mailed link from the outbox), signs in. */
async function registerAndSignIn(base: string, email: string, confirm: (email: string) => Promise<void>) {
  const password = 'bench-password-1';
  const reg = await fetch(`${base}/api/account/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(registrationPayload({ company: `Bench ${email.split('@')[0]}`, fullName: 'Bench User', email, password })),
  });
  if (reg.status !== 200) throw new Error(`register ${email}: ${reg.status} ${await reg.text()}`);
  await confirm(email);
  const res = await fetch(`${base}/api/account/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in ${email}: ${res.status} ${await res.text()}`);
  const cookie = sessionCookie(res);
  const me = await fetch(`${base}/api/me`, { headers: { cookie } });
  if (me.status !== 200) throw new Error(`/api/me for ${email}: ${me.status}`);
  const body = (await me.json()) as { agency: { id: string; ownerId: string } };
  return { email, password, cookie, agencyId: body.agency.id, ownerId: body.agency.ownerId };
}

const idCardRow = (r: LoadResult) => loadRow(ID_CARD_ROW, r, { text: 'p99 ≤ 100 ms', ok: r.p99 <= 100 && r.non2xx === 0 });

function fmt(n: number | undefined, digits = 0) {
  return n === undefined || Number.isNaN(n) ? '' : n.toFixed(digits);
}

function loadRow(scenario: string, r: LoadResult, target?: { text: string; ok: boolean }, note?: string): Row {
  const bad = r.errors + r.non2xx;
  const codes = Object.entries(r.statusCodes)
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, n]) => `${n}×${code}`)
    .join(' ');
  const row: Row = {
    scenario,
    rps: r.rps,
    p50: r.p50,
    p99: r.p99,
    errors: bad ? `${bad} (${[r.errors ? `${r.errors} socket` : '', codes].filter(Boolean).join(', ')})` : '0',
    rssMb: r.peakRssMb,
    cpu: r.cpuMsPerRequest,
    note,
    target: target?.text,
    ok: target?.ok,
  };
  rows.push(row);
  log(`  ${scenario}: ${fmt(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, errors ${row.errors}, peak RSS ${fmt(r.peakRssMb)} MB, server CPU ${fmt(r.cpuMsPerRequest, 1)} ms/request${r.dbCpuMsPerRequest !== undefined ? `, PostgreSQL CPU ${fmt(r.dbCpuMsPerRequest, 1)} ms/request` : ''}`);
  return row;
}

/** The production build on a fresh PostgreSQL (the `--only` scenarios). */
function pgServer(pgInfo: Postgres): Promise<Server> {
  return startServer({ buildDir: BUILD, port: PORTS.pg, databaseUrl: pgInfo.url, dataDir: path.join(work, 'pg-data'), logFile: path.join(work, 'server-pg.log') });
}

/** Confirms a registered address on a plan (SQL instead of the e-mailed link). */
function confirmOn(pgInfo: Postgres, tier: string) {
  return (email: string) =>
    sql(pgInfo.url, `update "user" set email_verified = true, subscription_tier = $2, subscription_status = 'active' where email = $1`, [email, tier]).then(() => undefined);
}

/** Seeds the plan's agencies over one connection. */
async function seedWith(pgInfo: Postgres, plan: SeedPlan) {
  const client = new pg.Client({ connectionString: pgInfo.url });
  await client.connect();
  try {
    await seed(
      (text) => client.query(text),
      async <T,>(text: string) => (await client.query(text)).rows as T[],
      plan,
      log,
    );
  } finally {
    await client.end();
  }
}

/** PostgreSQL's postmaster while the PostgreSQL scenarios run: `run` measures its backends' CPU too. */
let databasePid: (() => number) | undefined;

async function run(server: Server, cookie: string, paths: string[], connections = 20) {
  const next = cycle(paths);
  return load({ url: server.url, pid: server.pid, dbPid: databasePid?.(), connections, seconds: SECONDS, cookie, next: () => ({ path: next() }) });
}

/**
 * Waits for the work a server starts by itself after a start: the renewals digest's first tick
 * (10 s after start; over the seeded agencies it sends 1,000 e-mails, mostly PostgreSQL's work)
 * would otherwise run inside the first measured scenario. Settled: two seconds in a row with the
 * whole machine under 10 % busy (the bench's own process is idle meanwhile).
 */
async function settle() {
  const started = performance.now();
  await new Promise((r) => setTimeout(r, QUICK ? 2_000 : 12_000));
  for (let quiet = 0; quiet < 2 && performance.now() - started < 120_000; ) {
    const before = machineCpu();
    await new Promise((r) => setTimeout(r, 1_000));
    const after = machineCpu();
    quiet = (after.busy - before.busy) / Math.max(1, after.total - before.total) < 0.1 ? quiet + 1 : 0;
  }
  log(`server: settled after ${((performance.now() - started) / 1000).toFixed(0)} s (its start-up jobs done, the machine idle)`);
}

/**
 * The same load for a few seconds, not counted: the first run after a restart or a new statement
 * otherwise also measures the JIT compiling, the pool opening its connections and each connection
 * preparing its statements (the list page was 724 req/s measured first and 979 for the page of 50
 * right after it, in the same run).
 */
async function warmUp(server: Server, cookie: string, paths: string[]) {
  const next = cycle(paths);
  await load({ url: server.url, pid: server.pid, connections: 20, seconds: QUICK ? 1 : 3, cookie, next: () => ({ path: next() }) });
}

/** 1. The REST API with a key (issue 15): GET /api/v1/policies, page of 50, against the web list's page of 50. */
async function apiScenario(server: Server, cookie: string) {
  const made = await fetch(`${server.url}/api/api-keys`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ name: 'bench', scopes: { policies: 'read' } }),
  });
  if (made.status !== 201) {
    notes.push(`API key for the bench: ${made.status} ${(await made.text()).slice(0, 200)}`);
    return;
  }
  const { key } = (await made.json()) as { key: string };
  const first = await fetch(`${server.url}/api/v1/policies?limit=50`, { headers: { authorization: `Bearer ${key}` } });
  const page = (await first.json()) as { data?: unknown[]; next_cursor?: string | null };
  const cursor = page.next_cursor ?? '';
  const web = await run(server, cookie, ['/api/policies?page=1&pageSize=50']);
  loadRow('1. web list policies, page of 50 (for the API)', web, { text: 'reference', ok: web.non2xx + web.errors === 0 });
  const paths = ['/api/v1/policies?limit=50', ...(cursor ? [`/api/v1/policies?limit=50&cursor=${cursor}`] : [])];
  const next = cycle(paths);
  const api = await load({ url: server.url, pid: server.pid, connections: 20, seconds: SECONDS, cookie: '', headers: { authorization: `Bearer ${key}` }, next: () => ({ path: next() }) });
  loadRow('1. GET /api/v1/policies with a key, page of 50', api, {
    text: "p99 ≤ 100 ms; rps ≥ web list's",
    ok: api.p99 <= 100 && api.rps >= web.rps && api.non2xx + api.errors === 0,
  }, `web list (page of 50): ${web.rps.toFixed(0)} rps; API/web ${((api.rps / web.rps) * 100).toFixed(0)} %`);
  log(`  API: ${api.rps.toFixed(0)} rps, p99 ${api.p99} ms; web page of 50: ${web.rps.toFixed(0)} rps, p99 ${web.p99} ms`);
}

async function getJson(server: Server, cookie: string, p: string) {
  const res = await fetch(`${server.url}${p}`, { headers: { cookie } });
  if (res.status !== 200) throw new Error(`GET ${p}: ${res.status} ${(await res.text()).slice(0, 200)}`);
  return res.json() as Promise<any>;
}

function policyBody(n: number, tag: string) {
  return JSON.stringify(
    carPolicyPayload({
      customer_name: `Created Customer ${tag}${n}`,
      customer_email: `created-${tag}${n}@bench.example`,
      customer_phone: '+1 555 0100',
      policy_number: `NEW-${tag}${n}`,
      insurance_company: 'Allianz',
      premium_amount: '1200.00',
      coverage_amount: '50000.00',
      deductible: '500.00',
      start_date: '2026-01-15',
      car_details: {
        vehicle_make: 'Toyota',
        vehicle_model: 'Corolla',
        vehicle_year: 2022,
        vin_number: `VIN${tag}${n}`.slice(0, 17),
        driver_license: `DL${n}`,
        coverage_type: 'comprehensive',
      },
    }),
  );
}

/** Follows the confirmation link the server wrote to DATA_DIR/outbox (no SMTP_URL). */
async function confirmFromOutbox(server: Server, dataDir: string, email: string) {
  const dir = path.join(dataDir, 'outbox');
  for (let i = 0; i < 100; i++) {
    const files = existsSync(dir) ? readdirSync(dir) : [];
    for (const f of files) {
      const mail = JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { to: string; text: string };
      const link = mail.to === email ? /https?:\/\/\S+/.exec(mail.text)?.[0] : undefined;
      if (link) {
        const url = new URL(link);
        const res = await fetch(`${server.url}${url.pathname}${url.search}`, { redirect: 'manual' });
        if (res.status >= 400) throw new Error(`confirmation link answered ${res.status}`);
        return;
      }
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no confirmation mail for ${email} in ${dir}`);
}

/** Runs `fn` several times and returns the median. */
async function median(times: number, fn: () => Promise<number>) {
  const values: number[] = [];
  for (let i = 0; i < times; i++) values.push(await fn());
  values.sort((a, b) => a - b);
  return values[Math.floor(values.length / 2)];
}

// ---------------------------------------------------------------- steps

function build() {
  if (NO_BUILD && existsSync(path.join(BUILD, 'server/main.js')) && existsSync(path.join(BUILD, 'web/.vite/manifest.json'))) {
    log('build: reusing .bench-build (--no-build)');
    return;
  }
  log('build: server bundle and web app into .bench-build/ …');
  const t = performance.now();
  rmSync(BUILD, { recursive: true, force: true });
  execFileSync(process.execPath, ['scripts/build-server.mjs', '.bench-build'], { cwd: ROOT, stdio: 'inherit' });
  execFileSync('npx', ['vite', 'build', '--outDir', path.join(BUILD, 'web'), '--emptyOutDir', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  log(`build: done in ${((performance.now() - t) / 1000).toFixed(1)} s`);
}

function frontend() {
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
async function lighthouseScenario() {
  const dataDir = path.join(work, 'lighthouse-data');
  const server = await startServer({ buildDir: BUILD, port: PORTS.lighthouse, dataDir, logFile: path.join(work, 'server-lighthouse.log') });
  try {
    const results = await runLighthouse(server.url);
    for (const r of results) {
      rows.push({
        scenario: `7. Lighthouse mobile ${r.page}`,
        note: `performance ${r.performance}, LCP ${(r.lcpMs / 1000).toFixed(1)} s, FCP ${(r.fcpMs / 1000).toFixed(1)} s, TBT ${Math.round(r.tbtMs)} ms, accessibility ${r.accessibility}`,
        target: 'performance ≥ 95, LCP ≤ 2.5 s, accessibility 100',
        ok: r.performance >= 95 && r.lcpMs <= 2500 && r.accessibility === 100,
      });
      log(`  lighthouse ${r.page}: ${rows.at(-1)!.note}`);
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function postgresScenarios(pgInfo: Postgres) {
  const dataDir = path.join(work, 'pg-data');
  const serverLog = path.join(work, 'server-pg.log');
  let server = await startServer({ buildDir: BUILD, port: PORTS.pg, databaseUrl: pgInfo.url, dataDir, logFile: serverLog });
  databasePid = pgInfo.pid;
  log(`server: production build on PostgreSQL, healthy after ${server.startMs.toFixed(0)} ms (fresh database: migrations ran)`);
  const exec = (text: string, params: unknown[] = []) => sql(pgInfo.url, text, params).then(() => undefined);

  const confirmAs = (tier: string) => (email: string) =>
    exec(`update "user" set email_verified = true, subscription_tier = $2, subscription_status = 'active' where email = $1`, [email, tier]);
  const small = await registerAndSignIn(server.url, 'bench-small@bench.example', confirmAs('enterprise'));
  const large = await registerAndSignIn(server.url, 'bench-large@bench.example', confirmAs('enterprise'));
  const creator = await registerAndSignIn(server.url, 'bench-create@bench.example', confirmAs('enterprise'));
  const limited = await registerAndSignIn(server.url, 'bench-limited@bench.example', confirmAs('professional'));
  const exporter = await registerAndSignIn(server.url, 'bench-export@bench.example', confirmAs('enterprise'));
  const importer = await registerAndSignIn(server.url, 'bench-import@bench.example', confirmAs('enterprise'));

  const plan: SeedPlan = {
    fillerAgencies: SIZE.agencies - 1,
    fillerCustomers: SIZE.customersPerAgency,
    fillerPolicies: SIZE.perAgency,
    targets: [
      { agencyId: small.agencyId, ownerId: small.ownerId, customers: SIZE.customersPerAgency, policies: SIZE.perAgency },
      { agencyId: large.agencyId, ownerId: large.ownerId, customers: SIZE.largeCustomers, policies: SIZE.large },
      { agencyId: exporter.agencyId, ownerId: exporter.ownerId, customers: SIZE.exportPolicies / 2, policies: SIZE.exportPolicies },
    ],
  };
  const total = SIZE.agencies * SIZE.perAgency + SIZE.large;
  log(`seed: ${SIZE.agencies} agencies × ${SIZE.perAgency} policies + one agency with ${SIZE.large} (${total.toLocaleString('en')} policies, ${(SIZE.agencies * SIZE.customersPerAgency + SIZE.largeCustomers).toLocaleString('en')} customers) …`);
  const seedStarted = performance.now();
  const client = new pg.Client({ connectionString: pgInfo.url });
  await client.connect();
  await seed(
    (text) => client.query(text),
    async <T,>(text: string) => (await client.query(text)).rows as T[],
    plan,
    log,
  );
  await client.end();
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  notes.push(`Seeding ${total.toLocaleString('en')} policies with customers and details took ${seedSeconds.toFixed(0)} s.`);

  // 6. Cold start on the seeded database: stop, start again (median of 3).
  await server.stop();
  const coldPg = await median(3, async () => {
    const s = await startServer({ buildDir: BUILD, port: PORTS.pg, databaseUrl: pgInfo.url, dataDir, logFile: serverLog });
    await s.stop();
    return s.startMs;
  });
  rows.push({ scenario: '6. cold start → healthy, PostgreSQL', note: `${coldPg.toFixed(0)} ms (median of 3, compiled JS)`, target: '≤ 1000 ms', ok: coldPg <= 1000 });
  log(`  cold start on PostgreSQL: ${coldPg.toFixed(0)} ms`);
  server = await startServer({ buildDir: BUILD, port: PORTS.pg, databaseUrl: pgInfo.url, dataDir, logFile: serverLog });
  log(`server: restarted, RSS ${rssMb(server.pid).toFixed(0)} MB`);
  await settle();

  // Warm up (JIT, pool, caches) without recording.
  if (!QUICK) await run(server, small.cookie, ['/api/policies?page=1&pageSize=25'], 20).catch(() => undefined);

  const first = await getJson(server, small.cookie, '/api/policies?page=1&pageSize=25').catch((err: Error) => {
    notes.push(`The policy list endpoint failed: ${err.message}`);
    return null;
  });
  if (first) notes.push(`Scenario 1 agency: total ${JSON.stringify(first.total)} policies; the large agency is checked below.`);
  const policyIds: string[] = first?.rows?.map((r: { id: string }) => r.id) ?? [];
  for (const page of [2, 3, 4]) {
    const more = await getJson(server, small.cookie, `/api/policies?page=${page}&pageSize=25`).catch(() => null);
    for (const r of more?.rows ?? []) policyIds.push(r.id);
  }

  // pgbench: the exact SQL of one list request (all statements, and the list queries alone).
  const search = (t: string) => `/api/policies?page=1&pageSize=25&search=${t}`;
  const captured: Record<string, string[]> = {};
  for (const [key, p] of [
    ['list', '/api/policies?page=1&pageSize=25'],
    ['search', search('mar')],
  ] as const) {
    captured[key] = await captureStatements(pgInfo, async () => {
      await fetch(`${server.url}${p}`, { headers: { cookie: small.cookie } });
    });
  }
  writeFileSync(path.join(work, 'captured-sql.txt'), Object.entries(captured).map(([k, s]) => `-- ${k}\n${s.join(';\n')};\n`).join('\n'));
  const listOnly = (s: string[]) => s.filter((q) => /"policies"|\bpolicies\b/.test(q) && /^\s*select/i.test(q));
  log(`  captured: list request = ${captured.list.length} statements (${listOnly(captured.list).length} on policies); search = ${captured.search.length}`);

  // 1. 1M policies over many agencies, one agency's view.
  log(`scenario 1: ${SIZE.agencies} agencies, list and get (20 connections, ${SECONDS} s each)`);
  await warmUp(server, small.cookie, ['/api/policies?page=1&pageSize=25']);
  const s1list = await run(server, small.cookie, ['/api/policies?page=1&pageSize=25']);
  const rawAll = await pgbench(pgInfo, captured.list, 20, SECONDS, 'list-all');
  const rawList = await pgbench(pgInfo, listOnly(captured.list), 20, SECONDS, 'list-only');
  const ratioAll = rawAll.tps ? s1list.rps / rawAll.tps : NaN;
  const ratioList = rawList.tps ? s1list.rps / rawList.tps : NaN;
  loadRow('1. list policies, page 1', s1list, { text: 'p99 ≤ 100 ms; ≥ 60 % of raw', ok: s1list.p99 <= 100 && ratioAll >= 0.6 && s1list.non2xx + s1list.errors === 0 },
    rawNote(rawAll, rawList, s1list.rps));
  log(`  per request: ${cpuBreakdown(s1list)}`);
  notes.push(`List page 1, CPU per request across the machine: ${cpuBreakdown(s1list)}; pgbench of the same statements: PostgreSQL ${fmt(rawAll.dbCpuMsPerTransaction, 2)} ms per run.`);
  rows.push(rawRow('1. pgbench: all SQL of one list request', rawAll, captured.list.length));
  rows.push(rawRow('1. pgbench: the list queries alone', rawList, listOnly(captured.list).length));
  notes.push(`app/raw for the list page: ${(ratioAll * 100).toFixed(0)} % of pgbench running every statement the request sends, ${(ratioList * 100).toFixed(0)} % of pgbench running only the list queries.`);

  await apiScenario(server, small.cookie);

  const s1p40 = await run(server, small.cookie, ['/api/policies?page=40&pageSize=25']);
  loadRow('1. list policies, page 40', s1p40, { text: 'p99 ≤ 100 ms', ok: s1p40.p99 <= 100 && s1p40.non2xx === 0 });
  const filters = ['car', 'fire'].flatMap((type) => ['active', 'pending', 'expired', 'cancelled'].map((st) => `/api/policies?page=1&pageSize=25&type=${type}&status=${st}`));
  const s1f = await run(server, small.cookie, filters);
  loadRow('1. list policies, type + status filters', s1f, { text: 'p99 ≤ 100 ms', ok: s1f.p99 <= 100 && s1f.non2xx === 0 });
  const s1s = await run(server, small.cookie, SEARCH_TERMS.map(search));
  const rawSearch = await pgbench(pgInfo, captured.search, 20, SECONDS, 'search-all');
  loadRow('1. list policies, 3-letter search', s1s, { text: 'p99 ≤ 150 ms', ok: s1s.p99 <= 150 && s1s.non2xx === 0 },
    rawSearch.tps ? `pgbench of its SQL: ${rawSearch.tps.toFixed(0)} tps; app/raw ${((s1s.rps / rawSearch.tps) * 100).toFixed(0)} %` : `pgbench: ${rawSearch.error}`);
  await poolerRows(pgInfo, small.cookie, { list: s1list, search: s1s });
  if (policyIds.length) {
    const s1g = await run(server, small.cookie, policyIds.map((id) => `/api/policies/${id}`));
    loadRow('1. get one policy with details', s1g, { text: 'p99 ≤ 100 ms', ok: s1g.p99 <= 100 && s1g.non2xx === 0 });
  }
  // issue 32: the auto ID card, a PDF drawn per request (pdf-lib, the agency's letterhead)
  const carIds = ((first?.rows ?? []) as { id: string; policy_type: string }[]).filter((r) => r.policy_type === 'car').map((r) => r.id);
  if (carIds.length) {
    const s1card = await run(server, small.cookie, carIds.map((id) => `/api/policies/${id}/card`));
    loadRow('1. ID card PDF of a car policy, 20 concurrent', s1card, { text: 'p99 ≤ 100 ms', ok: s1card.p99 <= 100 && s1card.non2xx === 0 });
  }
  const s1c = await run(server, small.cookie, SEARCH_TERMS.map((t) => `/api/customers?page=1&pageSize=25&search=${t}`));
  loadRow('1. list customers, 3-letter search', s1c, { text: 'p99 ≤ 150 ms', ok: s1c.p99 <= 150 && s1c.non2xx === 0 });
  // issue 33: the dashboard's first screen in one request (usage, 10 activity lines, analytics where the plan has them)
  const s1d = await run(server, small.cookie, ['/api/dashboard']);
  loadRow('1. dashboard, one request for its cards', s1d, { text: 'p99 ≤ 150 ms', ok: s1d.p99 <= 150 && s1d.non2xx + s1d.errors === 0 });

  // 2. One agency with 200k policies.
  log(`scenario 2: one agency with ${SIZE.large.toLocaleString('en')} policies`);
  const largeFirst = await getJson(server, large.cookie, '/api/policies?page=1&pageSize=25').catch(() => null);
  if (largeFirst) notes.push(`Large agency: page 1 reports total ${JSON.stringify(largeFirst.total)}${largeFirst.totalIsEstimate !== undefined ? ` (estimate: ${largeFirst.totalIsEstimate})` : ''}.`);
  const s2 = await run(server, large.cookie, ['/api/policies?page=1&pageSize=25']);
  loadRow('2. large agency: list page 1', s2, { text: 'p99 ≤ 150 ms', ok: s2.p99 <= 150 && s2.non2xx === 0 });
  await warmUp(server, large.cookie, SEARCH_TERMS.map(search));
  const s2s = await run(server, large.cookie, SEARCH_TERMS.map(search));
  loadRow('2. large agency: 3-letter search', s2s, { text: 'p99 ≤ 150 ms', ok: s2s.p99 <= 150 && s2s.non2xx === 0 });
  const s2r = await run(server, large.cookie, ['/api/renewals?assignee=all', '/api/renewals?assignee=all&bucket=d0_30', '/api/renewals?assignee=all&page=2']);
  loadRow('2. large agency: renewals cockpit', s2r, { text: 'p99 ≤ 150 ms', ok: s2r.p99 <= 150 && s2r.non2xx === 0 });
  const s2d = await run(server, large.cookie, ['/api/dashboard']);
  loadRow('2. large agency: dashboard, one request for its cards', s2d, { text: 'p99 ≤ 150 ms', ok: s2d.p99 <= 150 && s2d.non2xx + s2d.errors === 0 });
  await pipelineScenario(server, pgInfo, large);
  await tasksScenario(server, pgInfo, large);
  await explain(pgInfo, large.agencyId);
  await searchPlans(pgInfo, small.agencyId, large.agencyId);

  // 2b. The daily renewals digest over every agency (issue 11: 1,000 agencies in ≤ 60 s).
  await digestScenario(pgInfo);

  await createsScenario(server, pgInfo, creator, limited);

  // 4. CSV export of the large agency's customers.
  log(`scenario 4: CSV export of ${SIZE.largeCustomers.toLocaleString('en')} customers`);
  await exportScenario(server, large.cookie);
  // 4b. The full export (zip of CSVs + JSON) of an agency with 100,000 policies (issue 12).
  log(`scenario 4b: full export of ${SIZE.exportPolicies.toLocaleString('en')} policies`);
  await fullExportScenario(server, exporter.cookie);
  // 4c. An import of 10,000 policy rows with their customers, as a job on PostgreSQL (issue 12).
  log(`scenario 4c: import of ${SIZE.importRows.toLocaleString('en')} policy rows`);
  await importScenario(server, importer.cookie);

  await bulkStep(server, pgInfo);

  await server.stop();
}

/** 3. Creates with an auto-created customer (10 concurrent, enterprise: no limit), then 3b: never a row over a limit. */
async function createsScenario(server: Server, pgInfo: Postgres, creator: { cookie: string; agencyId: string }, limited: { cookie: string; agencyId: string }) {
  // 3. Creates with an auto-created customer, 10 concurrent, enterprise (no limit).
  log('scenario 3: create policy with a new customer (10 connections)');
  let n = 0;
  const tag = Date.now().toString(36);
  const s3 = await load({
    url: server.url,
    pid: server.pid,
    dbPid: pgInfo.pid(),
    connections: 10,
    seconds: SECONDS,
    cookie: creator.cookie,
    method: 'POST',
    next: () => ({ path: '/api/policies', body: policyBody(++n, tag) }),
  });
  const created = await sql(pgInfo.url, 'select (select count(*) from policies where agency_id = $1)::int as p, (select count(*) from customers where agency_id = $1)::int as c', [creator.agencyId]);
  const { p: createdPolicies, c: createdCustomers } = created.rows[0] as { p: number; c: number };
  loadRow('3. create policy + new customer', s3, { text: '≥ 300/s, 0 errors', ok: s3.rps >= 300 && s3.errors + s3.non2xx === 0 },
    `${createdPolicies} policies and ${createdCustomers} customers written; PostgreSQL CPU ${fmt(s3.dbCpuMsPerRequest, 1)} ms per create`);

  // 3b. Never a row over a limit: a professional agency (100 policies) gets 150 concurrent creates.
  const limits = (await sql(pgInfo.url, `select max_policies, max_clients from subscription_limits where tier_name = 'professional'`)).rows[0] as { max_policies: number; max_clients: number };
  let m = 0;
  const limitTag = `${tag}L`;
  const limitRun = await load({
    url: server.url,
    pid: server.pid,
    connections: 10,
    seconds: SECONDS,
    cookie: limited.cookie,
    method: 'POST',
    next: () => ({ path: '/api/policies', body: policyBody(++m, limitTag) }),
  });
  const stored = (await sql(pgInfo.url, 'select (select count(*) from policies where agency_id = $1)::int as p, (select count(*) from customers where agency_id = $1)::int as c', [limited.agencyId])).rows[0] as { p: number; c: number };
  // Each create also makes a customer, so whichever limit is lower is reached first, exactly.
  const reached = stored.p === limits.max_policies || stored.c === limits.max_clients;
  const within = stored.p <= limits.max_policies && stored.c <= limits.max_clients;
  rows.push({
    scenario: '3. limits under concurrency (professional plan)',
    note: `${limitRun.requests} creates at 10 concurrent: ${stored.p} policies (limit ${limits.max_policies}) and ${stored.c} customers (limit ${limits.max_clients}) stored; ${limitRun.requests - limitRun.non2xx} accepted, ${limitRun.non2xx} refused (${Object.entries(limitRun.statusCodes).map(([k, v]) => `${v}×${k}`).join(' ')})`,
    target: 'never over a limit',
    ok: within && reached,
  });
  log(`  limit check: ${stored.p} policies / ${stored.c} customers stored (limits ${limits.max_policies} / ${limits.max_clients})`);
}

/** 8. Bulk status change of 10,000 policies (the job path, with progress) and its undo (issue 13). */
async function bulkStep(server: Server, pgInfo: Postgres) {
  const exec = (text: string, params: unknown[] = []) => sql(pgInfo.url, text, params).then(() => undefined);
  const agent = await registerAndSignIn(server.url, 'bench-bulk@bench.example', (email) =>
    exec(`update "user" set email_verified = true, subscription_tier = 'enterprise', subscription_status = 'active' where email = $1`, [email]),
  );
  await seedBulkPolicies(pgInfo.url, agent.agencyId, BULK_POLICIES);
  log(`scenario 8: bulk status change of ${BULK_POLICIES.toLocaleString('en')} policies, then its undo`);
  const bulk = await bulkScenario(server.url, agent.cookie, BULK_POLICIES, log);
  rows.push({ scenario: '8. bulk status change + undo, 10,000 policies', note: bulk.note, target: '≤ 10 s each', ok: bulk.ok });
  log(`  bulk: ${bulk.note}`);
}

function rawNote(rawAll: PgbenchResult, rawList: PgbenchResult, rps: number) {
  if (!rawAll.tps) return `pgbench failed: ${rawAll.error}`;
  return `app/raw ${((rps / rawAll.tps) * 100).toFixed(0)} % of all its SQL (${rawAll.tps.toFixed(0)} tps); ${rawList.tps ? `${((rps / rawList.tps) * 100).toFixed(0)} % of the list queries alone (${rawList.tps.toFixed(0)} tps)` : ''}`;
}

function rawRow(scenario: string, r: PgbenchResult, statements: number): Row {
  return r.tps
    ? { scenario, rps: r.tps, note: `pgbench -M prepared -c 20, ${statements} statements per transaction, avg latency ${r.latencyMs.toFixed(1)} ms` }
    : { scenario, note: `pgbench could not run it: ${r.error}` };
}

/**
 * One digest run over the whole book, as the scheduler runs it at 08:00 UTC: the window
 * notifications (one INSERT … SELECT) and one e-mail per agent, written to an outbox folder.
 */
async function digestScenario(pgInfo: Postgres) {
  log(`scenario 2b: daily renewals digest over ${SIZE.agencies.toLocaleString('en')}+ agencies`);
  const database = await openPostgres(pgInfo.url, { max: 4 });
  const outboxDir = path.join(work, 'digest-outbox');
  const logger = createLogger('warn');
  const deps = { db: database.db, database, logger, mailer: createMailer({ from: 'bench@policydesk.test', outboxDir, logger }), config: { appUrl: 'http://127.0.0.1' } } as unknown as Deps;
  const now = new Date(`${new Date().toISOString().slice(0, 10)}T08:00:00Z`);
  const t0 = performance.now();
  const result = await runDigest(deps, now);
  const seconds = (performance.now() - t0) / 1000;
  const counted = await sql(pgInfo.url, `select count(*)::int as n from notifications where kind in ('renewal_window', 'renewal_lapsed')`);
  const n = Number(counted.rows[0]?.n ?? 0);
  await database.close();
  const note = `${result.sent.toLocaleString('en')} digests e-mailed and ${Number(n).toLocaleString('en')} window/lapse notifications in ${seconds.toFixed(1)} s`;
  rows.push({ scenario: '2b. daily digest, every agency', note, target: '≤ 60 s for 1,000 agencies', ok: result.ran && seconds <= 60 });
  log(`  digest: ${note}`);
}

/** The cockpit's SQL in the shape the renewals service sends (the open window: a year back, 120 days ahead). */
function renewalQueries(agencyId: string): Record<string, string> {
  const open = `agency_id = '${agencyId}' and end_date between current_date - 365 and current_date + 120 and renewal_state in ('not_started', 'contacted', 'quoted') and status <> 'cancelled'`;
  return {
    'renewals summary (buckets + retention, from the renewal_stats counters)': `select sum(policies) filter (where renewal_state = 'renewed'), sum(policies) filter (where renewal_state = 'lost'), sum(policies) filter (where renewal_state in ('not_started', 'contacted', 'quoted') and end_date < current_date), sum(policies) filter (where renewal_state in ('not_started', 'contacted', 'quoted') and end_date between current_date and current_date + 30), sum(premium) filter (where renewal_state in ('not_started', 'contacted', 'quoted') and end_date between current_date and current_date + 30) from renewal_stats where agency_id = '${agencyId}' and end_date between current_date - 365 and current_date + 120 and not cancelled`,
    'renewals table page 1': `select id from policies where ${open} order by end_date, id limit 25`,
  };
}

async function explain(pgInfo: Postgres, agencyId: string) {
  const queries = {
    'page 1': `select id from policies where agency_id = '${agencyId}' order by created_at desc, id desc limit 25`,
    search: `select id from policies where agency_id = '${agencyId}' and lower(policy_number || ' ' || customer_name || ' ' || insurance_company) like '%mar%' order by created_at desc, id desc limit 25`,
    'search count': `select count(*) from policies where agency_id = '${agencyId}' and lower(policy_number || ' ' || customer_name || ' ' || insurance_company) like '%mar%'`,
    'total count': `select count(*) from policies where agency_id = '${agencyId}'`,
    ...renewalQueries(agencyId),
  };
  const lines: string[] = [];
  for (const [name, q] of Object.entries(queries)) {
    const plan = (await sql(pgInfo.url, `explain (analyze, costs off, timing on) ${q}`)).rows.map((r: any) => r['QUERY PLAN'] as string);
    lines.push(`-- ${name}\n${plan.join('\n')}`);
    // issue 11 asks for the renewals page's plan in the output
    if (name.startsWith('renewals')) log(`plan of ${name}:\n  ${plan.join('\n  ')}`);
  }
  writeFileSync(path.join(work, 'explain-large-agency.txt'), lines.join('\n\n'));
}

/**
 * Issue 17: the search plans, printed, for the small and the large agency; and the small agency's
 * search against filtering its own rows without any trigram index (same query, bitmap scans off).
 */
async function searchPlans(pgInfo: Postgres, smallId: string, largeId: string) {
  const expr = `lower(policy_number || ' ' || customer_name || ' ' || insurance_company)`;
  const count = (agency: string) => `select count(*) from (select 1 from policies where agency_id = '${agency}' and ${expr} like '%mar%' limit 10001) as bounded`;
  const page = (agency: string) => `select id from policies where agency_id = '${agency}' and ${expr} like '%mar%' order by created_at desc, id desc limit 25`;
  const run = async (q: string, setup = '') => {
    const client = new pg.Client({ connectionString: pgInfo.url });
    await client.connect();
    try {
      if (setup) await client.query(setup);
      await client.query(q.replace(/^select/, 'select /* warm */')); // warm the cache, then measure
      return (await client.query(`explain (analyze, costs off) ${q}`)).rows.map((r: any) => r['QUERY PLAN'] as string);
    } finally {
      await client.end();
    }
  };
  const ms = (plan: string[]) => Number(/Execution Time: ([\d.]+)/.exec(plan.join('\n'))?.[1] ?? NaN);
  for (const [name, q] of [
    ['small agency: search count', count(smallId)],
    ['small agency: search page', page(smallId)],
    ['large agency: search count', count(largeId)],
    ['large agency: search page', page(largeId)],
  ] as const) {
    const plan = await run(q);
    log(`plan of ${name} ('mar'):\n  ${plan.join('\n  ')}`);
  }
  const indexed = ms(await run(count(smallId)));
  const ownRows = ms(await run(count(smallId), 'set enable_bitmapscan = off'));
  const ok = indexed <= ownRows * 1.2 + 0.2;
  rows.push({
    scenario: '1. small agency: search vs filtering its own rows',
    note: `bounded count of 'mar': ${indexed.toFixed(2)} ms with the agency-scoped trigram index, ${ownRows.toFixed(2)} ms reading the agency's rows through its btree and filtering (EXPLAIN ANALYZE)`,
    target: 'never slower than filtering its own rows',
    ok,
  });
  log(`  ${rows.at(-1)!.note}`);
}

async function exportScenario(server: Server, cookie: string) {
  const rss = sampleRss(server.pid);
  const started = performance.now();
  const res = await fetch(`${server.url}/api/customers/export`, { headers: { cookie } });
  let lines = 0;
  let bytes = 0;
  let firstByteMs = 0;
  if (res.status === 200 && res.body) {
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!firstByteMs) firstByteMs = performance.now() - started;
      bytes += value.length;
      for (let i = 0; i < value.length; i++) if (value[i] === 10) lines++;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const { peak, growth } = rss.stop();
  const dataRows = Math.max(0, lines - 1);
  const rowsPerSecond = dataRows / seconds;
  rows.push({
    scenario: '4. CSV export, customers',
    rps: rowsPerSecond,
    errors: res.status === 200 ? '0' : `HTTP ${res.status}`,
    rssMb: peak,
    note: `${dataRows.toLocaleString('en')} rows (${(bytes / 1048576).toFixed(1)} MB) in ${seconds.toFixed(2)} s = ${rowsPerSecond.toFixed(0)} rows/s; first byte ${firstByteMs.toFixed(0)} ms; memory growth ${growth.toFixed(0)} MB`,
    target: '≥ 50,000 rows/s; growth ≤ 50 MB',
    ok: res.status === 200 && dataRows >= SIZE.largeCustomers && rowsPerSecond >= 50_000 && growth <= 50,
  });
  log(`  export: ${rows.at(-1)!.note}`);
}

async function fullExportScenario(server: Server, cookie: string) {
  const rss = sampleRss(server.pid);
  const started = performance.now();
  const cpuBefore = cpuMs(server.pid);
  const res = await fetch(`${server.url}/api/export`, { headers: { cookie } });
  let bytes = 0;
  if (res.status === 200 && res.body) {
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const { peak, growth } = rss.stop();
  const cpu = (cpuMs(server.pid) - cpuBefore) / 1000;
  const note = `${SIZE.exportPolicies.toLocaleString('en')} policies (+ ${(SIZE.exportPolicies / 2).toLocaleString('en')} customers, details, activity): ${(bytes / 1048576).toFixed(1)} MB zip in ${seconds.toFixed(2)} s (server CPU ${cpu.toFixed(1)} s, load average ${os.loadavg()[0].toFixed(1)}); memory growth ${growth.toFixed(0)} MB`;
  rows.push({
    scenario: '4b. full export (zip)',
    errors: res.status === 200 ? '0' : `HTTP ${res.status}`,
    rssMb: peak,
    note,
    target: '100,000 policies in ≤ 10 s; growth ≤ 50 MB',
    ok: res.status === 200 && bytes > 0 && seconds <= 10 && growth <= 50,
  });
  log(`  full export: ${note}`);
}

/** A policies CSV of `n` rows for `n / 2` new customers, half car and half fire. */
function importCsv(n: number): string {
  const header =
    'policy_number,policy_type,insurance_company,customer_name,customer_email,premium_amount,coverage_amount,deductible,start_date,status,vehicle_make,vehicle_model,vehicle_year,vin_number,driver_license,property_address,property_type,construction_year,property_value';
  const lines = [header];
  for (let i = 0; i < n; i += 1) {
    const who = `Imported Customer ${i >> 1},imported${i >> 1}@bench.example`;
    lines.push(
      i % 2
        ? `IMP-${i},fire,Zurich,${who},${(300 + (i % 700)).toFixed(2)},250000,500,2026-01-${String(1 + (i % 28)).padStart(2, '0')},active,,,,,,${i} Import Street,House,1990,300000`
        : `IMP-${i},car,Allianz,${who},${(200 + (i % 900)).toFixed(2)},50000,250,2026-02-${String(1 + (i % 28)).padStart(2, '0')},active,Toyota,Corolla,2020,VIN${i},DL${i},,,,`,
    );
  }
  return lines.join('\r\n') + '\r\n';
}

async function importScenario(server: Server, cookie: string) {
  const body = new FormData();
  body.set('kind', 'policies');
  body.set('duplicates', 'skip');
  body.set('file', new File([importCsv(SIZE.importRows)], 'bench-import.csv', { type: 'text/csv' }));
  const started = performance.now();
  const res = await fetch(`${server.url}/api/imports`, { method: 'POST', headers: { cookie, origin: server.url }, body });
  let job: { id?: string; status?: string; imported?: number; failed?: number; message?: string | null } = {};
  if (res.status === 202) {
    job = (await res.json()) as typeof job;
    while (job.status === 'running') {
      await new Promise((r) => setTimeout(r, 100));
      job = (await getJson(server, cookie, `/api/imports/${job.id}`)) as typeof job;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const note =
    res.status === 202
      ? `${SIZE.importRows.toLocaleString('en')} rows (${(SIZE.importRows / 2).toLocaleString('en')} new customers): ${job.status}, ${job.imported} imported, ${job.failed} failed in ${seconds.toFixed(1)} s (${(SIZE.importRows / seconds).toFixed(0)} rows/s)`
      : `HTTP ${res.status}: ${(await res.text()).slice(0, 200)}`;
  rows.push({
    scenario: '4c. import, policies with customers',
    note,
    target: '10,000 rows in ≤ 15 s',
    ok: job.status === 'done' && job.imported === SIZE.importRows && seconds <= 15,
  });
  log(`  import: ${note}`);
}

/** 9. a 20 MB document upload to local storage: the server's memory growth (issue 13). */
async function documentScenario(url: string, pid: number, cookie: string) {
  log('scenario 9: a 20 MB document upload to local storage');
  // a 5 MB upload first, for comparison: growth that does not scale with the size is not the file
  const small = await uploadMemory(url, pid, cookie, 5);
  const r = await uploadMemory(url, pid, cookie);
  notes.push(`Document upload memory growth: 5 MB → ${small.growthMb.toFixed(1)} MB, 20 MB → ${r.growthMb.toFixed(1)} MB (RSS includes garbage not yet collected).`);
  log(`  5 MB upload: HTTP ${small.status}, memory growth ${small.growthMb.toFixed(1)} MB`);
  rows.push({
    scenario: '9. 20 MB document upload, local storage: server memory growth',
    rssMb: r.peakMb,
    note: `${r.growthMb.toFixed(1)} MB growth (RSS ${r.startMb.toFixed(0)} → ${r.peakMb.toFixed(0)} MB), ${r.seconds.toFixed(2)} s, HTTP ${r.status}`,
    target: '≤ 30 MB growth',
    ok: r.status === 201 && r.growthMb <= 30,
  });
  log(`  20 MB upload: HTTP ${r.status}, memory growth ${r.growthMb.toFixed(1)} MB (RSS ${r.startMb.toFixed(0)} → ${r.peakMb.toFixed(0)} MB) in ${r.seconds.toFixed(2)} s`);
}

async function documentsOnly(pgInfo: Postgres) {
  const server = await pgServer(pgInfo);
  try {
    const confirm = confirmOn(pgInfo, 'business');
    const user = await registerAndSignIn(server.url, 'bench-docs@bench.example', confirm);
    await documentScenario(server.url, server.pid, user.cookie);
  } finally {
    await server.stop();
  }
}

async function pgliteScenarios() {
  log(`scenario 5: PGlite with ${SIZE.pglite.toLocaleString('en')} policies`);
  const dataDir = path.join(work, 'pglite-data');
  const serverLog = path.join(work, 'server-pglite.log');
  let server = await startServer({ buildDir: BUILD, port: PORTS.pglite, dataDir, logFile: serverLog });
  log(`server: production build on a new PGlite folder, healthy after ${server.startMs.toFixed(0)} ms`);
  const user = await registerAndSignIn(server.url, 'bench-pglite@bench.example', (email) => confirmFromOutbox(server, dataDir, email));
  await server.stop();
  // The server is stopped: the folder is ours (PGlite has no lock between processes).
  const db = await openPglite(path.join(dataDir, 'db'));
  const seedStarted = performance.now();
  await seed(
    (text) => db.pglite!.exec(text),
    async <T,>(text: string) => (await db.pglite!.query<T>(text)).rows,
    { fillerAgencies: 0, fillerCustomers: 0, fillerPolicies: 0, targets: [{ agencyId: user.agencyId, ownerId: user.ownerId, customers: SIZE.pglite / 2, policies: SIZE.pglite }] },
    log,
  );
  await db.close();
  notes.push(`PGlite seeding of ${SIZE.pglite.toLocaleString('en')} policies took ${((performance.now() - seedStarted) / 1000).toFixed(0)} s.`);

  const coldPglite = await median(3, async () => {
    const s = await startServer({ buildDir: BUILD, port: PORTS.pglite, dataDir, logFile: serverLog });
    await s.stop();
    return s.startMs;
  });
  rows.push({ scenario: '6. cold start → healthy, existing PGlite folder', note: `${coldPglite.toFixed(0)} ms (median of 3, compiled JS)`, target: '≤ 2000 ms', ok: coldPglite <= 2000 });
  log(`  cold start on PGlite: ${coldPglite.toFixed(0)} ms`);
  server = await startServer({ buildDir: BUILD, port: PORTS.pglite, dataDir, logFile: serverLog });
  const signIn = await fetch(`${server.url}/api/account/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  const cookie = sessionCookie(signIn);
  // PGlite answers one query at a time: runs need a few seconds more before 20 queued requests drain.
  const pgliteRun = (paths: string[]) => {
    const next = cycle(paths);
    return load({ url: server.url, pid: server.pid, connections: 20, seconds: Math.max(SECONDS, QUICK ? 6 : 10), cookie, next: () => ({ path: next() }) });
  };
  if (!QUICK) await pgliteRun(['/api/policies?page=1&pageSize=25']).catch(() => undefined);
  const p1 = await pgliteRun(['/api/policies?page=1&pageSize=25']);
  loadRow('5. PGlite: list policies, page 1', p1, undefined, 'embedded: one connection per process, queries queue');
  const ps = await pgliteRun(SEARCH_TERMS.map((t) => `/api/policies?page=1&pageSize=25&search=${t}`));
  loadRow('5. PGlite: 3-letter search', ps);
  // each term alone, one request at a time: a slow term shows here, not in the mix above
  const perTerm: string[] = [];
  for (const term of SEARCH_TERMS) {
    const started = performance.now();
    const page = await getJson(server, cookie, `/api/policies?page=1&pageSize=25&search=${term}`).catch(() => null);
    perTerm.push(`${term} ${(performance.now() - started).toFixed(0)} ms (${page?.totalIsEstimate ? 'about ' : ''}${page?.total ?? '?'})`);
  }
  notes.push(`PGlite search, each term alone: ${perTerm.join(', ')}.`);
  log(`  PGlite search, each term alone: ${perTerm.join(', ')}`);
  await server.stop();
}

function table(): string {
  const header = ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'peak RSS MB', 'server CPU ms/req', 'target', 'met', 'notes'];
  const lines = [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map(
      (r) =>
        `| ${r.scenario} | ${fmt(r.rps)} | ${r.p50 ?? ''} | ${r.p99 ?? ''} | ${r.errors ?? ''} | ${fmt(r.rssMb)} | ${fmt(r.cpu, 1)} | ${r.target ?? ''} | ${r.ok === undefined ? '' : r.ok ? 'yes' : 'NO'} | ${r.note ?? ''} |`,
    ),
  ];
  return lines.join('\n');
}

function rssCheck() {
  const pgRows = rows.filter((r) => r.rssMb !== undefined && !r.scenario.startsWith('5.'));
  if (!pgRows.length) return;
  const peak = Math.max(...pgRows.map((r) => r.rssMb!));
  rows.push({ scenario: 'server RSS under load, PostgreSQL', rssMb: peak, target: '≤ 250 MB', ok: peak <= 250, note: 'highest peak of the PostgreSQL scenarios' });
}

/** 8. 1,000 webhook deliveries to a local receiver, drained by the delivery worker. */
async function webhookBench(databaseUrl: string | undefined, label: string) {
  const r = await webhookScenario(databaseUrl, 1000);
  const ok = r.succeeded === r.deliveries && r.received === r.deliveries && r.seconds <= 30;
  rows.push({
    scenario: `8. webhook deliveries drained, ${label}`,
    rps: r.perSecond,
    errors: String(r.deliveries - r.succeeded),
    note: `${r.succeeded.toLocaleString('en')} of ${r.deliveries.toLocaleString('en')} delivered (receiver saw ${r.received}) in ${r.seconds.toFixed(2)} s`,
    target: '1,000 in ≤ 30 s',
    ok,
  });
  log(`  webhooks (${label}): ${rows.at(-1)!.note}`);
}

/** 2. The pipeline board of one agency with 20,000 opportunities (issue 14): p99 ≤ 150 ms. */
async function pipelineScenario(server: Server, pgInfo: Postgres, who: { cookie: string; agencyId: string; ownerId: string }) {
  log(`scenario 2: pipeline board, ${PIPELINE_OPPORTUNITIES.toLocaleString('en')} opportunities in one agency`);
  await seedOpportunities(pgInfo.url, who.agencyId, who.ownerId);
  const board = await getJson(server, who.cookie, PIPELINE_BOARD_PATHS[0]);
  notes.push(`Pipeline board: ${board.columns.map((c: { stage: string; count: number; cards: unknown[] }) => `${c.stage} ${c.count} (${c.cards.length} cards)`).join(', ')}.`);
  const r = await run(server, who.cookie, PIPELINE_BOARD_PATHS);
  loadRow(`2. pipeline board, ${PIPELINE_OPPORTUNITIES.toLocaleString('en')} opportunities`, r, { text: 'p99 ≤ 150 ms', ok: r.p99 <= 150 && r.non2xx === 0 });
  // one connection: the latency of a request that does not queue behind 19 others (a shared machine)
  const one = await run(server, who.cookie, PIPELINE_BOARD_PATHS, 1);
  loadRow(`2. pipeline board, 1 connection`, one, undefined, 'no target; shows the per-request latency without queueing');
  for (const [name, text] of [
    // the totals the board reads (counters, decision 034); the grouped scan is now only a search's fallback
    ['stage sums (counters)', `select stage, sum(opportunities)::int, sum(premium) from pipeline_stats where agency_id = $1 group by stage`],
    ['stage sums of a search (fallback)', `select stage, count(*), sum(estimated_premium) from opportunities where agency_id = $1 group by stage`],
    ['one column', `select o.*, c.name from opportunities o left join customers c on c.agency_id = o.agency_id and c.id = o.customer_id where o.agency_id = $1 and o.stage = 'quoted' order by o.stage_changed_at desc, o.id limit 21`],
  ]) {
    const plan = await sql(pgInfo.url, `explain (analyze, buffers) ${text}`, [who.agencyId]);
    const lines = plan.rows.map((row: Record<string, string>) => Object.values(row)[0]);
    notes.push(`Pipeline board, ${name}: ${lines.filter((l) => /Execution Time|Scan/.test(l)).map((l) => l.trim()).join(' | ')}`);
  }
}

/** --only xlsx: reading an Excel workbook of 10,000 policy rows in process (no build, no database). */
async function xlsxOnly() {
  const n = SIZE.importRows;
  const r = await xlsxReadScenario(n);
  const note = `${n.toLocaleString('en')} rows, ${r.fileMb.toFixed(1)} MB file, ${r.xmlMb.toFixed(1)} MB of XML: read and converted in ${r.seconds.toFixed(1)} s; heap +${r.heapGrowthMb.toFixed(0)} MB, RSS +${r.rssGrowthMb.toFixed(0)} MB`;
  rows.push({ scenario: '4d. import, reading an .xlsx', note, target: 'no target of its own (the rows then cost what 4c measures)', ok: true });
  log(`  xlsx: ${note}`);
}

/** 2. My tasks of one member with 50,000 tasks in the agency (issue 14): p99 ≤ 100 ms. */
async function tasksScenario(server: Server, pgInfo: Postgres, who: { cookie: string; agencyId: string; ownerId: string }) {
  // CRM (issue 14): My tasks with 50,000 tasks in the agency (enterprise includes the CRM)
  log(`scenario 2: My tasks with ${SIZE.tasks.toLocaleString('en')} tasks`);
  await seedTasks(pgInfo.url, who.agencyId, who.ownerId, SIZE.tasks);
  await warmUp(server, who.cookie, MY_TASKS_PATHS);
  const s2t = await run(server, who.cookie, MY_TASKS_PATHS);
  loadRow(`2. My tasks (${SIZE.tasks.toLocaleString('en')} tasks)`, s2t, { text: 'p99 ≤ 100 ms', ok: s2t.p99 <= 100 && s2t.non2xx === 0 });
  // one request at a time as well: on a busy machine this shows the request's own cost
  const s2t1 = await run(server, who.cookie, MY_TASKS_PATHS, 1);
  loadRow(`2. My tasks, 1 connection`, s2t1, undefined, 'no target; shows the per-request latency without queueing');
  for (const line of await explainMyTasks(pgInfo.url, who.agencyId, who.ownerId)) log(line);
}

/** --only tasks: a fresh PostgreSQL, one enterprise agency with 1,000 customers, My tasks alone. */
async function tasksOnly(pgInfo: Postgres) {
  const server = await pgServer(pgInfo);
  try {
    const confirm = confirmOn(pgInfo, 'enterprise');
    const who = await registerAndSignIn(server.url, 'bench-tasks@bench.example', confirm);
    // customers for a quarter of the tasks to link to (the list joins their names)
    await sql(
      pgInfo.url,
      `insert into customers (agency_id, name, email) select $1, 'Bench Customer ' || g, 'customer' || g || '@bench.example' from generate_series(1, 1000) g`,
      [who.agencyId],
    );
    await run(server, who.cookie, ['/api/tasks/mine'], 5).catch(() => undefined);
    await tasksScenario(server, pgInfo, who);
  } finally {
    await server.stop();
  }
}

/**
 * --only signed-in: a fresh PostgreSQL, one enterprise agency of 1,000 policies (issue 33): each
 * signed-in page's first load, time to data in a cold browser and between the sidebar's pages,
 * Lighthouse mobile on the signed-in pages with the session cookie, the dashboard's one request.
 */
async function signedInOnly(pgInfo: Postgres) {
  frontend();
  const server = await pgServer(pgInfo);
  try {
    const who = await registerAndSignIn(server.url, 'bench-signed-in@bench.example', confirmOn(pgInfo, 'enterprise'));
    await seedWith(pgInfo, { fillerAgencies: 0, fillerCustomers: 0, fillerPolicies: 0, targets: [{ agencyId: who.agencyId, ownerId: who.ownerId, customers: 300, policies: 1000 }] });
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
    for (const r of await runLighthouse(server.url, ['/dashboard', '/dashboard/policies', '/dashboard/renewals'], who.cookie)) {
      rows.push({
        scenario: `7. Lighthouse mobile ${r.page} (signed in, 1,000 policies)`,
        note: `performance ${r.performance}, LCP ${(r.lcpMs / 1000).toFixed(1)} s, FCP ${(r.fcpMs / 1000).toFixed(1)} s, TBT ${Math.round(r.tbtMs)} ms, CLS ${r.cls.toFixed(3)}, accessibility ${r.accessibility}`,
        target: 'performance ≥ 90, LCP ≤ 2.5 s, CLS ≤ 0.05, accessibility 100',
        ok: r.performance >= 90 && r.lcpMs <= 2500 && r.cls <= 0.05 && r.accessibility === 100,
      });
      log(`  lighthouse ${r.page}: ${rows.at(-1)!.note}`);
    }
    databasePid = pgInfo.pid;
    const d = await run(server, who.cookie, ['/api/dashboard']);
    loadRow('1. dashboard, one request for its cards (1,000 policies)', d, { text: 'p99 ≤ 20 ms (issue 33)', ok: d.p99 <= 20 && d.non2xx + d.errors === 0 });
  } finally {
    await server.stop();
  }
}

/** --only exchange: a fresh PostgreSQL, issue 12's two figures alone (full export of 100,000 policies, import of 10,000 rows). */
async function exchangeOnly(pgInfo: Postgres) {
  const server = await pgServer(pgInfo);
  try {
    const confirm = confirmOn(pgInfo, 'enterprise');
    const exporter = await registerAndSignIn(server.url, 'bench-export@bench.example', confirm);
    const importer = await registerAndSignIn(server.url, 'bench-import@bench.example', confirm);
    // other agencies' rows around it, as in a shared database: a plan that leaves the agency shows
    await seedWith(pgInfo, {
      fillerAgencies: QUICK ? 20 : 200,
      fillerCustomers: SIZE.customersPerAgency,
      fillerPolicies: SIZE.perAgency,
      targets: [{ agencyId: exporter.agencyId, ownerId: exporter.ownerId, customers: SIZE.exportPolicies / 2, policies: SIZE.exportPolicies }],
    });
    log(`scenario 4b: full export of ${SIZE.exportPolicies.toLocaleString('en')} policies`);
    await fullExportScenario(server, exporter.cookie);
    log(`scenario 4c: import of ${SIZE.importRows.toLocaleString('en')} policy rows`);
    await importScenario(server, importer.cookie);
  } finally {
    await server.stop();
  }
}

/** --only api: a fresh PostgreSQL with the full book (1,000 agencies × 1,000 policies), issue 15's API figure alone. */
async function apiOnly(pgInfo: Postgres) {
  let server = await pgServer(pgInfo);
  try {
    const confirm = confirmOn(pgInfo, 'enterprise');
    const small = await registerAndSignIn(server.url, 'bench-small@bench.example', confirm);
    const total = SIZE.agencies * SIZE.perAgency;
    log(`seed: ${SIZE.agencies} agencies × ${SIZE.perAgency} policies (${total.toLocaleString('en')}) …`);
    await seedWith(pgInfo, {
        fillerAgencies: SIZE.agencies - 1,
        fillerCustomers: SIZE.customersPerAgency,
        fillerPolicies: SIZE.perAgency,
        targets: [{ agencyId: small.agencyId, ownerId: small.ownerId, customers: SIZE.customersPerAgency, policies: SIZE.perAgency }],
      });
    // a restart, as after a deploy: the pool and caches start cold on the seeded database
    await server.stop();
    server = await pgServer(pgInfo);
    await run(server, small.cookie, ['/api/policies?page=1&pageSize=50'], 20).catch(() => undefined);
    log(`scenario 1: GET /api/v1/policies with a key at ${total.toLocaleString('en')} policies`);
    await apiScenario(server, small.cookie);
  } finally {
    await server.stop();
  }
}

/** --only reports: a fresh PostgreSQL, one agency of SIZE.exportPolicies policies (a third of them renewals), the grouped reports and analytics timed one request at a time. */
async function reportsOnly(pgInfo: Postgres) {
  const server = await pgServer(pgInfo);
  try {
    const confirm = confirmOn(pgInfo, 'enterprise');
    const who = await registerAndSignIn(server.url, 'bench-reports@bench.example', confirm);
    await seedWith(pgInfo, { fillerAgencies: 0, fillerCustomers: 0, fillerPolicies: 0, targets: [{ agencyId: who.agencyId, ownerId: who.ownerId, customers: SIZE.exportPolicies / 2, policies: SIZE.exportPolicies }] });
    const marked = (await sql(pgInfo.url, MARK_RENEWALS, [who.agencyId])).rowCount ?? 0;
    await sql(pgInfo.url, 'analyze');
    log(`scenario 4e: grouped reports and analytics over ${SIZE.exportPolicies.toLocaleString('en')} policies`);
    for (const r of await timeReports(server.url, who.cookie)) {
      rows.push({ scenario: `4e. GET ${r.path} (${SIZE.exportPolicies.toLocaleString('en')} policies, sequential)`, p50: r.p50, note: `max ${r.max.toFixed(0)} ms, status ${r.status}; ${marked.toLocaleString('en')} renewals`, ok: r.status === 200 });
    }
  } finally {
    await server.stop();
  }
}

/** --only pipeline: a fresh PostgreSQL, one enterprise agency, the pipeline figure alone. */
async function pipelineOnly(pgInfo: Postgres) {
  const server = await pgServer(pgInfo);
  try {
    const confirm = confirmOn(pgInfo, 'enterprise');
    const who = await registerAndSignIn(server.url, 'bench-pipeline@bench.example', confirm);
    await run(server, who.cookie, ['/api/opportunities/figures'], 5).catch(() => undefined);
    await pipelineScenario(server, pgInfo, who);
  } finally {
    await server.stop();
  }
}

/** --only creates: a fresh PostgreSQL with the full run's 1,000 filler agencies (their indexes are what an insert updates), scenarios 3 and 3b alone. */
async function createsOnly(pgInfo: Postgres) {
  let server = await pgServer(pgInfo);
  try {
    const confirm = (tier: string) => confirmOn(pgInfo, tier);
    const creator = await registerAndSignIn(server.url, 'bench-create@bench.example', confirm('enterprise'));
    const limited = await registerAndSignIn(server.url, 'bench-limited@bench.example', confirm('professional'));
    await seedWith(pgInfo, { fillerAgencies: SIZE.agencies, fillerCustomers: SIZE.customersPerAgency, fillerPolicies: SIZE.perAgency, targets: [] });
    // restarted on the seeded database, as the full run does
    await server.stop();
    server = await pgServer(pgInfo);
    await settle();
    // warm up (JIT, pool) on the list page, so the creates' own run starts hot as in the full run
    await warmUp(server, creator.cookie, ['/api/policies?page=1&pageSize=25']);
    await createsScenario(server, pgInfo, creator, limited);
  } finally {
    await server.stop();
  }
}

/**
 * Scenario 1 through PgBouncer in transaction mode (decision 042): a second server on the same
 * database with DATABASE_POOLER=transaction, list page 1 and the searches, beside the direct rows.
 */
async function poolerRows(pgInfo: Postgres, cookie: string, direct?: { list: LoadResult; search: LoadResult }) {
  const missing = checkPgbouncer();
  if (missing) {
    notes.push(`PgBouncer rows skipped: ${missing}`);
    return;
  }
  const figures = await poolerComparison({ buildDir: BUILD, port: PORTS.pooler, pgInfo, cookie, seconds: SECONDS, workDir: work, log });
  poolerTable(figures, direct);
}

function poolerTable(figures: PoolerFigures[], direct?: { list: LoadResult; search: LoadResult }) {
  for (const f of figures) {
    const reference = direct && (/search/.test(f.scenario) ? direct.search : direct.list);
    const pooler = f.poolerCpuMsPerRequest !== undefined ? `PgBouncer CPU ${f.poolerCpuMsPerRequest.toFixed(2)} ms/request` : '';
    const beside = reference ? `direct: ${reference.rps.toFixed(0)} req/s, p99 ${reference.p99} ms; through the pooler ${((f.result.rps / reference.rps) * 100).toFixed(0)} %` : '';
    loadRow(`1. ${f.scenario}`, f.result, { text: /search/.test(f.scenario) ? 'p99 ≤ 150 ms' : 'p99 ≤ 100 ms', ok: f.result.p99 <= (/search/.test(f.scenario) ? 150 : 100) && f.result.non2xx + f.result.errors === 0 }, [beside, pooler].filter(Boolean).join('; ') || undefined);
  }
}

/** --only pooler: a fresh PostgreSQL (one agency of 5,000 policies among 20,000), the list page and search direct and through PgBouncer, one server worker each. */
async function poolerOnly() {
  const figures = await poolerScenario({ buildDir: BUILD, port: PORTS.pooler, seconds: SECONDS, log });
  const direct = figures.filter((f) => f.scenario.endsWith(', direct'));
  const [list, search] = [direct.find((f) => !/search/.test(f.scenario))?.result, direct.find((f) => /search/.test(f.scenario))?.result];
  for (const f of direct) loadRow(`1. ${f.scenario}`, f.result);
  poolerTable(figures.filter((f) => !direct.includes(f)), list && search ? { list, search } : undefined);
}

/** The scenarios `--only <name>` runs alone, each on a fresh PostgreSQL of its own. */
const ONLY_SCENARIOS: Record<string, (pgInfo: Postgres) => Promise<void>> = {
  documents: documentsOnly,
  api: apiOnly,
  exchange: exchangeOnly,
  reports: reportsOnly,
  pipeline: pipelineOnly,
  tasks: tasksOnly,
  creates: createsOnly,
  'signed-in': signedInOnly,
  'id-card': async (pgInfo) => void idCardRow(await idCardScenario({ buildDir: BUILD, port: PORTS.pg, pgUrl: pgInfo.url, dbPid: pgInfo.pid(), workDir: work, seconds: SECONDS, log })),
};

async function main() {
  const started = performance.now();
  loadAtStart = os.loadavg().map((n) => n.toFixed(1)).join(' ');
  if (ONLY_FRONTEND) {
    build();
    frontend();
    await lighthouseScenario();
    console.log(`\n${table()}\n`);
    return;
  }
  const missing = checkPostgresBinaries();
  if (missing) {
    console.error(`bench: cannot run: ${missing}`);
    process.exit(2);
  }
  if (ONLY_WEBHOOKS) {
    const pgOnly = await startPostgres();
    try {
      await webhookBench(pgOnly.url, 'PostgreSQL');
    } finally {
      pgOnly.stop();
    }
    await webhookBench(undefined, 'PGlite');
    console.log(`\n${table()}\n`);
    return;
  }
  if (ONLY === 'pglite') {
    build();
    await pgliteScenarios();
    console.log(`\n${table()}\n`);
    for (const n of notes) console.log(`- ${n}`);
    return;
  }
  if (ONLY === 'xlsx') {
    await xlsxOnly();
    console.log(`\n${table()}\n`);
    return;
  }
  log(`PolicyDesk benchmark${QUICK ? ' (--quick: smaller data, shorter runs)' : ''} on ${os.cpus().length} cores (load average ${loadAtStart}), Node ${process.version}; ${SECONDS} s per load run; work folder ${work}`);
  build();
  if (ONLY === 'list') {
    // issue 17's CPU figure alone: one worker, the list page at 20 connections (scripts/bench/list.ts)
    await listScenario({ buildDir: BUILD, port: PORTS.pg, seconds: SECONDS, prof: args.includes('--prof'), log });
    return;
  }
  if (ONLY === 'pooler') {
    const missing = checkPgbouncer();
    if (missing) {
      console.error(`bench: cannot run: ${missing}`);
      process.exit(2);
    }
    await poolerOnly();
    console.log(`\n${table()}\n`);
    return;
  }
  const only = ONLY ? ONLY_SCENARIOS[ONLY] : undefined;
  if (ONLY && !only) {
    console.error(`bench: no scenario "${ONLY}"; --only takes ${Object.keys(ONLY_SCENARIOS).join(', ')}, list, pooler, pglite or xlsx`);
    process.exit(2);
  }
  if (only) {
    const pgOnly = await startPostgres();
    try {
      await only(pgOnly);
    } finally {
      pgOnly.stop();
    }
    console.log(`\n${table()}\n`);
    for (const n of notes) console.log(`- ${n}`);
    return;
  }
  if (BULK_ONLY) {
    const pgOnly = await startPostgres();
    try {
      const server = await startServer({ buildDir: BUILD, port: PORTS.pg, databaseUrl: pgOnly.url, dataDir: path.join(work, 'pg-data'), logFile: path.join(work, 'server-pg.log') });
      await bulkStep(server, pgOnly);
      await server.stop();
    } finally {
      pgOnly.stop();
    }
    console.log(`\n${table()}\n`);
    return;
  }
  frontend();
  await lighthouseScenario();
  const pgInfo = await startPostgres();
  log(`postgres: 15 on 127.0.0.1:${pgInfo.port}`);
  try {
    await postgresScenarios(pgInfo);
    await webhookBench(pgInfo.url, 'PostgreSQL');
    await documentsOnly(pgInfo);
    for (const line of await statementStats(pgInfo.url, false, 'planning')) log(`  pg_stat_statements, most planning: ${line}`);
  } finally {
    databasePid = undefined;
    pgInfo.stop();
  }
  await pgliteScenarios();
  await webhookBench(undefined, 'PGlite');
  for (const f of await brandingScenario()) rows.push(f);
  // Keep the logs, captured SQL and plans; drop the data.
  rmSync(path.join(work, 'pglite-data'), { recursive: true, force: true });
  rmSync(path.join(work, 'pg-data'), { recursive: true, force: true });
  rssCheck();

  const out = table();
  const minutes = ((performance.now() - started) / 60000).toFixed(1);
  console.log(`\n${out}\n`);
  for (const n of notes) console.log(`- ${n}`);
  const missed = rows.filter((r) => r.ok === false).map((r) => r.scenario);
  console.log(missed.length ? `\nMissed: ${missed.join('; ')}` : '\nEvery figure was met.');
  mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(
    path.join(ROOT, 'bench/results/latest.md'),
    [
      `# PolicyDesk benchmark${QUICK ? ' (--quick: smaller data, not the target sizes)' : ''}`,
      '',
      `${new Date().toISOString()} · load average at start ${loadAtStart}, at end ${os.loadavg().map((n) => n.toFixed(1)).join(' ')} (other work on the machine skews absolute figures; ratios measured side by side less so) · ${os.cpus().length} cores (${os.cpus()[0]?.model ?? ''}) · Node ${process.version} · PostgreSQL 15 · ${SECONDS} s per run · ${minutes} min in all`,
      `Data: ${SIZE.agencies} agencies × ${SIZE.perAgency} policies (${SIZE.customersPerAgency} customers each) + one agency with ${SIZE.large} policies (${SIZE.largeCustomers} customers); PGlite: ${SIZE.pglite} policies.`,
      '',
      out,
      '',
      ...notes.map((n) => `- ${n}`),
      missed.length ? `\nMissed: ${missed.join('; ')}` : '\nEvery figure was met.',
      '',
      `Statements captured from the server for one request, plans of the large agency's queries and the server logs are in ${work}.`,
    ].join('\n'),
  );
  console.log(`\nWritten to bench/results/latest.md (${minutes} min). Logs, captured SQL and plans: ${work}`);
}

main().catch((err) => {
  console.error('bench: could not run:', err);
  process.exit(1);
});
