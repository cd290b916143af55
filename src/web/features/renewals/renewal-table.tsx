// The cockpit's table: one component (a table on wide screens, cards on phones) so it can move onto
// the list kit in one piece. Row actions: open, Renew, Mark lost, log a contact, assign, quoted.
import { Link, useNavigate } from 'react-router';
import { MoreHorizontal } from 'lucide-react';
import { formatMoney } from '#shared/money.ts';
import { POLICY_TYPE_LABEL } from '#shared/policies.ts';
import { RENEWAL_TEXT, type RenewalRow } from '#shared/renewals.ts';
import { Button } from '#web/components/ui/button.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '#web/components/ui/dropdown-menu.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { notify } from '#web/lib/toast.ts';
import { formatDay } from '#web/lib/format.ts';
import { td as baseTd, th as baseTh } from '#web/components/list-parts.tsx';
import { RemarketBadge, RenewalStateBadge } from '#web/components/badges.tsx';

// ten columns beside the sidebar: a little less padding than the other lists
const td = baseTd.replace('px-4', 'px-3');
const th = baseTh.replace('px-4', 'px-3');
import { useSetRenewalState } from '#web/lib/renewals.ts';

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
  const quoted = () =>
    setState.mutate({ id: row.id, state: 'quoted' }, { onSuccess: () => notify.success('Success', RENEWAL_TEXT.stateUpdated), onError: (e) => notify.error('Error', errorMessage(e)) });
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
        {row.customer_id ? (
          <DropdownMenuItem onSelect={() => navigate(`/dashboard/customers/${row.customer_id}#communications`)}>Log a contact</DropdownMenuItem>
        ) : null}
        {row.renewal_state !== 'quoted' ? <DropdownMenuItem onSelect={quoted}>Mark quoted</DropdownMenuItem> : null}
        <DropdownMenuItem onSelect={() => handlers.onAssign(row)}>Assign</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

const HEADERS = ['Policy #', 'Customer', 'Carrier', 'Type', 'End Date', 'Days Left', 'Premium', 'Assignee', 'State', 'Actions'];
/** Type is the first to go on narrower desktops (the filter still offers it). */
const hideBelowXl = (h: string) => (h === 'Type' ? 'hidden xl:table-cell' : '');

export function RenewalTable({
  rows,
  loading,
  error,
  onRetry,
  handlers,
}: {
  rows: RenewalRow[] | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  handlers: RowHandlers;
}) {
  if (loading) return <Spinner label="Loading renewals" className="mx-auto my-10" />;
  if (error)
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-10 text-sm text-red-600">
        {errorMessage(error)}
        <Button variant="outline" size="sm" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  if (!rows?.length) return <p className="py-10 text-center text-sm text-slate-500">{RENEWAL_TEXT.empty}</p>;
  return (
    <>
      <table className="hidden min-w-full divide-y divide-slate-200 md:table">
        <thead className="bg-slate-50">
          <tr>
            {HEADERS.map((h) => (
              <th key={h} className={`${th} ${hideBelowXl(h)}`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {rows.map((r) => (
            <tr key={r.id} className="hover:bg-slate-50" data-testid="renewal-row">
              <td className={`${td} font-medium text-slate-900`}>
                <Link to={`/dashboard/policies/${r.id}`} className="hover:underline">
                  {r.policy_number}
                </Link>
                {r.remarket ? (
                  <span className="ml-2">
                    <RemarketBadge />
                  </span>
                ) : null}
              </td>
              <td className={td}>{r.customer_name}</td>
              <td className={td}>{r.insurance_company}</td>
              <td className={`${td} ${hideBelowXl('Type')}`}>{POLICY_TYPE_LABEL[r.policy_type] ?? r.policy_type}</td>
              <td className={td}>{formatDay(r.end_date)}</td>
              <td className={`${td} tabular-nums ${r.days_left < 0 ? 'font-medium text-red-700' : ''}`}>{daysText(r.days_left)}</td>
              <td className={`${td} tabular-nums`}>{formatMoney(r.premium_amount)}</td>
              <td className={td}>{r.assignee?.name ?? RENEWAL_TEXT.unassigned}</td>
              <td className={td}>
                <RenewalStateBadge state={r.renewal_state} />
              </td>
              <td className={td}>
                <RowMenu row={r} handlers={handlers} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="divide-y divide-slate-100 md:hidden">
        {rows.map((r) => (
          <li key={r.id} className="flex items-start justify-between gap-3 p-4" data-testid="renewal-card">
            <div className="min-w-0 space-y-1 text-sm">
              <p className="font-medium text-slate-900">
                <Link to={`/dashboard/policies/${r.id}`} className="hover:underline">
                  {r.policy_number}
                </Link>{' '}
                {r.remarket ? <RemarketBadge /> : null}
              </p>
              <p className="truncate text-slate-700">
                {r.customer_name} · {r.insurance_company}
              </p>
              <p className="text-slate-600">
                {formatDay(r.end_date)} · <span className={r.days_left < 0 ? 'font-medium text-red-700' : ''}>{daysText(r.days_left)}</span> ·{' '}
                {formatMoney(r.premium_amount)}
              </p>
              <p className="flex flex-wrap items-center gap-2 text-slate-600">
                <RenewalStateBadge state={r.renewal_state} /> {r.assignee?.name ?? RENEWAL_TEXT.unassigned}
              </p>
            </div>
            <RowMenu row={r} handlers={handlers} />
          </li>
        ))}
      </ul>
    </>
  );
}
