import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in pre-rendered HTML and during hydration, true once React runs the page: a pre-rendered
 * form keeps its submit button disabled until its own handler can answer (a native submit would
 * reload the page and drop the click, or put the fields in the URL).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
