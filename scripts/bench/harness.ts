// What the scenarios share: the build, a server on PostgreSQL, signing up and in through the real
// API, seeding, and the load runs (warm-up, settle, measured run).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { registrationPayload, sessionCookie } from '#server/test/factories.ts';
import { BUILD, database, log, NO_BUILD, PORTS, QUICK, ROOT, SECONDS, work } from './context.ts';
import { cycle, load } from './load.ts';
import { type Postgres, sql } from './postgres.ts';
import { seedAt, type SeedPlan } from './seed.ts';
import { machineCpu, type Server, startServer } from './server.ts';

/** Registers through the real API, confirms (SQL, or the e-mailed link from the outbox), signs in. */
export async function registerAndSignIn(base: string, email: string, confirm: (email: string) => Promise<void>) {
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


/** The production build on a fresh PostgreSQL (the `--only` scenarios). */
export function pgServer(pgInfo: Postgres): Promise<Server> {
  return startServer({ buildDir: BUILD, port: PORTS.pg, databaseUrl: pgInfo.url, dataDir: path.join(work, 'pg-data'), logFile: path.join(work, 'server-pg.log') });
}

/** Confirms a registered address on a plan (SQL instead of the e-mailed link). */
export function confirmOn(pgInfo: Postgres, tier: string) {
  return (email: string) =>
    sql(pgInfo.url, `update "user" set email_verified = true, subscription_tier = $2, subscription_status = 'active' where email = $1`, [email, tier]).then(() => undefined);
}

/** Seeds the plan's agencies over one connection. */
export function seedWith(pgInfo: Postgres, plan: SeedPlan) {
  return seedAt(pgInfo.url, plan, log);
}


export async function run(server: Server, cookie: string, paths: string[], connections = 20) {
  const next = cycle(paths);
  return load({ url: server.url, pid: server.pid, dbPid: database.pid?.(), connections, seconds: SECONDS, cookie, next: () => ({ path: next() }) });
}

/**
 * Waits for the work a server starts by itself after a start: the renewals digest's first tick
 * (10 s after start; over the seeded agencies it sends 1,000 e-mails, mostly PostgreSQL's work)
 * would otherwise run inside the first measured scenario. Settled: two seconds in a row with the
 * whole machine under 10 % busy (the bench's own process is idle meanwhile).
 */
export async function settle() {
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
export async function warmUp(server: Server, cookie: string, paths: string[]) {
  const next = cycle(paths);
  await load({ url: server.url, pid: server.pid, connections: 20, seconds: QUICK ? 1 : 3, cookie, next: () => ({ path: next() }) });
}


export async function getJson(server: Server, cookie: string, p: string) {
  const res = await fetch(`${server.url}${p}`, { headers: { cookie } });
  if (res.status !== 200) throw new Error(`GET ${p}: ${res.status} ${(await res.text()).slice(0, 200)}`);
  return res.json() as Promise<any>;
}


/** Follows the confirmation link the server wrote to DATA_DIR/outbox (no SMTP_URL). */
export async function confirmFromOutbox(server: Server, dataDir: string, email: string) {
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
export async function median(times: number, fn: () => Promise<number>) {
  const values: number[] = [];
  for (let i = 0; i < times; i++) values.push(await fn());
  values.sort((a, b) => a - b);
  return values[Math.floor(values.length / 2)];
}


export function build() {
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
