// Public header: Home, Features (dropdown), Pricing, Contact; Login/Sign Up or the user menu.
// Translucent with a shadow once the page is scrolled more than 10 px; a mobile menu mirrors every link.
import { useEffect, useState, type ComponentType } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { ChevronDown, LayoutDashboard, LogOut, Menu, Shield, ShieldCheck, User, X } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { MenuButton, menuItemClass } from '#web/components/ui/menu-button.tsx';
import { cn } from '#web/lib/cn.ts';
import type { Session } from '#web/lib/session.ts';
import type { HeaderSessionProps, HeaderSessionState, SignOut } from './header-session.tsx';
import { ALL_FEATURES_LINK, FEATURE_LINKS, SITE } from './site-content.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';

export const SCROLL_THRESHOLD_PX = 10;

function useScrolled(threshold = SCROLL_THRESHOLD_PX) {
  const [scrolled, setScrolled] = useState(() => typeof window !== 'undefined' && window.scrollY > threshold);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > threshold);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return scrolled;
}

const navLink = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-slate-100 hover:text-slate-900',
    isActive ? 'text-brand-700' : 'text-slate-700',
  );

export function Logo({ className }: { className?: string }) {
  return (
    <Link to="/" className={cn('flex items-center gap-2 text-lg font-bold text-slate-900', className)}>
      <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-brand-700 text-white">
        <ShieldCheck className="h-5 w-5" aria-hidden />
      </span>
      {SITE.name}
    </Link>
  );
}

const NO_SIGN_OUT: SignOut = { pending: false, run: () => undefined };

function FeaturesMenu() {
  const { pathname } = useLocation();
  return (
    <MenuButton
      label={
        <>
          Features <ChevronDown className="h-4 w-4" aria-hidden />
        </>
      }
      triggerClassName={cn(
        'flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium hover:bg-slate-100 hover:text-slate-900 data-[state=open]:bg-slate-100',
        pathname.startsWith('/features') ? 'text-brand-700' : 'text-slate-700',
      )}
      panelClassName="w-80 p-2"
    >
      {(close) =>
        [...FEATURE_LINKS, ALL_FEATURES_LINK].map((item) => (
          <Link key={item.href} to={item.href} role="menuitem" onClick={close} className={cn(menuItemClass, 'items-start gap-3 p-2')}>
            <item.icon className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
            <span>
              <span className="block font-medium text-slate-900">{item.name}</span>
              <span className="block text-xs text-slate-600">{item.description}</span>
            </span>
          </Link>
        ))
      }
    </MenuButton>
  );
}

function UserMenu({ session, isAdmin, signOut }: { session: Session; isAdmin: boolean; signOut: SignOut }) {
  const { first_name, last_name, email } = session.profile;
  return (
    <MenuButton
      ariaLabel={`${first_name || 'Account'} – user menu`}
      align="end"
      label={
        <>
          <span className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800" aria-hidden>
            {(first_name || email).charAt(0).toUpperCase()}
          </span>
          <span>{first_name || 'Account'}</span>
          <ChevronDown className="h-4 w-4 text-slate-500" aria-hidden />
        </>
      }
      triggerClassName="flex items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-medium text-slate-800 hover:bg-slate-100 data-[state=open]:bg-slate-100"
      panelClassName="w-56"
      header={
        <div className="border-b border-slate-200 px-2 pt-1.5 pb-2 text-sm">
          <span className="block font-medium text-slate-900">
            {first_name} {last_name}
          </span>
          <span className="block truncate text-xs text-slate-600">{email}</span>
        </div>
      }
    >
      {(close) => (
        <>
          <Link to="/dashboard" role="menuitem" onClick={close} className={cn(menuItemClass, 'mt-1')}>
            <LayoutDashboard className="h-4 w-4" aria-hidden /> Dashboard
          </Link>
          <Link to="/profile" role="menuitem" onClick={close} className={menuItemClass}>
            <User className="h-4 w-4" aria-hidden /> Profile
          </Link>
          {isAdmin ? (
            <Link to="/admin" role="menuitem" onClick={close} className={menuItemClass}>
              <Shield className="h-4 w-4" aria-hidden /> Admin Panel
            </Link>
          ) : null}
          <div role="separator" className="-mx-1 my-1 h-px bg-slate-200" />
          <button type="button" role="menuitem" className={menuItemClass} disabled={signOut.pending} onClick={() => signOut.run(close)}>
            <LogOut className="h-4 w-4" aria-hidden /> Sign Out
          </button>
        </>
      )}
    </MenuButton>
  );
}

function MobileMenu({ session, isAdmin, signOut, onClose }: { session: Session | null | undefined; isAdmin: boolean; signOut: SignOut; onClose: () => void }) {
  const item = ({ isActive }: { isActive: boolean }) =>
    cn('block rounded-md px-3 py-2.5 text-base font-medium hover:bg-slate-100', isActive ? 'text-brand-700' : 'text-slate-800');
  return (
    <nav id="mobile-menu" aria-label="Mobile" className="border-t border-slate-200 bg-white px-4 pt-2 pb-4 shadow-lg md:hidden">
      <NavLink to="/" end className={item} onClick={onClose}>
        Home
      </NavLink>
      <p className="mt-2 px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">Features</p>
      {[...FEATURE_LINKS, ALL_FEATURES_LINK].map((f) => (
        <NavLink key={f.href} to={f.href} end className={(s) => cn(item(s), 'pl-6')} onClick={onClose}>
          {f.name}
        </NavLink>
      ))}
      <NavLink to="/pricing" className={item} onClick={onClose}>
        Pricing
      </NavLink>
      <NavLink to="/blog" className={item} onClick={onClose}>
        Blog
      </NavLink>
      <NavLink to="/contact" className={item} onClick={onClose}>
        Contact
      </NavLink>
      <div className="mt-3 border-t border-slate-200 pt-3">
        {session ? (
          <>
            <p className="px-3 pb-1 text-sm font-semibold text-slate-900">
              {session.profile.first_name} {session.profile.last_name}
            </p>
            <NavLink to="/dashboard" className={item} onClick={onClose}>
              Dashboard
            </NavLink>
            <NavLink to="/profile" className={item} onClick={onClose}>
              Profile
            </NavLink>
            {isAdmin ? (
              <NavLink to="/admin" className={item} onClick={onClose}>
                Admin Panel
              </NavLink>
            ) : null}
            <button
              type="button"
              className="block w-full rounded-md px-3 py-2.5 text-left text-base font-medium text-slate-800 hover:bg-slate-100"
              disabled={signOut.pending}
              onClick={() => signOut.run(onClose)}
            >
              Sign Out
            </button>
          </>
        ) : (
          <div className="grid grid-cols-2 gap-2">
            <Button variant="outline" asChild>
              <Link to="/login" onClick={onClose}>
                Login
              </Link>
            </Button>
            <Button asChild>
              <Link to="/register" onClick={onClose}>
                Sign Up
              </Link>
            </Button>
          </div>
        )}
      </div>
    </nav>
  );
}

/**
 * The session part (who is signed in, signing out, the page title) needs TanStack Query and the API;
 * it loads after the first render (header-session.tsx), so the public first load leaves it out
 * (issue 17). Until it has answered, the header shows Login/Sign Up, as the pre-rendered HTML does.
 */
function useHeaderSession() {
  const [state, setState] = useState<HeaderSessionState | null>(null);
  const [Live, setLive] = useState<ComponentType<HeaderSessionProps> | null>(null);
  useEffect(() => {
    let current = true;
    void import('./header-session.tsx').then((m) => current && setLive(() => m.HeaderSession));
    return () => {
      current = false;
    };
  }, []);
  return {
    session: state?.session,
    isAdmin: state?.isAdmin ?? false,
    signOut: state?.signOut ?? NO_SIGN_OUT,
    live: Live ? <Live onChange={setState} /> : null,
  };
}

export function SiteHeader() {
  const hydrated = useHydrated();
  const { session, isAdmin, signOut, live } = useHeaderSession();
  const scrolled = useScrolled();
  const [mobileOpen, setMobileOpen] = useState(false);
  const { pathname } = useLocation();
  // a route change closes the mobile menu
  const [lastPath, setLastPath] = useState(pathname);
  if (pathname !== lastPath) {
    setLastPath(pathname);
    setMobileOpen(false);
  }
  return (
    <header
      data-scrolled={scrolled ? 'true' : 'false'}
      className={cn(
        'sticky top-0 z-40 border-b transition-[background-color,box-shadow] duration-200',
        scrolled ? 'border-slate-200/70 bg-white/80 shadow-md backdrop-blur-md' : 'border-transparent bg-white',
      )}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          <NavLink to="/" end className={navLink}>
            Home
          </NavLink>
          <FeaturesMenu />
          <NavLink to="/pricing" className={navLink}>
            Pricing
          </NavLink>
          <NavLink to="/blog" className={navLink}>
            Blog
          </NavLink>
          <NavLink to="/contact" className={navLink}>
            Contact
          </NavLink>
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          {session ? (
            <UserMenu session={session} isAdmin={isAdmin} signOut={signOut} />
          ) : (
            <>
              <Button variant="ghost" asChild>
                <Link to="/login">Login</Link>
              </Button>
              <Button asChild>
                <Link to="/register">Sign Up</Link>
              </Button>
            </>
          )}
        </div>
        <button
          type="button"
          className="flex h-10 w-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 md:hidden"
          aria-expanded={mobileOpen}
          aria-controls="mobile-menu"
          aria-label={mobileOpen ? 'Close menu' : 'Open menu'}
          disabled={!hydrated}
          onClick={() => setMobileOpen((v) => !v)}
        >
          {mobileOpen ? <X className="h-6 w-6" aria-hidden /> : <Menu className="h-6 w-6" aria-hidden />}
        </button>
      </div>
      {mobileOpen ? <MobileMenu session={session} isAdmin={isAdmin} signOut={signOut} onClose={() => setMobileOpen(false)} /> : null}
      {live}
    </header>
  );
}
