import { Suspense, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { Menu, X } from 'lucide-react';
import { DEFAULT_BRAND } from '#shared/branding.ts';
import { BrandMark } from '../components/brand-mark.tsx';
import { useBrand, useBrandColors } from '../lib/brand.ts';
import { FullScreenSpinner, Spinner } from '../components/ui/spinner.tsx';
import { PlanBadge } from '../components/plan-badge.tsx';
import { useSession, type Session } from '../lib/session.ts';
import { AvatarMenu } from '../features/shell/avatar-menu.tsx';
import { NotificationBell } from '../features/shell/notification-bell.tsx';
import { Breadcrumb } from '../features/shell/breadcrumb.tsx';
import { SidebarNav } from '../features/shell/sidebar.tsx';
import { TrialBanner } from '../features/billing/trial-banner.tsx';
import { PaletteLauncher } from '../features/palette/launcher.tsx';
import { AgencyNoticeBanner } from '../components/agency-notice-banner.tsx';

/** The agency's white label (logo, name) when it has one and its plan includes it; PolicyDesk's otherwise. */
function Brand() {
  const brand = useBrand();
  return (
    <Link to="/dashboard" className="flex min-w-0 items-center" aria-label={`${brand?.name ?? DEFAULT_BRAND.name}, dashboard`}>
      <BrandMark brand={brand} />
    </Link>
  );
}

function SidebarFooter({ session }: { session: Session }) {
  return (
    <div className="border-t border-slate-200 p-4 text-sm">
      <p className="truncate font-medium text-slate-900">{session.agency?.name}</p>
      <div className="mt-1 flex items-center gap-2 text-slate-600">
        Plan <PlanBadge tier={session.agency?.tier ?? session.profile.effective_tier} />
      </div>
    </div>
  );
}

/** The first stop of Tab: moves focus into the page content, past the sidebar and the header. */
function SkipLink() {
  return (
    <a
      href="#main"
      onClick={(e) => {
        e.preventDefault();
        document.getElementById('main')?.focus();
      }}
      className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow"
    >
      Skip to content
    </a>
  );
}

/** The phone drawer: the same sidebar in a modal panel (Radix: focus trap, Escape closes). */
function MobileSidebar({ session, open, onOpenChange }: { session: Session; open: boolean; onOpenChange: (o: boolean) => void }) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/50 lg:hidden" />
        <DialogPrimitive.Content className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl lg:hidden">
          <div className="flex h-16 items-center justify-between border-b border-slate-200 px-4">
            <DialogPrimitive.Title asChild>
              <div>
                <Brand />
              </div>
            </DialogPrimitive.Title>
            <DialogPrimitive.Description className="sr-only">Dashboard navigation</DialogPrimitive.Description>
            <DialogPrimitive.Close className="rounded-md p-2 text-slate-600 hover:bg-slate-100" aria-label="Close navigation">
              <X className="h-5 w-5" aria-hidden />
            </DialogPrimitive.Close>
          </div>
          <SidebarNav session={session} onNavigate={() => onOpenChange(false)} />
          <SidebarFooter session={session} />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
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
  if (isPending || !session) return <FullScreenSpinner />;
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
      <MobileSidebar session={session} open={drawerOpen} onOpenChange={setDrawerOpen} />
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
