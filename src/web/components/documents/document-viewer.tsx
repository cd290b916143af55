// Preview (images and PDFs, inline in a dialog) and download, each through a freshly signed 300 s link.
import { useState } from 'react';
import { Download, Eye, Loader2 } from 'lucide-react';
import { DOCUMENT_TEXT, PREVIEWABLE, type DocumentRow } from '#shared/documents.ts';
import { Button } from '../ui/button.tsx';
import { Dialog, DialogContent } from '../ui/dialog.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { fetchDocumentLink } from '#web/lib/documents.ts';
import { notify } from '#web/lib/toast.ts';

export function PreviewButton({ doc }: { doc: Pick<DocumentRow, 'id' | 'name' | 'content_type'> }) {
  const [url, setUrl] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  if (!PREVIEWABLE.includes(doc.content_type)) return null;
  async function open() {
    setPending(true);
    try {
      setUrl((await fetchDocumentLink(doc.id, 'inline')).url);
    } catch (err) {
      notify.error('Error', errorMessage(err));
    } finally {
      setPending(false);
    }
  }
  const isPdf = doc.content_type === 'application/pdf';
  return (
    <>
      <Button variant="ghost" size="sm" className="px-2 sm:px-3" onClick={open} disabled={pending} aria-label={`${DOCUMENT_TEXT.preview} ${doc.name}`}>
        {pending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : <Eye className="h-4 w-4" aria-hidden />}
        <span className="sr-only sm:not-sr-only">{DOCUMENT_TEXT.preview}</span>
      </Button>
      <Dialog open={url !== null} onOpenChange={(open) => !open && setUrl(null)}>
        <DialogContent title={doc.name} className="max-w-4xl">
          {url ? (
            isPdf ? (
              <iframe title={`Preview of ${doc.name}`} src={url} className="h-[70vh] w-full rounded border border-slate-200" />
            ) : (
              <img src={url} alt={`Preview of ${doc.name}`} className="mx-auto max-h-[70vh] w-full object-contain" />
            )
          ) : null}
        </DialogContent>
      </Dialog>
    </>
  );
}

export function DownloadButton({ doc }: { doc: Pick<DocumentRow, 'id' | 'name'> }) {
  const [pending, setPending] = useState(false);
  async function download() {
    setPending(true);
    try {
      const link = await fetchDocumentLink(doc.id, 'attachment');
      const a = document.createElement('a');
      a.href = link.url;
      a.download = doc.name;
      a.rel = 'noopener';
      document.body.append(a);
      a.click();
      a.remove();
    } catch (err) {
      notify.error('Error', errorMessage(err));
    } finally {
      setPending(false);
    }
  }
  return (
    <Button variant="ghost" size="sm" className="px-2 sm:px-3" onClick={download} disabled={pending} aria-label={`${DOCUMENT_TEXT.download} ${doc.name}`}>
      {pending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : <Download className="h-4 w-4" aria-hidden />}
      <span className="sr-only sm:not-sr-only">{DOCUMENT_TEXT.download}</span>
    </Button>
  );
}
