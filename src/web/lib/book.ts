// The plan usage query, the policies' list query and the refresh after any change to the book of business.
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Page, Policy, PolicyListQuery } from '#shared/policies.ts';
import type { Usage } from '#shared/usage.ts';
import { apiGet } from './api.ts';
import { queryString } from './query-string.ts';

export const usageKey = ['usage'] as const;

/** After any change to the book: lists, details, counts and the activity log are stale. */
export function refreshBook(qc: QueryClient) {
  return Promise.all(
    [['policies'], ['customers'], usageKey, ['activity']].map((queryKey) => qc.invalidateQueries({ queryKey })),
  );
}

export const usageQuery = { queryKey: usageKey, queryFn: ({ signal }: { signal: AbortSignal }) => apiGet<Usage>('/api/usage', signal) };

export function useUsage() {
  return useQuery(usageQuery);
}

/** The policies' query keys: the policies feature reads them, and changes elsewhere (renewals) refresh them. */
export const policyKeys = {
  all: ['policies'] as const,
  list: (q: PolicyListQuery) => ['policies', 'list', q] as const,
  detail: (id: string) => ['policies', 'detail', id] as const,
};

/** A page of policies: the policies page and the bulk actions' picker show the same list. */
export const policiesQuery = (q: PolicyListQuery) => ({
  queryKey: policyKeys.list(q),
  queryFn: ({ signal }: { signal: AbortSignal }) => apiGet<Page<Policy>>(`/api/policies${queryString(q)}`, signal),
});

export function usePolicies(q: PolicyListQuery) {
  return useQuery({ ...policiesQuery(q), placeholderData: keepPreviousData });
}
