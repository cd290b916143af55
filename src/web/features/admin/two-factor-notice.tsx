// Shown above every admin page when the platform requires two-factor for admins and the caller has
// none: the server refuses the admin API with the same text until it is set up.
import { Link } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import { SETTINGS_TEXT } from '#shared/platform-settings.ts';
import { useAdminGate } from './security-queries.ts';

export function AdminTwoFactorNotice() {
  const gate = useAdminGate();
  if (!gate.data?.twoFactorRequired) return null;
  return (
    <div role="alert" className="mx-auto mb-6 flex max-w-7xl items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
      <ShieldAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
      <p>
        {SETTINGS_TEXT.twoFactorRequired}{' '}
        <Link to="/profile" className="font-medium underline">
          Set up two-factor authentication
        </Link>
      </p>
    </div>
  );
}
