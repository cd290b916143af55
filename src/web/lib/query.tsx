// The app's one QueryClient and its provider. TanStack Query is not in the public first load (issue 17,
// decision 035): the provider wraps only what uses it (the signed-in shell, the guarded layouts, the
// public pages that fetch, the public header's session part), all lazily loaded; it is the same client
// everywhere, so a nested provider shares one cache.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/** How long fetched data counts as fresh: a page shown again within it does not ask again. */
export const STALE_MS = 15_000;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { refetchOnWindowFocus: false, staleTime: STALE_MS },
  },
});

/** The query key of GET /api/me (session.ts). */
export const meKey = ['me'] as const;

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
