import { useState } from 'react';
import { format } from 'date-fns';
import { MoreHorizontal } from 'lucide-react';
import { AGENCY_ROLE_LABEL, TEAM_TEXT, type InviteRole, type TeamEntry } from '#shared/team.ts';
import { Badge, type BadgeTone } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/dialog.tsx';
import { DataList, type ListColumn, type ListSource } from '#web/components/list-kit/data-list.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '#web/components/ui/dropdown-menu.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { notify } from '#web/lib/toast.ts';
import { useCancelInvitation, useChangeMemberRole, useRemoveMember, useResendInvitation } from './api.ts';

const STATUS_TONE: Record<TeamEntry['status'], BadgeTone> = { Active: 'green', Pending: 'yellow', Expired: 'orange' };

type Pending =
  | { kind: 'cancel'; entry: TeamEntry }
  | { kind: 'resend'; entry: TeamEntry }
  | { kind: 'remove'; entry: TeamEntry }
  | { kind: 'role'; entry: TeamEntry; role: InviteRole };

function confirmText(p: Pending) {
  const who = p.entry.name ? `${p.entry.name} (${p.entry.email})` : p.entry.email;
  switch (p.kind) {
    case 'cancel':
      return { title: 'Cancel invitation?', description: `The invitation to ${p.entry.email} will stop working.`, label: 'Cancel Invitation' };
    case 'resend':
      return {
        title: 'Resend invitation?',
        description: `A new e-mail goes to ${p.entry.email} with a new link, valid for 7 days. The previous link stops working.`,
        label: 'Resend',
      };
    case 'remove':
      return {
        title: 'Remove member?',
        description: `${who} will lose access to this agency's customers and policies at once. What they created stays in the agency.`,
        label: 'Remove',
      };
    case 'role':
      return {
        title: 'Change role?',
        description: `${who} will become ${p.role === 'admin' ? 'an Admin (team management and all data)' : 'a Team Member (customers, policies and communications)'}.`,
        label: 'Change Role',
      };
  }
}

// the email is the card's title on phones: an invitation has no name yet, and the row menu is named by it
const COLUMNS: ListColumn<TeamEntry>[] = [
  {
    id: 'name',
    header: 'Name',
    className: 'text-slate-900',
    cell: (e) => (
      <>
        {e.name ?? <span className="text-slate-400">—</span>}
        {e.is_you ? <span className="ml-2 text-xs text-slate-500">(you)</span> : null}
      </>
    ),
  },
  { id: 'email', header: 'Email', primary: true, className: 'break-all', cell: (e) => e.email },
  { id: 'role', header: 'Role', cell: (e) => AGENCY_ROLE_LABEL[e.role] ?? e.role },
  {
    id: 'status',
    header: 'Status',
    cell: (e) => (
      <>
        <Badge tone={STATUS_TONE[e.status]}>{e.status}</Badge>
        <div className="mt-1 text-xs text-slate-500">{entryDate(e)}</div>
      </>
    ),
  },
];

/** The team's members and pending invitations, with loading, error and empty states, on the list kit. */
export function TeamTable({ team }: { team: ListSource<TeamEntry> }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const cancel = useCancelInvitation();
  const resend = useResendInvitation();
  const remove = useRemoveMember();
  const changeRole = useChangeMemberRole();
  const busy = cancel.isPending || resend.isPending || remove.isPending || changeRole.isPending;

  const run = async () => {
    if (!pending) return;
    try {
      if (pending.kind === 'cancel') {
        await cancel.mutateAsync(pending.entry.id);
        notify.success(TEAM_TEXT.invitationCancelled);
      } else if (pending.kind === 'resend') {
        await resend.mutateAsync(pending.entry.id);
        notify.success(TEAM_TEXT.invitationResent(pending.entry.email));
      } else if (pending.kind === 'remove') {
        await remove.mutateAsync(pending.entry.id);
        notify.success(TEAM_TEXT.memberRemoved);
      } else {
        await changeRole.mutateAsync({ userId: pending.entry.id, role: pending.role });
        notify.success(TEAM_TEXT.roleUpdated);
      }
      setPending(null);
    } catch (err) {
      notify.error(TEAM_TEXT.actionFailedTitle, errorMessage(err, TEAM_TEXT.unexpectedError));
    }
  };

  const text = pending ? confirmText(pending) : null;

  return (
    <>
      <DataList
        label="Team members"
        columns={COLUMNS}
        source={team}
        rowKey={(e) => `${e.kind}-${e.id}`}
        rowLabel={(e) => e.email}
        empty={TEAM_TEXT.empty}
        actions={(e) => <RowActions entry={e} onPick={setPending} />}
      />
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={text?.title ?? ''}
        description={text?.description ?? ''}
        confirmLabel={busy ? 'Working...' : (text?.label ?? '')}
        destructive={pending?.kind === 'cancel' || pending?.kind === 'remove'}
        pending={busy}
        onConfirm={run}
      />
    </>
  );
}

function entryDate(e: TeamEntry): string {
  if (e.kind === 'invitation' && e.expires_at)
    return `${e.status === 'Expired' ? 'Expired' : 'Expires'} ${format(new Date(e.expires_at), 'MMM dd, yyyy')}`;
  return `Joined ${format(new Date(e.since), 'MMM dd, yyyy')}`;
}

function RowActions({ entry, onPick }: { entry: TeamEntry; onPick: (p: Pending) => void }) {
  if (entry.role === 'owner' || entry.is_you) return <span className="text-xs text-slate-400">—</span>;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Actions for ${entry.email}`}>
          <MoreHorizontal className="h-4 w-4" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {entry.kind === 'invitation' ? (
          <>
            <DropdownMenuItem onSelect={() => onPick({ kind: 'resend', entry })}>Resend Invitation</DropdownMenuItem>
            <DropdownMenuItem className="text-red-700" onSelect={() => onPick({ kind: 'cancel', entry })}>
              Cancel Invitation
            </DropdownMenuItem>
          </>
        ) : (
          <>
            {entry.role === 'team_member' ? (
              <DropdownMenuItem onSelect={() => onPick({ kind: 'role', entry, role: 'admin' })}>Make Admin</DropdownMenuItem>
            ) : (
              <DropdownMenuItem onSelect={() => onPick({ kind: 'role', entry, role: 'team_member' })}>Make Team Member</DropdownMenuItem>
            )}
            <DropdownMenuItem className="text-red-700" onSelect={() => onPick({ kind: 'remove', entry })}>
              Remove Member
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
