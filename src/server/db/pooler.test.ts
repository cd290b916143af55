// Behind a pooler in transaction mode (decision 042): statements go unnamed, migrations lock per
// transaction (or run over DATABASE_MIGRATION_URL), and nothing is left on a server connection.
// Needs PostgreSQL (TEST_DATABASE_URL); .ci/run also runs it through PgBouncer in transaction mode.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { readIdentity } from '../identity.ts';
import { testPostgres, withDatabase } from '../test/postgres.ts';
import { MIGRATIONS_DIR, openPostgres, runMigrations, type Database } from './client.ts';
import { textRows } from './prepared.ts';
import { subscriptionLimits } from './schema.ts';

const postgres = testPostgres();
if (!postgres) console.info('pooler.test.ts skipped: set TEST_DATABASE_URL (a PostgreSQL server, or PgBouncer with DATABASE_POOLER=transaction)');

const MIGRATION_COUNT = (JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;

describe('DATABASE_POOLER and DATABASE_MIGRATION_URL settings', () => {
  it('accepts transaction or none, and names a bad value', () => {
    const url = 'postgres://h/db';
    expect(loadConfig({ DATABASE_URL: url }).DATABASE_POOLER).toBe('none');
    expect(loadConfig({ DATABASE_URL: url, DATABASE_POOLER: 'transaction', DATABASE_MIGRATION_URL: 'postgres://direct/db' })).toMatchObject({
      DATABASE_POOLER: 'transaction',
      DATABASE_MIGRATION_URL: 'postgres://direct/db',
    });
    expect(() => loadConfig({ DATABASE_URL: url, DATABASE_POOLER: 'session' })).toThrow(
      'DATABASE_POOLER: DATABASE_POOLER must be transaction (PgBouncer in transaction mode) or none',
    );
    expect(() => loadConfig({ DATABASE_URL: url, DATABASE_MIGRATION_URL: 'mysql://x' })).toThrow(
      'DATABASE_MIGRATION_URL: DATABASE_MIGRATION_URL must start with postgres:// or postgresql://',
    );
  });

  it('needs DATABASE_URL for either', () => {
    expect(() => loadConfig({ DATABASE_POOLER: 'transaction' })).toThrow('DATABASE_POOLER: DATABASE_POOLER needs DATABASE_URL');
    expect(() => loadConfig({ DATABASE_MIGRATION_URL: 'postgres://direct/db' })).toThrow('DATABASE_MIGRATION_URL: DATABASE_MIGRATION_URL needs DATABASE_URL');
  });
});

describe.skipIf(!postgres)('behind a transaction pooler', () => {
  const created: string[] = [];
  const opened: Database[] = [];
  let admin: pg.Client;

  /** An empty database, or a copy of the migrated template. */
  async function createDatabase(migrated = false): Promise<string> {
    const name = `policydesk_pooler_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    await admin.query(`create database ${name}${migrated ? ` template ${inject('pgTemplateDb')}` : ''}`);
    created.push(name);
    return name;
  }
  async function open(url: string, options: Parameters<typeof openPostgres>[1]): Promise<Database> {
    const database = await openPostgres(url, options);
    opened.push(database);
    return database;
  }
  async function preparedNames(database: Database): Promise<string[]> {
    return (await database.pool!.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map((r) => r.name);
  }

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: postgres!.adminUrl });
    await admin.connect();
  });
  afterAll(async () => {
    for (const database of opened) await database.close().catch(() => undefined);
    for (const name of created) await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
    await admin.end();
  });

  it('prepares named statements on a direct connection, and sends them unnamed with DATABASE_POOLER=transaction', async () => {
    const name = await createDatabase(true);
    // One connection straight to the server each, so pg_prepared_statements is that connection's.
    const direct = await open(withDatabase(postgres!.adminUrl, name), { max: 1 });
    const pooled = await open(withDatabase(postgres!.adminUrl, name), { max: 1, pooler: 'transaction' });
    for (const database of [direct, pooled]) {
      await textRows(database.db, { sql: 'select $1::int + 1', params: [1] }, 'pooler_probe_v1');
      await database.db.select().from(subscriptionLimits).where(eq(subscriptionLimits.tierName, sql.placeholder('tier'))).prepare('pooler_drizzle_v1').execute({ tier: 'starter' });
      expect(await readIdentity(database, 'no-such-token')).toBeNull();
    }
    expect(await preparedNames(direct)).toEqual(['policydesk_identity_v3', 'pooler_drizzle_v1', 'pooler_probe_v1']);
    expect(await preparedNames(pooled)).toEqual([]);
  });

  it('answers named statements run in parallel through the pooler', async () => {
    const name = await createDatabase(true);
    const database = await open(withDatabase(postgres!.url, name), { max: 10, pooler: postgres!.pooler });
    // More clients than the pooler has server connections: each statement's prepare and execute
    // would land on a connection that has (42P05) or lacks (26000) the statement if it were named.
    const runs = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        i % 2 ? readIdentity(database, `token-${i}`) : textRows(database.db, { sql: 'select $1::int * 2', params: [i] }, 'pooler_parallel_v1'),
      ),
    );
    expect(runs.filter((r) => r === null)).toHaveLength(30);
    expect(runs.filter((r) => Array.isArray(r)).map((r) => Number((r as string[][])[0][0]))).toEqual(Array.from({ length: 30 }, (_, i) => i * 4));
  });

  it('migrates once with instances starting together, and leaves no lock behind', async () => {
    const name = await createDatabase();
    const url = withDatabase(postgres!.url, name);
    const instances = await Promise.all([1, 2, 3].map(() => open(url, { max: 2, pooler: 'transaction' })));
    await Promise.all(instances.map((database) => runMigrations(database)));
    const direct = new pg.Client({ connectionString: withDatabase(postgres!.adminUrl, name) });
    await direct.connect();
    try {
      const applied = await direct.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(applied.rows[0].n).toBe(MIGRATION_COUNT);
      // a session-level lock taken through the pooler would still be held by one of its server connections
      const locks = await direct.query<{ n: number }>(
        "select count(*)::int as n from pg_locks l join pg_database d on d.oid = l.database where l.locktype = 'advisory' and d.datname = $1",
        [name],
      );
      expect(locks.rows[0].n).toBe(0);
    } finally {
      await direct.end();
    }
    // a later start finds nothing to do
    await runMigrations(instances[0]);
  });

  it('runs the migrations over DATABASE_MIGRATION_URL when it is given', async () => {
    const served = await createDatabase();
    const migrated = await createDatabase();
    const database = await open(withDatabase(postgres!.url, served), { max: 2, pooler: 'transaction', migrationUrl: withDatabase(postgres!.adminUrl, migrated) });
    await runMigrations(database);
    const check = async (db: string) => {
      const client = new pg.Client({ connectionString: withDatabase(postgres!.adminUrl, db) });
      await client.connect();
      try {
        return (await client.query<{ found: string | null }>("select to_regclass('drizzle.__drizzle_migrations')::text as found")).rows[0].found;
      } finally {
        await client.end();
      }
    };
    expect(await check(migrated)).toBe('drizzle.__drizzle_migrations');
    expect(await check(served)).toBeNull();
  });
});
