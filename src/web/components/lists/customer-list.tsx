// The customers' one list (issue 28 §5): filters, columns (cards on phones), sort, selection with
// the bulk bar, and the pager, all read from and written to the URL. The customers page adds its
// row actions; the bulk actions' picker shows the same list.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CUSTOMER_LIST_QUERY, CUSTOMER_TEXT, CUSTOMER_TYPE_LABEL, type Customer, type CustomerListQuery } from '#shared/customers-text.ts';
import { BulkBarSlot } from '../bulk/bulk-bar-slot.tsx';
import { DataList, type ListColumn } from '../list-kit/data-list.tsx';
import { ListSearch } from '../list-kit/list-search.tsx';
import { SelectionBannerSlot } from '../list-kit/selection-banner-slot.tsx';
import { useListQuery } from '../list-kit/use-list-query.ts';
import { useSelection } from '../list-kit/use-selection.ts';
import { Pager } from '../list-parts.tsx';
import { Select } from '../ui/input.tsx';
import { formatDay } from '#web/lib/format.ts';
import { useCustomers } from '#web/lib/customers.ts';

export const CUSTOMER_COLUMNS: ListColumn<Customer>[] = [
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

export function CustomerList({ actions }: { actions?: (c: Customer) => ReactNode }) {
  const { query, setQuery } = useListQuery(CUSTOMER_LIST_QUERY);
  const list = useCustomers(query);
  const rows = list.data?.rows ?? [];
  // the bulk actions' selection: the ids picked, or { all: true, filter } for every matching customer
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
        sort={{ value: query.sort, onChange: (sort) => setQuery({ sort }) }}
        selection={selection}
        banner={
          <>
            <SelectionBannerSlot control={selection} pageSize={rows.length} total={list.data?.total ?? 0} estimated={list.data?.totalIsEstimate} />
            <BulkBarSlot entity="customers" control={selection} />
          </>
        }
        actions={actions}
      />
      {list.data ? <Pager page={query.page} total={list.data.total} estimated={list.data.totalIsEstimate} pageSize={query.pageSize} onPage={(page) => setQuery({ page })} /> : null}
    </>
  );
}
