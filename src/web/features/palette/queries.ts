// GET /api/search for the command palette: only queries the shared schema accepts are sent.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { searchQuerySchema, type SearchResults } from '#shared/search.ts';
import { apiGet } from '#web/lib/api.ts';

export const searchKey = (q: string) => ['search', q] as const;

export function useBookSearch(text: string) {
  const parsed = searchQuerySchema.safeParse({ q: text });
  const q = parsed.success ? parsed.data.q : '';
  return useQuery({
    queryKey: searchKey(q),
    queryFn: ({ signal }) => apiGet<SearchResults>(`/api/search?q=${encodeURIComponent(q)}`, signal),
    enabled: parsed.success,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
