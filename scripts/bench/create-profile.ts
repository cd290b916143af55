// One create, looked at closely (issue 28's creates regression, decision 076):
//   npx tsx scripts/bench/create-profile.ts [buildDir] [--requests N] [--port P] [--statements-only] [--no-prof]
// Starts PostgreSQL 15 and one server process of the given build (default .bench-build; another
// commit's build works too, e.g. /tmp/bench-before/.bench-build), signs up an enterprise agency,
// makes a few creates to warm up, then logs the SQL of one more create (POST /api/policies with a
// new customer, the bench's scenario 3 body) and prints it with its count, and finally drives N
// creates (10 connections) under --cpu-prof and prints server and PostgreSQL CPU per create and
// the profile's top functions by self time.
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { topFunctions } from './cpu-profile.ts';
import { confirmOn, registerAndSignIn } from './harness.ts';
import { load } from './load.ts';
import { captureStatements, startPostgres } from './postgres.ts';
import { policyBody } from './scenarios/creates.ts';
import { startServer } from './server.ts';

const args = process.argv.slice(2);
const valueOf = (flag: string) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
const REQUESTS = Number(valueOf('--requests') ?? 3000);
const PORT = Number(valueOf('--port') ?? process.env.BENCH_PORT ?? 4355);
const STATEMENTS_ONLY = args.includes('--statements-only');
const PROFILE = !args.includes('--no-prof');
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
      env: { WORKERS: '1' },
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
      const statements = await captureStatements(pgInfo, create);
      const file = path.join(work, 'statements.sql');
      writeFileSync(file, statements.map((s) => `${s};`).join('\n'));
      console.log(`build ${buildDir}: one create issued ${statements.length} statements (${file}):`);
      for (const s of statements) console.log(`  ${s.replace(/\s+/g, ' ').slice(0, 160)}`);
      if (STATEMENTS_ONLY) return;
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

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
