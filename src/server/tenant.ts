// The tenant layer (docs/decisions/015-tenant-layer.md): every read and write of a tenant table goes
// through a context bound to the caller's agency, so a query cannot forget — or choose — the agency.
import { and, eq, is, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, PgTable, type AnyPgColumn, type PgDialect, type PgUpdateSetSource, type SelectedFields } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './db/client.ts';
import * as schema from './db/schema.ts';
import { agencyScope, type AgencyScope } from './sql-scope.ts';

const { agencies } = schema;

/** A table that belongs to one agency: only these are accepted by the tenant context. */
export type TenantTable = PgTable & { agencyId: AnyPgColumn<{ data: string; notNull: true }> };

/** A row to insert, without agency_id: the context sets it. */
export type TenantInsert<T extends TenantTable> = Omit<T['$inferInsert'], 'agencyId'>;

/** What an update may set: anything but agency_id, which never changes. */
export type TenantSet<T extends TenantTable> = Omit<PgUpdateSetSource<T>, 'agencyId'>;

type Conds = (SQL | undefined)[];
/** Conditions for `t.from`, `t.select(…).from`, `t.update`, `t.delete`: the agency's is added to them. */
export type TenantConds = Conds;

/** The caller's agency, as the session resolved it (an Actor fits). */
export interface TenantOwner {
  agency: { id: string };
}

export interface Tenant {
  readonly agencyId: string;
  /** The connection or transaction underneath, for joins whose `where` comes from `t.where`. */
  readonly db: Db | Tx;
  /** `table.agency_id = <caller's agency>` and'ed with the other conditions: the where of any query. */
  where<T extends TenantTable>(table: T, ...conds: Conds): SQL;
  /** Whole rows of the agency: `t.from(customers, eq(customers.id, id)).orderBy(…)`. */
  from<T extends TenantTable>(table: T, ...conds: Conds): ReturnType<typeof selectAll<T>>;
  /** Chosen columns of the agency's rows: `t.select({ id: customers.id }).from(customers, …)`. */
  select<F extends SelectedFields>(fields: F): { from<T extends TenantTable>(table: T, ...conds: Conds): ReturnType<typeof selectSome<F, T>> };
  /** `select distinct` of chosen columns of the agency's rows, as `select`. */
  selectDistinct<F extends SelectedFields>(fields: F): { from<T extends TenantTable>(table: T, ...conds: Conds): ReturnType<typeof selectSomeDistinct<F, T>> };
  /** Inserts with agency_id set to the caller's agency; chain `.returning()`, `.onConflictDoNothing()` … */
  insert<T extends TenantTable>(table: T, values: TenantInsert<T> | TenantInsert<T>[]): ReturnType<typeof insertRows<T>>;
  /** Updates only the agency's rows matching the conditions. */
  update<T extends TenantTable>(table: T, set: TenantSet<T>, ...conds: Conds): ReturnType<typeof updateRows<T>>;
  /** Deletes only the agency's rows matching the conditions. */
  delete<T extends TenantTable>(table: T, ...conds: Conds): ReturnType<typeof deleteRows<T>>;
  /**
   * Inserts a row when the transaction's work is done, with the others of its table in one statement
   * (a create's activity lines: one round trip, issue 17); right away outside `transaction`. For
   * rows nothing reads back in the same transaction.
   */
  insertAtEnd<T extends TenantTable>(table: T, values: TenantInsert<T>): Promise<void>;
  /** One transaction, with a context bound to the same agency. */
  transaction<R>(work: (t: Tenant) => Promise<R>): Promise<R>;
  /** Chosen columns of the caller's own agency row (its settings): `t.ownAgency({ tz: agencies.timezone })`. */
  ownAgency<F extends SelectedFields>(fields: F): ReturnType<typeof selectAgency<F>>;
  /** Updates the caller's own agency row (its details and settings); chain `.returning()`. */
  updateOwnAgency(set: Omit<PgUpdateSetSource<typeof agencies>, 'id'>): ReturnType<typeof updateAgency>;
  /** Locks the agency row for this transaction (limit checks, team changes): same-agency writers queue. */
  lockAgency(): Promise<void>;
  /**
   * Runs a prepared statement whose where came from `preparedWhere`: the agency placeholder is
   * filled with this context's agency (last, so `values` cannot choose another).
   */
  run<R>(prepared: PreparedTenantQuery<R>, values?: Record<string, unknown>): Promise<R>;
  /**
   * Runs a write built once (`preparedInsert`) on this context's own connection (the transaction's,
   * inside one), the agency placeholder filled with this context's agency (last, as `run`).
   */
  write<R>(prepared: PreparedTenantWrite<R>, values: Record<string, unknown>): Promise<R>;
  /**
   * The raw-SQL door (docs/decisions/046-tenancy-by-construction.md): runs a `sql` template on this
   * context's connection after checking it. Every tenant table it names must compare its agency_id,
   * and every agency value must be a parameter holding this context's agency (`${t.agency}`);
   * otherwise it throws `UnscopedQueryError` and nothing is sent.
   */
  execute<R extends Record<string, unknown> = Record<string, unknown>>(query: SQL): ReturnType<typeof executeRaw<R>>;
  /**
   * The same door for a drizzle read the other helpers cannot phrase (an outer select over a subquery
   * built with `t.select(…).as(name)`): `build` gets a select builder, and the statement it returns
   * is checked as `execute` checks raw SQL before it is sent.
   */
  selectChecked<R>(build: (select: Db['select']) => CheckedQuery<R>): Promise<R>;
  /** The caller's agency as a bound parameter in raw SQL: `where r.agency_id = ${t.agency}`. */
  readonly agency: SQL;
}

/** A statement the tenant door refused: it would read or write tenant rows without the caller's agency. */
export class UnscopedQueryError extends Error {
  constructor(
    readonly statement: string,
    reason: string,
  ) {
    super(`Unscoped query refused by the tenant door: ${reason} — ${statement.replace(/\s+/g, ' ').slice(0, 300)}`);
    this.name = 'UnscopedQueryError';
  }
}

/**
 * The tables whose rows belong to one agency, by their SQL name: every table with an agency_id column
 * except the per-user ones that only carry it to be removed with an agency (decision 044's global list).
 */
export const TENANT_TABLES: ReadonlySet<string> = new Set(
  (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => getTableConfig(table))
    .filter((config) => config.columns.some((c) => c.name === 'agency_id' || c.name === 'agencyId'))
    .map((config) => config.name)
    .filter((name) => name !== 'notifications' && name !== 'jobs'),
);

// A statement's verdict depends only on its text (parameters are `$n`): judged once per text. The
// texts are the code's own templates, so the map stays small; the bound is a guard, not a policy.
const verdicts = new Map<string, AgencyScope>();
function verdictOf(text: string): AgencyScope {
  let verdict = verdicts.get(text);
  if (!verdict) {
    verdict = agencyScope(text, TENANT_TABLES);
    if (verdicts.size > 2000) verdicts.clear();
    verdicts.set(text, verdict);
  }
  return verdict;
}

/** The query as it will be sent, refused (thrown) when it does not hold to `agencyId`. */
export function checkTenantSql(dialect: PgDialect, query: SQL, agencyId: string): void {
  checkTenantText(dialect.sqlToQuery(query), agencyId);
}

/** A statement's text and parameters as drizzle sends them (`toSQL()`), refused (thrown) as `checkTenantSql`. */
function checkTenantText({ sql: text, params }: { sql: string; params: unknown[] }, agencyId: string): void {
  const verdict = verdictOf(text);
  if (verdict.refused) throw new UnscopedQueryError(text, verdict.refused);
  for (const n of verdict.params) {
    const value = params[n - 1];
    const values = Array.isArray(value) ? value : [value];
    if (!values.length || values.some((v) => v !== agencyId)) throw new UnscopedQueryError(text, `parameter $${n} is compared with agency_id but is not the caller’s agency`);
  }
}

/** The agency's placeholder in a prepared tenant query: only `Tenant.run` and `Tenant.write` fill it. */
const AGENCY_PLACEHOLDER = 'tenant_agency_id';
export const TENANT_AGENCY_KEY = AGENCY_PLACEHOLDER;

/** A drizzle prepared statement (`.prepare(name)`), run through `Tenant.run`. */
export interface PreparedTenantQuery<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

/** A write built once (`preparedInsert` in db/prepared.ts), run through `Tenant.write` on a connection. */
export interface PreparedTenantWrite<R> {
  execute(db: Db | Tx, values: Record<string, unknown>): Promise<R>;
}

/** The agency column's value in a write built once: only `Tenant.write` fills it. */
export const tenantAgency = () => sql.placeholder(AGENCY_PLACEHOLDER);

/**
 * The where of a prepared statement (docs/decisions/036-list-request-cpu.md): like `t.where`, but the
 * agency is a placeholder, so one statement built once serves every agency; `t.run` fills it with
 * the caller's agency on every execution. The other conditions may hold placeholders of their own.
 */
export function preparedWhere<T extends TenantTable>(table: T, ...conds: Conds): SQL {
  return and(eq(table.agencyId, sql.placeholder(AGENCY_PLACEHOLDER)), ...conds)!;
}

// The query builders are typed through these helpers so the chain keeps drizzle's own types.
function selectAll<T extends TenantTable>(db: Db, table: T, where: SQL) {
  // `never`: drizzle's guard against empty subqueries cannot be evaluated for a generic table.
  return db.select().from<T>(table as never).where(where);
}
function selectSome<F extends SelectedFields, T extends TenantTable>(db: Db, fields: F, table: T, where: SQL) {
  return db.select(fields).from<T>(table as never).where(where);
}
function selectSomeDistinct<F extends SelectedFields, T extends TenantTable>(db: Db, fields: F, table: T, where: SQL) {
  return db.selectDistinct(fields).from<T>(table as never).where(where);
}
function selectAgency<F extends SelectedFields>(db: Db, fields: F, agencyId: string) {
  return db.select(fields).from(agencies).where(eq(agencies.id, agencyId));
}
function updateAgency(db: Db, set: PgUpdateSetSource<typeof agencies>, agencyId: string) {
  return db.update(agencies).set(set).where(eq(agencies.id, agencyId));
}
function insertRows<T extends TenantTable>(db: Db, table: T, rows: T['$inferInsert'][]) {
  return db.insert(table).values(rows);
}
function updateRows<T extends TenantTable>(db: Db, table: T, set: PgUpdateSetSource<T>, where: SQL) {
  return db.update(table).set(set).where(where);
}
function executeRaw<R extends Record<string, unknown>>(db: Db, query: SQL) {
  return db.execute<R>(query);
}
function deleteRows<T extends TenantTable>(db: Db, table: T, where: SQL) {
  return db.delete(table).where(where);
}

/** A drizzle query as `selectChecked` takes it: rendered by `toSQL()`, run by awaiting it. */
export interface CheckedQuery<R> extends PromiseLike<R> {
  toSQL(): { sql: string; params: unknown[] };
}

/** Rows waiting for the end of a transaction (`insertAtEnd`), by table, agency_id already set. */
type AtEnd = Map<TenantTable, Record<string, unknown>[]>;

/**
 * Writes a transaction's `insertAtEnd` rows: one insert per table, and the tables' inserts in one
 * statement (data-modifying CTEs), so a create's activity lines and change-feed rows cost one round
 * trip, not two (issue 28's creates, decision 076). The rows are read back by nothing in the same
 * transaction (insertAtEnd's contract), so the one snapshot the CTEs share changes nothing.
 */
async function insertPending(db: Db, pending: AtEnd): Promise<void> {
  const inserts = [...pending].map(([table, rows]) => insertRows(db, table, rows as (typeof table)['$inferInsert'][]));
  if (inserts.length <= 1) {
    if (inserts.length) await inserts[0];
    return;
  }
  const last = inserts.pop()!;
  const ctes = inserts.map((insert, i) => sql`${sql.raw(`w${i}`)} as (${insert.getSQL()})`);
  await db.execute(sql`with ${sql.join(ctes, sql`, `)} ${last.getSQL()}`);
}

/**
 * The database as a feature holds it (docs/decisions/046-tenancy-by-construction.md): a handle with
 * nothing to query with. `tenant(connection, actor)` turns it into the caller's agency's context;
 * `crossAgency(connection, reason)` is the one way to the raw connection. A `Db` or a transaction
 * is one; features never import the database client's types (lint rule in eslint.config.js).
 */
export interface Connection {
  readonly transaction: unknown;
}

/**
 * The one door past the tenant: the raw connection, for work that is not one agency's by design —
 * the scheduled jobs that cross agencies (digest, purges, the webhook worker), the super admin's
 * pages, and the tables that belong to no agency (users, sessions, the public site). `reason` says
 * why in the code; grep `crossAgency(` for every use.
 */
export function crossAgency(on: Connection | Tenant, reason: string): Db {
  if (!reason.trim()) throw new Error('crossAgency needs a reason');
  // a Tenant is a Connection by shape (it has `transaction`): its own connection is the one meant
  return (isTenant(on) ? on.db : on) as Db;
}

function isTenant(on: Connection | Tenant | Db | Tx): on is Tenant {
  return typeof (on as Tenant).agencyId === 'string' && typeof (on as Tenant).where === 'function';
}

/**
 * The connection under a tenant context, for the platform's runners of a statement the context built
 * and scoped already (`textRows` of db/prepared.ts), and for the platform's helpers that a feature
 * hands its context (the job queue, the plan limits: tables of no agency). Features use the context's
 * own methods, or `crossAgency(t, reason)` for a table of no agency. A raw connection passes through.
 */
export function connectionOf(on: Tenant | Db | Tx): Db | Tx {
  return isTenant(on) ? on.db : on;
}

/** A tenant context for the caller: `const t = tenant(db, actor)`. */
export function tenant(connection: Connection, owner: TenantOwner, atEnd?: AtEnd): Tenant {
  const db = connection as Db | Tx;
  const agencyId = owner.agency.id;
  // Db and Tx build the same queries; one type keeps the generic builders simple.
  const q = db as Db;
  const where = <T extends TenantTable>(table: T, ...conds: Conds): SQL => and(eq(table.agencyId, agencyId), ...conds)!;
  return {
    agencyId,
    db,
    where,
    from: (table, ...conds) => selectAll(q, table, where(table, ...conds)),
    select: (fields) => ({ from: (table, ...conds) => selectSome(q, fields, table, where(table, ...conds)) }),
    selectDistinct: (fields) => ({ from: (table, ...conds) => selectSomeDistinct(q, fields, table, where(table, ...conds)) }),
    insert: (table, values) => {
      const rows = (Array.isArray(values) ? values : [values]).map((v) => ({ ...v, agencyId }) as (typeof table)['$inferInsert']);
      return insertRows(q, table, rows);
    },
    update: (table, set, ...conds) => {
      // A caller that slips agency_id into `set` (e.g. by spreading a row) still cannot move the row.
      const safe = { ...(set as Record<string, unknown>), agencyId } as PgUpdateSetSource<typeof table>;
      return updateRows(q, table, safe, where(table, ...conds));
    },
    delete: (table, ...conds) => deleteRows(q, table, where(table, ...conds)),
    insertAtEnd: async (table, values) => {
      const row = { ...values, agencyId } as Record<string, unknown>;
      if (!atEnd) return void (await insertRows(q, table, [row as (typeof table)['$inferInsert']]));
      const rows = atEnd.get(table);
      if (rows) rows.push(row);
      else atEnd.set(table, [row]);
    },
    transaction: (work) =>
      q.transaction(async (tx) => {
        const pending: AtEnd = new Map();
        const result = await work(tenant(tx, owner, pending));
        await insertPending(tx as Db | Tx as Db, pending);
        return result;
      }),
    ownAgency: (fields) => selectAgency(q, fields, agencyId),
    updateOwnAgency: (set) => updateAgency(q, set, agencyId),
    lockAgency: async () => {
      await q.select({ id: agencies.id }).from(agencies).where(eq(agencies.id, agencyId)).for('update');
    },
    run: (prepared, values) => prepared.execute({ ...values, [AGENCY_PLACEHOLDER]: agencyId }),
    write: (prepared, values) => prepared.execute(db, { ...values, [AGENCY_PLACEHOLDER]: agencyId }),
    execute: (query) => {
      try {
        checkTenantSql((q as unknown as { dialect: PgDialect }).dialect, query, agencyId);
      } catch (err) {
        // refused like a failed statement: a rejected promise, never a throw at the call
        return Promise.reject(err) as never;
      }
      return executeRaw(q, query);
    },
    selectChecked: async (build) => {
      const query = build(q.select.bind(q) as Db['select']);
      checkTenantText(query.toSQL(), agencyId);
      return query;
    },
    agency: sql`${agencyId}`,
  };
}
