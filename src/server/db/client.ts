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

export async function openPostgres(url: string, max = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 10_000 });
  pool.on('error', ignoreClientError); // an idle client that dropped is removed and replaced on demand
  pool.on('connect', (client) => client.on('error', ignoreClientError));
  const db = drizzlePg({ client: pool, ...DRIZZLE_OPTIONS }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    pool,
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

export async function runMigrations(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (database.kind === 'pglite') {
    await migratePglite(database.db, config);
    return;
  }
  // Several instances starting together: the first migrates, the others wait and find nothing to do.
  // The lock is held on a connection of its own (the pool may have only one).
  const lock = new pg.Client({ connectionString: database.pool!.options.connectionString });
  lock.on('error', ignoreClientError); // a lost lock connection fails the migration with its own error
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(database.db as unknown as Parameters<typeof migratePg>[0], config);
  } finally {
    await lock.end().catch(() => undefined); // ending the session releases the lock
  }
}
