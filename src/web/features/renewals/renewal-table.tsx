// The cockpit's table, on the list kit. Row actions: open, Renew, Mark lost, log a contact, assign,
// quoted. Logging a contact opens the customer's communications log where the plan has it (Business
// and above); below, it records the contact by moving the renewal to Contacted.
import { Link, useNavigate } from 'react-router';
import { MoreHorizontal } from 'lucide-react';
import { formatMoney } from '#shared/money.ts';
import { POLICY_TYPE_LABEL } from '#shared/policies.ts';
import { RENEWAL_TEXT, type RenewalRow } from '#shared/renewals.ts';
import { Button } from '#web/components/ui/button.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '#web/components/ui/dropdown-menu.tsx';
import { DataList, type ListColumn, type ListSource } from '#web/components/list-kit/data-list.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { notify } from '#web/lib/toast.ts';
import { formatDay } from '#web/lib/format.ts';
import { RemarketBadge, RenewalStateBadge } from '#web/components/badges.tsx';
import { useSetRenewalState, useUndoLost } from '#web/lib/renewals.ts';
import { useFeature } from '#web/lib/session.ts';

function daysText(days: number) {
  if (days < 0) return `${-days} ${days === -1 ? 'day' : 'days'} ago`;
  if (days === 0) return 'Today';
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

export interface RowHandlers {
  onMarkLost: (row: RenewalRow) => void;
  onAssign: (row: RenewalRow) => void;
}

function RowMenu({ row, handlers }: { row: RenewalRow; handlers: RowHandlers }) {
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
  if (row.renewal_state === 'lost')
    return (
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={`Actions for policy ${row.policy_number}`}>
            <MoreHorizontal className="h-4 w-4" aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem onSelect={() => navigate(`/dashboard/policies/${row.id}`)}>Open</DropdownMenuItem>
          <DropdownMenuItem onSelect={undoLost}>{RENEWAL_TEXT.undoLost}</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    );
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Actions for policy ${row.policy_number}`}>
          <MoreHorizontal className="h-4 w-4" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem onSelect={() => navigate(`/dashboard/policies/${row.id}`)}>Open</DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate(`/dashboard/policies/${row.id}/renew`)}>Renew</DropdownMenuItem>
        <DropdownMenuItem onSelect={() => handlers.onMarkLost(row)}>Mark lost</DropdownMenuItem>
        {row.renewal_state === 'not_started' || (communications && row.customer_id) ? <DropdownMenuItem onSelect={logContact}>Log a contact</DropdownMenuItem> : null}
        {row.renewal_state !== 'quoted' ? <DropdownMenuItem onSelect={quoted}>Mark quoted</DropdownMenuItem> : null}
        <DropdownMenuItem onSelect={() => handlers.onAssign(row)}>Assign</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The cockpit's rows in the list kit: a table on wide screens, a card per row on phones. */
export function RenewalTable({
  source,
  sort,
  handlers,
  empty = RENEWAL_TEXT.empty,
}: {
  source: ListSource<RenewalRow>;
  sort: { value: string; onChange: (value: string) => void };
  handlers: RowHandlers;
  empty?: string;
}) {
  const columns: ListColumn<RenewalRow>[] = [
    {
      id: 'policy',
      header: 'Policy #',
      primary: true,
      cell: (r) => (
        <span className="font-medium text-slate-900">
          <Link to={`/dashboard/policies/${r.id}`} className="hover:underline">
            {r.policy_number}
          </Link>
          {r.remarket ? (
            <span className="ml-2">
              <RemarketBadge />
            </span>
          ) : null}
        </span>
      ),
    },
    { id: 'customer', header: 'Customer', cell: (r) => r.customer_name },
    { id: 'carrier', header: 'Carrier', cell: (r) => r.insurance_company },
    // Type is the first to go on narrower desktops (the filter still offers it)
    { id: 'type', header: 'Type', cell: (r) => POLICY_TYPE_LABEL[r.policy_type] ?? r.policy_type, className: 'hidden xl:table-cell' },
    { id: 'end', header: 'End Date', sortKey: 'end_date', cell: (r) => formatDay(r.end_date) },
    {
      id: 'days',
      header: 'Days Left',
      className: 'tabular-nums',
      cell: (r) => <span className={r.days_left < 0 ? 'font-medium text-red-700' : ''}>{daysText(r.days_left)}</span>,
    },
    { id: 'premium', header: 'Premium', className: 'tabular-nums', cell: (r) => formatMoney(r.premium_amount) },
    { id: 'assignee', header: 'Assignee', cell: (r) => r.assignee?.name ?? RENEWAL_TEXT.unassigned },
    { id: 'state', header: 'State', cell: (r) => <RenewalStateBadge state={r.renewal_state} /> },
  ];
  return (
    <DataList
      label="Renewals"
      columns={columns}
      source={source}
      rowKey={(r) => r.id}
      rowLabel={(r) => `policy ${r.policy_number}`}
      rowTestId="renewal-row"
      empty={empty}
      sort={sort}
      actions={(r) => <RowMenu row={r} handlers={handlers} />}
    />
  );
}
