import { Link, Outlet } from 'react-router';
import { useSession } from '../features/auth/session.ts';

/** Public pages: header and footer (the public-site issue completes both). */
export function PublicLayout() {
  const { data: session } = useSession();
  return (
    <div className="flex min-h-screen flex-col">
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white">
        <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4">
          <Link to="/" className="text-lg font-bold text-brand-700">
            PolicyDesk
          </Link>
          <div className="flex items-center gap-4 text-sm">
            {session ? (
              <Link to="/dashboard">Dashboard</Link>
            ) : (
              <>
                <Link to="/login">Login</Link>
                <Link to="/register" className="rounded-md bg-brand-700 px-3 py-2 font-medium text-white">
                  Sign Up
                </Link>
              </>
            )}
          </div>
        </nav>
      </header>
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <footer className="border-t border-slate-200 py-8 text-center text-sm text-slate-500">
        © {new Date().getFullYear()} PolicyDesk
      </footer>
    </div>
  );
}
