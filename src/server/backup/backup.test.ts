// Backups of the embedded database (issue 27, decision 042): a book of business (customers,
// policies, a document's file, the sessions and the secret that signs them) goes through an archive
// into an empty DATA_DIR and comes back whole; what changed after the backup does not; a folder
// with anything in it is refused. The second part drives `npm run backup` against a running server.
// The embedded database only: skipped when the API tests run on PostgreSQL.
import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../app.ts';
import { buildDeps } from '../bootstrap.ts';
import { loadConfig } from '../config.ts';
import { openPglite } from '../db/client.ts';
import { createLogger } from '../logger.ts';
import { createLocalStorage } from '../storage.ts';
import { createCustomer, createPolicy, registrationPayload, type Call } from '../test/factories.ts';
import { APP_URL, createTestContext, createUser, json, type TestContext, type TestUser } from '../test/harness.ts';
import { PDF } from '../features/payments/fixtures.ts';
import { BackupError, restoreBackup, writeBackup } from './archive.ts';

const run = promisify(execFile);
const onPglite = !process.env.TEST_DATABASE_URL;
if (!onPglite) console.info('backup.test.ts skipped: backups are for the embedded database (PostgreSQL: pg_dump)');

const work = mkdtempSync(path.join(os.tmpdir(), 'policydesk-backup-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe.runIf(onPglite)('a book through backup and restore', () => {
  let t: TestContext;
  let owner: TestUser;
  let call: Call;
  let documentId = '';
  const archive = path.join(work, 'book.tar.gz');

  beforeAll(async () => {
    t = await createTestContext();
    call = (p, init) => t.request(p, init);
    owner = await createUser(t, { tier: 'business' });
    const carla = await createCustomer(call, owner.cookie, { name: 'Carla Client', email: 'carla@example.com' });
    await createCustomer(call, owner.cookie, { name: 'Bruno Business', email: 'bruno@example.com', customer_type: 'business' });
    const policy = await createPolicy(call, owner.cookie, { customer_name: 'Carla Client', customer_email: carla.email, policy_number: 'BAK-CAR-1' });
    await createPolicy(call, owner.cookie, { policy_type: 'fire', customer_name: 'Bruno Business', customer_email: 'bruno@example.com', policy_number: 'BAK-FIRE-1' });
    const fd = new FormData();
    fd.append('policy_id', policy.id);
    fd.append('file', new File([PDF as BlobPart], 'Declarations.pdf', { type: 'application/pdf' }));
    const uploaded = await t.request('/api/documents/upload', { method: 'POST', body: fd, cookie: owner.cookie });
    expect(uploaded.status).toBe(201);
    documentId = (await json(uploaded)).document.id;
  });
  afterAll(async () => {
    await t.close();
    rmSync(t.config.DATA_DIR, { recursive: true, force: true });
  });

  it('restores customers, policies and the document file into an empty folder; later changes are not in it', async () => {
    const summary = await writeBackup({ pglite: t.deps.database.pglite!, dataDir: t.config.DATA_DIR }, archive);
    expect(summary.manifest).toMatchObject({ format: 'policydesk-backup', version: 1, database: { kind: 'pglite' } });
    expect(summary.manifest.files).toBeGreaterThanOrEqual(2); // the document and auth-secret
    // after the backup: not in the archive
    await createCustomer(call, owner.cookie, { name: 'Later Customer', email: 'later@example.com' });

    const restored = path.join(work, 'restored');
    await restoreBackup(archive, restored);
    expect(readdirSync(restored).sort()).toEqual(['auth-secret', 'db', 'files']);
    const database = await openPglite(path.join(restored, 'db'));
    try {
      const config = loadConfig({ NODE_ENV: 'test', APP_URL, DATA_DIR: restored, LOG_LEVEL: 'silent' });
      const deps = buildDeps(config, database, createLogger('silent'), { storage: createLocalStorage(path.join(restored, 'files')) });
      const app = createApp(deps);
      // the session and the secret that signs its cookie came back too: the same cookie works
      const get = (p: string) => Promise.resolve(app.request(p, { headers: { cookie: owner.cookie } }));
      const customers = await json(await get('/api/customers?page=1&pageSize=25'));
      expect(customers.rows.map((c: { name: string }) => c.name).sort()).toEqual(['Bruno Business', 'Carla Client']);
      const policies = await json(await get('/api/policies?page=1&pageSize=25'));
      expect(policies.rows.map((p: { policy_number: string }) => p.policy_number).sort()).toEqual(['BAK-CAR-1', 'BAK-FIRE-1']);
      const link = await json(await get(`/api/documents/${documentId}/link?disposition=attachment`));
      const file = await get(link.url);
      expect(file.status).toBe(200);
      expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);
    } finally {
      await database.close();
    }
  });

  it('refuses a folder that is not empty, and leaves it as it was', async () => {
    const busy = path.join(work, 'busy');
    mkdirSync(busy);
    writeFileSync(path.join(busy, 'notes.txt'), 'mine');
    await expect(restoreBackup(archive, busy)).rejects.toThrow(`DATA_DIR ${busy} is not empty (notes.txt): restore only into an empty folder; move the current one away first`);
    expect(readdirSync(busy)).toEqual(['notes.txt']);
  });

  it('refuses a file that is not a backup, and leaves the folder empty', async () => {
    const bogus = path.join(work, 'bogus.tar.gz');
    writeFileSync(bogus, 'not an archive');
    const target = path.join(work, 'empty-after-failure');
    const failed = restoreBackup(bogus, target);
    await expect(failed).rejects.toBeInstanceOf(BackupError);
    await expect(failed).rejects.toThrow(`${bogus} is not a readable backup archive`);
    expect(readdirSync(target)).toEqual([]);
  });

  it('never overwrites a file', async () => {
    await expect(writeBackup({ pglite: t.deps.database.pglite!, dataDir: t.config.DATA_DIR }, archive)).rejects.toThrow(`${archive} already exists: choose another file name`);
  });
});

/** Every server started here, so none outlives the file (also one still starting when a test timed out). */
const children: ChildProcessWithoutNullStreams[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

/**
 * The real server on a PGlite folder, until it says it is ready; its port from the log. The folder
 * starts as a copy of the migrated test template (a new one costs the server an initdb).
 */
async function startServer(dataDir: string): Promise<{ child: ChildProcessWithoutNullStreams; base: string; logs: string[] }> {
  const template = await openPglite(path.join(dataDir, 'db'), new Blob([readFileSync(inject('pgliteTemplate'))]));
  await template.close();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { PATH: process.env.PATH, NODE_ENV: 'development', PORT: '0', HOST: '127.0.0.1', APP_URL, DATA_DIR: dataDir, LOG_LEVEL: 'info', RATE_LIMIT: 'off', WEB_ROOT: path.join(dataDir, 'no-web') },
  });
  children.push(child);
  const logs: string[] = [];
  const port = await new Promise<number>((resolve, reject) => {
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      for (let nl = buffered.indexOf('\n'); nl >= 0; nl = buffered.indexOf('\n')) {
        const line = buffered.slice(0, nl);
        buffered = buffered.slice(nl + 1);
        logs.push(line);
        const listen = /"listen":"[^"]*:(\d+)"/.exec(line);
        if (listen) resolve(Number(listen[1]));
      }
    });
    child.stderr.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before it was ready:\n${logs.join('\n')}`)));
  });
  return { child, base: `http://127.0.0.1:${port}`, logs };
}

const script = (name: string, dataDir: string, ...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, ...args], { env: { PATH: process.env.PATH, DATA_DIR: dataDir } });

describe.runIf(onPglite)('npm run backup while the server runs', () => {
  const dataDir = path.join(work, 'live');
  it('the server writes the archive between requests and keeps serving; restore brings it into an empty folder only', async () => {
    const server = await startServer(dataDir);
    const { base } = server;
    const email = `backup-${randomUUID().slice(0, 8)}@example.com`;
    const register = await fetch(`${base}/api/account/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: APP_URL },
      body: JSON.stringify(registrationPayload({ email, company: 'Backup Agency' })),
    });
    expect(register.status).toBe(200);
    // requests keep arriving while the backup is taken: each is answered
    let stop = false;
    const statuses: number[] = [];
    const traffic = (async () => {
      while (!stop) statuses.push((await fetch(`${base}/api/health`)).status);
    })();
    const out = path.join(work, 'live.tar.gz');
    const backup = await script('backup', dataDir, out);
    stop = true;
    await traffic;
    expect(backup.stdout).toContain(`The server (pid ${server.child.pid}) has ${dataDir} open: it writes the backup.`);
    expect(backup.stdout).toContain(`Backup written: ${out}`);
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 200)).toBe(true);
    // the server writes the result file, then removes the request it took; its log line reaches our pipe
    // in its own time (the logger writes asynchronously): the script can end before either is seen here
    await expect.poll(() => server.logs.some((l) => l.includes('"msg":"backup written"'))).toBe(true);
    // nothing left behind in the control folder but the server's own marker
    await expect.poll(() => readdirSync(path.join(dataDir, 'backup'))).toEqual(['answering.pid']);

    const busy = await script('restore', dataDir, out).catch((err: { code: number; stderr: string }) => err);
    expect(busy).toMatchObject({ code: 1 });
    expect((busy as { stderr: string }).stderr).toMatch(/is in use by process|is not empty/);

    const restoredDir = path.join(work, 'live-restored');
    const restore = await script('restore', restoredDir, out);
    expect(restore.stdout).toContain(`into ${restoredDir}.`);
    expect(existsSync(path.join(restoredDir, 'server.pid'))).toBe(false);
    expect(readFileSync(path.join(restoredDir, 'auth-secret'), 'utf8')).toBe(readFileSync(path.join(dataDir, 'auth-secret'), 'utf8'));
    const database = await openPglite(path.join(restoredDir, 'db'));
    try {
      const users = await database.pglite!.query<{ email: string }>('select email from "user" where email = $1', [email]);
      expect(users.rows).toHaveLength(1);
    } finally {
      await database.close();
    }
  }, 240_000);
});
