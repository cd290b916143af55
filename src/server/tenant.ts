// The tenant layer (docs/decisions/015-tenant-layer.md): every read and write of a tenant table goes
// through a context bound to the caller's agency, so a query cannot forget — or choose — the agency.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, PgUpdateSetSource, SelectedFields } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './db/client.ts';
import { agencies } from './db/schema.ts';

/** A table that belongs to one agency: only these are accepted by the tenant context. */
export type TenantTable = PgTable & { agencyId: AnyPgColumn<{ data: string; notNull: true }> };

/** A row to insert, without agency_id: the context sets it. */
export type TenantInsert<T extends TenantTable> = Omit<T['$inferInsert'], 'agencyId'>;

/** What an update may set: anything but agency_id, which never changes. */
export type TenantSet<T extends TenantTable> = Omit<PgUpdateSetSource<T>, 'agencyId'>;

type Conds = (SQL | undefined)[];

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
function insertRows<T extends TenantTable>(db: Db, table: T, rows: T['$inferInsert'][]) {
  return db.insert(table).values(rows);
}
function updateRows<T extends TenantTable>(db: Db, table: T, set: PgUpdateSetSource<T>, where: SQL) {
  return db.update(table).set(set).where(where);
}
function deleteRows<T extends TenantTable>(db: Db, table: T, where: SQL) {
  return db.delete(table).where(where);
}

/** Rows waiting for the end of a transaction (`insertAtEnd`), by table, agency_id already set. */
type AtEnd = Map<TenantTable, Record<string, unknown>[]>;

/** A tenant context for the caller: `const t = tenant(db, actor)`. */
export function tenant(db: Db | Tx, owner: TenantOwner, atEnd?: AtEnd): Tenant {
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
        for (const [table, rows] of pending) await insertRows((tx as Db | Tx) as Db, table, rows as (typeof table)['$inferInsert'][]);
        return result;
      }),
    lockAgency: async () => {
      await q.select({ id: agencies.id }).from(agencies).where(eq(agencies.id, agencyId)).for('update');
    },
    run: (prepared, values) => prepared.execute({ ...values, [AGENCY_PLACEHOLDER]: agencyId }),
    write: (prepared, values) => prepared.execute(db, { ...values, [AGENCY_PLACEHOLDER]: agencyId }),
  };
}
