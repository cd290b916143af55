import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';

export function HomePage() {
  return (
    <section className="mx-auto max-w-5xl px-4 py-20 text-center">
      <h1 className="text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">Insurance management made simple</h1>
      <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600">
        Keep your customers, policies, communications and renewals in one place.
      </p>
      <div className="mt-8 flex justify-center gap-3">
        <Button size="lg" asChild>
          <Link to="/register">Start Free Trial</Link>
        </Button>
      </div>
    </section>
  );
}
