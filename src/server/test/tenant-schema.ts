// What sharding by agency needs of the schema (docs/decisions/044-citus-sharded-by-agency.md), read from
// the live catalog of a migrated database, not from the drizzle TypeScript: the migrations are what
// production runs, and a hand-written one could drift from schema.ts.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * Tables that are not distributed by agency_id, each with the reason. Every other table must have an
 * agency_id column (a new table without one fails until it is classified here).
 */
export const GLOBAL_TABLES: Record<string, string> = {
  agencies: 'the tenant itself: a reference table, its id is every tenant row’s agency_id',
  agency_members: 'who belongs to which agency, read by user on every request: a reference table (its key starts with agency_id all the same)',
  user: 'a person, member of several agencies (better-auth): reference table',
  session: 'a sign-in of a user, resolved before the agency is known (better-auth)',
  account: 'a user’s credentials (better-auth)',
  verification: 'e-mail and reset tokens, before any agency (better-auth)',
  two_factor: 'a user’s TOTP secret (better-auth)',
  rate_limit: 'counters per client address, before any agency',
  user_permissions: 'platform permissions of a user (super admin grants)',
  subscription_limits: 'the plans: a small reference table read with every identity',
  payment_submissions: 'a user’s subscription payment, reviewed by the super admin across users',
  contact_messages: 'the public contact form, read by the super admin',
  audit_log: 'privileged actions across the platform (super admin)',
  platform_settings: 'one row of platform settings: reference table',
  site_settings: 'site-wide content: reference table',
  cms_pages: 'public pages: reference table',
  cms_page_revisions: 'public pages’ history',
  blog_posts: 'the public blog',
  seo_entries: 'public pages’ SEO: reference table',
  notifications: 'a user’s bell across the agencies they belong to; agency_id only removes an agency’s notices with it',
  notification_preferences: 'a user’s switches',
  jobs: 'the one job queue of every agency (decision 043); agency_id labels a job and removes it with its agency',
  job_schedules: 'platform schedules (digest, purges)',
  digest_deliveries: 'the digest’s per-user sent-marker',
  sign_in_attempts: 'a user’s sign-in history',
  portal_codes: 'a client’s sign-in code, by e-mail, before any agency is known (one e-mail can be a client of two agencies)',
  portal_sessions: 'a client’s session, resolved before the agency is known (the client picks it after the code)',
};

/**
 * Unique keys of tenant tables without agency_id, which Citus does not accept on a distributed table.
 * Each is kept for now (decision 044 says what becomes of it when the tables are distributed); the
 * list is pinned so that a new one is a decision, not an accident.
 */
export const GLOBAL_UNIQUE_KEYS: Record<string, string> = {
  // the random id alone: beside it every table has (agency_id, id) or a key that starts with agency_id
  activity_log_pkey: 'uuid primary key',
  api_keys_pkey: 'uuid primary key',
  bulk_actions_pkey: 'uuid primary key',
  customer_communications_pkey: 'uuid primary key',
  customers_pkey: 'uuid primary key',
  documents_pkey: 'uuid primary key',
  import_jobs_pkey: 'uuid primary key',
  opportunities_pkey: 'uuid primary key',
  opportunity_stage_history_pkey: 'uuid primary key',
  policies_pkey: 'uuid primary key',
  premium_payments_pkey: 'uuid primary key',
  stored_files_pkey: 'uuid primary key',
  tasks_pkey: 'uuid primary key',
  user_invitations_pkey: 'uuid primary key',
  webhook_deliveries_pkey: 'uuid primary key',
  webhook_endpoints_pkey: 'uuid primary key',
  commission_rates_pkey: 'uuid primary key',
  commission_statements_pkey: 'uuid primary key',
  commission_lines_pkey: 'uuid primary key',
  portal_access_pkey: 'uuid primary key',
  portal_requests_pkey: 'uuid primary key',
  portal_messages_pkey: 'uuid primary key',
  signature_requests_pkey: 'uuid primary key',
  // looked up before the agency is known
  api_keys_secret_hash_uq: 'an API key is found by its hash, then tells the agency',
  user_invitations_tokenHash_unique: 'an invitation link is found by its token, then tells the agency',
  // object-storage keys: unique across the bucket
  documents_storageKey_unique: 'the object key in the shared bucket',
  stored_files_storageKey_unique: 'the object key in the shared bucket',
};

/**
 * Foreign keys from a global table to a tenant table (other than agencies): Citus refuses them
 * (a local or reference table cannot reference a distributed one).
 */
export const GLOBAL_TO_TENANT_FOREIGN_KEYS: Record<string, string> = {
  payment_submissions_receipt_file_id_stored_files_id_fk: 'a subscription receipt is a stored file of the owner’s own agency',
  portal_sessions_access_id_portal_access_id_fk: 'a client’s session ends with its portal access (revoked, customer deleted) in the same statement',
};

export interface TenantSchema {
  tables: string[];
  /** table → its columns */
  columns: Map<string, Set<string>>;
  /** tables whose agency_id may be null */
  nullableAgency: Set<string>;
  /** unique, non-partial indexes (primary keys and unique constraints among them) */
  uniques: { table: string; name: string; columns: string[]; primary: boolean }[];
  foreignKeys: { table: string; name: string; columns: string[]; refTable: string; refColumns: string[] }[];
}

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;
const list = (value: unknown): string[] => (Array.isArray(value) ? (value as string[]) : String(value).replace(/[{}]/g, '').split(',').filter(Boolean));

export async function readTenantSchema(db: Db): Promise<TenantSchema> {
  const columnRows = rowsOf(
    await db.execute(sql`select table_name, column_name, is_nullable from information_schema.columns
      where table_schema = 'public' and table_name in (select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE')`),
  );
  const columns = new Map<string, Set<string>>();
  const nullableAgency = new Set<string>();
  for (const r of columnRows) {
    const table = String(r.table_name);
    if (r.column_name === 'agency_id' && r.is_nullable === 'YES') nullableAgency.add(table);
    if (!columns.has(table)) columns.set(table, new Set());
    columns.get(table)!.add(String(r.column_name));
  }
  // index columns in key order (expression columns read as null and are left out)
  const uniqueRows = rowsOf(
    await db.execute(sql`select c.relname as table_name, i.relname as index_name, x.indisprimary as is_primary,
        array(select a.attname::text from unnest(x.indkey) with ordinality k(attnum, n)
              join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.attnum order by k.n) as columns
      from pg_index x
      join pg_class i on i.oid = x.indexrelid
      join pg_class c on c.oid = x.indrelid
      join pg_namespace ns on ns.oid = c.relnamespace
      where ns.nspname = 'public' and x.indisunique and x.indpred is null`),
  );
  const fkRows = rowsOf(
    await db.execute(sql`select c.relname as table_name, con.conname as name, r.relname as ref_table,
        array(select a.attname::text from unnest(con.conkey) with ordinality k(attnum, n)
              join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum order by k.n) as columns,
        array(select a.attname::text from unnest(con.confkey) with ordinality k(attnum, n)
              join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum order by k.n) as ref_columns
      from pg_constraint con
      join pg_class c on c.oid = con.conrelid
      join pg_class r on r.oid = con.confrelid
      join pg_namespace ns on ns.oid = c.relnamespace
      where ns.nspname = 'public' and con.contype = 'f'`),
  );
  return {
    tables: [...columns.keys()].sort(),
    columns,
    nullableAgency,
    uniques: uniqueRows.map((r) => ({ table: String(r.table_name), name: String(r.index_name), columns: list(r.columns), primary: Boolean(r.is_primary) })),
    foreignKeys: fkRows.map((r) => ({
      table: String(r.table_name),
      name: String(r.name),
      columns: list(r.columns),
      refTable: String(r.ref_table),
      refColumns: list(r.ref_columns),
    })),
  };
}

/** The tables distributed by agency_id: every table with that column that is not global. */
export function tenantTables(schema: TenantSchema): string[] {
  return schema.tables.filter((table) => schema.columns.get(table)!.has('agency_id') && !(table in GLOBAL_TABLES));
}

/** Everything sharding by agency would refuse, one line each; empty when the schema is ready. */
export function tenantKeyProblems(schema: TenantSchema): string[] {
  const problems: string[] = [];
  const tenants = new Set(tenantTables(schema));
  for (const table of schema.tables) {
    if (!tenants.has(table) && !(table in GLOBAL_TABLES)) problems.push(`${table}: no agency_id column and not listed as a global table`);
  }
  for (const table of tenants) {
    // Citus refuses a row without its distribution value
    if (schema.nullableAgency.has(table)) problems.push(`${table}: agency_id may be null`);
    const keys = schema.uniques.filter((u) => u.table === table);
    if (!keys.some((u) => u.columns.includes('agency_id'))) {
      problems.push(`${table}: agency_id is in neither its primary key nor a unique key (${keys.map((k) => `${k.name}(${k.columns.join(', ')})`).join('; ') || 'no keys'})`);
    }
    for (const key of keys) {
      if (!key.columns.includes('agency_id') && !(key.name in GLOBAL_UNIQUE_KEYS)) {
        problems.push(`${table}: unique key ${key.name}(${key.columns.join(', ')}) lacks agency_id and is not listed in GLOBAL_UNIQUE_KEYS`);
      }
    }
  }
  for (const fk of schema.foreignKeys) {
    const from = tenants.has(fk.table);
    const to = tenants.has(fk.refTable);
    if (from && to) {
      const at = fk.columns.indexOf('agency_id');
      if (at === -1 || fk.refColumns[at] !== 'agency_id') {
        problems.push(`${fk.table}: foreign key ${fk.name}(${fk.columns.join(', ')}) → ${fk.refTable}(${fk.refColumns.join(', ')}) does not carry agency_id`);
      }
    } else if (from && fk.refTable === 'agencies') {
      if (fk.columns.join() !== 'agency_id') problems.push(`${fk.table}: foreign key ${fk.name} to agencies is not on agency_id`);
    } else if (!from && to && !(fk.name in GLOBAL_TO_TENANT_FOREIGN_KEYS)) {
      problems.push(`${fk.table}: global table references tenant table ${fk.refTable} (${fk.name}) — not listed in GLOBAL_TO_TENANT_FOREIGN_KEYS`);
    }
  }
  return problems;
}

/** Listed exceptions that no longer exist: the lists must not outlive what they excuse. */
export function staleExceptions(schema: TenantSchema): string[] {
  const uniques = new Set(schema.uniques.map((u) => u.name));
  const fks = new Set(schema.foreignKeys.map((f) => f.name));
  return [
    ...Object.keys(GLOBAL_TABLES).filter((t) => !schema.columns.has(t)),
    ...Object.keys(GLOBAL_UNIQUE_KEYS).filter((n) => !uniques.has(n)),
    ...Object.keys(GLOBAL_TO_TENANT_FOREIGN_KEYS).filter((n) => !fks.has(n)),
  ];
}
