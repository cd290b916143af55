// /dashboard/policies: Policy Management (agency.md §2).
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Plus, Search } from 'lucide-react';
import { atLimit } from '#shared/usage.ts';
import { formatMoney } from '#shared/money.ts';
import { PAGE_SIZE, POLICY_TEXT, POLICY_TYPE_LABEL, type Policy, type PolicyListQuery } from '#shared/policies.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Input, Select } from '../../components/ui/input.tsx';
import { errorMessage } from '../../lib/api.ts';
import { formatDay, PageHeader, Pager, StatusBadge, TableState, td, th, useDebounced } from './parts.tsx';
import { useDeletePolicy, usePolicies, useUsage } from './queries.ts';
import { AssigneeOptions, useAssignees } from './assignees.tsx';
import { DeleteConfirm, RowActions } from '../../components/row-actions.tsx';

export function PoliciesPage() {
  const [query, setQuery] = useState<PolicyListQuery>({ page: 1, pageSize: PAGE_SIZE, search: '', type: 'all', status: 'all', assignee: 'all' });
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText.trim());
  // a new search starts again at page 1
  useEffect(() => setQuery((q) => (q.search === search ? q : { ...q, search, page: 1 })), [search]);
  const list = usePolicies(query);
  const usage = useUsage();
  const assignees = useAssignees();
  const remove = useDeletePolicy();
  const [deleting, setDeleting] = useState<Policy | null>(null);
  const full = atLimit(usage.data?.policies);
  // every filter or search change starts again at page 1
  const change = (patch: Partial<PolicyListQuery>) => setQuery((q) => ({ ...q, ...patch, page: 1 }));

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
          <div className="relative flex-1">
            <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden />
            <Input
              type="search"
              aria-label="Search policies"
              placeholder={POLICY_TEXT.searchPlaceholder}
              className="pl-9"
              value={searchText}
              onChange={(e) => setSearchText(e.target.value)}
            />
          </div>
          <Select aria-label="Policy type" className="md:w-40" value={query.type} onChange={(e) => change({ type: e.target.value as PolicyListQuery['type'] })}>
            <option value="all">All Types</option>
            <option value="car">Car</option>
            <option value="fire">Fire</option>
          </Select>
          <Select aria-label="Assignee" className="md:w-44" value={query.assignee} onChange={(e) => change({ assignee: e.target.value })}>
            <option value="all">All Assignees</option>
            <option value="me">Assigned to me</option>
            <AssigneeOptions members={assignees.data} />
          </Select>
          <Select aria-label="Policy status" className="md:w-44" value={query.status} onChange={(e) => change({ status: e.target.value as PolicyListQuery['status'] })}>
            <option value="all">All Statuses</option>
            <option value="active">Active</option>
            <option value="pending">Pending</option>
            <option value="expired">Expired</option>
            <option value="cancelled">Cancelled</option>
          </Select>
        </div>
        <div className="overflow-x-auto">
          <table className="min-w-full divide-y divide-slate-200">
            <thead className="bg-slate-50">
              <tr>
                <th className={th}>Policy #</th>
                <th className={th}>Customer</th>
                <th className={`${th} hidden md:table-cell`}>Company</th>
                <th className={`${th} hidden md:table-cell`}>Type</th>
                <th className={th}>Status</th>
                <th className={th}>Premium</th>
                <th className={th}>End Date</th>
                <th className={`${th} hidden lg:table-cell`}>Assignee</th>
                <th className={th}>Actions</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 bg-white">
              {list.isPending || list.isError || list.data.rows.length === 0 ? (
                <TableState colSpan={9} loading={list.isPending} error={list.isError ? errorMessage(list.error) : null} empty={POLICY_TEXT.empty} />
              ) : (
                list.data.rows.map((p) => (
                  <tr key={p.id} className="hover:bg-slate-50">
                    <td className={`${td} font-medium text-slate-900`}>
                      <Link to={`/dashboard/policies/${p.id}`} className="hover:underline">
                        {p.policy_number}
                      </Link>
                    </td>
                    <td className={td}>{p.customer_name}</td>
                    <td className={`${td} hidden md:table-cell`}>{p.insurance_company}</td>
                    <td className={`${td} hidden md:table-cell`}>{POLICY_TYPE_LABEL[p.policy_type] ?? p.policy_type}</td>
                    <td className={td}>
                      <StatusBadge status={p.status} />
                    </td>
                    <td className={`${td} tabular-nums`}>{formatMoney(p.premium_amount)}</td>
                    <td className={`${td} whitespace-nowrap`}>{formatDay(p.end_date)}</td>
                    <td className={`${td} hidden lg:table-cell`}>{p.assignee_name ?? 'Unassigned'}</td>
                    <td className={td}>
                      <RowActions label={`Actions for policy ${p.policy_number}`} viewLabel="View Details" href={`/dashboard/policies/${p.id}`} onDelete={() => setDeleting(p)} />
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
        {list.data ? <Pager page={query.page} total={list.data.total} estimated={list.data.totalIsEstimate} pageSize={query.pageSize} onPage={(page) => setQuery((q) => ({ ...q, page }))} /> : null}
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
