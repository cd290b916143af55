import { Link, useLocation } from 'react-router';
import { Compass } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';

/** Unknown routes: a friendly page with a way home (rendered inside the public layout). */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4 py-16">
      <div className="max-w-md text-center">
        <Compass className="mx-auto h-12 w-12 text-brand-600" aria-hidden />
        <p className="mt-4 text-sm font-semibold text-brand-700">404</p>
        <h1 className="mt-2 text-3xl font-bold text-slate-900">Page not found</h1>
        <p className="mt-3 text-slate-600">
          We couldn't find <span className="font-mono text-sm break-all text-slate-800">{pathname}</span>. It may have moved, or the
          link may be mistyped.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild>
            <Link to="/">Go to Home</Link>
          </Button>
          <Button variant="outline" asChild>
            <Link to="/dashboard">Go to Dashboard</Link>
          </Button>
          <Button variant="ghost" asChild>
            <Link to="/contact">Contact support</Link>
          </Button>
        </div>
      </div>
    </div>
  );
}
