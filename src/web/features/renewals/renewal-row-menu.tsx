// A renewal row's menu (Open, Renew, Mark lost, Log a contact, Mark quoted, Assign; Open and Undo
// lost for a lost one): the Radix menu, loaded after the cockpit's first screen (renewal-table.tsx
// stands in with a look-alike button until then, issue 33).
import { useNavigate } from 'react-router';
import { MoreHorizontal } from 'lucide-react';
import { RENEWAL_TEXT, type RenewalRow } from '#shared/renewals.ts';
import { Button } from '#web/components/ui/button.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '#web/components/ui/dropdown-menu.tsx';
import { errorMessage } from '#web/lib/api.ts';
import type { DeferredProps } from '#web/lib/deferred.tsx';
import { notify } from '#web/lib/toast.ts';
import { useSetRenewalState, useUndoLost } from '#web/lib/renewals.ts';
import { useFeature } from '#web/lib/session.ts';

export interface RowHandlers {
  onMarkLost: (row: RenewalRow) => void;
  onAssign: (row: RenewalRow) => void;
}

export function RowMenu({ row, handlers, defaultOpen }: { row: RenewalRow; handlers: RowHandlers } & DeferredProps) {
  const navigate = useNavigate();
  const setState = useSetRenewalState();
  const undo = useUndoLost();
  const communications = useFeature('communications').allowed;
  // mutateAsync: a row that leaves the filtered table once refreshed takes mutate()'s callbacks with it
  const fail = (e: unknown) => notify.error('Error', errorMessage(e));
  const move = (state: 'quoted' | 'contacted', message: string) => setState.mutateAsync({ id: row.id, state }).then(() => notify.success('Success', message), fail);
  const quoted = () => move('quoted', RENEWAL_TEXT.stateUpdated);
  const logContact = () =>
    communications && row.customer_id ? navigate(`/dashboard/customers/${row.customer_id}#communications`) : move('contacted', RENEWAL_TEXT.contactLogged);
  const undoLost = () =>
    undo.mutateAsync(row.id).then(() => notify.success('Success', RENEWAL_TEXT.lostUndone), fail);
  const trigger = (
    <DropdownMenuTrigger asChild>
      <Button variant="ghost" size="icon" aria-label={`Actions for policy ${row.policy_number}`}>
        <MoreHorizontal className="h-4 w-4" aria-hidden />
      </Button>
    </DropdownMenuTrigger>
  );
  const open = <DropdownMenuItem onSelect={() => navigate(`/dashboard/policies/${row.id}`)}>Open</DropdownMenuItem>;
  if (row.renewal_state === 'lost')
    return (
      <DropdownMenu defaultOpen={defaultOpen}>
        {trigger}
        <DropdownMenuContent>
          {open}
          <DropdownMenuItem onSelect={undoLost}>{RENEWAL_TEXT.undoLost}</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    );
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      {trigger}
      <DropdownMenuContent>
        {open}
        <DropdownMenuItem onSelect={() => navigate(`/dashboard/policies/${row.id}/renew`)}>Renew</DropdownMenuItem>
        <DropdownMenuItem onSelect={() => handlers.onMarkLost(row)}>Mark lost</DropdownMenuItem>
        {row.renewal_state === 'not_started' || (communications && row.customer_id) ? <DropdownMenuItem onSelect={logContact}>Log a contact</DropdownMenuItem> : null}
        {row.renewal_state !== 'quoted' ? <DropdownMenuItem onSelect={quoted}>Mark quoted</DropdownMenuItem> : null}
        <DropdownMenuItem onSelect={() => handlers.onAssign(row)}>Assign</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
