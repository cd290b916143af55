// The session and the first page of data of the signed-in pages one moves between most (issue 33),
// asked for ahead: by the route's preload on a cold load (in parallel with the page's chunk, not
// after it and the first render) and on hover, focus or touch of a sidebar link. Same query keys and
// options as the pages, so a page finds its data fresh in the cache and shows it at once.
// Another page's query module is imported when its data is asked for, not with this module: each
// signed-in page's first load carries only its own (decision 080; the page's chunk has it already).
import { policiesQuery, usageKey, usageQuery } from './book.ts';
import { fetchDashboard, recentActivityKey } from './dashboard-data.ts';
import { queryClient, STALE_MS } from './query.tsx';
import { sessionQuery } from './session.ts';
import { hasSessionHint } from './session-hint.ts';

const prefetchers: Record<string, () => Promise<unknown>> = {
  session: () => queryClient.prefetchQuery(sessionQuery),
  // one request for the cards; its own staleTime is 0, so ask only when a card's data is not fresh
  '/dashboard': () => ([usageKey, recentActivityKey].every(isFresh) ? Promise.resolve() : fetchDashboard(queryClient)),
  // the lists' queries without search params, as a sidebar link opens them (the schemas bring zod,
  // which the dashboard's first load goes without: imported when asked)
  '/dashboard/policies': async () => {
    const [{ policyListQuerySchema }, { assigneesQuery }] = await Promise.all([import('#shared/policies.ts'), import('#web/components/assignees.tsx')]);
    return Promise.all([
      queryClient.prefetchQuery(usageQuery),
      queryClient.prefetchQuery(policiesQuery(policyListQuerySchema.parse({}))),
      queryClient.prefetchQuery(assigneesQuery),
    ]);
  },
  '/dashboard/customers': async () => {
    const [{ customerListQuerySchema }, { customersQuery }] = await Promise.all([import('#shared/customers.ts'), import('./customers.ts')]);
    return Promise.all([queryClient.prefetchQuery(usageQuery), queryClient.prefetchQuery(customersQuery(customerListQuerySchema.parse({})))]);
  },
  // the cockpit's query with no filter chosen
  '/dashboard/renewals': async () => {
    const { cockpitQueryOptions } = await import('./renewals.ts');
    return queryClient.prefetchQuery(cockpitQueryOptions({ page: 1 }));
  },
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

/** How long a framed page's first render waits for its data once the session is there (decision 080). */
export const FIRST_SCREEN_WAIT_MS = 1000;

/**
 * What a signed-in page's first render shows (decision 080): the session, then the page's data for
 * at most FIRST_SCREEN_WAIT_MS (the page shows its loading state for data that comes later). Joins
 * the requests the route's preload started; resolves, never rejects (the page asks again).
 */
export async function firstScreen(path: string): Promise<void> {
  if (!hasSessionHint()) return;
  await prefetchPageData('session');
  // signed out after all (or the session failed): the guard sends the browser to /login at once
  if (!prefetchers[path] || !queryClient.getQueryData(sessionQuery.queryKey)) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([prefetchPageData(path), new Promise((resolve) => (timer = setTimeout(resolve, FIRST_SCREEN_WAIT_MS)))]);
  clearTimeout(timer);
}
