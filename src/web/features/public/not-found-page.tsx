import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';

export function NotFoundPage() {
  return (
    <main id="main" className="flex min-h-screen items-center justify-center p-6">
      <div className="text-center">
        <p className="text-sm font-semibold text-brand-700">404</p>
        <h1 className="mt-2 text-3xl font-bold text-slate-900">Page not found</h1>
        <p className="mt-2 text-slate-600">The page you are looking for does not exist or has moved.</p>
        <div className="mt-6 flex justify-center gap-2">
          <Button asChild>
            <Link to="/">Go home</Link>
          </Button>
          <Button variant="outline" asChild>
            <Link to="/dashboard">Dashboard</Link>
          </Button>
        </div>
      </div>
    </main>
  );
}
