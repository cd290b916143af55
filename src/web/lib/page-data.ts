// The session and the first page of data of the signed-in pages one moves between most (issue 33),
// asked for ahead: by the route's preload on a cold load (in parallel with the page's chunk, not
// after it and the first render) and on hover, focus or touch of a sidebar link. Same query keys and
// options as the pages, so a page finds its data fresh in the cache and shows it at once.
import { assigneesQuery } from '#web/components/assignees.tsx';
import { policiesQuery, usageKey, usageQuery } from './book.ts';
import { customersQuery } from './customers.ts';
import { fetchDashboard, recentActivityKey } from './dashboard-data.ts';
import { queryClient, STALE_MS } from './query.tsx';
import { cockpitQueryOptions } from './renewals.ts';
import { sessionQuery } from './session.ts';
import { hasSessionHint } from './session-hint.ts';

const prefetchers: Record<string, () => Promise<unknown>> = {
  session: () => queryClient.prefetchQuery(sessionQuery),
  // one request for the cards; its own staleTime is 0, so ask only when a card's data is not fresh
  '/dashboard': () => ([usageKey, recentActivityKey].every(isFresh) ? Promise.resolve() : fetchDashboard(queryClient)),
  // the lists' queries without search params, as a sidebar link opens them (the schemas bring zod,
  // which the dashboard's first load goes without: imported when asked)
  '/dashboard/policies': async () => {
    const { policyListQuerySchema } = await import('#shared/policies.ts');
    return Promise.all([
      queryClient.prefetchQuery(usageQuery),
      queryClient.prefetchQuery(policiesQuery(policyListQuerySchema.parse({}))),
      queryClient.prefetchQuery(assigneesQuery),
    ]);
  },
  '/dashboard/customers': async () => {
    const { customerListQuerySchema } = await import('#shared/customers.ts');
    return Promise.all([queryClient.prefetchQuery(usageQuery), queryClient.prefetchQuery(customersQuery(customerListQuerySchema.parse({})))]);
  },
  // the cockpit's query with no filter chosen
  '/dashboard/renewals': () => queryClient.prefetchQuery(cockpitQueryOptions({ page: 1 })),
};

function isFresh(queryKey: readonly unknown[]) {
  const state = queryClient.getQueryState(queryKey);
  return state?.data !== undefined && !state.isInvalidated && Date.now() - state.dataUpdatedAt < STALE_MS;
}

/** Asks for `what`'s data unless the cache has it fresh; signed out, nothing; never throws (the page asks again). */
export function prefetchPageData(what: string): Promise<unknown> {
  const prefetch = prefetchers[what];
  if (!prefetch || !hasSessionHint()) return Promise.resolve();
  return prefetch().catch(() => undefined);
}
