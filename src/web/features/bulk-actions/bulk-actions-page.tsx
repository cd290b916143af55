// /dashboard/bulk-actions (Business and above): pick policies or customers (some, a page, or all
// that match), act on them through the bulk bar, and follow or undo the Recent bulk actions.
import { Link, useSearchParams } from 'react-router';
import { BULK_TEXT, BULK_STATE_LABEL, type BulkActionInfo, type BulkEntity } from '#shared/bulk.ts';
import { DataList, type ListColumn } from '#web/components/list-kit/data-list.tsx';
import { CustomerList } from '#web/components/lists/customer-list.tsx';
import { PolicyList } from '#web/components/lists/policy-list.tsx';
import { Pager } from '#web/components/list-parts.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Tabs, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
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
        {/* the same lists as the Policies and Customers pages, without their row actions */}
        {on === 'policies' ? <PolicyList /> : <CustomerList />}
      </Card>
    </div>
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
