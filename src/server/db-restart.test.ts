// PostgreSQL restarts and crashes under write load: the server process stays up, answers 503 while
// the database is gone (health included), reconnects by itself, and loses no acknowledged write.
// Runs when TEST_DATABASE_URL is set (as .ci/run does); it starts a PostgreSQL of its own from the
// server binaries, because it has to stop and restart it; the app runs as test/instances.ts starts it.
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE_MESSAGE } from './errors.ts';
import { registerOwner, startInstance, stopAll, type Instance } from './test/instances.ts';

const run = promisify(execFile);
const PGBIN = '/usr/lib/postgresql/15/bin';
// It starts a server of its own and connects to it directly: behind a pooler (DATABASE_POOLER) it
// would only repeat the direct run.
const canRun =
  Boolean(process.env.TEST_DATABASE_URL) && !process.env.DATABASE_POOLER && existsSync(path.join(PGBIN, 'pg_ctl')) && process.getuid?.() === 0;
if (!canRun)
  console.info('db-restart.test.ts skipped: needs TEST_DATABASE_URL without DATABASE_POOLER, the PostgreSQL 15 binaries and root (to run them as postgres)');

let root = '';
let pgPort = 0;
let databaseUrl = '';

/**
 * Waits for the command to exit, not for its output to close: pg_ctl start leaves the postmaster
 * running with the inherited descriptors.
 */
function asPostgres(bin: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('runuser', ['-u', 'postgres', '--', path.join(PGBIN, bin), ...args], { stdio: 'ignore' });
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`${bin} ${args.join(' ')} exited with ${code}`));
    });
  });
}
const pgCtl = (...args: string[]) =>
  asPostgres('pg_ctl', ['-D', path.join(root, 'data'), '-l', path.join(root, 'server.log'), '-w', '-t', '60', ...args]);
// fsync off is safe here: the operating system does not crash, only PostgreSQL does. Commits stay
// synchronous, so an acknowledged write must survive an immediate shutdown.
const pgOptions = () => ['-o', `-p ${pgPort} -k ${path.join(root, 'sock')} -c listen_addresses=127.0.0.1 -c fsync=off`];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntil(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function health(server: Instance): Promise<number> {
  const res = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(15_000) });
  await res.body?.cancel();
  return res.status;
}

/** A confirmed Enterprise owner (so no customer limit interferes with the load); its cookie. */
async function signedInOwner(server: Instance): Promise<string> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    return (await registerOwner(server, db)).cookie;
  } finally {
    await db.end();
  }
}

describe.skipIf(!canRun)('PostgreSQL restarts under write load', () => {
  let server: Instance;
  const cookies: string[] = [];

  beforeAll(async () => {
    root = mkdtempSync('/tmp/policydesk-restart-');
    mkdirSync(path.join(root, 'data'));
    mkdirSync(path.join(root, 'sock'));
    await run('chown', ['-R', 'postgres:postgres', root]);
    pgPort = await freePort();
    await asPostgres('initdb', ['-D', path.join(root, 'data'), '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
    await pgCtl(...pgOptions(), 'start');
    await asPostgres('createdb', ['-h', path.join(root, 'sock'), '-p', String(pgPort), 'app']);
    databaseUrl = `postgres://postgres@127.0.0.1:${pgPort}/app`;
    // as production runs it: a worker per core, the jobs' usual lease
    server = await startInstance({ name: 'app', databaseUrl, dataDir: root, env: { WORKERS: String(availableParallelism()), JOBS_LEASE_MS: '60000' } });
    // Several agencies, so the writers' transactions (which lock their agency row) run side by side.
    for (let n = 0; n < 3; n += 1) cookies.push(await signedInOwner(server));
  }, 120_000);

  afterAll(async () => {
    await stopAll([server]);
    if (root) {
      await pgCtl('-m', 'immediate', 'stop').catch(() => undefined);
      rmSync(root, { recursive: true, force: true });
    }
  }, 90_000);

  it('stays up, answers 503 while the database is gone, reconnects, and keeps every acknowledged write', async () => {
    const acked: string[] = [];
    const unexpected: string[] = [];
    const unavailable: string[] = [];
    let networkErrors = 0;
    let stop = false;

    const writer = async (id: number) => {
      for (let n = 0; !stop; n += 1) {
        const email = `w${id}-${n}@example.com`;
        let ok = false;
        try {
          const res = await fetch(`${server.url}/api/customers`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie: cookies[id % cookies.length] },
            body: JSON.stringify({ name: `Writer ${id} ${n}`, email }),
            signal: AbortSignal.timeout(20_000),
          });
          const text = await res.text();
          ok = res.ok;
          if (ok) acked.push(email);
          else if (res.status === 503) unavailable.push(text);
          else unexpected.push(`${res.status} ${text}`);
        } catch (err) {
          networkErrors += 1;
          unexpected.push(`network: ${(err as Error).message}`);
        }
        if (!ok) await new Promise((r) => setTimeout(r, 50));
      }
    };
    const writers = Array.from({ length: 6 }, (_, id) => writer(id));
    const ackedAfter = async (more: number) => {
      const target = acked.length + more;
      await waitUntil(`${more} more acknowledged writes`, () => acked.length >= target);
    };

    try {
      await ackedAfter(20);
      // Twice each, because a crash takes the process down only when it hits a client at the wrong moment.
      for (let round = 0; round < 2; round += 1) {
        // A crash: every backend is killed without a checkpoint; recovery runs at the next start.
        await pgCtl('-m', 'immediate', 'stop');
        expect(await health(server)).toBe(503);
        const refusedBefore = unavailable.length;
        await waitUntil('writes refused with 503', () => unavailable.length > refusedBefore);
        expect(server.child.exitCode).toBeNull();
        await pgCtl(...pgOptions(), 'start');
        await waitUntil('health 200 after the start', async () => (await health(server)) === 200);
        await ackedAfter(20);

        // The operator's restart, with writes in flight.
        await pgCtl('-m', 'fast', ...pgOptions(), 'restart');
        await waitUntil('health 200 after the restart', async () => (await health(server)) === 200);
        await ackedAfter(20);
      }
    } finally {
      stop = true;
      await Promise.all(writers);
    }

    expect(server.child.exitCode, server.stderr()).toBeNull();
    expect(unexpected).toEqual([]);
    expect(networkErrors).toBe(0);
    expect(unavailable.length).toBeGreaterThan(0);
    for (const body of unavailable)
      expect(JSON.parse(body)).toEqual({ error: { code: 'DATABASE_UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE } });

    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query<{ email: string }>('select email from customers where email = any($1)', [acked]);
      const stored = new Set(rows.map((r) => r.email));
      expect(acked.filter((email) => !stored.has(email))).toEqual([]);
    } finally {
      await db.end();
    }
    expect(await health(server)).toBe(200);
  }, 180_000);
});
