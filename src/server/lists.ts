// The server half of the list kit: the ORDER BY for a validated sort and the page window.
// Every sort ends with the row id in the same direction, so the order is total (stable pages)
// and one (tenant, column, id) index serves it read forwards or backwards.
import { asc, desc, type AnyColumn, type SQL } from 'drizzle-orm';
import { parseSort, type SortDirection } from '#shared/lists.ts';

export function sortOrder<C extends string>(sort: `${C}.${SortDirection}`, columns: Record<C, readonly (AnyColumn | SQL)[]>, id: AnyColumn): SQL[] {
  const { column, direction } = parseSort<C>(sort);
  const by = direction === 'asc' ? asc : desc;
  return [...columns[column].map((c) => by(c)), by(id)];
}

export function pageWindow(q: { page: number; pageSize: number }): { limit: number; offset: number } {
  return { limit: q.pageSize, offset: (q.page - 1) * q.pageSize };
}
