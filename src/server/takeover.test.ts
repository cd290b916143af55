// Issue 27 §3: two real server processes on one PostgreSQL take over each other's jobs. The process
// that started a bulk change, an import and a batch of webhook deliveries is killed with SIGKILL in
// the middle; the other finishes each — no record changed twice (the journal), no row imported
// twice, every event delivered with its event id (a delivery in flight at the kill may arrive twice,
// with the same id, which is what the receiver deduplicates on), and no job left running.
// Sizes are smaller than the 20,000 / 10,000 to keep the test short on a shared machine
// (5,000 policies, 3,000 import rows); the lease is 5 s instead of 60 s (JOBS_LEASE_MS).
// Needs PostgreSQL (TEST_DATABASE_URL); skipped on PGlite.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const baseUrl = process.env.TEST_DATABASE_URL;
const APP_URL = 'http://localhost:4351';
const AUTH_SECRET = 'takeover-test-secret-shared-by-every-instance-0123456789';
const POLICIES = 5_000;
const IMPORT_ROWS = 3_000;

if (!baseUrl) console.info('takeover.test.ts skipped: set TEST_DATABASE_URL (a PostgreSQL server) to run two instances on one database');

interface Instance {
  child: ChildProcessWithoutNullStreams;
  url: string;
  exited: Promise<number | null>;
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'policydesk-takeover-'));
let databaseUrl = '';

async function startInstance(name: string): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      APP_URL,
      AUTH_SECRET,
      DATABASE_URL: databaseUrl,
      // through PgBouncer in CI's pooler stage: the instances migrate and lease the way production would there
      ...(process.env.DATABASE_POOLER ? { DATABASE_POOLER: process.env.DATABASE_POOLER } : {}),
      DATA_DIR: path.join(dataDir, name),
      WEB_ROOT: path.join(dataDir, 'no-web'),
      LOG_LEVEL: 'info',
      RATE_LIMIT: 'off',
      WORKERS: '1',
      JOBS_LEASE_MS: '5000',
      BULK_BATCH_SIZE: '100',
      WEBHOOKS_ALLOW_PRIVATE: '1',
      WEBHOOK_TIMEOUT_MS: '2000',
    },
  });
  let stderr = '';
  let buffered = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const match = /"listen":"[^"]*:(\d+)"/.exec(buffered);
      if (match && buffered.includes('PolicyDesk is ready')) resolve(Number(match[1]));
      if (buffered.length > 100_000) buffered = buffered.slice(-10_000);
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    void exited.then((code) => reject(new Error(`${name} exited (${code}) before it was ready:\n${stderr}`)));
  });
  return { child, url: `http://127.0.0.1:${port}`, exited };
}

describe.skipIf(!baseUrl)('two instances take over each other’s jobs', () => {
  let a: Instance;
  let b: Instance;
  let admin: pg.Client;
  let db: pg.Client;
  let dbName = '';
  let cookie = '';
  let agencyId = '';
  const received: string[] = [];
  const receiver = http.createServer((req, res) => {
    received.push(String(req.headers['policydesk-event-id']));
    req.resume();
    req.on('end', () => setTimeout(() => res.writeHead(200).end('ok'), 5));
  });

  const post = (i: Instance, p: string, body: unknown) =>
    fetch(`${i.url}${p}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
  const one = async (text: string, params: unknown[] = []) => (await db.query(text, params)).rows[0] as Record<string, unknown>;

  beforeAll(async () => {
    dbName = `policydesk_takeover_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    const url = new URL(baseUrl!);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
    [a, b] = await Promise.all([startInstance('a'), startInstance('b')]);
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const email = `takeover-${randomUUID().slice(0, 8)}@example.com`;
    const password = 'correct-horse-9';
    const registered = await post(a, '/api/account/register', { full_name: 'Take Over', email, password, confirmPassword: password, company: 'Takeover Agency', termsAccepted: true });
    expect(registered.status, await registered.clone().text()).toBe(200);
    await db.query(`update "user" set email_verified = true, subscription_tier = 'enterprise' where email = $1`, [email]);
    const signIn = await post(a, '/api/account/sign-in', { email, password });
    cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .filter((c) => !c.endsWith('='))
      .join('; ');
    // the agency exists once its owner has been seen (the first /api/me)
    const me = await fetch(`${a.url}/api/me`, { headers: { cookie } });
    expect(me.status).toBe(200);
    agencyId = String((await one(`select m.agency_id as id from agency_members m join "user" u on u.id = m.user_id where u.email = $1`, [email])).id);
    await db.query(
      `insert into policies (agency_id, policy_number, insurance_company, policy_type, customer_name, customer_email, premium_amount, coverage_amount, deductible, start_date, end_date, status)
       select $1, 'TO-' || g, 'Acme', 'fire', 'Customer ' || g, 'c' || g || '@example.com', 100, 1000, 10, '2026-01-01', '2027-01-01', 'pending' from generate_series(1, ${POLICIES}) g`,
      [agencyId],
    );
    const port = (receiver.address() as AddressInfo).port;
    const endpoint = await post(a, '/api/webhooks', { url: `http://127.0.0.1:${port}/hook`, events: ['customer.created'] });
    expect(endpoint.status, await endpoint.clone().text()).toBe(201);
  }, 400_000);

  afterAll(async () => {
    for (const instance of [a, b]) if (instance && instance.child.exitCode === null) instance.child.kill('SIGKILL');
    receiver.close();
    await db?.end().catch(() => {});
    if (admin) {
      await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
      await admin.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('SIGKILL of the instance running a bulk change, an import and deliveries: the other finishes each, once', async () => {
    const bulk = await post(a, '/api/bulk', { entity: 'policies', action: { kind: 'set_status', status: 'active' }, selection: { all: true, filter: { search: 'TO-' } } });
    expect(bulk.status, await bulk.clone().text()).toBe(202);
    const bulkId = String(((await bulk.json()) as { id: string }).id);
    const csv = ['name,email', ...Array.from({ length: IMPORT_ROWS }, (_, i) => `Imported ${i},imp${i}@example.com`)].join('\n');
    const form = new FormData();
    form.set('kind', 'customers');
    form.set('file', new File([csv], 'big.csv', { type: 'text/csv' }));
    const imported = await fetch(`${a.url}/api/imports`, { method: 'POST', headers: { cookie }, body: form });
    expect(imported.status, await imported.clone().text()).toBe(202);
    const importId = String(((await imported.json()) as { id: string }).id);

    // kill A once the bulk change is under way (the import and the deliveries run beside it)
    await expect.poll(async () => Number((await one('select cursor from bulk_actions where id = $1', [bulkId])).cursor), { timeout: 60_000, interval: 100 }).toBeGreaterThan(0);
    a.child.kill('SIGKILL');
    await a.exited;
    const atKill = {
      bulk: await one('select state, cursor, total from bulk_actions where id = $1', [bulkId]),
      import: await one('select status, processed, total from import_jobs where id = $1', [importId]),
      delivered: received.length,
    };
    console.info('at the kill:', JSON.stringify(atKill));
    expect(atKill.bulk.state).toBe('running');

    // B takes each over once its lease (5 s) has run out
    await expect.poll(async () => (await one('select state from bulk_actions where id = $1', [bulkId])).state, { timeout: 180_000, interval: 500 }).toBe('done');
    await expect.poll(async () => (await one('select status from import_jobs where id = $1', [importId])).status, { timeout: 180_000, interval: 500 }).toBe('done');
    await expect
      .poll(async () => Number((await one(`select count(*) as n from webhook_deliveries where status <> 'succeeded'`)).n), { timeout: 180_000, interval: 500 })
      .toBe(0);

    // bulk: every record changed exactly once (one journal row each, counted once)
    const action = await one('select total, changed, cursor from bulk_actions where id = $1', [bulkId]);
    expect(action).toMatchObject({ total: POLICIES, changed: POLICIES, cursor: POLICIES });
    expect(Number((await one('select count(*) as n from bulk_journal where bulk_id = $1', [bulkId])).n)).toBe(POLICIES);
    expect(Number((await one(`select count(*) as n from policies where agency_id = $1 and status <> 'active'`, [agencyId])).n)).toBe(0);
    // import: every row once
    const job = await one('select imported, processed, failed, skipped from import_jobs where id = $1', [importId]);
    expect(job).toMatchObject({ imported: IMPORT_ROWS, processed: IMPORT_ROWS, failed: 0, skipped: 0 });
    expect(Number((await one(`select count(*) as n from customers where agency_id = $1 and email like 'imp%@example.com'`, [agencyId])).n)).toBe(IMPORT_ROWS);
    // webhooks: one event per created customer, each received; a repeat only for one in flight at the kill, with its id
    const events = (await db.query(`select event_id from webhook_deliveries where event_type = 'customer.created'`)).rows.map((r: { event_id: string }) => r.event_id);
    expect(events).toHaveLength(IMPORT_ROWS);
    expect(new Set(received)).toEqual(new Set(events));
    expect(received.length - new Set(received).size).toBeLessThanOrEqual(16);
    // nothing left running
    expect(Number((await one(`select count(*) as n from jobs where name in ('bulk.run', 'imports.run') and state <> 'done'`)).n)).toBe(0);
    expect(Number((await one(`select count(*) as n from jobs where state = 'running' and locked_until < now()`)).n)).toBe(0);
  }, 600_000);
});
