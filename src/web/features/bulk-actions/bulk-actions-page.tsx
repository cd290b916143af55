// /dashboard/bulk-actions (Business and above): pick policies or customers (some, a page, or all
// that match), act on them through the bulk bar, and follow or undo the Recent bulk actions.
import { Link, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BULK_TEXT, BULK_STATE_LABEL, type BulkActionInfo, type BulkEntity } from '#shared/bulk.ts';
import { CUSTOMER_TEXT, CUSTOMER_TYPE_LABEL, customerListQuerySchema, type Customer, type CustomerListQuery } from '#shared/customers.ts';
import { POLICY_TEXT, policyListQuerySchema, type Page, type Policy, type PolicyListQuery } from '#shared/policies.ts';
import { StatusBadge } from '#web/components/badges.tsx';
import { BulkBar } from '#web/components/bulk/bulk-bar.tsx';
import { DataList, type ListColumn } from '#web/components/list-kit/data-list.tsx';
import { ListSearch } from '#web/components/list-kit/list-search.tsx';
import { SelectionBanner } from '#web/components/list-kit/list-states.tsx';
import { useListQuery } from '#web/components/list-kit/use-list-query.ts';
import { useSelection } from '#web/components/list-kit/use-selection.ts';
import { Pager } from '#web/components/list-parts.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Select } from '#web/components/ui/input.tsx';
import { Tabs, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { apiGet } from '#web/lib/api.ts';
import { customerKeys, customersUrl } from '#web/lib/customers.ts';
import { policyKeys } from '#web/lib/book.ts';
import { queryString } from '#web/lib/query-string.ts';
import { useBulkActions } from '#web/lib/bulk.ts';
import { BulkProgress, BulkStateBadge, UndoButton } from './bulk-parts.tsx';
import { usePageParam } from '#web/components/list-kit/use-page-param.ts';

export function BulkActionsPage() {
  const [params, setParams] = useSearchParams();
  const on: BulkEntity = params.get('on') === 'customers' ? 'customers' : 'policies';
  return (
    <div className="space-y-6">
      <PageHeader title={BULK_TEXT.title} description={BULK_TEXT.subtitle} />
      {/* first: where a running job's progress and Undo are, above the long pickers */}
      <RecentBulkActions />
      <Card>
        <Tabs value={on} onValueChange={(v) => setParams(v === 'customers' ? { on: 'customers' } : {}, { replace: true })}>
          <div className="border-b border-slate-200 p-4">
            <TabsList aria-label="Records">
              <TabsTrigger value="policies">Policies</TabsTrigger>
              <TabsTrigger value="customers">Customers</TabsTrigger>
            </TabsList>
          </div>
        </Tabs>
        {on === 'policies' ? <PolicyPicker /> : <CustomerPicker />}
      </Card>
    </div>
  );
}

const POLICY_COLUMNS: ListColumn<Policy>[] = [
  { id: 'number', header: 'Policy #', primary: true, className: 'font-medium text-slate-900 whitespace-nowrap', cell: (p) => p.policy_number },
  { id: 'customer', header: 'Customer', cell: (p) => p.customer_name },
  { id: 'status', header: 'Status', cell: (p) => <StatusBadge status={p.status} /> },
  { id: 'assignee', header: 'Assignee', cell: (p) => p.assignee_name ?? 'Unassigned' },
];

function PolicyPicker() {
  const { query, setQuery } = useListQuery(policyListQuerySchema);
  const list = useQuery({
    queryKey: policyKeys.list(query),
    queryFn: ({ signal }) => apiGet<Page<Policy>>(`/api/policies${queryString(query)}`, signal),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.rows ?? [];
  const selection = useSelection({ search: query.search, type: query.type, status: query.status, assignee: query.assignee }, rows.map((p) => p.id), list.data?.total ?? 0);
  return (
    <>
      <div className="flex flex-col gap-3 border-b border-slate-200 p-4 md:flex-row">
        <ListSearch value={query.search} onSearch={(search) => setQuery({ search })} label="Search policies" placeholder={POLICY_TEXT.searchPlaceholder} />
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
        columns={POLICY_COLUMNS}
        source={list}
        rowKey={(p) => p.id}
        rowLabel={(p) => `policy ${p.policy_number}`}
        empty={POLICY_TEXT.empty}
        selection={selection}
        banner={
          <>
            <SelectionBanner control={selection} pageSize={rows.length} total={list.data?.total ?? 0} estimated={list.data?.totalIsEstimate} />
            <BulkBar entity="policies" control={selection} />
          </>
        }
      />
      {list.data ? <Pager page={query.page} total={list.data.total} estimated={list.data.totalIsEstimate} pageSize={query.pageSize} onPage={(page) => setQuery({ page })} /> : null}
    </>
  );
}

const CUSTOMER_COLUMNS: ListColumn<Customer>[] = [
  { id: 'name', header: 'Name', primary: true, className: 'font-medium text-slate-900', cell: (c) => c.name },
  { id: 'email', header: 'Email', cell: (c) => c.email },
  { id: 'type', header: 'Type', cell: (c) => CUSTOMER_TYPE_LABEL[c.customer_type] ?? c.customer_type },
];

function CustomerPicker() {
  const { query, setQuery } = useListQuery(customerListQuerySchema);
  const list = useQuery({
    queryKey: customerKeys.list(query),
    queryFn: ({ signal }) => apiGet<Page<Customer>>(customersUrl(query), signal),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.rows ?? [];
  const selection = useSelection({ search: query.search, type: query.type }, rows.map((c) => c.id), list.data?.total ?? 0);
  return (
    <>
      <div className="flex flex-col gap-3 border-b border-slate-200 p-4 md:flex-row">
        <ListSearch value={query.search} onSearch={(search) => setQuery({ search })} label="Search customers" placeholder={CUSTOMER_TEXT.searchPlaceholder} />
        <Select aria-label="Customer type" className="md:w-44" value={query.type} onChange={(e) => setQuery({ type: e.target.value as CustomerListQuery['type'] })}>
          <option value="all">All Types</option>
          <option value="individual">Individual</option>
          <option value="business">Business</option>
        </Select>
      </div>
      <DataList
        label="Customers"
        columns={CUSTOMER_COLUMNS}
        source={list}
        rowKey={(c) => c.id}
        rowLabel={(c) => c.name}
        empty={CUSTOMER_TEXT.empty}
        selection={selection}
        banner={
          <>
            <SelectionBanner control={selection} pageSize={rows.length} total={list.data?.total ?? 0} estimated={list.data?.totalIsEstimate} />
            <BulkBar entity="customers" control={selection} />
          </>
        }
      />
      {list.data ? <Pager page={query.page} total={list.data.total} estimated={list.data.totalIsEstimate} pageSize={query.pageSize} onPage={(page) => setQuery({ page })} /> : null}
    </>
  );
}

const RECENT_COLUMNS: ListColumn<BulkActionInfo>[] = [
  {
    id: 'action',
    header: 'Action',
    primary: true,
    className: 'font-medium text-slate-900',
    cell: (b) => (
      <Link to={`/dashboard/bulk-actions/${b.id}`} className="hover:underline">
        {b.summary}
      </Link>
    ),
  },
  { id: 'records', header: 'Records', className: 'tabular-nums', cell: (b) => `${b.changed.toLocaleString('en-US')} of ${b.total.toLocaleString('en-US')} changed` },
  { id: 'state', header: 'Status', cell: (b) => (b.state === 'running' ? <BulkProgress info={b} /> : <BulkStateBadge state={b.state} />) },
  { id: 'by', header: 'By', cell: (b) => b.created_by_name ?? '—' },
  { id: 'when', header: 'When', className: 'whitespace-nowrap', cell: (b) => new Date(b.created_at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) },
];

function RecentBulkActions() {
  const [page, setPage] = usePageParam('recent');
  const list = useBulkActions(page);
  return (
    <Card>
      <h2 className="border-b border-slate-200 p-4 text-lg font-semibold text-slate-900">{BULK_TEXT.recent}</h2>
      <DataList
        label={BULK_TEXT.recent}
        columns={RECENT_COLUMNS}
        source={list}
        rowKey={(b) => b.id}
        rowLabel={(b) => b.summary}
        rowTestId="bulk-row"
        empty={BULK_TEXT.recentEmpty}
        actionsHeader="Undo"
        actions={(b) => (b.can_undo ? <UndoButton info={b} /> : <span className="text-xs text-slate-500">{b.state === 'undone' ? BULK_STATE_LABEL.undone : ''}</span>)}
      />
      {list.data && list.data.total > list.data.pageSize ? <Pager page={page} total={list.data.total} pageSize={list.data.pageSize} onPage={setPage} /> : null}
    </Card>
  );
}
