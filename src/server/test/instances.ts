// Real server processes on one PostgreSQL database, for the tests that need processes (takeover*,
// scale-out, cluster, db-restart): a database of their own, instances started as production would
// run them (compiled on the fly by tsx, one worker each unless told), and an owner registered
// through the API.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { expect } from 'vitest';

export const APP_URL = 'http://localhost:4351';
const AUTH_SECRET = 'takeover-test-secret-shared-by-every-instance-0123456789';

export interface Instance {
  name: string;
  child: ChildProcessWithoutNullStreams;
  url: string;
  port: number;
  pid: number;
  /** the process's log lines, parsed (a line that is not JSON is kept as `{ notJson: line }`) */
  logs: Record<string, unknown>[];
  /** what the process wrote to stderr so far */
  stderr: () => string;
  exited: Promise<number | null>;
}

export interface TestDatabase {
  url: string;
  /** a client on the test's database, for seeding and assertions */
  db: pg.Client;
  drop(): Promise<void>;
}

/** A fresh database on the TEST_DATABASE_URL server (dropped by `drop`). */
export async function createDatabase(baseUrl: string, prefix: string): Promise<TestDatabase> {
  const name = `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  return {
    url: url.toString(),
    db,
    drop: async () => {
      await db.end().catch(() => {});
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await admin.end();
    },
  };
}

export interface StartOptions {
  name: string;
  databaseUrl: string;
  /** each instance's DATA_DIR is a folder of this one */
  dataDir: string;
  /** the environment's additions and replacements (RATE_LIMIT, WORKERS, JOBS_LEASE_MS …) */
  env?: Record<string, string>;
}

/** Starts `src/server/main.ts` and resolves once it is ready (its port read from its log). */
export async function startInstance(opts: StartOptions): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      APP_URL,
      AUTH_SECRET,
      DATABASE_URL: opts.databaseUrl,
      // through PgBouncer in CI's pooler stage: the instances migrate and lease the way production would there
      ...(process.env.DATABASE_POOLER ? { DATABASE_POOLER: process.env.DATABASE_POOLER } : {}),
      DATA_DIR: path.join(opts.dataDir, opts.name),
      WEB_ROOT: path.join(opts.dataDir, 'no-web'),
      LOG_LEVEL: 'info',
      RATE_LIMIT: 'off',
      WORKERS: '1',
      // a short lease, so a takeover is seconds away (read only by these tests)
      JOBS_LEASE_MS: '5000',
      ...opts.env,
    },
  });
  const logs: Record<string, unknown>[] = [];
  let stderr = '';
  let buffered = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.trim()) continue;
        let entry: Record<string, unknown>;
        try {
          entry = JSON.parse(line) as Record<string, unknown>;
        } catch {
          entry = { notJson: line };
        }
        logs.push(entry);
        if (entry.msg === 'PolicyDesk is ready') resolve(Number(/:(\d+)$/.exec(String(entry.listen))?.[1]));
      }
      if (logs.length > 5_000) logs.splice(0, logs.length - 1_000);
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    void exited.then((code) => reject(new Error(`${opts.name} exited (${code}) before it was ready:\n${stderr}`)));
  });
  return { name: opts.name, child, url: `http://127.0.0.1:${port}`, port, pid: child.pid!, logs, stderr: () => stderr, exited };
}

export async function stopAll(instances: (Instance | undefined)[]) {
  for (const i of instances) if (i && i.child.exitCode === null && i.child.signalCode === null) i.child.kill('SIGKILL');
  await Promise.all(instances.map((i) => i?.exited));
}

export interface Owner {
  email: string;
  userId: string;
  agencyId: string;
  cookie: string;
}

/** Registers an Enterprise owner through the API (verified in SQL) and signs in. */
export async function registerOwner(instance: Instance, db: pg.Client): Promise<Owner> {
  const email = `owner-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'correct-horse-9';
  const post = (p: string, body: unknown) => fetch(`${instance.url}${p}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const registered = await post('/api/account/register', { full_name: 'Take Over', email, password, confirmPassword: password, company: 'Takeover Agency', termsAccepted: true });
  expect(registered.status, await registered.clone().text()).toBe(200);
  await db.query(`update "user" set email_verified = true, subscription_tier = 'enterprise' where email = $1`, [email]);
  const signIn = await post('/api/account/sign-in', { email, password });
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => !c.endsWith('='))
    .join('; ');
  // the agency exists once its owner has been seen (the first /api/me)
  expect((await fetch(`${instance.url}/api/me`, { headers: { cookie } })).status).toBe(200);
  const row = (await db.query(`select m.agency_id, u.id as user_id from agency_members m join "user" u on u.id = m.user_id where u.email = $1`, [email])).rows[0] as {
    agency_id: string;
    user_id: string;
  };
  return { email, userId: row.user_id, agencyId: row.agency_id, cookie };
}

/** The process (pid) whose claim holds a running job of this name, if any: claim tokens start with the pid. */
export async function holderOf(db: pg.Client, jobName: string): Promise<number | null> {
  const row = (await db.query(`select locked_by from jobs where name = $1 and state = 'running' order by created_at desc limit 1`, [jobName])).rows[0] as
    | { locked_by: string | null }
    | undefined;
  return row?.locked_by ? Number(row.locked_by.split('-')[0]) : null;
}
