// Route-level code splitting: each page is its own chunk. The router is the declarative one
// (<BrowserRouter> + useRoutes, not the data router: half the size, issue 17), so a lazy page is a
// React.lazy component whose chunk can be fetched ahead: main.tsx and the pre-render load the first
// page's chunks before the first render, which then renders them at once (no fallback, and the same
// markup for hydration). `handle.preload` carries that to matchRoutes.
import { createElement, lazy, type ComponentType } from 'react';

export interface RoutePreload {
  preload: () => Promise<unknown>;
}

/** A component loaded on first render (or on `preload()`); renders synchronously once loaded. */
export function lazyComponent<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): { Component: ComponentType; preload: () => Promise<unknown> } {
  let loaded: ComponentType | undefined;
  let pending: Promise<unknown> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (module) => {
        loaded = pick(module);
      },
      (err: unknown) => {
        pending = undefined; // a failed download is tried again on the next visit
        throw err;
      },
    ));
  const Component = lazy(() =>
    loaded
      ? // already here: a thenable that resolves at once lets React render it without suspending
        ({ then: (resolve: (m: { default: ComponentType }) => void) => resolve({ default: loaded! }) } as unknown as Promise<{ default: ComponentType }>)
      : preload().then(() => ({ default: loaded! })),
  );
  return { Component, preload };
}

/** A route whose element is a lazily loaded page: spread into the route object. */
export function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M) {
  const { Component, preload } = lazyComponent(load, (m) => m[name] as ComponentType);
  return { element: createElement(Component), handle: { preload } satisfies RoutePreload };
}

/**
 * A lazy route that also asks for its data (lib/page-data.ts) whenever it is preloaded: on a cold
 * load in parallel with its chunk and the session, on a sidebar hover ahead of the click. The data
 * is not awaited: the page shows its loading state if it is not there yet.
 */
export function withData<R extends { handle: RoutePreload }>(route: R, what: string): R {
  const data = () => void import('../lib/page-data.ts').then((m) => m.prefetchPageData(what)).catch(() => undefined);
  return {
    ...route,
    handle: {
      preload: () => {
        data();
        return route.handle.preload();
      },
    },
  };
}
