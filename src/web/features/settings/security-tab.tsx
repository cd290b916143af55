// Settings › Security: the user's sessions (each can be signed out), sign-in history, two-factor status;
// both lists on the list kit (a table on wide screens, a card per row on phones, its states).
import { Link } from 'react-router';
import { format } from 'date-fns';
import { Monitor, ShieldCheck, ShieldOff, Smartphone } from 'lucide-react';
import { SIGN_IN_HISTORY_DAYS, SIGN_IN_OUTCOME_LABEL, USER_SETTINGS_TEXT, type ActiveSession, type SignInAttempt } from '#shared/settings.ts';
import { DataList, type ListColumn } from '#web/components/list-kit/data-list.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { useSession } from '#web/lib/session.ts';
import { notify } from '#web/lib/toast.ts';
import { useMySessions, useSignInHistory, useSignOutOtherSessions, useSignOutSession } from './queries.ts';

const when = (iso: string) => format(new Date(iso), 'MMM d, yyyy, h:mm a');
const isPhone = (device: string) => /iPhone|Android phone/.test(device);

const SESSION_COLUMNS: ListColumn<ActiveSession>[] = [
  {
    id: 'device',
    header: 'Device',
    primary: true,
    className: 'text-slate-900',
    cell: (s) => {
      const Icon = isPhone(s.device) ? Smartphone : Monitor;
      return (
        <span className="flex flex-wrap items-center gap-2 font-medium">
          <Icon className="h-5 w-5 shrink-0 text-slate-400" aria-hidden />
          {s.browser} on {s.device}
          {s.current ? <Badge tone="green">This device</Badge> : null}
        </span>
      );
    },
  },
  { id: 'ip', header: 'IP address', cell: (s) => s.ip_address ?? 'Unknown address' },
  { id: 'active', header: 'Last active', className: 'whitespace-nowrap', cell: (s) => when(s.last_active) },
];

/** A session's Sign out (none for this device: signing out is the menu's). */
function SignOutSession({ s }: { s: ActiveSession }) {
  const signOut = useSignOutSession();
  if (s.current) return null;
  return (
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
      <div className="border-t border-slate-100">
        <DataList
          label="Active sessions"
          columns={SESSION_COLUMNS}
          source={{ ...query, data: query.data ? { rows: query.data.sessions } : undefined }}
          rowKey={(s) => s.id}
          rowLabel={(s) => `${s.browser} on ${s.device}`}
          rowTestId="session-row"
          actions={(s) => <SignOutSession s={s} />}
          actionsHeader="Sign out"
          empty="No active sessions."
          errorText={(message) => `Error loading your sessions: ${message}`}
        />
      </div>
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
