import { useState } from 'react';
import { format } from 'date-fns';
import { MoreHorizontal } from 'lucide-react';
import { AGENCY_ROLE_LABEL, TEAM_TEXT, type InviteRole, type TeamEntry } from '#shared/team.ts';
import { Badge, type BadgeTone } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/dialog.tsx';
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

export function TeamTable({ entries }: { entries: TeamEntry[] }) {
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
      <ul className="divide-y divide-slate-100 border-t border-slate-100 md:hidden" aria-label="Team members">
        {entries.map((e) => (
          <li key={`${e.kind}-${e.id}`} className="flex items-start gap-3 px-5 py-3">
            <div className="min-w-0 flex-1 space-y-1">
              <p className="font-medium text-slate-900">
                {e.name ?? <span className="text-slate-400">Invitation</span>}
                {e.is_you ? <span className="ml-2 text-xs font-normal text-slate-500">(you)</span> : null}
              </p>
              <p className="text-sm break-all text-slate-700">{e.email}</p>
              <p className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
                <span>{AGENCY_ROLE_LABEL[e.role] ?? e.role}</span>
                <Badge tone={STATUS_TONE[e.status]}>{e.status}</Badge>
                <span>{entryDate(e)}</span>
              </p>
            </div>
            <RowActions entry={e} onPick={setPending} />
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">Name</th>
              <th scope="col" className="px-4 py-3 font-medium">Email</th>
              <th scope="col" className="px-4 py-3 font-medium">Role</th>
              <th scope="col" className="px-4 py-3 font-medium">Status</th>
              <th scope="col" className="px-4 py-3 text-right font-medium">Actions</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {entries.map((e) => (
              <tr key={`${e.kind}-${e.id}`}>
                <td className="px-4 py-3 text-slate-900">
                  {e.name ?? <span className="text-slate-400">—</span>}
                  {e.is_you ? <span className="ml-2 text-xs text-slate-500">(you)</span> : null}
                </td>
                <td className="px-4 py-3 text-slate-700">{e.email}</td>
                <td className="px-4 py-3 text-slate-700">{AGENCY_ROLE_LABEL[e.role] ?? e.role}</td>
                <td className="px-4 py-3">
                  <Badge tone={STATUS_TONE[e.status]}>{e.status}</Badge>
                  <div className="mt-1 text-xs text-slate-500">{entryDate(e)}</div>
                </td>
                <td className="px-4 py-3 text-right">
                  <RowActions entry={e} onPick={setPending} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
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
