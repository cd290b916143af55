// /dashboard/customers: Customer Management (agency.md §2).
import { useState } from 'react';
import { Link } from 'react-router';
import { Download, Plus } from 'lucide-react';
import { canUseFeature } from '#shared/features.ts';
import { CUSTOMER_LIST_QUERY, CUSTOMER_TEXT, type Customer } from '#shared/customers-text.ts';
import { atLimit } from '#shared/usage.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { notify } from '#web/lib/toast.ts';
import { accessSubjectOf, useSession } from '#web/lib/session.ts';
import { useListQuery } from '#web/components/list-kit/use-list-query.ts';
import { CustomerList } from '#web/components/lists/customer-list.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { useUsage } from '#web/lib/book.ts';
import { customersUrl, useDeleteCustomer } from '#web/lib/customers.ts';
import { DeleteConfirm, RowActions } from '#web/components/row-actions.tsx';

export function CustomersPage() {
  // the export takes the list's filter from the URL, where the list keeps it
  const { query } = useListQuery(CUSTOMER_LIST_QUERY);
  const usage = useUsage();
  const { data: session } = useSession();
  const remove = useDeleteCustomer();
  const [deleting, setDeleting] = useState<Customer | null>(null);
  const full = atLimit(usage.data?.customers);

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
        <CustomerList actions={(c) => <RowActions label={`Actions for ${c.name}`} viewLabel="View Profile" href={`/dashboard/customers/${c.id}`} onDelete={() => setDeleting(c)} />} />
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
