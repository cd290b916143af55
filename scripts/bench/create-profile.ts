// One create, looked at closely (issue 28's creates regression, decision 076):
//   npx tsx scripts/bench/create-profile.ts [buildDir] [--requests N] [--port P] [--statements-only] [--no-prof] [--sql-cost] [--idle S]
// Starts PostgreSQL 15 and one server process of the given build (default .bench-build; another
// commit's build works too, e.g. /tmp/bench-before/.bench-build), signs up an enterprise agency,
// makes a few creates to warm up, then logs the SQL of one more create (POST /api/policies with a
// new customer, the bench's scenario 3 body) and prints it with its count, and finally drives N
// creates (10 connections) under --cpu-prof and prints server and PostgreSQL CPU per create and
// the profile's top functions by self time. --sql-cost: instead of the load run, pgbench replays the
// create's own transaction (its captured statements, new e-mail and policy number each time) and
// variants of it, and prints PostgreSQL's CPU per transaction for each: what each part of a create
// costs the database.
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { topFunctions } from './cpu-profile.ts';
import { confirmOn, registerAndSignIn } from './harness.ts';
import { load } from './load.ts';
import { captureStatements, pgbench, type Postgres, sql, startPostgres } from './postgres.ts';
import { policyBody } from './scenarios/creates.ts';
import { cpuMs, cpuSince, cpuSnapshot, startServer } from './server.ts';

const args = process.argv.slice(2);
const valueOf = (flag: string) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
const REQUESTS = Number(valueOf('--requests') ?? 3000);
const PORT = Number(valueOf('--port') ?? process.env.BENCH_PORT ?? 4355);
const STATEMENTS_ONLY = args.includes('--statements-only');
const SQL_COST = args.includes('--sql-cost');
/** --idle S: only the server's and PostgreSQL's CPU while no request comes, over S seconds (the background jobs' share of a load run) */
const IDLE = args.includes('--idle') ? Number(valueOf('--idle')) : 0;
const PROFILE = !args.includes('--no-prof') && !SQL_COST;
const buildDir = path.resolve(args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--') ) ?? '.bench-build');
const work = mkdtempSync(path.join(os.tmpdir(), 'policydesk-create-profile-'));
const profDir = path.join(work, 'prof');

async function main() {
  const pgInfo = await startPostgres();
  try {
    const server = await startServer({
      buildDir,
      port: PORT,
      databaseUrl: pgInfo.url,
      dataDir: path.join(work, 'data'),
      logFile: path.join(work, 'server.log'),
      nodeArgs: PROFILE && !STATEMENTS_ONLY ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [],
      env: { WORKERS: process.env.BENCH_WORKERS ?? '1' },
    });
    try {
      const creator = await registerAndSignIn(server.url, 'create-profile@bench.example', confirmOn(pgInfo, 'enterprise'));
      const tag = Date.now().toString(36);
      let n = 0;
      const create = async () => {
        const res = await fetch(`${server.url}/api/policies`, {
          method: 'POST',
          headers: { cookie: creator.cookie, 'content-type': 'application/json', origin: server.url },
          body: policyBody(++n, tag),
        });
        if (res.status >= 300) throw new Error(`create: ${res.status} ${await res.text()}`);
      };
      for (let i = 0; i < 20; i++) await create();
      if (IDLE) return void (await idleCpu(server.pid, pgInfo));
      const statements = await captureStatements(pgInfo, create);
      const file = path.join(work, 'statements.sql');
      writeFileSync(file, statements.map((s) => `${s};`).join('\n'));
      console.log(`build ${buildDir}: one create issued ${statements.length} statements (${file}):`);
      for (const s of statements) console.log(`  ${s.replace(/\s+/g, ' ').slice(0, 160)}`);
      if (STATEMENTS_ONLY) return;
      if (SQL_COST) return void (await sqlCost(pgInfo, statements, n, tag));
      // the same work for every build: 500 creates to warm up, then REQUESTS measured
      const next = () => ({ path: '/api/policies', body: policyBody(++n, tag) });
      await load({ url: server.url, pid: server.pid, connections: 10, seconds: 0, amount: 500, cookie: creator.cookie, method: 'POST', next });
      const r = await load({ url: server.url, pid: server.pid, dbPid: pgInfo.pid(), connections: 10, seconds: 0, amount: REQUESTS, cookie: creator.cookie, method: 'POST', next });
      console.log(
        `build ${buildDir}: ${r.requests} creates, ${r.rps.toFixed(0)} req/s, p99 ${r.p99} ms, server CPU ${r.cpuMsPerRequest.toFixed(2)} ms, PostgreSQL CPU ${r.dbCpuMsPerRequest?.toFixed(2)} ms per create, ${r.non2xx + r.errors} errors, load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`,
      );
    } finally {
      await server.stop();
    }
    if (PROFILE && !STATEMENTS_ONLY)
      for (const file of readdirSync(profDir).filter((f) => f.endsWith('.cpuprofile'))) {
        console.log(`top self time, busy samples only (${path.join(profDir, file)}):`);
        for (const line of topFunctions(path.join(profDir, file), 30, true)) console.log(`  ${line}`);
      }
  } finally {
    pgInfo.stop();
  }
}

/** The server's and PostgreSQL's CPU per second while nothing is asked (after 10 s, past the start-up jobs). */
async function idleCpu(serverPid: number, pgInfo: Postgres) {
  await new Promise((r) => setTimeout(r, 10_000));
  const server = cpuMs(serverPid);
  const db = cpuSnapshot(pgInfo.pid());
  await new Promise((r) => setTimeout(r, IDLE * 1000));
  const perSecond = (ms: number) => (ms / IDLE).toFixed(1);
  console.log(`build ${buildDir}: idle ${IDLE} s, ${process.env.BENCH_WORKERS ?? 1} worker(s): server CPU ${perSecond(cpuMs(serverPid) - server)} ms/s, PostgreSQL CPU ${perSecond(cpuSince(pgInfo.pid(), db))} ms/s`);
}

/**
 * The create's transaction (begin … commit of the captured statements) replayed by pgbench, each
 * run with a new customer e-mail and policy number, as captured and in variants that leave one part
 * out: PostgreSQL's CPU per transaction of each, the same runs alternated.
 */
async function sqlCost(pgInfo: Postgres, captured: string[], n: number, tag: string) {
  const from = captured.indexOf('begin');
  const to = captured.indexOf('commit');
  if (from < 0 || to < from) throw new Error('no begin … commit in the captured create');
  // the captured create's unique values (e-mail, policy number …) become new ones per transaction
  const literal = new RegExp(`'([^']*)${tag}${n}([^']*)'`, 'g');
  const unique = (s: string) => s.replace(literal, (all, a: string, b: string) => (a.startsWith('{') ? all : `('${a}' || md5(random()::text) || '${b}')`));
  const tx = captured.slice(from, to + 1).map(unique);
  const isFeed = (s: string) => /insert into "change_feed"/.test(s) && !/^with /.test(s);
  const joined = tx.find((s) => /^with w0 as \(insert into "activity_log"/.test(s));
  const variants: Record<string, string[]> = {
    'as captured': tx,
    // the end-of-transaction rows as two statements (before decision 076) or one
    ...(joined
      ? { 'activity and feed as two statements': tx.flatMap((s) => (s === joined ? splitJoined(s) : [s])) }
      : { 'activity and feed as one statement': joinEnd(tx) }),
    'without the change-feed rows': joined ? tx.map((s) => (s === joined ? splitJoined(s)[0] : s)) : tx.filter((s) => !isFeed(s)),
  };
  const rows: string[] = [];
  const run = async (name: string, statements: string[]) => {
    const r = await pgbench(pgInfo, statements, 4, 8, name.replace(/\W+/g, '-'));
    if (r.error) throw new Error(`${name}: ${r.error}`);
    rows.push(`${name}: ${r.dbCpuMsPerTransaction?.toFixed(3)} ms PostgreSQL CPU per create (${r.tps.toFixed(0)} tps)`);
  };
  const triggers = ['customers', 'policies'].map((table) => `alter table ${table} %s trigger book_versions_insert`);
  for (let round = 1; round <= 2; round++) {
    for (const [name, statements] of Object.entries(variants)) await run(`round ${round}, ${name}`, statements);
    for (const s of triggers) await sql(pgInfo.url, s.replace('%s', 'disable'));
    await run(`round ${round}, without the book-version triggers (decision 070)`, tx);
    for (const s of triggers) await sql(pgInfo.url, s.replace('%s', 'enable'));
  }
  for (const row of rows) console.log(row);
}

/** `with w0 as (insert A) insert B` → the two inserts. */
function splitJoined(s: string): string[] {
  const m = /^with w0 as \((insert into "activity_log"[\s\S]*?)\) (insert into "change_feed"[\s\S]*)$/.exec(s);
  if (!m) throw new Error(`not a joined insert: ${s.slice(0, 80)}`);
  return [m[1], m[2]];
}

/** The activity insert and the feed's insert (two statements) → one, as decision 076 sends them. */
function joinEnd(tx: string[]): string[] {
  const a = tx.findIndex((s) => /^insert into "activity_log"/.test(s));
  const f = tx.findIndex((s) => /^insert into "change_feed"/.test(s));
  if (a < 0 || f < 0) return tx;
  return tx.flatMap((s, i) => (i === a ? [] : i === f ? [`with w0 as (${tx[a]}) ${s}`] : [s]));
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
