// The latest import: its progress while it runs (found again after a reload), then its counts,
// the failures CSV and the one-step undo.
import { format } from 'date-fns';
import { IMPORT_TEXT, type ImportJob } from '#shared/imports.ts';
import { Button } from '#web/components/ui/button.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { notify } from '#web/lib/toast.ts';
import { useUndoImport } from './queries.ts';

const STATUS_TEXT: Record<ImportJob['status'], string> = {
  running: 'Importing…',
  done: 'Import finished',
  stopped: 'Import stopped',
  failed: 'Import failed',
  undone: 'Import undone',
};

export function ImportResult({ job }: { job: ImportJob }) {
  const undo = useUndoImport();
  const percent = job.total ? Math.round((job.processed / job.total) * 100) : 100;
  return (
    <section aria-label="Latest import" className="space-y-2 rounded-md border border-slate-200 p-4" data-testid="import-result">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold text-slate-900">{STATUS_TEXT[job.status]}</h3>
        <span className="text-xs text-slate-500">
          {job.file_name} · {format(new Date(job.created_at), 'MMM dd, yyyy h:mm a')}
        </span>
      </div>
      <progress className="h-2 w-full" aria-label="Import progress" max={job.total || 1} value={job.processed} />
      <p className="text-sm text-slate-700" aria-live="polite">
        {job.processed.toLocaleString('en-US')} of {job.total.toLocaleString('en-US')} rows ({percent}%) · Imported {job.imported} · Updated {job.updated} · Skipped{' '}
        {job.skipped} · Failed {job.failed}
      </p>
      {job.message ? (
        <p role="alert" className="text-sm text-red-600">
          {job.message}
        </p>
      ) : null}
      {job.status !== 'running' ? (
        <div className="flex flex-wrap gap-2">
          {job.failed ? (
            <Button variant="outline" size="sm" asChild>
              <a href={`/api/imports/${job.id}/failures`} download>
                Download failures CSV
              </a>
            </Button>
          ) : null}
          {job.undoable ? (
            <Button
              variant="outline"
              size="sm"
              disabled={undo.isPending}
              onClick={() =>
                undo.mutate(job.id, { onSuccess: () => notify.success(IMPORT_TEXT.undone), onError: (err) => notify.error(errorMessage(err)) })
              }
            >
              Undo this import
            </Button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
