// Hot-path statements (docs/decisions/036-list-request-cpu.md): built once with drizzle (through the
// tenant layer's preparedWhere), then run as a named prepared statement whose rows come back as arrays
// of PostgreSQL's text values, for the caller to map itself. drizzle's per-request query building and
// its per-row mapping (an entity check per column) are the largest JavaScript cost of a list request.
// Behind a transaction pooler (DATABASE_POOLER=transaction) the client drops every name and the
// statements go unnamed (UnnamedStatementClient in client.ts, decision 042).
import { fillPlaceholders, sql } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Db, Tx } from './client.ts';
import { TENANT_AGENCY_KEY, tenantAgency, type PreparedTenantQuery, type PreparedTenantWrite, type TenantInsert, type TenantTable } from '#server/tenant.ts';
import type { Query } from 'drizzle-orm';
import type { PgColumn, SelectedFieldsOrdered } from 'drizzle-orm/pg-core';

const text = (value: string) => value;
/** node-postgres: every column as the text PostgreSQL sent (the mapper parses what it needs). */
const PG_TEXT_TYPES = { getTypeParser: () => text };
/** PGlite parses these types by default; the rest (text, uuid) are strings anyway. */
const PGLITE_TEXT_PARSERS = { 16: text, 114: text, 3802: text, 20: text, 21: text, 23: text, 700: text, 701: text, 1082: text, 1114: text, 1184: text, 1700: text };

/**
 * Runs a built statement with every column as the text PostgreSQL sent, rows as arrays, without
 * drizzle's per-row mapping; `name` prepares it once per connection (PGlite ignores it).
 */
export async function textRows(db: Db, built: { sql: string; params: unknown[] }, name?: string): Promise<(string | null)[][]> {
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  if ('waitReady' in client) return (await client.query<(string | null)[]>(built.sql, built.params, { rowMode: 'array', parsers: PGLITE_TEXT_PARSERS })).rows;
  return (await client.query<(string | null)[]>({ name, text: built.sql, values: built.params, rowMode: 'array', types: PG_TEXT_TYPES })).rows;
}

/**
 * A LIMIT (or OFFSET) written into a statement's text, for prepared statements (decision 041).
 * drizzle sends a number as a parameter, and with a parameter as LIMIT or OFFSET PostgreSQL costs the
 * statement's generic plan as if it read a tenth of the rows: it then never keeps that plan and plans
 * the statement anew on every run, which cost the list request more CPU than running it did.
 */
export function constantLimit(n: number): number {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`constantLimit: not a row count: ${n}`);
  return sql.raw(String(n)) as unknown as number;
}

/**
 * Each column's position in a text row of a statement that selects `columns` (drizzle writes the
 * select list in the object's key order): a decoder reads `r[at.status]`, so the column list is the
 * one place that orders them and no position is typed by hand (lint: a numeric index on a row).
 */
export function rowPositions<C extends object>(columns: C): { readonly [K in keyof C]: number } {
  return Object.fromEntries(Object.keys(columns).map((name, i) => [name, i])) as { [K in keyof C]: number };
}

/**
 * A statement built once, its placeholders filled on every run, each row mapped by `map` from its
 * text values (null stays null; a boolean is 't' or 'f'). Run it with `t.run(statement, values)`.
 * With a `name` it is prepared once per connection (PGlite has one connection and ignores the name)
 * and PostgreSQL may keep one plan for every run. Without one it is sent unnamed, so PostgreSQL
 * plans each run for its values: for a statement whose best plan depends on them (a search term, a
 * status, an assignee), where a kept plan made without the values read a big agency's rows one by
 * one (decision 041).
 */
export function preparedRows<R>(db: Db, name: string | undefined, query: { toSQL(): { sql: string; params: unknown[] } }, map: (row: (string | null)[]) => R): PreparedTenantQuery<R[]> {
  const built = query.toSQL();
  return {
    async execute(values = {}) {
      return (await textRows(db, { sql: built.sql, params: fillPlaceholders(built.params, values) }, name)).map(map);
    },
  };
}

const statements = new WeakMap<Db, Map<string, unknown>>();

/**
 * A prepared statement per database and name, built on first use: `name` is the statement's
 * PostgreSQL name and the cache key, so one name is one SQL text (encode the filter shape in it).
 */
export function cachedStatement<S>(db: Db, name: string, build: (name: string) => S): S {
  let byName = statements.get(db);
  if (!byName) statements.set(db, (byName = new Map()));
  let statement = byName.get(name) as S | undefined;
  if (statement === undefined) byName.set(name, (statement = build(name)));
  return statement;
}

/**
 * An insert built once with drizzle, every value a placeholder named as its column (decision 040):
 * drizzle otherwise builds an insert's SQL anew on every run (0.1 ms for a policy's), and PostgreSQL
 * parses and plans it anew. Runs as the named prepared statement `name` on the connection
 * `Tenant.write` gives it (a transaction's own inside one); the RETURNING rows are mapped by drizzle
 * as `.returning()` maps them. A value for a column not in `columns` is refused, not dropped.
 */
export function preparedInsert<T extends TenantTable, K extends keyof TenantInsert<T> & string>(
  name: string,
  table: T,
  columns: readonly K[],
  conflictTarget?: PgColumn[],
): PreparedTenantWrite<T['$inferSelect'][]> {
  const known = new Set<string>([...columns, TENANT_AGENCY_KEY]);
  let built: { query: Query; fields: SelectedFieldsOrdered } | undefined;
  return {
    async execute(db: Db | Tx, values: Record<string, unknown>) {
      for (const key in values) if (!known.has(key)) throw new Error(`${name}: no column for ${key}`);
      if (!built) {
        const values = Object.fromEntries(columns.map((column) => [column, sql.placeholder(column)]));
        const insert = (db as Db).insert(table).values({ ...values, agencyId: tenantAgency() } as never);
        const builder = (conflictTarget ? insert.onConflictDoNothing({ target: conflictTarget }) : insert).returning();
        // the RETURNING columns in drizzle's order, as its own prepare() passes them
        built = { query: builder.toSQL(), fields: (builder as unknown as { config: { returning: SelectedFieldsOrdered } }).config.returning };
      }
      const filled: Record<string, unknown> = { [TENANT_AGENCY_KEY]: values[TENANT_AGENCY_KEY] };
      for (const column of columns) filled[column] = values[column] ?? null;
      return (await db._.session.prepareQuery(built.query, built.fields, name, true).execute(filled)) as T['$inferSelect'][];
    },
  };
}
