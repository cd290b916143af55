import { Link, NavLink, Outlet, useNavigate } from 'react-router';
import { Suspense } from 'react';
import { FullScreenSpinner, Spinner } from '../components/ui/spinner.tsx';
import { useSession, useSignOut } from '../features/auth/session.ts';

/** Sidebar, top header and main area (the shell issue completes both). */
export function SignedInLayout() {
  const { data: session, isPending } = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  if (isPending || !session) return <FullScreenSpinner />;
  return (
    <div className="flex min-h-screen bg-slate-50">
      <aside className="hidden w-60 border-r border-slate-200 bg-white p-4 md:block">
        <Link to="/dashboard" className="text-lg font-bold text-brand-700">
          PolicyDesk
        </Link>
        <nav aria-label="Dashboard" className="mt-6 space-y-1 text-sm">
          <NavLink to="/dashboard" end className="block rounded px-2 py-1.5 hover:bg-slate-100">
            Dashboard
          </NavLink>
          <NavLink to="/profile" className="block rounded px-2 py-1.5 hover:bg-slate-100">
            Profile
          </NavLink>
        </nav>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-16 items-center justify-end gap-3 border-b border-slate-200 bg-white px-4">
          <span className="text-sm text-slate-700">
            {session.profile.first_name} {session.profile.last_name}
          </span>
          <button
            type="button"
            className="text-sm text-brand-700"
            onClick={() => signOut.mutate(undefined, { onSettled: () => navigate('/') })}
          >
            Log out
          </button>
        </header>
        <main id="main" className="flex-1 p-4 md:p-6">
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
