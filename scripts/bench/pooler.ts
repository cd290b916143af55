// PgBouncer in transaction mode in front of the bench's PostgreSQL (decision 042): the list page and
// the 3-letter search through it, beside the same requests sent straight to PostgreSQL.
// npx tsx scripts/bench/pooler.ts [--no-build] [--seconds N] [--pool N]; also `npm run bench -- --only pooler`,
// and the full bench adds the two rows to its scenario 1.
// Behind the pooler every statement goes unnamed, so PostgreSQL parses and plans each one on every
// run; PgBouncer's own CPU is measured beside the server's and PostgreSQL's.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { registrationPayload, sessionCookie } from '#server/test/factories.ts';
import { cpuMs } from './server.ts';
import { cycle, load, type LoadResult } from './load.ts';
import { freePort, sql, startPostgres, type Postgres } from './postgres.ts';
import { SEARCH_TERMS, seedAt } from './seed.ts';
import { startServer, type Server } from './server.ts';

export const PGBOUNCER = process.env.PGBOUNCER ?? '/usr/sbin/pgbouncer';
const LIST = '/api/policies?page=1&pageSize=25';
const SEARCHES = SEARCH_TERMS.map((term) => `${LIST}&search=${term}`);

export interface Pgbouncer {
  url: string;
  port: number;
  pid: () => number;
  stop: () => void;
}

/** null when PgBouncer can be run here, else why not. */
export function checkPgbouncer(): string | null {
  return existsSync(PGBOUNCER) ? null : `${PGBOUNCER} not found (apt-get install pgbouncer)`;
}

/**
 * PgBouncer (as the postgres user: it refuses root) in transaction mode, every database forwarded.
 * `poolSize` server connections per database: PgBouncer's default of 20 unless told otherwise.
 */
export async function startPgbouncer(pgInfo: Postgres, poolSize = 20): Promise<Pgbouncer> {
  const root = mkdtempSync('/tmp/policydesk-bench-pgbouncer-');
  const port = await freePort();
  writeFileSync(path.join(root, 'userlist.txt'), '"postgres" ""\n');
  writeFileSync(
    path.join(root, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=127.0.0.1 port=${pgInfo.port}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${root}/userlist.txt`,
      'pool_mode = transaction',
      `default_pool_size = ${poolSize}`,
      'max_client_conn = 500',
      `logfile = ${root}/pgbouncer.log`,
      `pidfile = ${root}/pgbouncer.pid`,
      '',
    ].join('\n'),
  );
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  for (const f of ['', 'userlist.txt', 'pgbouncer.ini']) chownSync(path.join(root, f), uid, gid);
  execFileSync('runuser', ['-u', 'postgres', '--', PGBOUNCER, '-d', path.join(root, 'pgbouncer.ini')], { stdio: 'ignore' });
  const pidFile = path.join(root, 'pgbouncer.pid');
  // the bench's database, through the pooler
  const direct = new URL(pgInfo.url);
  direct.host = `127.0.0.1:${port}`;
  const url = direct.toString();
  for (let i = 0; ; i++) {
    try {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.end();
      break;
    } catch (err) {
      if (i > 100) throw new Error(`PgBouncer did not answer on ${port}`, { cause: err });
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const pid = () => Number(readFileSync(pidFile, 'utf8').trim());
  return {
    url,
    port,
    pid,
    stop: () => {
      try {
        process.kill(pid(), 'SIGTERM');
      } catch {
        /* already gone */
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}

export interface PoolerFigures {
  scenario: string;
  result: LoadResult;
  /** PgBouncer's CPU per request (through the pooler only) */
  poolerCpuMsPerRequest?: number;
}

/**
 * The list page and the searches on `server`; then a second server on `port` through PgBouncer
 * (DATABASE_POOLER=transaction) on the same database, the same requests. Each run is warmed up first.
 */
export async function poolerComparison(opts: {
  buildDir: string;
  port: number;
  pgInfo: Postgres;
  /** the server connected directly (measured here too, unless `direct` figures are given) */
  direct?: Server;
  cookie: string;
  seconds: number;
  workDir: string;
  poolSize?: number;
  /** the pooled server's extra environment (WORKERS as the direct one's) */
  env?: Record<string, string>;
  log?: (msg: string) => void;
}): Promise<PoolerFigures[]> {
  const log = opts.log ?? console.log;
  const figures: PoolerFigures[] = [];
  const measure = async (server: Server, label: string, paths: string[], bouncer?: Pgbouncer) => {
    const next = cycle(paths);
    const base = { url: server.url, pid: server.pid, connections: 20, cookie: opts.cookie, next: () => ({ path: next() }) };
    await load({ ...base, seconds: Math.min(3, opts.seconds) });
    const before = bouncer ? cpuMs(bouncer.pid()) : 0;
    const result = await load({ ...base, dbPid: opts.pgInfo.pid(), seconds: opts.seconds });
    const poolerCpuMsPerRequest = bouncer && result.requests ? (cpuMs(bouncer.pid()) - before) / result.requests : undefined;
    figures.push({ scenario: label, result, poolerCpuMsPerRequest });
    log(
      `  ${label}: ${result.rps.toFixed(0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, errors ${result.errors + result.non2xx}, ` +
        `server CPU ${result.cpuMsPerRequest.toFixed(2)} ms/request, PostgreSQL ${result.dbCpuMsPerRequest?.toFixed(2) ?? '?'} ms/request` +
        (poolerCpuMsPerRequest !== undefined ? `, PgBouncer ${poolerCpuMsPerRequest.toFixed(2)} ms/request` : ''),
    );
  };
  if (opts.direct) {
    await measure(opts.direct, 'list policies, page 1, direct', [LIST]);
    await measure(opts.direct, 'list policies, 3-letter search, direct', SEARCHES);
  }
  const bouncer = await startPgbouncer(opts.pgInfo, opts.poolSize);
  try {
    const pooled = await startServer({
      buildDir: opts.buildDir,
      port: opts.port,
      databaseUrl: bouncer.url,
      dataDir: path.join(opts.workDir, 'pooler-data'),
      logFile: path.join(opts.workDir, 'server-pooler.log'),
      env: { ...opts.env, DATABASE_POOLER: 'transaction' },
    });
    try {
      await measure(pooled, `list policies, page 1, through PgBouncer (transaction mode, pool ${opts.poolSize ?? 20})`, [LIST], bouncer);
      await measure(pooled, `list policies, 3-letter search, through PgBouncer (transaction mode, pool ${opts.poolSize ?? 20})`, SEARCHES, bouncer);
    } finally {
      await pooled.stop();
    }
  } finally {
    bouncer.stop();
  }
  return figures;
}

/** A fresh PostgreSQL, one agency of 5,000 policies among 15 of 1,000, one server straight to it (one worker). */
export async function poolerScenario(opts: { buildDir: string; port: number; seconds: number; poolSize?: number; log?: (msg: string) => void }): Promise<PoolerFigures[]> {
  const log = opts.log ?? console.log;
  const work = mkdtempSync(path.join(os.tmpdir(), 'policydesk-pooler-'));
  const pgInfo = await startPostgres();
  try {
    const env: Record<string, string> = process.env.BENCH_WORKERS ? {} : { WORKERS: '1' };
    const direct = await startServer({ buildDir: opts.buildDir, port: opts.port, databaseUrl: pgInfo.url, dataDir: path.join(work, 'data'), logFile: path.join(work, 'server.log'), env });
    try {
      const base = direct.url;
      const email = 'pooler@bench.example';
      const password = 'bench-password-1';
      const reg = await fetch(`${base}/api/account/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify(registrationPayload({ company: 'Pooler Agency', fullName: 'Pooler User', email, password })),
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
      await seedAt(pgInfo.url, { fillerAgencies: 15, fillerCustomers: 500, fillerPolicies: 1000, targets: [{ agencyId: me.agency.id, ownerId: me.agency.ownerId, customers: 2_500, policies: 5_000 }] }, () => {});
      log(`pooler: one agency of 5,000 policies among 20,000, 20 connections, ${opts.seconds} s per run, ${process.env.BENCH_WORKERS ?? 1} server worker(s) each`);
      return await poolerComparison({ buildDir: opts.buildDir, port: opts.port + 10, pgInfo, direct, cookie, seconds: opts.seconds, workDir: work, poolSize: opts.poolSize, env, log });
    } finally {
      await direct.stop();
    }
  } finally {
    pgInfo.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const at = (flag: string) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
  const root = path.resolve(import.meta.dirname, '../..');
  const buildDir = path.resolve(root, at('--build') ?? '.bench-build-pooler');
  const missing = checkPgbouncer();
  if (missing) {
    console.error(`bench: cannot run: ${missing}`);
    process.exit(2);
  }
  if (!args.includes('--no-build')) {
    rmSync(buildDir, { recursive: true, force: true });
    execFileSync(process.execPath, ['scripts/build-server.mjs', buildDir], { cwd: root, stdio: 'inherit' });
  }
  poolerScenario({
    buildDir,
    port: Number(process.env.BENCH_PORT ?? 4361),
    seconds: Number(at('--seconds') ?? 10),
    poolSize: at('--pool') ? Number(at('--pool')) : undefined,
  }).then(
    () => console.log(`(load average ${os.loadavg().map((n) => n.toFixed(1)).join(' ')})`),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
