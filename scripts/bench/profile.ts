// CPU profile of the list request under load (issue 17, decision 030):
//   npx tsx scripts/bench/profile.ts [buildDir] [--requests N]
// Starts PostgreSQL 15, one server process of the given build (default .bench-build) with
// --cpu-prof, seeds 20 agencies × 1,000 policies, signs in, drives GET /api/policies?page=1 with
// autocannon (20 connections), stops the server and prints the profile's top functions by self time
// and the server CPU per request (the profile covers the whole run; the CPU figure the measured requests).
import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { registrationPayload, sessionCookie } from '#server/test/factories.ts';
import { topFunctions } from './cpu-profile.ts';
import { load } from './load.ts';
import { startPostgres, sql } from './postgres.ts';
import { seed } from './seed.ts';
import { startServer } from './server.ts';

const args = process.argv.slice(2);
const secondsAt = args.indexOf('--requests');
const REQUESTS = secondsAt >= 0 ? Number(args[secondsAt + 1]) : 4000;
const buildDir = path.resolve(args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--requests') ?? '.bench-build');
const work = mkdtempSync(path.join(os.tmpdir(), 'policydesk-profile-'));
const profDir = path.join(work, 'prof');

async function main() {
  const pgInfo = await startPostgres();
  try {
    const server = await startServer({
      buildDir,
      port: 4353,
      databaseUrl: pgInfo.url,
      dataDir: path.join(work, 'data'),
      logFile: path.join(work, 'server.log'),
      nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profDir}`],
      env: { WORKERS: '1' },
    });
    const base = server.url;
    const email = 'profile@bench.example';
    const password = 'bench-password-1';
    const reg = await fetch(`${base}/api/account/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify(registrationPayload({ company: 'Profile Agency', fullName: 'Profile User', email, password })),
    });
    if (reg.status !== 200) throw new Error(`register: ${reg.status}`);
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
      { fillerAgencies: 20, fillerCustomers: 500, fillerPolicies: 1000, targets: [{ agencyId: me.agency.id, ownerId: me.agency.ownerId, customers: 500, policies: 1000 }] },
      () => {},
    );
    await client.end();
    const list = () => ({ path: '/api/policies?page=1&pageSize=25' });
    // The same work for every build, whatever the machine's load: 1,500 requests to warm up (JIT,
    // pool), then REQUESTS measured.
    await load({ url: base, pid: server.pid, connections: 20, seconds: 0, amount: 1500, cookie, next: list });
    const r = await load({ url: base, pid: server.pid, connections: 20, seconds: 0, amount: REQUESTS, cookie, next: list });
    await server.stop();
    console.log(`build ${buildDir}: list page 1, ${r.rps.toFixed(0)} req/s, p99 ${r.p99} ms, ${r.cpuMsPerRequest.toFixed(2)} ms CPU/request, ${r.non2xx + r.errors} errors`);
    for (const file of readdirSync(profDir).filter((f) => f.endsWith('.cpuprofile'))) {
      console.log(`top self time (${path.join(profDir, file)}):`);
      for (const line of topFunctions(path.join(profDir, file))) console.log(`  ${line}`);
    }
  } finally {
    pgInfo.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
