// Small parts of the bulk pages: the progress bar of a running job, the state badge, and Undo.
import { useState } from 'react';
import { Undo2 } from 'lucide-react';
import { BULK_STATE_LABEL, BULK_TEXT, noun, type BulkActionInfo, type BulkState } from '#shared/bulk.ts';
import { Badge, type BadgeTone } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/dialog.tsx';
import { useUndoBulk } from '#web/lib/bulk.ts';

const TONE: Record<BulkState, BadgeTone> = { running: 'blue', done: 'green', failed: 'red', undone: 'gray' };

export function BulkStateBadge({ state }: { state: BulkState }) {
  return <Badge tone={TONE[state]}>{BULK_STATE_LABEL[state]}</Badge>;
}

export function BulkProgress({ info }: { info: BulkActionInfo }) {
  const percent = info.total ? Math.round((info.processed / info.total) * 100) : 0;
  return (
    <div className="min-w-40 space-y-1">
      <div
        role="progressbar"
        aria-label={`Progress of ${info.summary}`}
        aria-valuemin={0}
        aria-valuemax={info.total}
        aria-valuenow={info.processed}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-xs text-slate-600" data-testid="bulk-progress">
        {info.processed.toLocaleString('en-US')} of {info.total.toLocaleString('en-US')} ({percent}%)
      </p>
    </div>
  );
}

export function UndoButton({ info }: { info: BulkActionInfo }) {
  const [open, setOpen] = useState(false);
  const undo = useUndoBulk();
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)} aria-label={`Undo ${info.summary}`}>
        <Undo2 className="h-4 w-4" aria-hidden /> {BULK_TEXT.undo}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Undo “${info.summary}”?`}
        description={`The ${info.changed.toLocaleString('en-US')} ${noun(info.entity, info.changed)} it changed get their previous values back${info.kind === 'delete' ? ' (deleted records are restored with their links)' : ''}. If any of them was changed since, nothing is undone.`}
        confirmLabel={BULK_TEXT.undo}
        destructive={false}
        pending={undo.isPending}
        onConfirm={() =>
          undo.mutate(info.id, { onSettled: () => setOpen(false) })
        }
      />
    </>
  );
}
