// /dashboard/bulk-actions/:id: one bulk action, its progress, and its journal (each record's
// before → after), linked from the activity log; Undo while it can be undone.
import { Link, useParams } from 'react-router';
import { BULK_TEXT, type BulkJournalEntry } from '#shared/bulk.ts';
import { DataList, type ListColumn } from '#web/components/list-kit/data-list.tsx';
import { ListError, ListSkeleton } from '#web/components/list-kit/list-states.tsx';
import { Pager } from '#web/components/list-parts.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { useBulkAction, useBulkJournal } from '#web/lib/bulk.ts';
import { BulkProgress, BulkStateBadge, UndoButton } from './bulk-parts.tsx';
import { usePageParam } from '#web/components/list-kit/use-page-param.ts';

const COLUMNS: ListColumn<BulkJournalEntry>[] = [
  { id: 'record', header: 'Record', primary: true, className: 'font-medium text-slate-900', cell: (j) => j.label },
  { id: 'before', header: 'Before', cell: (j) => j.before },
  { id: 'after', header: 'After', cell: (j) => j.after },
];

export function BulkActionPage() {
  const { id = '' } = useParams();
  const action = useBulkAction(id);
  const [page, setPage] = usePageParam();
  const journal = useBulkJournal(id, page);
  const info = action.data;
  if (action.isPending) return <ListSkeleton rows={3} />;
  if (action.isError || !info) return <ListError onRetry={() => action.refetch()}>{errorMessage(action.error)}</ListError>;
  const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <div className="space-y-6">
      <PageHeader
        title={info.summary}
        description={`Bulk action on ${info.entity}, started ${when(info.created_at)}${info.created_by_name ? ` by ${info.created_by_name}` : ''}.`}
        actions={
          <>
            <Button variant="outline" asChild>
              <Link to="/dashboard/bulk-actions">Back to Bulk Actions</Link>
            </Button>
            {info.can_undo ? <UndoButton info={info} /> : null}
          </>
        }
      />
      <Card className="grid gap-4 p-4 sm:grid-cols-2 lg:grid-cols-4">
        <Fact label="Status">{info.state === 'running' ? <BulkProgress info={info} /> : <BulkStateBadge state={info.state} />}</Fact>
        <Fact label="Changed">
          <span data-testid="bulk-changed">
            {info.changed.toLocaleString('en-US')} of {info.total.toLocaleString('en-US')}
          </span>
        </Fact>
        <Fact label="Not changed">
          {info.unchanged_count.toLocaleString('en-US')} already had the value; {info.ignored_count.toLocaleString('en-US')} not in your agency (ignored)
        </Fact>
        <Fact label="Undo">
          {info.undone_at ? `Undone ${when(info.undone_at)}` : info.can_undo ? `Available until ${when(info.undo_until)}` : info.state === 'running' ? BULK_TEXT.undoRunning : BULK_TEXT.undoExpired}
        </Fact>
        {info.message ? <p className="text-sm text-red-700 sm:col-span-2 lg:col-span-4">{info.message}</p> : null}
      </Card>
      <Card>
        <h2 className="border-b border-slate-200 p-4 text-lg font-semibold text-slate-900">Journal</h2>
        <DataList label="Journal" columns={COLUMNS} source={journal} rowKey={(j) => j.record_id} rowLabel={(j) => j.label} empty="No record was changed." />
        {journal.data && journal.data.total > journal.data.pageSize ? <Pager page={page} total={journal.data.total} pageSize={journal.data.pageSize} onPage={setPage} /> : null}
      </Card>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</p>
      <div className="mt-1 text-sm text-slate-800">{children}</div>
    </div>
  );
}
