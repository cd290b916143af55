// A list's page number in the URL (issue 28: every page keeps it there), for lists whose other
// state is not a query schema: reload, a shared link and Back from a record return to the same page.
// Page 1 stays out of the URL; a mangled value reads as page 1.
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export function usePageParam(name = 'page'): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get(name));
  const page = Number.isSafeInteger(raw) && raw >= 1 ? raw : 1;
  const setPage = useCallback(
    (next: number) =>
      setParams(
        (current) => {
          // the URL as it is now, not as the last render saw it (as useListQuery)
          const url = new URLSearchParams(typeof window === 'undefined' ? current : window.location.search);
          if (next > 1) url.set(name, String(next));
          else url.delete(name);
          return url;
        },
        { replace: true },
      ),
    [name, setParams],
  );
  return [page, setPage];
}
