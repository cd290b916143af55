import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { format } from 'date-fns';
import { AGENCY_ROLE_LABEL, TEAM_TEXT, type InvitationView } from '#shared/team.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ApiError, errorMessage } from '#web/lib/api.ts';
import { notify } from '#web/lib/toast.ts';
import { AuthCard, Notice } from '#web/components/auth-card.tsx';
import { useSession, useSignOut } from '#web/lib/session.ts';
import { BrandMark } from '#web/components/brand-mark.tsx';
import { useBrandColors } from '#web/lib/brand.ts';
import { useAcceptInvitation, useInvitation } from './api.ts';

/** /accept-invitation/:token — loading, invalid, valid, accepted (agency.md §2, §4). */
export function AcceptInvitationPage() {
  const { token = '' } = useParams();
  const invitation = useInvitation(token);
  const [accepted, setAccepted] = useState<{ name: string; role: string } | null>(null);

  if (accepted) return <Accepted agency={accepted} />;
  if (invitation.isPending) return <InvitationChecking />;
  if (invitation.isError) return <InvitationInvalid error={invitation.error} />;
  return <Valid token={token} invitation={invitation.data.invitation} onAccepted={setAccepted} />;
}

/**
 * The agency the invitation joins: its white-label name, else the agency's own name (Settings ›
 * Agency), which is what the member then works in, not the owner's profile company.
 */
export function invitationAgencyName(invitation: InvitationView): string {
  return invitation.brand?.name ?? invitation.agency_name;
}

/** While the invitation's link is checked (accepting it, or registering from it). */
export function InvitationChecking() {
  return (
    <AuthCard title="Checking your invitation">
      <div className="flex justify-center py-6">
        <Spinner label="Loading invitation" className="h-8 w-8" />
      </div>
    </AuthCard>
  );
}

export function InvitationInvalid({ error }: { error: unknown }) {
  const { data: session } = useSession();
  const detail =
    error instanceof ApiError && (error.code === 'INVITATION_USED' || error.code === 'INVITATION_CANCELLED') ? error.message : null;
  return (
    <AuthCard title={TEAM_TEXT.invalidTitle}>
      <div className="space-y-4 text-center">
        <p className="text-slate-700">{TEAM_TEXT.invalid}</p>
        {detail ? <p className="text-sm text-slate-500">{detail}</p> : null}
        <Button asChild variant="outline">
          {session ? <Link to="/dashboard">Go to Dashboard</Link> : <Link to="/">Go to Home</Link>}
        </Button>
      </div>
    </AuthCard>
  );
}

function Valid({
  token,
  invitation,
  onAccepted,
}: {
  token: string;
  invitation: InvitationView;
  onAccepted: (agency: { name: string; role: string }) => void;
}) {
  const { data: session, isPending: sessionPending } = useSession();
  const accept = useAcceptInvitation(token);
  const signOut = useSignOut();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const here = `/accept-invitation/${token}`;
  const brand = invitation.brand;
  useBrandColors(brand?.color);
  const company = invitationAgencyName(invitation);
  const signedInAs = session?.profile.email ?? null;
  const matches = signedInAs !== null && signedInAs.toLowerCase() === invitation.email.toLowerCase();

  const onAccept = async () => {
    setError(null);
    try {
      const result = await accept.mutateAsync();
      notify.success(TEAM_TEXT.acceptedTitle, TEAM_TEXT.accepted(result.agency.name));
      onAccepted(result.agency);
    } catch (err) {
      const message = errorMessage(err, TEAM_TEXT.unexpectedError);
      setError(message);
      notify.error(TEAM_TEXT.actionFailedTitle, message);
    }
  };

  const switchAccount = () =>
    signOut.mutate(undefined, { onSettled: () => navigate(`/login?redirect=${encodeURIComponent(here)}`) });

  return (
    <AuthCard
      title="You're invited"
      subtitle={`Join ${company} on PolicyDesk`}
      mark={brand ? <BrandMark brand={brand} className="justify-center" /> : undefined}
    >
      <div className="space-y-4">
        <dl className="divide-y divide-slate-100 rounded-md border border-slate-200 text-sm">
          <Row label="Agency" value={company} />
          {invitation.inviter_name ? <Row label="Invited by" value={invitation.inviter_name} /> : null}
          <Row label="Role" value={AGENCY_ROLE_LABEL[invitation.role] ?? invitation.role} />
          <Row label="Invited e-mail" value={invitation.email} />
          <Row label="Valid until" value={format(new Date(invitation.expires_at), 'MMM dd, yyyy HH:mm')} />
        </dl>
        {error ? <Notice tone="error">{error}</Notice> : null}
        {sessionPending ? (
          <div className="flex justify-center">
            <Spinner />
          </div>
        ) : !session ? (
          <div className="space-y-3">
            <p className="text-sm text-slate-600">Sign in with {invitation.email} to accept, or create an account with that address first.</p>
            <Button asChild className="w-full">
              <Link to={`/login?redirect=${encodeURIComponent(here)}`}>Sign in to accept</Link>
            </Button>
            <Button asChild variant="outline" className="w-full">
              <Link to={`${here}/register`}>Create an account</Link>
            </Button>
            <p className="text-xs text-slate-500">New here? Your account joins {company} as soon as you create it: no company of your own needed.</p>
          </div>
        ) : matches ? (
          <Button className="w-full" onClick={onAccept} disabled={accept.isPending}>
            {accept.isPending ? 'Accepting...' : 'Accept Invitation'}
          </Button>
        ) : (
          <div className="space-y-3">
            <Notice tone="info">
              You are signed in as <strong>{signedInAs}</strong>. {TEAM_TEXT.wrongAccount(invitation.email)}
            </Notice>
            <Button className="w-full" variant="outline" onClick={switchAccount} disabled={signOut.isPending}>
              Sign out and switch account
            </Button>
          </div>
        )}
      </div>
    </AuthCard>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-wrap justify-between gap-2 px-3 py-2">
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-medium break-all text-slate-900">{value}</dd>
    </div>
  );
}

function Accepted({ agency }: { agency: { name: string; role: string } }) {
  return (
    <AuthCard title={TEAM_TEXT.acceptedTitle}>
      <div className="space-y-4 text-center">
        <p className="text-slate-700">{TEAM_TEXT.accepted(agency.name)}</p>
        <p className="text-sm text-slate-500">
          You work in {agency.name} as {AGENCY_ROLE_LABEL[agency.role] ?? agency.role}. Switch between your agencies from the menu under your name.
        </p>
        <Button asChild className="w-full">
          <Link to="/dashboard">Go to Dashboard</Link>
        </Button>
      </div>
    </AuthCard>
  );
}
