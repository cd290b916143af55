// The lists' texts, the sort vocabulary and the URL query read without the validation library, apart
// from the schemas (lists.ts): a list page reads its query on its first screen, and zod (about 26 KB
// gzip) would double what it loads then (issue 33). The server reads the same query with the schema
// built from the same definition; list-query.test.ts holds both readings to the same answers.
import { hasControlCharacters } from './text-rules.ts';

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export const LIST_TEXT = {
  unknownSort: (value: string, allowed: readonly string[]) =>
    `Unknown sort "${value}". Sort by one of: ${allowed.join(', ')} (add .asc or .desc).`,
  selectPage: 'Select all rows on this page',
  selectRow: (label: string) => `Select ${label}`,
  selectedOnPage: (n: number) => `${n} selected on this page.`,
  selectAll: (n: number, estimated = false) => `Select all ${estimated ? 'about ' : ''}${n.toLocaleString('en-US')} that match`,
  allSelected: (n: number, estimated = false) => `All ${estimated ? 'about ' : ''}${n.toLocaleString('en-US')} that match are selected.`,
  clearSelection: 'Clear selection',
  retry: 'Retry',
} as const;

/** `end_date.asc` → { column: 'end_date', direction: 'asc' } */
export function parseSort<C extends string>(value: `${C}.${SortDirection}`): { column: C; direction: SortDirection } {
  const at = value.lastIndexOf('.');
  return { column: value.slice(0, at) as C, direction: value.slice(at + 1) as SortDirection };
}

export function sortValue<C extends string>(column: C, direction: SortDirection): `${C}.${SortDirection}` {
  return `${column}.${direction}`;
}

/** The longest page number a list accepts, and the longest search it reads. */
export const MAX_PAGE = 100_000;
export const SEARCH_MAX = 200;

/** A list's filter in the URL: one of a fixed set (the first is the default), or text up to `text` characters. */
export type ListFilter = { readonly oneOf: readonly [string, ...string[]] } | { readonly text: number; readonly fallback: string };

/** One list's query: page, page size, search and sort, and its filters. */
export interface ListQueryDefinition<C extends string = string, F extends Record<string, ListFilter> = Record<string, ListFilter>> {
  sortColumns: readonly C[];
  defaultSort: `${C}.${SortDirection}`;
  pageSize: number;
  filters: F;
}

type FilterValue<F extends ListFilter> = F extends { oneOf: readonly (infer V)[] } ? V : string;

/** What a definition's query reads as (the schema's output). */
export type ListQueryOf<D extends ListQueryDefinition> =
  D extends ListQueryDefinition<infer C, infer F>
    ? Flat<{ page: number; pageSize: number; search: string; sort: `${C}.${SortDirection}` } & { -readonly [K in keyof F]: FilterValue<F[K]> }>
    : never;
type Flat<T> = { [K in keyof T]: T[K] };

function wholeNumber(value: string | undefined, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 1 && n <= max ? n : fallback;
}

/** One reading, or null where the schema would refuse the query (a control character in the search, an unknown sort). */
function readOnce<D extends ListQueryDefinition>(def: D, raw: Record<string, string>): ListQueryOf<D> | null {
  const search = raw.search;
  if (search !== undefined && hasControlCharacters(search)) return null;
  const sort = raw.sort;
  const allowed = def.sortColumns.flatMap((c) => SORT_DIRECTIONS.map((d) => sortValue(c, d)) as string[]);
  if (sort !== undefined && sort !== '' && !allowed.includes(sort)) return null;
  const query: Record<string, unknown> = {
    page: wholeNumber(raw.page, MAX_PAGE, 1),
    pageSize: wholeNumber(raw.pageSize, 100, def.pageSize),
    search: search === undefined || search.trim().length > SEARCH_MAX ? '' : search.trim(),
    sort: sort || def.defaultSort,
  };
  for (const [key, filter] of Object.entries(def.filters)) {
    const value = raw[key];
    if ('oneOf' in filter) query[key] = value !== undefined && filter.oneOf.includes(value) ? value : filter.oneOf[0];
    else query[key] = value === undefined || hasControlCharacters(value) || value.trim().length > filter.text ? filter.fallback : value.trim();
  }
  return query as ListQueryOf<D>;
}

/**
 * A list's URL query, as its schema reads it with the list's fallbacks: mangled values read as their
 * defaults, an unknown sort is dropped, and a query the schema refuses even then reads as the defaults.
 */
export function readListQuery<D extends ListQueryDefinition>(def: D, raw: Record<string, string>): ListQueryOf<D> {
  const { sort: _dropped, ...rest } = raw;
  return readOnce(def, raw) ?? readOnce(def, rest) ?? readOnce(def, {})!;
}
