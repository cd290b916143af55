// /dashboard/policies: Policy Management (agency.md §2): the policies' one list with row actions.
import { useState } from 'react';
import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { atLimit } from '#shared/usage.ts';
import { POLICY_TEXT, type Policy } from '#shared/policies-text.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { PolicyList } from '#web/components/lists/policy-list.tsx';
import { useDeletePolicy } from './queries.ts';
import { useUsage } from '#web/lib/book.ts';
import { DeleteConfirm, RowActions } from '#web/components/row-actions.tsx';

export function PoliciesPage() {
  const usage = useUsage();
  const remove = useDeletePolicy();
  const [deleting, setDeleting] = useState<Policy | null>(null);
  const full = atLimit(usage.data?.policies);

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
        <PolicyList
          actions={(p) => (
            <RowActions label={`Actions for policy ${p.policy_number}`} viewLabel="View Details" href={`/dashboard/policies/${p.id}`} onDelete={() => setDeleting(p)} />
          )}
        />
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
