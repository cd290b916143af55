// The query every list shares (page, page size, search, sort) and the sort vocabulary. Filters
// are each list's own and are added with .extend(). Sort is written `column.direction`
// (`end_date.asc`) so it fits in one URL parameter and one query-cache key.
import { z } from 'zod';
import { safeText, searchField } from './validation.ts';
import { LIST_TEXT, MAX_PAGE, SEARCH_MAX, SORT_DIRECTIONS, sortValue, type SortDirection } from './lists-text.ts';

export * from './lists-text.ts';

/**
 * The sort parameter of one list: a whitelisted column and a direction. Unlike the other list
 * parameters (which fall back to their default when mangled), an unknown sort is refused with a 400:
 * a silently different order would be read as the asked-for one.
 */
export function sortSchema<const C extends string>(columns: readonly C[], fallback: `${C}.${SortDirection}`) {
  const allowed = columns.flatMap((c) => SORT_DIRECTIONS.map((d) => sortValue(c, d)));
  return safeText({ trim: false })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return fallback;
      if ((allowed as string[]).includes(value)) return value as `${C}.${SortDirection}`;
      ctx.addIssue({ code: 'custom', message: LIST_TEXT.unknownSort(value.slice(0, 60), columns) });
      return z.NEVER;
    });
}

const pageParam = z.coerce.number().int().min(1).max(MAX_PAGE).catch(1).default(1);

/** page, pageSize, search and sort; each list adds its filters with .extend(). */
export function listQuerySchema<const C extends string>(options: {
  sortColumns: readonly C[];
  defaultSort: `${C}.${SortDirection}`;
  pageSize: number;
}) {
  return z.object({
    page: pageParam,
    pageSize: z.coerce.number().int().min(1).max(100).catch(options.pageSize).default(options.pageSize),
    search: searchField(SEARCH_MAX),
    sort: sortSchema(options.sortColumns, options.defaultSort),
  });
}

/** Which rows a bulk action would act on: the ids picked, or every row matching the list's filter. */
export type ListSelection<F = Record<string, string>> = { all: false; ids: string[] } | { all: true; filter: F };
