// A record's details page: its loading and load-error states, and one labelled value (empty → N/A).
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '#web/lib/api.ts';
import { Button } from './ui/button.tsx';
import { Spinner } from './ui/spinner.tsx';

export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 break-words text-sm text-slate-900">{children === null || children === undefined || children === '' ? 'N/A' : children}</dd>
    </div>
  );
}

/** What a details page shows until its record is there: a spinner, or the error with a way back. */
export function RecordState({
  query,
  loading,
  loadError,
  back,
}: {
  query: { isPending: boolean; error: unknown };
  loading: string;
  loadError: (message: string) => string;
  back: { to: string; label: string };
}) {
  if (query.isPending) return <Spinner label={loading} />;
  return (
    <div className="space-y-4">
      <p role="alert" className="text-red-600">
        {loadError(errorMessage(query.error))}
      </p>
      <Button variant="outline" asChild>
        <Link to={back.to}>{back.label}</Link>
      </Button>
    </div>
  );
}
