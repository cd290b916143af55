// The cockpit's table, on the list kit. Row actions: open, Renew, Mark lost, log a contact, assign,
// quoted. Logging a contact opens the customer's communications log where the plan has it (Business
// and above); below, it records the contact by moving the renewal to Contacted.
import { Link } from 'react-router';
import { MoreHorizontal } from 'lucide-react';
import { formatMoney } from '#shared/money-text.ts';
import { POLICY_TYPE_LABEL } from '#shared/policies-text.ts';
import { RENEWAL_TEXT, type RenewalRow } from '#shared/renewals-text.ts';
import { Button } from '#web/components/ui/button.tsx';
import { DataList, type ListColumn, type ListSource } from '#web/components/list-kit/data-list.tsx';
import { formatDay } from '#web/lib/format.ts';
import { RemarketBadge, RenewalStateBadge } from '#web/components/badges.tsx';
import { deferred } from '#web/lib/deferred.tsx';
import type { RowHandlers } from './renewal-row-menu.tsx';

function daysText(days: number) {
  if (days < 0) return `${-days} ${days === -1 ? 'day' : 'days'} ago`;
  if (days === 0) return 'Today';
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

const Menu = deferred<{ row: RenewalRow; handlers: RowHandlers }>(() => import('./renewal-row-menu.tsx').then((m) => m.RowMenu), { swap: 'on-use' });

function RowMenu({ row, handlers }: { row: RenewalRow; handlers: RowHandlers }) {
  return (
    <Menu
      row={row}
      handlers={handlers}
      standIn={(reach) => (
        <Button variant="ghost" size="icon" aria-label={`Actions for policy ${row.policy_number}`} aria-haspopup="menu" aria-expanded={false} onClick={reach}>
          <MoreHorizontal className="h-4 w-4" aria-hidden />
        </Button>
      )}
    />
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
