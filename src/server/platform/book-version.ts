// A per-process cache of what is computed from an agency's whole book (the dashboard's performance
// panel), keyed by the agency's book version (decision 070). Triggers add a row to `book_changes` in
// every transaction writing the rows the panel reads (migrations 0038 and 0039), one per agency and
// transaction, so concurrent writers never wait on each other; the version is the sum of the agency's
// weights. A cached value is therefore never served after a write has committed, whichever process
// made it and in whatever order transactions commit: each read asks the database for the version
// first (a range of the primary key) and recomputes when it moved.
import { sql, type SQL } from 'drizzle-orm';
import { bookChanges } from '#server/db/schema.ts';
import { defineJob } from '#server/jobs/queue.ts';
import { crossAgency, type Connection, type Tenant } from '#server/tenant.ts';

/** Rows an agency may gather before a read folds them into one (the version read stays a short range). */
export const FOLD_AFTER_ROWS = 64;

/**
 * Folds rows into one of their summed weight, so the version (their sum) does not move. Only rows
 * visible to the statement are taken: a writer still open keeps its row, a concurrent fold's rows
 * are skipped once it committed. The folded row's key comes from a sequence (negative, never a
 * transaction id), so it cannot collide with a writer's row or another fold's.
 */
const foldSql = (agency: SQL) => sql`
  with gone as (delete from book_changes where agency_id = ${agency} returning weight)
  insert into book_changes (agency_id, txid, weight)
  select ${agency}, -nextval('book_changes_fold_seq'), sum(weight) from gone having count(*) > 0`;

/** The agency's book version (0 before its first write); folds its rows when they have piled up. */
export async function readBookVersion(t: Tenant): Promise<number> {
  const [row] = await t
    .select({ version: sql<string>`coalesce(sum(${bookChanges.weight}), 0)`, rows: sql<number>`count(*)::int` })
    .from(bookChanges);
  await foldIfPiledUp(t, row.rows);
  return Number(row.version);
}

/**
 * The version as a statement of its own read it (`coalesce(sum(weight), 0)` and `count(*)` of the
 * agency's rows, GET /api/dashboard's identity statement): folds the rows when they have piled up.
 */
export async function foldIfPiledUp(t: Tenant, rows: number): Promise<void> {
  if (rows > FOLD_AFTER_ROWS) await t.execute(foldSql(t.agency));
}

/** Folds every agency's rows (a scheduled job: agencies whose dashboard nobody opens still write). */
export async function foldBookChanges(on: Connection): Promise<number> {
  const db = crossAgency(on, "the book versions' rows are folded for every agency at once");
  const result = await db.execute(sql`
    with gone as (
      delete from book_changes
       where agency_id in (select agency_id from book_changes group by agency_id having count(*) > 1)
      returning agency_id, weight)
    insert into book_changes (agency_id, txid, weight)
    select agency_id, -nextval('book_changes_fold_seq'), sum(weight) from gone group by agency_id
    returning agency_id`);
  return result.rows.length;
}

export const bookFoldJob = defineJob<Record<string, never>>({ name: 'book-versions.fold', run: async (deps) => void (await foldBookChanges(deps.db)) });

interface Entry<T> {
  version: number;
  key: string;
  value: T;
}

/** Agencies kept per cache; the least recently read goes first. */
const MAX_AGENCIES = 2_000;

export interface BookCache<T> {
  /**
   * The value for the agency's current version and `key` (what else it depends on: the agency's
   * today, the plan), computed by `compute` when absent. The version is read before `compute`
   * starts, so a value can only be newer than its version, never older.
   */
  get(t: Tenant, key: string, compute: () => Promise<T>): Promise<T>;
  /** As `get`, with the version already read (in the request's identity statement, decision 074). */
  getAt(t: Tenant, version: number, key: string, compute: () => Promise<T>): Promise<T>;
  /** Tests: how many computes ran. */
  readonly computes: number;
}

export function bookCache<T>(): BookCache<T> {
  // one map per database handle: tests open many databases in one process, as two instances would
  const byDb = new WeakMap<object, Map<string, Entry<T>>>();
  // computes under way, per database handle and agency: requests that read the same version and key
  // meanwhile wait for it instead of computing the same value again (after a write, every connection's
  // next read misses at once)
  const pendingByDb = new WeakMap<object, Map<string, Entry<Promise<T>>>>();
  let computes = 0;
  const getAt = async (t: Tenant, version: number, key: string, compute: () => Promise<T>): Promise<T> => {
    let entries = byDb.get(t.db);
    if (!entries) byDb.set(t.db, (entries = new Map()));
    const hit = entries.get(t.agencyId);
    if (hit && hit.version === version && hit.key === key) {
      // re-insert: a Map keeps insertion order, so the first key is the least recently read
      entries.delete(t.agencyId);
      entries.set(t.agencyId, hit);
      return hit.value;
    }
    let pending = pendingByDb.get(t.db);
    if (!pending) pendingByDb.set(t.db, (pending = new Map()));
    const running = pending.get(t.agencyId);
    // its compute started after this version was read, so its value is at least as new
    if (running && running.version === version && running.key === key) return running.value;
    computes += 1;
    const promise = compute();
    const own: Entry<Promise<T>> = { version, key, value: promise };
    pending.set(t.agencyId, own);
    try {
      const value = await promise;
      const current = entries.get(t.agencyId);
      // a slower compute of an older version must not replace a newer one
      if (!current || current.version <= version) {
        entries.delete(t.agencyId);
        entries.set(t.agencyId, { version, key, value });
        if (entries.size > MAX_AGENCIES) entries.delete(entries.keys().next().value!);
      }
      return value;
    } finally {
      if (pending.get(t.agencyId) === own) pending.delete(t.agencyId);
    }
  };
  return {
    get computes() {
      return computes;
    },
    get: async (t, key, compute) => getAt(t, await readBookVersion(t), key, compute),
    getAt,
  };
}
