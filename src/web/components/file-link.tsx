// Opens a stored file through a freshly signed, 300-second link.
import { useState } from 'react';
import { FileText, Loader2 } from 'lucide-react';
import { errorMessage } from '../lib/api.ts';
import { notify } from '../lib/toast.ts';
import { cn } from '../lib/cn.ts';
import { fetchFileLink } from '../lib/files.ts';

export function FileLinkButton({ fileId, fileName, className }: { fileId: string; fileName: string; className?: string }) {
  const [pending, setPending] = useState(false);
  async function open() {
    // Open the tab synchronously (pop-up blockers), then point it at the signed link.
    const tab = window.open('', '_blank');
    setPending(true);
    try {
      const link = await fetchFileLink(fileId);
      if (tab) {
        tab.opener = null;
        tab.location.href = link.url;
      } else window.location.assign(link.url);
    } catch (err) {
      tab?.close();
      notify.error('Error', errorMessage(err));
    } finally {
      setPending(false);
    }
  }
  return (
    <button
      type="button"
      onClick={open}
      className={cn('inline-flex max-w-full items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline', className)}
      aria-label={`Open ${fileName}`}
    >
      {pending ? <Loader2 className="h-4 w-4 shrink-0 animate-spin" aria-hidden /> : <FileText className="h-4 w-4 shrink-0" aria-hidden />}
      <span className="truncate">{fileName}</span>
    </button>
  );
}
