// Public pages that fetch through TanStack Query (contact, CMS pages, blog, sign-up …) sit inside this
// lazily loaded layout route, so its provider is not in the public first load (issue 17, decision 035).
import { Outlet } from 'react-router';
import { QueryProvider } from '#web/lib/query.tsx';

export function QueryLayout() {
  return (
    <QueryProvider>
      <Outlet />
    </QueryProvider>
  );
}
