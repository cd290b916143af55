import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';

/** Every route change scrolls to the top. The boundary is the lazy pages' (lazy.ts): a navigation
 * runs in a transition, so the current page stays on screen while the next one's chunk loads. */
export function RootLayout() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <Suspense fallback={null}>
      <Outlet />
    </Suspense>
  );
}
