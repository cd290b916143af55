// Sign-in lockouts at /admin/security: accounts and addresses with repeated failures, and Unlock.
import { format, parseISO } from 'date-fns';
import { Unlock } from 'lucide-react';
import { LOCKOUT_TEXT } from '#shared/platform-settings.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { notify } from '#web/lib/toast.ts';
import { useLockouts, useUnlock } from './security-queries.ts';

export function LockoutsPanel() {
  const lockouts = useLockouts();
  const unlock = useUnlock();
  const rows = lockouts.data?.rows ?? [];
  return (
    <Card className="overflow-hidden">
      <p className="border-b border-slate-200 px-4 py-3 text-sm text-slate-600">
        Five failed sign-ins to one account within 15 minutes lock it until the window ends; twenty from one address lock that address.
      </p>
      {lockouts.isPending ? (
        <div className="flex justify-center py-12"><Spinner label="Loading lockouts" /></div>
      ) : lockouts.isError ? (
        <div role="alert" className="space-y-3 p-6 text-sm text-red-700">
          <p>Error loading lockouts: {errorMessage(lockouts.error)}</p>
          <Button variant="outline" size="sm" onClick={() => lockouts.refetch()}>Try again</Button>
        </div>
      ) : rows.length === 0 ? (
        <p className="p-10 text-center text-slate-600">No accounts have repeated failed sign-ins right now.</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Sign-in failures">
          {rows.map((r) => (
            <li key={r.key} data-testid="lockout-row" className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm">
              <div className="min-w-0">
                <p className="truncate font-medium text-slate-900">{r.subject}</p>
                <p className="text-xs text-slate-500">
                  {r.kind === 'email' ? 'Account' : 'Address'} · {r.failures} failed sign-ins · window ends {format(parseISO(r.window_ends_at), 'HH:mm')}
                </p>
              </div>
              <div className="flex items-center gap-3">
                {r.locked ? <Badge tone="red">Locked</Badge> : <Badge tone="yellow">Failing</Badge>}
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Unlock ${r.subject}`}
                  disabled={unlock.isPending}
                  onClick={() =>
                    unlock.mutate(r.key, {
                      onSuccess: () => notify.success(LOCKOUT_TEXT.unlocked, r.subject),
                      onError: (err) => notify.error(LOCKOUT_TEXT.unlockFailed, errorMessage(err)),
                    })
                  }
                >
                  <Unlock className="h-4 w-4" aria-hidden /> Unlock
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
