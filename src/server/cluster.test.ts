// Every core (issue 17): with PostgreSQL the server runs WORKERS processes (node:cluster). SIGTERM
// while requests keep arriving: every request the server accepted is answered in full, new
// connections are refused once it stops accepting, every worker closes its pool, the primary exits 0.
// Also: the identity rules hold across the workers (a revoked session, a removed member and a role
// change are seen by the very next request, whichever worker serves it).
// Needs PostgreSQL (TEST_DATABASE_URL); skipped with a message otherwise.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_URL, startInstance, type Instance } from './test/instances.ts';

const baseUrl = process.env.TEST_DATABASE_URL;
if (!baseUrl) console.info('cluster.test.ts skipped: set TEST_DATABASE_URL (a PostgreSQL server) to run the cluster');

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'policydesk-cluster-'));

type Primary = Instance;

const startCluster = (databaseUrl: string, workers: number): Promise<Primary> =>
  startInstance({ name: 'cluster', databaseUrl, dataDir, env: { WORKERS: String(workers), JOBS_LEASE_MS: '60000' } });

/**
 * ok: answered in full. refused: the connection was refused, or reset before the request reached
 * any worker (a connection still in the listen queue when the listener closes; the server logs show
 * it never reached the app). lost: a response cut short, or an error status.
 */
type Outcome = { kind: 'ok'; worker: string } | { kind: 'refused'; detail: string } | { kind: 'lost'; detail: string };

/** One request on its own connection. */
function request(port: number, method: string, p: string, cookie = '', body?: unknown): Promise<Outcome & { status?: number; text?: string }> {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: p,
        agent: false,
        headers: { cookie, origin: APP_URL, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ kind: 'ok', worker: String(res.headers['x-worker'] ?? ''), status: res.statusCode, text }));
        res.on('error', (err) => resolve({ kind: 'lost', detail: `response: ${err.message}` }));
      },
    );
    // No byte of a response arrived (a cut response ends in res 'error' above).
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ kind: 'refused', detail: `${err.code ?? ''} ${err.message}` }));
    req.end(payload);
  });
}

describe.skipIf(!baseUrl)('the cluster on PostgreSQL', () => {
  let admin: pg.Client;
  let db: pg.Client;
  let dbName = '';
  let primary: Primary;
  let ownerCookie = '';
  let memberCookie = '';
  let memberId = '';
  let agencyId = '';

  async function register(email: string, company: string) {
    const password = 'correct-horse-9';
    const res = await request(primary.port, 'POST', '/api/account/register', '', {
      full_name: 'Cluster Test',
      email,
      password,
      confirmPassword: password,
      company,
      termsAccepted: true,
    });
    expect(res.status, res.kind === 'ok' ? res.text : res.kind).toBe(200);
    await db.query('update "user" set email_verified = true, subscription_tier = $2, subscription_status = $3 where email = $1', [email, 'enterprise', 'active']);
    const signIn = await new Promise<string>((resolve, reject) => {
      const payload = JSON.stringify({ email, password });
      const req = http.request(
        { host: '127.0.0.1', port: primary.port, method: 'POST', path: '/api/account/sign-in', agent: false, headers: { origin: APP_URL, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
        (res) => {
          res.resume();
          const cookie = (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).filter((c) => !c.endsWith('=')).join('; ');
          res.on('end', () => (res.statusCode === 200 ? resolve(cookie) : reject(new Error(`sign-in ${res.statusCode}`))));
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
    return signIn;
  }

  beforeAll(async () => {
    dbName = `policydesk_cluster_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    const url = new URL(baseUrl!);
    url.pathname = `/${dbName}`;
    primary = await startCluster(url.toString(), 2);
    db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    ownerCookie = await register(`owner-${randomUUID().slice(0, 8)}@example.com`, 'Cluster Agency');
    const memberEmail = `member-${randomUUID().slice(0, 8)}@example.com`;
    memberCookie = await register(memberEmail, 'Member Own Agency');
    // The member joins the owner's agency as an admin and works in it (as an accepted invitation does).
    const owner = await request(primary.port, 'GET', '/api/me', ownerCookie);
    agencyId = (JSON.parse(owner.text!) as { agency: { id: string } }).agency.id;
    memberId = (await db.query<{ id: string }>('select id from "user" where email = $1', [memberEmail])).rows[0].id;
    await db.query(`insert into agency_members (agency_id, user_id, role) values ($1, $2, 'admin')`, [agencyId, memberId]);
    await db.query('update session set active_agency_id = $1 where user_id = $2', [agencyId, memberId]);
  }, 120_000);

  afterAll(async () => {
    if (primary && primary.child.exitCode === null) primary.child.kill('SIGKILL');
    await db?.end().catch(() => {});
    if (admin) {
      await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
      await admin.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs the configured number of worker processes', async () => {
    const alive = await new Promise<number>((resolve) => {
      // the primary's children are the workers
      const ps = spawn('ps', ['--ppid', String(primary.child.pid), '-o', 'args=']);
      let out = '';
      ps.stdout.on('data', (c: Buffer) => (out += c.toString()));
      // (tsx also runs an esbuild service as a child)
      ps.on('close', () => resolve(out.split('\n').filter((l) => l.includes('src/server/main.ts')).length));
    });
    expect(alive).toBe(2);
  });

  it('a role change, a removed member and a revoked session take effect on the very next request, on any worker', async () => {
    const me = async (cookie: string) => {
      const res = await request(primary.port, 'GET', '/api/me', cookie);
      return { status: res.status, body: res.text ? (JSON.parse(res.text) as { agency?: { id: string; role: string } }) : null };
    };
    // several requests, so both workers answer each state
    for (let i = 0; i < 4; i++) expect((await me(memberCookie)).body?.agency).toMatchObject({ id: agencyId, role: 'admin' });
    await db.query(`update agency_members set role = 'team_member' where agency_id = $1 and user_id = $2`, [agencyId, memberId]);
    for (let i = 0; i < 4; i++) expect((await me(memberCookie)).body?.agency).toMatchObject({ id: agencyId, role: 'team_member' });
    await db.query('delete from agency_members where agency_id = $1 and user_id = $2', [agencyId, memberId]);
    for (let i = 0; i < 4; i++) {
      const after = await me(memberCookie);
      expect(after.status).toBe(200);
      expect(after.body?.agency?.id).not.toBe(agencyId); // back in the member's own agency
      expect(after.body?.agency?.role).toBe('owner');
    }
    await db.query('delete from session where user_id = $1', [memberId]);
    for (let i = 0; i < 4; i++) expect((await me(memberCookie)).status).toBe(401);
  });

  it('SIGTERM while requests keep coming: none accepted is lost, the rest are refused, every worker stops, exit 0', async () => {
    const outcomes: Outcome[] = [];
    let stop = false;
    const loop = async () => {
      while (!stop) {
        const r = await request(primary.port, 'GET', '/api/policies?page=1&pageSize=25', ownerCookie);
        outcomes.push(r.kind === 'ok' && r.status !== 200 ? { kind: 'lost', detail: `status ${r.status}` } : r);
        if (r.kind === 'refused') return;
      }
    };
    const loops = Array.from({ length: 8 }, loop);
    await new Promise((r) => setTimeout(r, 1500));
    const beforeSignal = outcomes.length;
    primary.child.kill('SIGTERM');
    const code = await primary.exited;
    stop = true;
    await Promise.all(loops);
    const lost = outcomes.filter((o) => o.kind === 'lost');
    expect(lost).toEqual([]);
    expect(beforeSignal).toBeGreaterThan(0);
    const answered = outcomes.filter((o) => o.kind === 'ok').length;
    expect(answered).toBeGreaterThan(0);
    expect(outcomes.at(-1)?.kind).toBe('refused');
    // Every request that reached a worker was answered: the workers logged exactly as many list
    // requests as the client received answers (a reset connection never reached the app).
    const served = primary.logs.filter((l) => l.msg === 'request' && l.path === '/api/policies').length;
    expect(served).toBe(answered);
    console.info(`SIGTERM under load: ${answered} answered (${answered - beforeSignal} after the signal was sent or in flight), ${outcomes.length - answered} refused at the door`);
    expect(code).toBe(0);
    const messages = primary.logs.map((l) => l.msg);
    // each worker finished its requests and closed its pool; the primary stopped last
    expect(messages.filter((m) => m === 'shutting down: finishing in-flight requests')).toHaveLength(2);
    expect(messages.filter((m) => m === 'stopped').length).toBe(3);
    expect(messages.at(-1)).toBe('stopped');
  }, 60_000);
});
