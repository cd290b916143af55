import { Suspense, useLayoutEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Menu } from 'lucide-react';
import { useBrand, useBrandColors } from '../lib/brand.ts';
import { deferred } from '../lib/deferred.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { useSession, type Session } from '../lib/session.ts';
import { AvatarMenu } from '../features/shell/avatar-menu.tsx';
import { NotificationBell } from '../features/shell/notification-bell.tsx';
import { Breadcrumb } from '../features/shell/breadcrumb.tsx';
import { SidebarNav } from '../features/shell/sidebar.tsx';
import { TrialBanner } from '../features/billing/trial-banner.tsx';
import { PaletteLauncher } from '../features/palette/launcher.tsx';
import { AgencyNoticeBanner } from '../components/agency-notice-banner.tsx';
import { Brand, SidebarFooter } from './shell-parts.tsx';
import { FramePending } from './frame-pending.tsx';
import { takeFrameFocus } from '../lib/frame-focus.ts';
import { SKIP_LINK_CLASS } from './skip-link.ts';

/** The phone drawer (Radix dialog) loads after the first screen; until then there is nothing to show. */
const Drawer = deferred<{ session: Session; open: boolean; onOpenChange: (o: boolean) => void }>(() =>
  import('./mobile-sidebar.tsx').then((m) => m.MobileSidebar),
);

/** The first stop of Tab: moves focus into the page content, past the sidebar and the header. */
function SkipLink() {
  const ref = useRef<HTMLAnchorElement>(null);
  // the frame's skip link, or its main area, had the focus when the app drew over it (decision 080)
  useLayoutEffect(() => {
    const was = takeFrameFocus();
    if (was === 'skip') ref.current?.focus();
    else if (was === 'main') document.getElementById('main')?.focus();
  }, []);
  return (
    <a
      ref={ref}
      href="#main"
      onClick={(e) => {
        e.preventDefault();
        document.getElementById('main')?.focus();
      }}
      className={SKIP_LINK_CLASS}
    >
      Skip to content
    </a>
  );
}

/** Sidebar, top header (breadcrumb, notifications, avatar menu) and the main area. */
export function SignedInLayout() {
  const { data: session, isPending } = useSession();
  // the agency's accent colour for everything under the shell (buttons, links, the active item)
  useBrandColors(useBrand()?.color);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  const [lastPath, setLastPath] = useState(pathname);
  if (pathname !== lastPath) {
    setLastPath(pathname);
    setDrawerOpen(false);
  }
  if (isPending || !session) return <FramePending />;
  return (
    <div className="min-h-screen bg-slate-50">
      <SkipLink />
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col border-r border-slate-200 bg-white lg:flex">
        <div className="flex h-16 items-center border-b border-slate-200 px-4">
          <Brand />
        </div>
        <SidebarNav session={session} />
        <SidebarFooter session={session} />
      </aside>
      <Drawer session={session} open={drawerOpen} onOpenChange={setDrawerOpen} standIn={() => null} />
      <div className="flex min-h-screen min-w-0 flex-col lg:pl-64">
        <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-slate-200 bg-white px-4 sm:px-6">
          <button
            type="button"
            className="rounded-md p-2 text-slate-600 hover:bg-slate-100 lg:hidden"
            aria-label="Open navigation"
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
          >
            <Menu className="h-5 w-5" aria-hidden />
          </button>
          <div className="min-w-0 flex-1">
            <Breadcrumb />
          </div>
          <PaletteLauncher session={session} />
          <NotificationBell />
          <AvatarMenu session={session} />
        </header>
        <AgencyNoticeBanner />
        <TrialBanner />
        <main id="main" tabIndex={-1} className="flex-1 p-4 outline-none sm:p-6">
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
