// API tests: the real app on its own copy of a migrated database, with mail captured in memory.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, inject } from 'vitest';
import { createApp } from '../app.ts';
import { buildDeps, seedEssentials } from '../bootstrap.ts';
import { loadConfig, type Config } from '../config.ts';
import type { Deps } from '../context.ts';
import { openPglite, openPostgres, type Database } from '../db/client.ts';
import { policies, user, userPermissions } from '../db/schema.ts';
import { createLogger } from '../logger.ts';
import type { Mailer, MailMessage } from '../mail.ts';
import type { Storage } from '../storage.ts';
import { createLocalStorage } from '../storage.ts';
import { fastPasswordHashing } from './password-hashing.ts';
import { testPostgres, withDatabase } from './postgres.ts';

export const APP_URL = 'http://localhost:3000';

export interface CapturingMailer extends Mailer {
  sent: MailMessage[];
}

function createCapturingMailer(): CapturingMailer {
  const sent: MailMessage[] = [];
  return { kind: 'smtp', sent, send: async (m) => void sent.push(m) };
}

async function openTestDatabase(): Promise<Database> {
  const pgTemplate = inject('pgTemplateDb');
  const postgres = testPostgres();
  if (pgTemplate && postgres) {
    const name = `policydesk_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: postgres.adminUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${pgTemplate}`);
    await admin.end();
    const database = await openPostgres(withDatabase(postgres.url, name), { max: 5, pooler: postgres.pooler });
    const close = database.close;
    database.close = async () => {
      await close();
      const cleanup = new pg.Client({ connectionString: postgres.adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    };
    return database;
  }
  const template = readFileSync(inject('pgliteTemplate'));
  return openPglite(undefined, new Blob([template]));
}

export interface TestContext {
  deps: Deps;
  config: Config;
  db: Deps['db'];
  app: ReturnType<typeof createApp>;
  mail: CapturingMailer;
  /** app.request with JSON convenience; pass a cookie to act as a signed-in user. */
  request: (path: string, init?: RequestOptions) => Promise<Response>;
  close: () => Promise<void>;
}

export interface RequestOptions {
  method?: string;
  json?: unknown;
  body?: BodyInit;
  cookie?: string;
  headers?: Record<string, string>;
}

export async function createTestContext(
  overrides: { env?: Record<string, string>; storage?: Storage; onDatabase?: (database: Database) => void; realPasswordHashing?: boolean } = {},
): Promise<TestContext> {
  const dataDir = path.join(os.tmpdir(), `policydesk-test-${randomUUID()}`);
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_URL,
    DATA_DIR: dataDir,
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'silent',
    ...overrides.env,
  });
  const database = await openTestDatabase();
  overrides.onDatabase?.(database); // before the first statement (the query-scope test records them all)
  const mail = createCapturingMailer();
  const deps = buildDeps(config, database, createLogger((process.env.TEST_LOG_LEVEL as 'silent') ?? 'silent'), {
    mailer: mail,
    storage: overrides.storage ?? createLocalStorage(path.join(dataDir, 'files')),
    ...(overrides.realPasswordHashing ? {} : { passwordHashing: fastPasswordHashing }),
  });
  await seedEssentials(deps);
  const app = createApp(deps);
  const request = (p: string, init: RequestOptions = {}) => {
    const headers: Record<string, string> = { ...init.headers };
    if (init.cookie) headers.cookie = init.cookie;
    let body = init.body;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    return Promise.resolve(app.request(p, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, body }));
  };
  return { deps, config: deps.config, db: database.db, app, mail, request, close: () => database.close() };
}

/**
 * The test file's context: made before its first test (before the file's own beforeAll hooks, which
 * come later) and closed after its last. The object is filled in place, so `t` can be a const.
 */
export function fileTestContext(overrides?: Parameters<typeof createTestContext>[0]): TestContext {
  const t = {} as TestContext;
  beforeAll(async () => void Object.assign(t, await createTestContext(overrides)), 180_000);
  afterAll(async () => t.close?.());
  return t;
}

/** Waits for the background mail sender; returns the newest message to that address. */
export async function waitForMail(t: TestContext, to: string, subject?: RegExp, timeoutMs = 5000): Promise<MailMessage> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = [...t.mail.sent].reverse().find((m) => m.to === to.toLowerCase() && (!subject || subject.test(m.subject)));
    if (found) return found;
    if (Date.now() > until) throw new Error(`no mail to ${to}${subject ? ` matching ${subject}` : ''}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export function linkIn(message: MailMessage): string {
  const match = message.text.match(/https?:\/\/\S+/);
  if (!match) throw new Error('no link in mail');
  return match[0];
}

/** The path and query of an e-mailed link, to call on the test app. */
export function pathOf(link: string): string {
  const url = new URL(link);
  return url.pathname + url.search;
}

export function cookieFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => !c.endsWith('='))
    .join('; ');
}

export async function json<T = Record<string, any>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  cookie: string;
}

let counter = 0;

/**
 * A confirmed, signed-in user, created through the real sign-up. Tier, role and permissions are
 * then set directly, as an approved payment or an admin would.
 */
export async function createUser(
  t: TestContext,
  opts: { email?: string; password?: string; name?: string; company?: string; tier?: string; role?: string; permissions?: string[] } = {},
): Promise<TestUser> {
  counter += 1;
  const email = (opts.email ?? `user${counter}-${randomUUID().slice(0, 6)}@example.com`).toLowerCase();
  const password = opts.password ?? 'password123';
  await t.deps.auth.api.signUpEmail({ body: { name: opts.name ?? `Test User${counter}`, email, password, company: opts.company ?? 'Test Agency' } });
  await t.db
    .update(user)
    .set({
      emailVerified: true,
      ...(opts.tier ? { subscriptionTier: opts.tier, subscriptionStatus: 'active' } : {}),
      ...(opts.role ? { role: opts.role } : {}),
    })
    .where(eq(user.email, email));
  const [row] = await t.db.select().from(user).where(eq(user.email, email));
  for (const permission of opts.permissions ?? [])
    await t.db.insert(userPermissions).values({ userId: row.id, permissionName: permission }).onConflictDoNothing();
  const cookie = await signIn(t, email, password);
  return { id: row.id, email, password, cookie };
}

export async function signIn(t: TestContext, email: string, password: string): Promise<string> {
  const res = await t.request('/api/account/sign-in', { json: { email, password } });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return cookieFrom(res);
}

/**
 * Many policies in one agency by SQL, for tests of plans and indexes on PostgreSQL (no customers,
 * details or activity): numbers `${prefix}-1`…, car and fire alternating, premiums and dates spread.
 */
export async function insertPolicyRows(t: TestContext, agencyId: string, count: number, prefix: string): Promise<void> {
  await t.db.execute(sql`
    insert into policies (agency_id, policy_number, insurance_company, policy_type, customer_name, customer_email,
                          premium_amount, coverage_amount, deductible, start_date, end_date, status)
    select ${agencyId}, ${prefix} || '-' || g, 'Acme', case when g % 2 = 0 then 'car' else 'fire' end, 'Customer ' || g, 'c' || g || '@example.com',
           (g % 5000) + 0.5, 1000, 0, date '2024-01-01' + (g % 700), date '2025-01-01' + (g % 700), 'active'
    from generate_series(1, ${count}::int) g`);
  await t.db.execute(sql`analyze policies`);
}

/** An enterprise agency of `count` policies written by SQL (insertPolicyRows), for the plan tests on PostgreSQL; its id. */
export async function bigAgency(t: TestContext, count: number, prefix: string): Promise<string> {
  const big = await createUser(t, { tier: 'enterprise' });
  const agencyId = (await json(await t.request('/api/me', { cookie: big.cookie }))).agency.id as string;
  await insertPolicyRows(t, agencyId, count, prefix);
  return agencyId;
}

/** One active car policy of Carla Client (Acme Mutual, 2026) written straight into an agency's book; its id. */
export async function insertClientPolicy(t: TestContext, agencyId: string, policyNumber: string): Promise<string> {
  const [row] = await t.db
    .insert(policies)
    .values({
      agencyId,
      policyNumber,
      insuranceCompany: 'Acme Mutual',
      policyType: 'car',
      customerName: 'Carla Client',
      customerEmail: 'carla@example.com',
      premiumAmount: '1200.00',
      coverageAmount: '50000.00',
      deductible: '500.00',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      status: 'active',
    })
    .returning({ id: policies.id });
  return row.id;
}

/** A test context and its users, made one after the other from `specs` (createUser's options, by name). */
export async function contextWith<K extends string>(specs: Record<K, Parameters<typeof createUser>[1]>): Promise<{ t: TestContext } & Record<K, TestUser>> {
  const t = await createTestContext();
  const users = {} as Record<K, TestUser>;
  for (const [name, opts] of Object.entries(specs) as [K, Parameters<typeof createUser>[1]][]) users[name] = await createUser(t, opts);
  return { t, ...users };
}

/** The usual world of a feature's tests: a context and two agencies of one plan (`agent`; `other` for the isolation checks). */
export const twoAgencies = (tier = 'business') => contextWith({ agent: { tier }, other: { tier } });
