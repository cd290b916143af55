// A per-process cache of what is computed from an agency's whole book (the dashboard's performance
// panel), keyed by the agency's book version (decision 070). The version is a row in PostgreSQL that
// triggers bump in every transaction writing the rows the panel reads (migration 0038), so a cached
// value is never served after a write has committed, whichever process made it: each read asks the
// database for the version first (one primary-key read) and recomputes when it moved.
import { bookVersions } from '#server/db/schema.ts';
import type { Tenant } from '#server/tenant.ts';

/** The agency's book version (0 before its first write). */
export async function readBookVersion(t: Tenant): Promise<number> {
  const [row] = await t.select({ version: bookVersions.version }).from(bookVersions);
  return Number(row?.version ?? 0);
}

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
  /** Tests: how many computes ran. */
  readonly computes: number;
}

export function bookCache<T>(): BookCache<T> {
  // one map per database handle: tests open many databases in one process, as two instances would
  const byDb = new WeakMap<object, Map<string, Entry<T>>>();
  let computes = 0;
  return {
    get computes() {
      return computes;
    },
    async get(t, key, compute) {
      let entries = byDb.get(t.db);
      if (!entries) byDb.set(t.db, (entries = new Map()));
      const version = await readBookVersion(t);
      const hit = entries.get(t.agencyId);
      if (hit && hit.version === version && hit.key === key) {
        // re-insert: a Map keeps insertion order, so the first key is the least recently read
        entries.delete(t.agencyId);
        entries.set(t.agencyId, hit);
        return hit.value;
      }
      computes += 1;
      const value = await compute();
      const current = entries.get(t.agencyId);
      // a slower compute of an older version must not replace a newer one
      if (!current || current.version <= version) {
        entries.delete(t.agencyId);
        entries.set(t.agencyId, { version, key, value });
        if (entries.size > MAX_AGENCIES) entries.delete(entries.keys().next().value!);
      }
      return value;
    },
  };
}
