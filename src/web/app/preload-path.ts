// A link about to be followed (hover, focus, touch): its route's chunks, and for the pages that have
// one (lazy.ts withData) their first page of data, so the click shows the page at once (issue 33).
import { matchRoutes } from 'react-router';
import type { RoutePreload } from './lazy.ts';
import { routeTable } from './route-table.ts';

export function preloadPath(path: string): void {
  for (const m of matchRoutes(routeTable(), path) ?? []) {
    // a failed download is tried again on the click
    (m.route.handle as RoutePreload | undefined)?.preload().catch(() => undefined);
  }
}
