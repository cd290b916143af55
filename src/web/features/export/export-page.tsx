// /dashboard/export (Professional and above): the whole book as one zip, with a progress bar while
// it streams in, and the files and columns documented.
import { useRef, useState } from 'react';
import { Download } from 'lucide-react';
import { EXPORT_FILES, EXPORT_TEXT, MANIFEST_FILE } from '#shared/export.ts';
import { REPORT_TEXT } from '#shared/reports.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { notify } from '#web/lib/toast.ts';
import { PageHeader } from '#web/components/page-header.tsx';
import { downloadExport, formatBytes, type ExportProgress } from './download.ts';
import { ExportColumnsTable } from './export-columns-table.tsx';
import { ImportPanel } from './import-panel.tsx';

export function ExportPage() {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const running = progress !== null && !progress.done;
  const abort = useRef<AbortController | null>(null);
  const start = async () => {
    setError(null);
    setProgress({ bytes: 0, done: false });
    abort.current = new AbortController();
    try {
      await downloadExport(setProgress, abort.current.signal);
      notify.success(EXPORT_TEXT.done);
    } catch (err) {
      setProgress(null);
      setError(EXPORT_TEXT.failed(errorMessage(err)));
    }
  };
  return (
    <div className="space-y-6">
      <PageHeader title={EXPORT_TEXT.title} description={EXPORT_TEXT.description} />
      <Card>
        <CardHeader>
          <CardTitle>Full export</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <Button onClick={start} disabled={running}>
            <Download className="h-4 w-4" aria-hidden /> {running ? EXPORT_TEXT.downloading : EXPORT_TEXT.download}
          </Button>
          {progress ? (
            <div className="space-y-1" data-testid="export-progress">
              {/* no total is known while the archive streams: indeterminate until done */}
              <progress className="h-2 w-full" aria-label="Export progress" max={1} {...(progress.done ? { value: 1 } : {})} />
              <p className="text-sm text-slate-600" aria-live="polite">
                {progress.done ? `${EXPORT_TEXT.done} (${formatBytes(progress.bytes)})` : EXPORT_TEXT.received(formatBytes(progress.bytes))}
              </p>
            </div>
          ) : null}
          {error ? (
            <p role="alert" className="text-sm text-red-600">
              {error}
            </p>
          ) : null}
          <p className="text-xs text-slate-500">{REPORT_TEXT.csvFormat}</p>
        </CardContent>
      </Card>
      <ImportPanel />
      <Card>
        <CardHeader>
          <CardTitle>What the archive contains</CardTitle>
        </CardHeader>
        <CardContent className="space-y-6">
          {Object.values(EXPORT_FILES).map((file) => (
            <section key={file.name} aria-labelledby={`file-${file.name}`}>
              <h3 id={`file-${file.name}`} className="font-mono text-sm font-semibold text-slate-900">
                {file.name}
              </h3>
              <p className="mb-2 text-sm text-slate-600">{file.about}</p>
              <ExportColumnsTable file={file} />
            </section>
          ))}
          <section>
            <h3 className="font-mono text-sm font-semibold text-slate-900">{MANIFEST_FILE}</h3>
            <p className="text-sm text-slate-600">{EXPORT_TEXT.manifestAbout}</p>
          </section>
        </CardContent>
      </Card>
    </div>
  );
}
