// Shown above every admin page when the platform requires two-factor for admins and the caller has
// none: the server refuses the admin API with the same text until it is set up. The text comes
// from the server, so this always-loaded component pulls no schema code into the entry chunk.
import { Link } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import { useAdminGate } from './security-queries.ts';

export function AdminTwoFactorNotice() {
  const gate = useAdminGate();
  if (!gate.data?.twoFactorRequired) return null;
  return (
    <div role="alert" className="mx-auto mb-6 flex max-w-7xl items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
      <ShieldAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
      <p>
        {gate.data.message}{' '}
        <Link to="/profile" className="font-medium underline">
          Set up two-factor authentication
        </Link>
      </p>
    </div>
  );
}
