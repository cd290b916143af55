// A list's query lives in the URL's search params: Back from a record restores it, a link opens
// it, and reload keeps it. The shared zod schema reads the params (mangled values fall back to
// their defaults, an unknown sort is dropped); values equal to the default stay out of the URL.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';

type Params = Record<string, string>;

function readQuery<S extends z.ZodType>(schema: S, raw: Params): z.output<S> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const { sort: _dropped, ...rest } = raw;
  const again = schema.safeParse(rest);
  return again.success ? again.data : schema.parse({});
}

export function useListQuery<S extends z.ZodType<Record<string, unknown>>>(schema: S) {
  const [params, setParams] = useSearchParams();
  const raw = useMemo(() => Object.fromEntries(params) as Params, [params]);
  const query = useMemo(() => readQuery(schema, raw), [schema, raw]);
  const defaults = useMemo(() => schema.parse({}) as Record<string, unknown>, [schema]);

  /** Any change but a page turn starts again at page 1. */
  const setQuery = useCallback(
    (patch: Partial<z.input<S>>) => {
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
