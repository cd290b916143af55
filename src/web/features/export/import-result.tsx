// The latest import: its progress while it runs (found again after a reload), then its counts,
// why rows were skipped or failed, the file of those rows to fix and import again, and the one-step undo.
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

/** Why rows were skipped or failed, row by row (the first RESULT_ISSUES; the file has them all). */
function ImportIssues({ job }: { job: ImportJob }) {
  const count = job.skipped + job.failed;
  if (!count || !job.issues.length) return null;
  return (
    <details className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm" open={count <= OPEN_UP_TO} data-testid="import-issues">
      <summary className="cursor-pointer font-medium text-slate-900">{IMPORT_TEXT.problemsTitle(count)}</summary>
      <ul className="mt-2 space-y-1">
        {job.issues.map((issue) => (
          <li key={issue.line} className="break-words text-slate-700">
            <span className="font-medium text-slate-900">
              {IMPORT_TEXT.rowColumn} {issue.line}:
            </span>{' '}
            <span className={issue.outcome === 'failed' ? 'text-red-700' : undefined}>
              {issue.outcome === 'failed' ? `${IMPORT_TEXT.outcomeFailed}: ` : ''}
              {issue.reason}
            </span>
          </li>
        ))}
      </ul>
      {count > job.issues.length ? <p className="mt-1 text-slate-500">{IMPORT_TEXT.problemsMore(count - job.issues.length)}</p> : null}
    </details>
  );
}

/** A few reasons are shown at once; more are a click away. */
const OPEN_UP_TO = 5;

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
      <ImportIssues job={job} />
      {job.status !== 'running' ? (
        <div className="flex flex-wrap gap-2">
          {job.failed || job.skipped ? (
            // the label wraps at 390 px rather than leave the card
            <Button variant="outline" size="sm" className="h-auto min-h-8 whitespace-normal py-1 text-left" asChild>
              <a href={`/api/imports/${job.id}/failures`} download aria-describedby="import-download-hint">
                {IMPORT_TEXT.downloadProblems}
              </a>
            </Button>
          ) : null}
          {job.undoable ? (
            <Button
              variant="outline"
              size="sm"
              disabled={undo.isPending}
              onClick={() =>
                undo.mutateAsync(job.id).then(
                  () => notify.success(IMPORT_TEXT.undone),
                  (err: unknown) => notify.error(errorMessage(err)),
                )
              }
            >
              Undo this import
            </Button>
          ) : null}
        </div>
      ) : null}
      {job.status !== 'running' && (job.failed || job.skipped) ? (
        <p id="import-download-hint" className="text-xs text-slate-500">
          {IMPORT_TEXT.downloadHint}
        </p>
      ) : null}
    </section>
  );
}
