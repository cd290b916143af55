// /dashboard/customers: Customer Management (agency.md §2).
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Download, Plus, Search } from 'lucide-react';
import { hasTier } from '#shared/access.ts';
import { CUSTOMER_TEXT, CUSTOMER_TYPE_LABEL, type Customer, type CustomerListQuery } from '#shared/customers.ts';
import { PAGE_SIZE } from '#shared/policies.ts';
import { atLimit } from '#shared/usage.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Input, Select } from '../../components/ui/input.tsx';
import { errorMessage } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';
import { accessSubjectOf, useSession } from '../../lib/session.ts';
import { Pager, TableState, td, th } from '../../components/list-parts.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useDebounced } from '../../lib/use-debounced.ts';
import { useUsage } from '../../lib/book.ts';
import { customersUrl, useCustomers, useDeleteCustomer } from '../../lib/customers.ts';
import { DeleteConfirm, RowActions } from '../../components/row-actions.tsx';

export function CustomersPage() {
  const [query, setQuery] = useState<CustomerListQuery>({ page: 1, pageSize: PAGE_SIZE, search: '', type: 'all' });
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText.trim());
  // a new search starts again at page 1
  useEffect(() => setQuery((q) => (q.search === search ? q : { ...q, search, page: 1 })), [search]);
  const list = useCustomers(query);
  const usage = useUsage();
  const { data: session } = useSession();
  const remove = useDeleteCustomer();
  const [deleting, setDeleting] = useState<Customer | null>(null);
  const full = atLimit(usage.data?.customers);
  const change = (patch: Partial<CustomerListQuery>) => setQuery((q) => ({ ...q, ...patch, page: 1 }));

  const exportCsv = () => {
    if (!hasTier(accessSubjectOf(session), 'professional')) return notify.error(CUSTOMER_TEXT.exportUpgradeTitle, CUSTOMER_TEXT.exportUpgrade);
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
          <div className="relative flex-1">
            <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden />
            <Input
              type="search"
              aria-label="Search customers"
              placeholder={CUSTOMER_TEXT.searchPlaceholder}
              className="pl-9"
              value={searchText}
              onChange={(e) => setSearchText(e.target.value)}
            />
          </div>
          <Select aria-label="Customer type" className="md:w-44" value={query.type} onChange={(e) => change({ type: e.target.value as CustomerListQuery['type'] })}>
            <option value="all">All Types</option>
            <option value="individual">Individual</option>
            <option value="business">Business</option>
          </Select>
        </div>
        <div className="overflow-x-auto">
          <table className="min-w-full divide-y divide-slate-200">
            <thead className="bg-slate-50">
              <tr>
                <th className={th}>Name</th>
                <th className={th}>Email</th>
                <th className={`${th} hidden md:table-cell`}>Phone</th>
                <th className={`${th} hidden md:table-cell`}>Type</th>
                <th className={th}>Actions</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 bg-white">
              {list.isPending || list.isError || list.data.rows.length === 0 ? (
                <TableState colSpan={5} loading={list.isPending} error={list.isError ? errorMessage(list.error) : null} empty={CUSTOMER_TEXT.empty} />
              ) : (
                list.data.rows.map((c) => (
                  <tr key={c.id} className="hover:bg-slate-50">
                    <td className={`${td} font-medium text-slate-900`}>
                      <Link to={`/dashboard/customers/${c.id}`} className="hover:underline">
                        {c.name}
                      </Link>
                    </td>
                    <td className={td}>{c.email}</td>
                    <td className={`${td} hidden md:table-cell`}>{c.phone || 'N/A'}</td>
                    <td className={`${td} hidden md:table-cell`}>{CUSTOMER_TYPE_LABEL[c.customer_type] ?? c.customer_type}</td>
                    <td className={td}>
                      <RowActions label={`Actions for ${c.name}`} viewLabel="View Profile" href={`/dashboard/customers/${c.id}`} onDelete={() => setDeleting(c)} />
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
        title={CUSTOMER_TEXT.deleteTitle}
        description={CUSTOMER_TEXT.deleteText}
        deletedText={CUSTOMER_TEXT.deleted}
        remove={remove}
      />
    </div>
  );
}
