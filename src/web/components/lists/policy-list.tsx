// The policies' one list (issue 28 §5): filters, columns (cards on phones), sort, selection with the
// bulk bar, and the pager, all read from and written to the URL. The policies page adds its row
// actions; the bulk actions' picker shows the same list, so both pick from the same rows.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '#shared/money-text.ts';
import { PolicyStatusOptions } from '#web/components/policy-filter-options.tsx';
import { POLICY_LIST_QUERY, POLICY_TEXT, POLICY_TYPE_LABEL, POLICY_TYPE_OPTIONS, type Policy, type PolicyListQuery } from '#shared/policies-text.ts';
import { AssigneeOptions, useAssignees } from '../assignees.tsx';
import { StatusBadge } from '../status-badge.tsx';
import { BulkBarSlot } from '../bulk/bulk-bar-slot.tsx';
import { DataList, type ListColumn } from '../list-kit/data-list.tsx';
import { ListSearch } from '../list-kit/list-search.tsx';
import { SelectionBannerSlot } from '../list-kit/selection-banner-slot.tsx';
import { useListQuery } from '../list-kit/use-list-query.ts';
import { useSelection } from '../list-kit/use-selection.ts';
import { Pager } from '../list-parts.tsx';
import { Select } from '../ui/input.tsx';
import { formatDay } from '#web/lib/format.ts';
import { usePolicies } from '#web/lib/book.ts';
import { useFeature } from '#web/lib/session.ts';
import { COMMISSION_COLUMN, CommissionFilter } from './policy-commission.tsx';

export const POLICY_COLUMNS: ListColumn<Policy>[] = [
  {
    id: 'policy_number',
    header: 'Policy #',
    primary: true,
    className: 'font-medium text-slate-900 whitespace-nowrap',
    cell: (p) => (
      <Link to={`/dashboard/policies/${p.id}`} className="hover:underline">
        {p.policy_number}
      </Link>
    ),
  },
  { id: 'customer', header: 'Customer', cell: (p) => p.customer_name },
  { id: 'company', header: 'Company', cell: (p) => p.insurance_company },
  { id: 'type', header: 'Type', cell: (p) => POLICY_TYPE_LABEL[p.policy_type] ?? p.policy_type },
  { id: 'status', header: 'Status', cell: (p) => <StatusBadge status={p.status} /> },
  { id: 'premium', header: 'Premium', sortKey: 'premium_amount', className: 'tabular-nums whitespace-nowrap', cell: (p) => formatMoney(p.premium_amount) },
  { id: 'end_date', header: 'End Date', sortKey: 'end_date', className: 'whitespace-nowrap', cell: (p) => formatDay(p.end_date) },
  { id: 'assignee', header: 'Assignee', cell: (p) => p.assignee_name ?? 'Unassigned' },
  { id: 'created', header: 'Created', sortKey: 'created_at', firstDirection: 'desc', className: 'whitespace-nowrap', cell: (p) => formatDay(p.created_at.slice(0, 10)) },
];

export const policyRowLabel = (p: Policy) => `policy ${p.policy_number}`;

type PolicyQuery = ReturnType<typeof useListQuery<typeof POLICY_LIST_QUERY>>;

function PolicyFilters({ query, setQuery, commissions }: PolicyQuery & { commissions: boolean }) {
  const assignees = useAssignees();
  return (
    <div className="flex flex-col gap-3 border-b border-slate-200 p-4 md:flex-row">
      <ListSearch value={query.search} onSearch={(search) => setQuery({ search })} label="Search policies" placeholder={POLICY_TEXT.searchPlaceholder} />
      <Select aria-label="Policy type" className="md:w-40" value={query.type} onChange={(e) => setQuery({ type: e.target.value as PolicyListQuery['type'] })}>
        {POLICY_TYPE_OPTIONS.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </Select>
      <Select aria-label="Assignee" className="md:w-44" value={query.assignee} onChange={(e) => setQuery({ assignee: e.target.value })}>
        <option value="all">All Assignees</option>
        <option value="me">Assigned to me</option>
        <AssigneeOptions members={assignees.data} />
      </Select>
      <Select aria-label="Policy status" className="md:w-44" value={query.status} onChange={(e) => setQuery({ status: e.target.value as PolicyListQuery['status'] })}>
        <PolicyStatusOptions />
      </Select>
      {commissions ? <CommissionFilter value={query.commission} onChange={(commission) => setQuery({ commission })} /> : null}
    </div>
  );
}

export function PolicyList({ actions }: { actions?: (p: Policy) => ReactNode }) {
  const { query, setQuery } = useListQuery(POLICY_LIST_QUERY);
  const list = usePolicies(query);
  const rows = list.data?.rows ?? [];
  // the Commission column (Professional and above): its figures are in the list's own answer
  const commissions = useFeature('commissions').allowed;
  // after Premium, where a bookkeeper reads it against the premium it comes from
  const columns = commissions ? POLICY_COLUMNS.flatMap((c) => (c.id === 'premium' ? [c, COMMISSION_COLUMN] : [c])) : POLICY_COLUMNS;
  // the bulk actions' selection: the ids picked, or { all: true, filter } for every matching policy
  const selection = useSelection(
    { search: query.search, type: query.type, status: query.status, assignee: query.assignee, commission: query.commission },
    rows.map((p) => p.id),
    list.data?.total ?? 0,
  );
  return (
    <>
      <PolicyFilters query={query} setQuery={setQuery} commissions={commissions} />
      <DataList
        label="Policies"
        columns={columns}
        source={list}
        rowKey={(p) => p.id}
        rowLabel={policyRowLabel}
        empty={POLICY_TEXT.empty}
        sort={{ value: query.sort, onChange: (sort) => setQuery({ sort }) }}
        selection={selection}
        banner={
          <>
            <SelectionBannerSlot control={selection} pageSize={rows.length} total={list.data?.total ?? 0} estimated={list.data?.totalIsEstimate} />
            <BulkBarSlot entity="policies" control={selection} />
          </>
        }
        actions={actions}
      />
      {list.data ? <Pager page={query.page} total={list.data.total} estimated={list.data.totalIsEstimate} pageSize={query.pageSize} onPage={(page) => setQuery({ page })} /> : null}
    </>
  );
}
