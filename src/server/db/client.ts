// Opens PGlite (embedded, default) or PostgreSQL (DATABASE_URL) behind one drizzle interface.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = ReturnType<typeof drizzlePglite<typeof schema>>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /** Checks that the database answers (health endpoint). */
  ping: () => Promise<boolean>;
  pglite?: PGlite;
  pool?: pg.Pool;
  /** Behind a transaction pooler (DATABASE_POOLER=transaction, decision 042). */
  pooler?: 'transaction';
  /** Direct to the server, past the pooler: where the migrations run when given. */
  migrationUrl?: string;
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** src/server/db/migrations when run from source; dist/server/migrations in the built server. */
export const MIGRATIONS_DIR =
  process.env.MIGRATIONS_DIR ??
  [path.join(here, 'migrations'), path.resolve('src/server/db/migrations')].find((dir) =>
    existsSync(path.join(dir, 'meta', '_journal.json')),
  ) ??
  path.join(here, 'migrations');

const DRIZZLE_OPTIONS = { schema, casing: 'snake_case' as const };

export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob | File): Promise<Database> {
  if (dataDir) mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm, btree_gin }, loadDataDir });
  const db = drizzlePglite({ client, ...DRIZZLE_OPTIONS });
  return {
    db,
    kind: 'pglite',
    pglite: client,
    close: async () => {
      if (!client.closed) await client.close();
    },
    ping: async () => {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
  };
}

/**
 * Codes and messages that mean the connection to PostgreSQL is gone (restart, crash, network), not
 * that the statement was wrong: the request is answered 503 and the pool connects again later.
 */
const CONNECTION_LOSS_CODES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);
const CONNECTION_LOSS_MESSAGES = /Connection terminated|is not queryable|timeout exceeded when trying to connect|Connection closed/i;

/**
 * The lost-connection error inside `err` (drizzle wraps driver errors in `cause`, better-auth too), or
 * null. Only the driver's own errors are matched by message: a wrapper's message carries the SQL and
 * its parameters, which are data, not a diagnosis — and must not reach the log either.
 */
export function findConnectionLoss(err: unknown, depth = 0): { code?: string; message: string } | null {
  if (!err || typeof err !== 'object' || depth > 5) return null;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown; query?: unknown };
  const inner = findConnectionLoss(e.cause, depth + 1);
  if (inner) return inner;
  const aggregated = Array.isArray(e.errors) ? e.errors : [];
  for (const one of aggregated) {
    const found = findConnectionLoss(one, depth + 1);
    if (found) return found;
  }
  const code = typeof e.code === 'string' ? e.code : undefined;
  const message = typeof e.message === 'string' && e.query === undefined ? e.message : '';
  if ((code && CONNECTION_LOSS_CODES.has(code)) || CONNECTION_LOSS_MESSAGES.test(message)) return { code, message };
  return null;
}

export function isConnectionLoss(err: unknown): boolean {
  return findConnectionLoss(err) !== null;
}

/**
 * A pg client that loses its connection emits 'error'; with nobody listening, Node ends the process.
 * The pool listens only while a client is idle, so a client checked out for a transaction (drizzle's
 * db.transaction) would take the server down with it. The statement in flight gets the error itself
 * and later ones fail with "not queryable", so the listener only has to exist.
 */
function ignoreClientError(): void {}

/**
 * Behind a pooler in transaction mode each transaction may run on another server connection, and a
 * named prepared statement exists only on the connection that prepared it: a second "prepare" lands
 * where it already exists (42P05), an "execute" where it does not (26000). This client sends every
 * statement unnamed — parsed and planned on each run, on whatever connection the pooler hands the
 * transaction — so the names in the code (prepared.ts, identity.ts, drizzle's `.prepare(name)`) speed
 * up a direct connection and are harmless behind a pooler (decision 042).
 */
export class UnnamedStatementClient extends pg.Client {
  // pg's overloads (text, config, submittable, callbacks) are all passed through; only a plain
  // config object's name is dropped
  override query(...args: unknown[]): never {
    const [first] = args;
    if (first && typeof first === 'object' && 'name' in first && typeof (first as { submit?: unknown }).submit !== 'function') {
      args[0] = { ...first, name: undefined };
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}

export interface PostgresOptions {
  /** Connections in the pool. */
  max?: number;
  /** 'transaction' behind PgBouncer in transaction mode (DATABASE_POOLER). */
  pooler?: 'transaction';
  /** DATABASE_MIGRATION_URL: migrations run over it, past the pooler. */
  migrationUrl?: string;
}

export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Database> {
  const { max = 10, pooler, migrationUrl } = options;
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
    ...(pooler === 'transaction' ? { Client: UnnamedStatementClient } : {}),
  });
  pool.on('error', ignoreClientError); // an idle client that dropped is removed and replaced on demand
  pool.on('connect', (client) => client.on('error', ignoreClientError));
  const db = drizzlePg({ client: pool, ...DRIZZLE_OPTIONS }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    pool,
    pooler,
    migrationUrl,
    close: () => pool.end(),
    ping: async () => {
      try {
        await pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
  };
}

/** Any fixed number: the advisory lock that lets one instance at a time run the migrations. */
const MIGRATION_LOCK = 7_346_221;

type PgMigrateDb = Parameters<typeof migratePg>[0];

export async function runMigrations(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (database.kind === 'pglite') {
    await migratePglite(database.db, config);
    return;
  }
  if (database.migrationUrl) {
    // Past the pooler: a session of its own for the lock and the DDL, closed when done.
    const direct = await openPostgres(database.migrationUrl, { max: 1 });
    try {
      await migrateUnderSessionLock(direct, config);
    } finally {
      await direct.close();
    }
    return;
  }
  if (database.pooler === 'transaction') return migrateInOneTransaction(database, config);
  await migrateUnderSessionLock(database, config);
}

/**
 * Several instances starting together: the first migrates, the others wait and find nothing to do.
 * The lock is held on a connection of its own (the pool may have only one) and ends with its session.
 */
async function migrateUnderSessionLock(database: Database, config: { migrationsFolder: string }): Promise<void> {
  const lock = new pg.Client({ connectionString: database.pool!.options.connectionString });
  lock.on('error', ignoreClientError); // a lost lock connection fails the migration with its own error
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(database.db as unknown as PgMigrateDb, config);
  } finally {
    await lock.end().catch(() => undefined); // ending the session releases the lock
  }
}

/**
 * Behind a transaction pooler a session lock would stay on whichever server connection took it
 * (the pooler does not end server sessions), and the next instance would wait for it forever. So the
 * lock, the bookkeeping and every pending migration are one transaction, which holds one server
 * connection from BEGIN to COMMIT and releases the lock with it: drizzle's own migrate, given a
 * session whose `transaction` is this one (the bookkeeping stays drizzle's: same table, same rows).
 */
async function migrateInOneTransaction(database: Database, config: { migrationsFolder: string }): Promise<void> {
  const migrations = readMigrationFiles(config);
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    const inner = tx as unknown as { session: object; dialect: { migrate(m: typeof migrations, s: object, c: object): Promise<void> } };
    const session = Object.assign(Object.create(inner.session) as object, { transaction: (work: (t: Tx) => Promise<void>) => work(tx) });
    await inner.dialect.migrate(migrations, session, config);
  });
}
