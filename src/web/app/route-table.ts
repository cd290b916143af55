// The route table, handed over by router.tsx as it loads, for code the router itself imports (the
// sidebar's prefetch, through the shell): importing the router from there would be a cycle.
import type { RouteObject } from 'react-router';

let table: RouteObject[] = [];

export function setRouteTable(routes: RouteObject[]): void {
  table = routes;
}

export function routeTable(): RouteObject[] {
  return table;
}
