// Settings › Security: the user's sessions (each can be signed out), sign-in history, two-factor status.
import { Link } from 'react-router';
import { format } from 'date-fns';
import { Monitor, ShieldCheck, ShieldOff, Smartphone } from 'lucide-react';
import { SIGN_IN_HISTORY_DAYS, SIGN_IN_OUTCOME_LABEL, USER_SETTINGS_TEXT, type ActiveSession, type SignInAttempt } from '#shared/settings.ts';
import { DataList, type ListColumn } from '#web/components/list-kit/data-list.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { useSession } from '#web/lib/session.ts';
import { notify } from '#web/lib/toast.ts';
import { useMySessions, useSignInHistory, useSignOutOtherSessions, useSignOutSession } from './queries.ts';

const when = (iso: string) => format(new Date(iso), 'MMM d, yyyy, h:mm a');
const isPhone = (device: string) => /iPhone|Android phone/.test(device);

function LoadError({ what, error, retry }: { what: string; error: unknown; retry: () => void }) {
  return (
    <div role="alert" className="space-y-3 p-5 text-sm text-red-700">
      <p>
        Error loading {what}: {errorMessage(error)}
      </p>
      <Button variant="outline" size="sm" onClick={retry}>
        Try again
      </Button>
    </div>
  );
}

function SessionRow({ s }: { s: ActiveSession }) {
  const signOut = useSignOutSession();
  const Icon = isPhone(s.device) ? Smartphone : Monitor;
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
      <Icon className="hidden h-6 w-6 shrink-0 text-slate-400 sm:block" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          {s.browser} on {s.device}
          {s.current ? <Badge tone="green">This device</Badge> : null}
        </p>
        <p className="text-sm text-slate-600">
          {s.ip_address ?? 'Unknown address'} · Last active {when(s.last_active)}
        </p>
      </div>
      {s.current ? null : (
        <Button
          variant="outline"
          size="sm"
          disabled={signOut.isPending}
          aria-label={`Sign out ${s.browser} on ${s.device}, ${s.ip_address ?? 'unknown address'}`}
          onClick={() =>
            signOut.mutate(s.id, {
              onSuccess: () => notify.success(USER_SETTINGS_TEXT.sessionSignedOut),
              onError: (err) => notify.error('Failed to sign out the session', errorMessage(err)),
            })
          }
        >
          Sign out
        </Button>
      )}
    </li>
  );
}

function SessionsCard() {
  const query = useMySessions();
  const others = useSignOutOtherSessions();
  const hasOthers = (query.data?.sessions ?? []).some((s) => !s.current);
  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <CardTitle>Active sessions</CardTitle>
          <CardDescription>Where you are signed in. Sign out any session you don't recognise.</CardDescription>
        </div>
        <Button
          variant="outline"
          size="sm"
          disabled={!hasOthers || others.isPending}
          onClick={() =>
            others.mutate(undefined, {
              onSuccess: () => notify.success(USER_SETTINGS_TEXT.otherSessionsSignedOut),
              onError: (err) => notify.error('Failed to sign out the other sessions', errorMessage(err)),
            })
          }
        >
          Sign out all other sessions
        </Button>
      </CardHeader>
      {query.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner label="Loading sessions" />
        </div>
      ) : query.isError ? (
        <LoadError what="your sessions" error={query.error} retry={() => query.refetch()} />
      ) : (
        <ul className="divide-y divide-slate-100 border-t border-slate-100" aria-label="Active sessions">
          {query.data.sessions.map((s) => (
            <SessionRow key={s.id} s={s} />
          ))}
        </ul>
      )}
    </Card>
  );
}

const HISTORY_COLUMNS: ListColumn<SignInAttempt>[] = [
  { id: 'time', header: 'Time', primary: true, className: 'whitespace-nowrap text-slate-800', cell: (a) => when(a.created_at) },
  { id: 'result', header: 'Result', cell: (a) => <Badge tone={a.outcome === 'success' ? 'green' : 'red'}>{SIGN_IN_OUTCOME_LABEL[a.outcome]}</Badge> },
  { id: 'ip', header: 'IP address', cell: (a) => a.ip_address ?? 'Unknown' },
  { id: 'device', header: 'Device', cell: (a) => `${a.browser} on ${a.device}` },
];

function HistoryCard() {
  const query = useSignInHistory();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Sign-in history</CardTitle>
        <CardDescription>Every sign-in attempt on your account in the last {SIGN_IN_HISTORY_DAYS} days.</CardDescription>
      </CardHeader>
      <div className="border-t border-slate-100">
        <DataList
          label="Sign-in attempts, newest first"
          columns={HISTORY_COLUMNS}
          source={{ ...query, data: query.data ? { rows: query.data.attempts } : undefined }}
          rowKey={(a) => a.id}
          rowLabel={(a) => when(a.created_at)}
          empty={`No sign-ins in the last ${SIGN_IN_HISTORY_DAYS} days.`}
          errorText={(message) => `Error loading your sign-in history: ${message}`}
        />
      </div>
    </Card>
  );
}

function TwoFactorCard() {
  const { data: session } = useSession();
  const on = session?.profile.two_factor_enabled ?? false;
  const Icon = on ? ShieldCheck : ShieldOff;
  return (
    <Card>
      <CardContent className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center">
        <Icon className={on ? 'h-6 w-6 text-green-600' : 'h-6 w-6 text-slate-400'} aria-hidden />
        <div className="flex-1">
          <p className="font-medium text-slate-900">Two-factor authentication: {on ? 'On' : 'Off'}</p>
          <p className="text-sm text-slate-600">Set it up or turn it off in your profile.</p>
        </div>
        <Button asChild variant="outline" size="sm">
          <Link to="/profile">Manage in profile</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

export function SecurityTab() {
  return (
    <div className="space-y-6">
      <SessionsCard />
      <HistoryCard />
      <TwoFactorCard />
    </div>
  );
}
