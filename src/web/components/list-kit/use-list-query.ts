// A list's query lives in the URL's search params: Back from a record restores it, a link opens
// it, and reload keeps it. Mangled values fall back to their defaults, an unknown sort is dropped;
// values equal to the default stay out of the URL. The policies and customers lists pass their
// query's definition (#shared/*-text.ts), read without zod so their first screen doesn't load it
// (issue 33); the other lists pass their zod schema.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { readListQuery, type ListQueryDefinition, type ListQueryOf } from '#shared/lists-text.ts';

type Params = Record<string, string>;

/** The list's fallbacks with its schema: the schema's reading, without the sort, or the defaults. */
export function readQuery<S extends z.ZodType>(schema: S, raw: Params): z.output<S> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const { sort: _dropped, ...rest } = raw;
  const again = schema.safeParse(rest);
  return again.success ? again.data : schema.parse({});
}

type Source = z.ZodType<Record<string, unknown>> | ListQueryDefinition;
type QueryOf<S extends Source> = S extends ListQueryDefinition ? ListQueryOf<S> : S extends z.ZodType ? z.output<S> : never;
// a sort is written as the table's header gives it; an unknown one reads as dropped
type PatchOf<S extends Source> = S extends ListQueryDefinition ? Partial<Omit<ListQueryOf<S>, 'sort'>> & { sort?: string } : S extends z.ZodType ? Partial<z.input<S>> : never;

function read<S extends Source>(source: S, raw: Params): QueryOf<S> {
  return ('safeParse' in source ? readQuery(source, raw) : readListQuery(source, raw)) as QueryOf<S>;
}

export function useListQuery<S extends Source>(source: S) {
  const [params, setParams] = useSearchParams();
  const raw = useMemo(() => Object.fromEntries(params) as Params, [params]);
  const query = useMemo(() => read(source, raw), [source, raw]);
  const defaults = useMemo(() => read(source, {}) as Record<string, unknown>, [source]);

  /** Any change but a page turn starts again at page 1. */
  const setQuery = useCallback(
    (patch: PatchOf<S>) => {
      setParams(
        (current) => {
          // the URL as it is now: React Router hands the updater the params of the last render, so
          // a filter chosen before the debounced search's write re-rendered would put the old search back
          const next = new URLSearchParams(typeof window === 'undefined' ? current : window.location.search);
          const values: Record<string, unknown> = { ...patch };
          if (!('page' in values)) values.page = 1;
          for (const [key, value] of Object.entries(values)) {
            if (value === undefined || value === '' || String(value) === String(defaults[key])) next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        // filter and page changes replace the entry, so Back leaves the list instead of replaying it
        { replace: true },
      );
    },
    [setParams, defaults],
  );

  return { query, setQuery };
}
