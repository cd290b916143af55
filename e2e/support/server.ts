// Playwright's web server: a local SMTP server that files every message as JSON, and the
// production build of PolicyDesk on a fresh data folder, sending its mail there.
import { spawn } from 'node:child_process';
import { buildForJourneys, E2E_BUILD_DIR } from './build.ts';
import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { ADMIN_EMAIL, ADMIN_PASSWORD, BASE_URL, E2E_PORT, MAIL_DIR, SMTP_PORT, SUPPORT_EMAIL } from './ports.ts';

rmSync(MAIL_DIR, { recursive: true, force: true });
mkdirSync(MAIL_DIR, { recursive: true });

let n = 0;
const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        n += 1;
        const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) => a.value.map((v) => v.address?.toLowerCase()));
        const file = path.join(MAIL_DIR, `${Date.now()}-${String(n).padStart(5, '0')}.json`);
        // written whole, then renamed: the reader never sees half a message
        writeFileSync(`${file}.tmp`, JSON.stringify({ to, from: mail.from?.text, subject: mail.subject, text: mail.text, html: mail.html, replyTo: mail.replyTo?.text }));
        renameSync(`${file}.tmp`, file);
        callback();
      })
      .catch(callback);
  },
});
smtp.listen(SMTP_PORT, '127.0.0.1');

const buildDir = E2E_BUILD_DIR;
// `npm test` builds beforehand, beside the type check and lint (scripts/parallel.mjs), and says so
if (!process.env.E2E_SKIP_BUILD) buildForJourneys();

const dataDir = path.join(os.tmpdir(), `policydesk-e2e-${E2E_PORT}-${Date.now()}`);

// E2E_DATABASE_URL (CI sets it to its throwaway PostgreSQL): the journeys run on a fresh database
// there instead of the embedded one, which answers one query at a time in the server's own thread.
const pgAdminUrl = process.env.E2E_DATABASE_URL;
const pgDatabase = `policydesk_e2e_${E2E_PORT}_${Date.now()}`;
const databaseUrl = pgAdminUrl ? withDatabase(pgAdminUrl, pgDatabase) : undefined;
if (pgAdminUrl) await adminQuery(pgAdminUrl, `create database ${pgDatabase}`);

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
const server = spawn(process.execPath, ['--enable-source-maps', path.join(buildDir, 'server/main.js')], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    AUTH_SECRET: randomBytes(32).toString('hex'),
    PORT: String(E2E_PORT),
    HOST: '127.0.0.1',
    APP_URL: BASE_URL,
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    SUPPORT_EMAIL,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    WEB_ROOT: path.join(buildDir, 'web'),
    RATE_LIMIT: 'off',
    // the webhooks journey sends to a receiver on 127.0.0.1 (refused in production)
    WEBHOOKS_ALLOW_PRIVATE: '1',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  },
});

const stop = () => {
  server.kill('SIGTERM');
  smtp.close();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => {
  smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
  const dropped = pgAdminUrl ? adminQuery(pgAdminUrl, `drop database if exists ${pgDatabase} with (force)`) : Promise.resolve();
  void dropped.catch(() => undefined).finally(() => process.exit(code ?? 0));
});
