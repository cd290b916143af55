import { Outlet, useLocation } from 'react-router';
import { SiteFooter } from '../features/public/site-footer.tsx';
import { SiteHeader } from '../features/public/site-header.tsx';

/** Paths whose own layout replaces the public header and footer (platform.md §2). */
const SHELL_PREFIXES = ['/dashboard', '/admin', '/profile'];

export function isShellPath(pathname: string): boolean {
  return SHELL_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** Public pages: header and footer, hidden on the signed-in areas. */
export function PublicLayout() {
  const { pathname } = useLocation();
  if (isShellPath(pathname))
    return (
      <main id="main">
        <Outlet />
      </main>
    );
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
