// /dashboard/policies: Policy Management (agency.md §2), on the list kit.
import { useState } from 'react';
import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { atLimit } from '#shared/usage.ts';
import { formatMoney } from '#shared/money.ts';
import { POLICY_TEXT, POLICY_TYPE_LABEL, policyListQuerySchema, type Policy, type PolicyListQuery } from '#shared/policies.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Select } from '#web/components/ui/input.tsx';
import { Pager } from '#web/components/list-parts.tsx';
import { formatDay } from '#web/lib/format.ts';
import { PageHeader } from '#web/components/page-header.tsx';
import { StatusBadge } from '#web/components/badges.tsx';
import { DataList, type ListColumn } from '#web/components/list-kit/data-list.tsx';
import { ListSearch } from '#web/components/list-kit/list-search.tsx';
import { SelectionBanner } from '#web/components/list-kit/list-states.tsx';
import { BulkBar } from '#web/components/bulk/bulk-bar.tsx';
import { useListQuery } from '#web/components/list-kit/use-list-query.ts';
import { useSelection } from '#web/components/list-kit/use-selection.ts';
import { useDeletePolicy, usePolicies } from './queries.ts';
import { AssigneeOptions, useAssignees } from '#web/components/assignees.tsx';
import { useUsage } from '#web/lib/book.ts';
import { DeleteConfirm, RowActions } from '#web/components/row-actions.tsx';

const COLUMNS: ListColumn<Policy>[] = [
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

export function PoliciesPage() {
  const { query, setQuery } = useListQuery(policyListQuerySchema);
  const list = usePolicies(query);
  const usage = useUsage();
  const remove = useDeletePolicy();
  const assignees = useAssignees();
  const [deleting, setDeleting] = useState<Policy | null>(null);
  const full = atLimit(usage.data?.policies);
  const rows = list.data?.rows ?? [];
  // the bulk actions' selection: the ids picked, or { all: true, filter } for every matching policy
  const selection = useSelection(
    { search: query.search, type: query.type, status: query.status, assignee: query.assignee },
    rows.map((p) => p.id),
    list.data?.total ?? 0,
  );

  const header = usage.data ? POLICY_TEXT.used(usage.data.policies.count, usage.data.policies.limit) : '';
  return (
    <div>
      <PageHeader
        title="Policy Management"
        description={<span data-testid="policy-usage">{header}</span>}
        actions={
          full ? (
            <Button disabled title={POLICY_TEXT.limitMessage}>
              <Plus className="h-4 w-4" aria-hidden /> Add Policy
            </Button>
          ) : (
            <Button asChild>
              <Link to="/dashboard/policies/new">
                <Plus className="h-4 w-4" aria-hidden /> Add Policy
              </Link>
            </Button>
          )
        }
      />
      <Card>
        <div className="flex flex-col gap-3 border-b border-slate-200 p-4 md:flex-row">
          <ListSearch value={query.search} onSearch={(search) => setQuery({ search })} label="Search policies" placeholder={POLICY_TEXT.searchPlaceholder} />
          <Select aria-label="Policy type" className="md:w-40" value={query.type} onChange={(e) => setQuery({ type: e.target.value as PolicyListQuery['type'] })}>
            <option value="all">All Types</option>
            <option value="car">Car</option>
            <option value="fire">Fire</option>
          </Select>
          <Select aria-label="Assignee" className="md:w-44" value={query.assignee} onChange={(e) => setQuery({ assignee: e.target.value })}>
            <option value="all">All Assignees</option>
            <option value="me">Assigned to me</option>
            <AssigneeOptions members={assignees.data} />
          </Select>
          <Select aria-label="Policy status" className="md:w-44" value={query.status} onChange={(e) => setQuery({ status: e.target.value as PolicyListQuery['status'] })}>
            <option value="all">All Statuses</option>
            <option value="active">Active</option>
            <option value="pending">Pending</option>
            <option value="expired">Expired</option>
            <option value="cancelled">Cancelled</option>
          </Select>
        </div>
        <DataList
          label="Policies"
          columns={COLUMNS}
          source={list}
          rowKey={(p) => p.id}
          rowLabel={(p) => `policy ${p.policy_number}`}
          empty={POLICY_TEXT.empty}
          sort={{ value: query.sort, onChange: (sort) => setQuery({ sort }) }}
          selection={selection}
          banner={
            <>
              <SelectionBanner control={selection} pageSize={rows.length} total={list.data?.total ?? 0} estimated={list.data?.totalIsEstimate} />
              <BulkBar entity="policies" control={selection} />
            </>
          }
          actions={(p) => (
            <RowActions label={`Actions for policy ${p.policy_number}`} viewLabel="View Details" href={`/dashboard/policies/${p.id}`} onDelete={() => setDeleting(p)} />
          )}
        />
        {list.data ? <Pager page={query.page} total={list.data.total} estimated={list.data.totalIsEstimate} pageSize={query.pageSize} onPage={(page) => setQuery({ page })} /> : null}
      </Card>
      <DeleteConfirm
        item={deleting}
        onClose={() => setDeleting(null)}
        title={POLICY_TEXT.deleteTitle}
        description={POLICY_TEXT.deleteText}
        deletedText={POLICY_TEXT.deleted}
        remove={remove}
      />
    </div>
  );
}
