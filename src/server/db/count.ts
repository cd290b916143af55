// Totals for paged lists: exact up to a threshold, the planner's estimate above it. An exact
// count(*) of a 200,000-row agency reads every index entry on every page view (≈ 200 ms); a
// bounded count reads at most EXACT_COUNT_LIMIT + 1 and stops (docs/decisions/012-bounded-counts.md).
import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';
import { connectionOf, type Tenant } from '../tenant.ts';

/** A raw connection, or a tenant context whose `where` the caller passes (its count runs on the context's connection). */
type On = Db | Tenant;

export const EXACT_COUNT_LIMIT = 10_000;

export interface Total {
  total: number;
  /** true when total is the planner's estimate (shown as "about N") */
  estimated: boolean;
}

export async function boundedCount(on: On, table: PgTable, where: SQL | undefined): Promise<Total> {
  const db = connectionOf(on) as Db;
  const filter = where ?? sql`true`;
  const counted = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from (select 1 from ${table} where ${filter} limit ${EXACT_COUNT_LIMIT + 1}) as bounded`,
  );
  return totalFromBoundedCount(db, table, where, Number(counted.rows[0]?.n ?? 0));
}

/**
 * The total from a bounded count (`select count(*) from (… limit EXACT_COUNT_LIMIT + 1)`, run by
 * boundedCount or inside a prepared list statement): exact up to the limit, else the planner's estimate.
 */
export async function totalFromBoundedCount(db: Db, table: PgTable, where: SQL | undefined, n: number): Promise<Total> {
  if (n <= EXACT_COUNT_LIMIT) return { total: n, estimated: false };
  const filter = where ?? sql`true`;
  const plan = await db.execute<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    sql`explain (format json) select 1 from ${table} where ${filter}`,
  );
  const raw = plan.rows[0]?.['QUERY PLAN'];
  const estimate = Number((typeof raw === 'string' ? JSON.parse(raw) : raw)?.[0]?.Plan?.['Plan Rows'] ?? 0);
  // never less than what was already counted
  return { total: Math.max(Math.round(estimate), EXACT_COUNT_LIMIT + 1), estimated: true };
}

/**
 * A search shorter than a trigram (1–2 characters) cannot use the trigram index: counting its
 * matches would read every row of the agency. Such a search reads only its page (the agency's own
 * rows, newest first, stopping at the page) and skips the count (issue 17).
 */
export const TRIGRAM_LENGTH = 3;

export function isShortSearch(search: string | undefined): boolean {
  return Boolean(search) && search!.length < TRIGRAM_LENGTH;
}

/** The planner's estimate of the rows matching `where` (EXPLAIN, nothing read). */
export async function estimatedRows(db: Db, table: PgTable, where: SQL): Promise<number> {
  const plan = await db.execute<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(sql`explain (format json) select 1 from ${table} where ${where}`);
  const raw = plan.rows[0]?.['QUERY PLAN'];
  return Math.round(Number((typeof raw === 'string' ? JSON.parse(raw) : raw)?.[0]?.Plan?.['Plan Rows'] ?? 0));
}

/**
 * A search whose matches the planner puts above this is counted by estimate ("about N"), not
 * exactly: a bounded count of a broad term in a large agency builds the trigram bitmap of every
 * match (24,000 for 'mar' in a 200,000-policy agency) and rechecks up to 10,001 rows, 25–100 ms a
 * request, while its first page, read newest first, stops after a few hundred rows (issue 17).
 */
export const BROAD_SEARCH_ROWS = 1_000;

/**
 * The total of a page read without a count: exact when the page is the last one (it is not full),
 * otherwise the planner's estimate (at least one more than what was read), shown as "about N".
 * `known`: an estimate the caller has already made.
 */
export async function totalWithoutCount(
  on: On,
  table: PgTable,
  where: SQL,
  page: { page: number; pageSize: number; rows: number },
  known?: number,
): Promise<Total> {
  const seen = (page.page - 1) * page.pageSize + page.rows;
  if (page.rows < page.pageSize && (page.rows > 0 || page.page === 1)) return { total: seen, estimated: false };
  const estimate = known ?? (await estimatedRows(connectionOf(on) as Db, table, where));
  return { total: Math.max(estimate, seen + 1), estimated: true };
}
