// /dashboard/customers: Customer Management (agency.md §2).
import { useState } from 'react';
import { Link } from 'react-router';
import { Download, Plus } from 'lucide-react';
import { canUseFeature } from '#shared/features.ts';
import { CUSTOMER_TEXT, CUSTOMER_TYPE_LABEL, customerListQuerySchema, type Customer, type CustomerListQuery } from '#shared/customers.ts';
import { atLimit } from '#shared/usage.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Select } from '#web/components/ui/input.tsx';
import { notify } from '#web/lib/toast.ts';
import { accessSubjectOf, useSession } from '#web/lib/session.ts';
import { Pager } from '#web/components/list-parts.tsx';
import { DataList, type ListColumn } from '#web/components/list-kit/data-list.tsx';
import { ListSearch } from '#web/components/list-kit/list-search.tsx';
import { SelectionBanner } from '#web/components/list-kit/list-states.tsx';
import { BulkBar } from '#web/components/bulk/bulk-bar.tsx';
import { useListQuery } from '#web/components/list-kit/use-list-query.ts';
import { useSelection } from '#web/components/list-kit/use-selection.ts';
import { formatDay } from '#web/lib/format.ts';
import { PageHeader } from '#web/components/page-header.tsx';
import { useUsage } from '#web/lib/book.ts';
import { customersUrl, useCustomers, useDeleteCustomer } from '#web/lib/customers.ts';
import { DeleteConfirm, RowActions } from '#web/components/row-actions.tsx';

const COLUMNS: ListColumn<Customer>[] = [
  {
    id: 'name',
    header: 'Name',
    sortKey: 'name',
    primary: true,
    className: 'font-medium text-slate-900',
    cell: (c) => (
      <Link to={`/dashboard/customers/${c.id}`} className="hover:underline">
        {c.name}
      </Link>
    ),
  },
  { id: 'email', header: 'Email', cell: (c) => c.email },
  { id: 'phone', header: 'Phone', cell: (c) => c.phone || 'N/A' },
  { id: 'type', header: 'Type', cell: (c) => CUSTOMER_TYPE_LABEL[c.customer_type] ?? c.customer_type },
  { id: 'created', header: 'Added', sortKey: 'created_at', firstDirection: 'desc', className: 'whitespace-nowrap', cell: (c) => formatDay(c.created_at.slice(0, 10)) },
];

export function CustomersPage() {
  const { query, setQuery } = useListQuery(customerListQuerySchema);
  const list = useCustomers(query);
  const usage = useUsage();
  const { data: session } = useSession();
  const remove = useDeleteCustomer();
  const [deleting, setDeleting] = useState<Customer | null>(null);
  const full = atLimit(usage.data?.customers);
  const rows = list.data?.rows ?? [];
  // the bulk actions' selection: the ids picked, or { all: true, filter } for every matching customer
  const selection = useSelection({ search: query.search, type: query.type }, rows.map((c) => c.id), list.data?.total ?? 0);

  const exportCsv = () => {
    if (!canUseFeature(accessSubjectOf(session), 'export')) return notify.error(CUSTOMER_TEXT.exportUpgradeTitle, CUSTOMER_TEXT.exportUpgrade);
    // A plain download link: the browser streams the file to disk as the server writes it.
    const link = document.createElement('a');
    link.href = customersUrl({ search: query.search, type: query.type }, '/api/customers/export');
    link.download = '';
    document.body.appendChild(link);
    link.click();
    link.remove();
  };

  return (
    <div>
      <PageHeader
        title="Customer Management"
        description={<span data-testid="customer-usage">{usage.data ? CUSTOMER_TEXT.used(usage.data.customers.count, usage.data.customers.limit) : ''}</span>}
        actions={
          <>
            <Button variant="outline" onClick={exportCsv}>
              <Download className="h-4 w-4" aria-hidden /> Export
            </Button>
            {full ? (
              <Button disabled title={CUSTOMER_TEXT.limitMessage}>
                <Plus className="h-4 w-4" aria-hidden /> Add Customer
              </Button>
            ) : (
              <Button asChild>
                <Link to="/dashboard/customers/new">
                  <Plus className="h-4 w-4" aria-hidden /> Add Customer
                </Link>
              </Button>
            )}
          </>
        }
      />
      <Card>
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
          columns={COLUMNS}
          source={list}
          rowKey={(c) => c.id}
          rowLabel={(c) => c.name}
          empty={CUSTOMER_TEXT.empty}
          sort={{ value: query.sort, onChange: (sort) => setQuery({ sort }) }}
          selection={selection}
          banner={
            <>
              <SelectionBanner control={selection} pageSize={rows.length} total={list.data?.total ?? 0} estimated={list.data?.totalIsEstimate} />
              <BulkBar entity="customers" control={selection} />
            </>
          }
          actions={(c) => <RowActions label={`Actions for ${c.name}`} viewLabel="View Profile" href={`/dashboard/customers/${c.id}`} onDelete={() => setDeleting(c)} />}
        />
        {list.data ? <Pager page={query.page} total={list.data.total} estimated={list.data.totalIsEstimate} pageSize={query.pageSize} onPage={(page) => setQuery({ page })} /> : null}
      </Card>
      <DeleteConfirm
        item={deleting}
        onClose={() => setDeleting(null)}
        title={CUSTOMER_TEXT.deleteTitle}
        description={CUSTOMER_TEXT.deleteText}
        deletedText={CUSTOMER_TEXT.deleted}
        remove={remove}
      />
    </div>
  );
}
