// The list page's CPU figure alone (issue 17): npx tsx scripts/bench/list.ts [--no-build] [--seconds N] [--prof] [--workers N]
// Builds the server bundle (not the web app: the API does not need it) into .bench-build-list/, starts
// a throwaway PostgreSQL 15, one server process (WORKERS=1 unless --workers), seeds one agency of
// LIST_POLICIES policies (exact count: under EXACT_COUNT_LIMIT) among filler agencies (20,000
// policies in all), warms up, then drives GET /api/policies?page=1&pageSize=25 at 20 connections
// and prints req/s, p99 and the server's CPU per request (stable even on a busy machine).
// --prof: the server runs with --cpu-prof and the profile's top functions by self time are printed
// (share of the busy samples, idle left out). Also `npm run bench -- --only list` (full build).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { registrationPayload, sessionCookie } from '#server/test/factories.ts';
import { topFunctions } from './cpu-profile.ts';
import { EXACT_COUNT_LIMIT } from '#server/db/count.ts';
import { cpuBreakdown, cycle, load, type LoadResult } from './load.ts';
import { captureStatements, pgbench, startPostgres, sql, statementStats, type PgbenchResult } from './postgres.ts';
import { SEARCH_TERMS, seed } from './seed.ts';
import { startServer } from './server.ts';

export const LIST_PATH = '/api/policies?page=1&pageSize=25';
export const LIST_POLICIES = 5_000;
const FILLER_AGENCIES = 15;

export interface ListOptions {
  buildDir: string;
  port: number;
  seconds: number;
  workers?: number;
  /** run the server with --cpu-prof and print its top functions */
  prof?: boolean;
  /** also replay the request's statements with pgbench (app/raw) */
  raw?: boolean;
  /** policies in the measured agency (default LIST_POLICIES; above 10,000 the total is an estimate) */
  policies?: number;
  /** other agencies of 1,000 policies each (default 15; the full bench has 1,000) */
  fillers?: number;
  /** drive the 3-letter searches (SEARCH_TERMS, cycled) instead of the plain page 1 */
  search?: boolean;
  log?: (msg: string) => void;
}

export interface ListFigures {
  result: LoadResult;
  loadAverage: string;
  top: string[];
}

export async function listScenario(opts: ListOptions): Promise<ListFigures> {
  const log = opts.log ?? console.log;
  const policyCount = opts.policies ?? LIST_POLICIES;
  const fillers = opts.fillers ?? FILLER_AGENCIES;
  const work = mkdtempSync(path.join(os.tmpdir(), 'policydesk-list-'));
  const profDir = path.join(work, 'prof');
  const pgInfo = await startPostgres();
  try {
    const server = await startServer({
      buildDir: opts.buildDir,
      port: opts.port,
      databaseUrl: pgInfo.url,
      dataDir: path.join(work, 'data'),
      logFile: path.join(work, 'server.log'),
      nodeArgs: opts.prof ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [],
      env: { WORKERS: String(opts.workers ?? 1) },
    });
    let result: LoadResult;
    let raw: PgbenchResult | undefined;
    let rawTcp: PgbenchResult | undefined;
    try {
      const base = server.url;
      const email = 'list@bench.example';
      const password = 'bench-password-1';
      const reg = await fetch(`${base}/api/account/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify(registrationPayload({ company: 'List Agency', fullName: 'List User', email, password })),
      });
      if (reg.status !== 200) throw new Error(`register: ${reg.status} ${await reg.text()}`);
      await sql(pgInfo.url, `update "user" set email_verified = true, subscription_tier = 'enterprise', subscription_status = 'active' where email = $1`, [email]);
      const signIn = await fetch(`${base}/api/account/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify({ email, password }),
      });
      const cookie = sessionCookie(signIn);
      const me = (await (await fetch(`${base}/api/me`, { headers: { cookie } })).json()) as { agency: { id: string; ownerId: string } };
      const client = new pg.Client({ connectionString: pgInfo.url });
      await client.connect();
      await seed(
        (text) => client.query(text),
        async <T,>(text: string) => (await client.query(text)).rows as T[],
        {
          fillerAgencies: fillers,
          fillerCustomers: 500,
          fillerPolicies: 1000,
          targets: [{ agencyId: me.agency.id, ownerId: me.agency.ownerId, customers: policyCount / 2, policies: policyCount }],
        },
        () => {},
      );
      await client.end();
      const first = (await (await fetch(`${base}${LIST_PATH}`, { headers: { cookie } })).json()) as { total: number; totalIsEstimate: boolean; rows: unknown[] };
      if ((policyCount <= EXACT_COUNT_LIMIT && (first.total !== policyCount || first.totalIsEstimate)) || first.rows.length !== 25)
        throw new Error(`unexpected first page: total ${first.total}, estimate ${first.totalIsEstimate}, ${first.rows.length} rows`);
      const paths = opts.search ? SEARCH_TERMS.map((term) => `${LIST_PATH}&search=${term}`) : [LIST_PATH];
      const pick = cycle(paths);
      const next = () => ({ path: pick() });
      // warm-up (JIT, pool, prepared statements), then the measured run
      await load({ url: base, pid: server.pid, connections: 20, seconds: 3, cookie, next });
      await statementStats(pgInfo.url, true);
      result = await load({ url: base, pid: server.pid, dbPid: pgInfo.pid(), connections: 20, seconds: opts.seconds, cookie, next });
      for (const line of await statementStats(pgInfo.url)) log(`  pg_stat_statements: ${line}`);
      if (opts.search) {
        // each term alone, one request at a time: which terms are slow, and how many rows they match
        const timings: string[] = [];
        for (const term of SEARCH_TERMS) {
          const started = performance.now();
          for (let i = 0; i < 5; i++) await fetch(`${base}${LIST_PATH}&search=${term}`, { headers: { cookie } });
          const page = (await (await fetch(`${base}${LIST_PATH}&search=${term}`, { headers: { cookie } })).json()) as { total: number; totalIsEstimate: boolean };
          timings.push(`${term} ${((performance.now() - started) / 6).toFixed(1)} ms (${page.totalIsEstimate ? 'about ' : ''}${page.total})`);
        }
        log(`  per term, one request at a time: ${timings.join(', ')}`);
      }
      if (opts.raw) {
        // the same statements, replayed by pgbench at the same concurrency (the full bench's app/raw)
        const statements = await captureStatements(pgInfo, async () => {
          await fetch(`${base}${paths[0]}`, { headers: { cookie } });
        });
        raw = await pgbench(pgInfo, statements, 20, opts.seconds, 'list-all');
        rawTcp = await pgbench(pgInfo, statements, 20, opts.seconds, 'list-all-tcp', { tcp: true });
      }
    } finally {
      await server.stop();
    }
    const loadAverage = os.loadavg().map((n) => n.toFixed(1)).join(' ');
    log(
      `list page 1${opts.search ? ', 3-letter searches' : ''} (${policyCount.toLocaleString('en')} policies in the agency; ${(policyCount + fillers * 1000).toLocaleString('en')} in all), 20 connections, ${opts.seconds} s, ` +
        `${opts.workers ?? 1} worker(s): ${result.rps.toFixed(0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ` +
        `server CPU ${result.cpuMsPerRequest.toFixed(2)} ms/request, ${result.errors + result.non2xx} errors (load average ${loadAverage})`,
    );
    log(`  per request: ${cpuBreakdown(result)}`);
    for (const [how, r] of [['Unix socket', raw], ['TCP', rawTcp]] as const)
      if (r)
        log(
          `  pgbench of its statements over the ${how}: ${r.tps ? `${r.tps.toFixed(0)} tps, PostgreSQL ${r.dbCpuMsPerTransaction?.toFixed(2) ?? '?'} ms per run; app/raw ${((result.rps / r.tps) * 100).toFixed(0)} %` : r.error}`,
        );
    const top: string[] = [];
    if (opts.prof)
      for (const file of readdirSync(profDir).filter((f) => f.endsWith('.cpuprofile'))) {
        log(`top self time, share of busy samples (${path.join(profDir, file)}):`);
        for (const line of topFunctions(path.join(profDir, file), 30, true)) {
          top.push(line);
          log(`  ${line}`);
        }
      }
    if (!opts.prof) rmSync(work, { recursive: true, force: true });
    return { result, loadAverage, top };
  } finally {
    pgInfo.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const at = (flag: string) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
  const root = path.resolve(import.meta.dirname, '../..');
  const buildDir = path.resolve(root, at('--build') ?? '.bench-build-list');
  if (!args.includes('--no-build')) {
    rmSync(buildDir, { recursive: true, force: true });
    execFileSync(process.execPath, ['scripts/build-server.mjs', buildDir], { cwd: root, stdio: 'inherit' });
  }
  listScenario({
    buildDir,
    port: Number(process.env.BENCH_PORT ?? 4351),
    seconds: Number(at('--seconds') ?? 10),
    workers: at('--workers') ? Number(at('--workers')) : 1,
    prof: args.includes('--prof'),
    raw: args.includes('--raw'),
    policies: at('--policies') ? Number(at('--policies')) : undefined,
    search: args.includes('--search'),
    fillers: at('--fillers') ? Number(at('--fillers')) : undefined,
  }).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
