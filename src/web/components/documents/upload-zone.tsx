// Drag and drop or pick files, several at once: each file is its own upload with its own progress
// bar and its own error (the server decides every type by content; the accept list is a hint).
import { useRef, useState, type DragEvent } from 'react';
import { CheckCircle2, UploadCloud, XCircle } from 'lucide-react';
import { DOCUMENT_TEXT, DOCUMENT_TYPES } from '#shared/documents.ts';
import { acceptAttribute } from '#shared/files.ts';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '../ui/button.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { cn } from '#web/lib/cn.ts';
import { documentKeys, uploadDocumentFile } from '#web/lib/documents.ts';
import { notify } from '#web/lib/toast.ts';

interface Item {
  key: number;
  name: string;
  progress: number;
  state: 'uploading' | 'done' | 'failed';
  error?: string;
}

let nextKey = 0;

export function UploadZone({ target }: { target: { customer_id?: string; policy_id?: string } }) {
  const input = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<Item[]>([]);
  const [over, setOver] = useState(false);
  const qc = useQueryClient();
  const patch = (key: number, change: Partial<Item>) => setItems((list) => list.map((i) => (i.key === key ? { ...i, ...change } : i)));

  function start(files: FileList | File[]) {
    const list = Array.from(files);
    if (!list.length) return;
    const added = list.map((f) => ({ key: (nextKey += 1), name: f.name, progress: 0, state: 'uploading' as const }));
    setItems((current) => [...added, ...current.filter((i) => i.state === 'uploading')]);
    list.forEach((file, n) => {
      const key = added[n].key;
      uploadDocumentFile(file, target, (progress) => patch(key, { progress }))
        .then((doc) => {
          patch(key, { state: 'done', progress: 1 });
          notify.success('Success', DOCUMENT_TEXT.uploaded(doc.name));
          void qc.invalidateQueries({ queryKey: documentKeys.all });
        })
        .catch((err) => patch(key, { state: 'failed', error: errorMessage(err) }));
    });
  }

  function onDrop(e: DragEvent<HTMLDivElement>) {
    e.preventDefault();
    setOver(false);
    start(e.dataTransfer.files);
  }

  return (
    <div>
      <div
        data-testid="document-dropzone"
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        className={cn('flex flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center text-sm', over ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-slate-50')}
      >
        <UploadCloud className="h-6 w-6 text-slate-400" aria-hidden />
        <p className="text-slate-700">
          {DOCUMENT_TEXT.dropHere}{' '}
          <Button type="button" variant="link" className="h-auto" onClick={() => input.current?.click()}>
            {DOCUMENT_TEXT.choose.toLowerCase()}
          </Button>
        </p>
        <p className="text-xs text-slate-500">{DOCUMENT_TEXT.accepted}</p>
        <input
          ref={input}
          type="file"
          multiple
          className="sr-only"
          aria-label={DOCUMENT_TEXT.choose}
          accept={acceptAttribute(DOCUMENT_TYPES)}
          onChange={(e) => {
            if (e.target.files) start(e.target.files);
            e.target.value = '';
          }}
        />
      </div>
      {items.length ? (
        <ul className="mt-3 space-y-2" aria-label="Uploads">
          {items.map((item) => (
            <li key={item.key} className="text-sm" data-testid="upload-item">
              <div className="flex items-center gap-2">
                {item.state === 'done' ? <CheckCircle2 className="h-4 w-4 text-green-600" aria-hidden /> : null}
                {item.state === 'failed' ? <XCircle className="h-4 w-4 text-red-600" aria-hidden /> : null}
                <span className="min-w-0 flex-1 truncate text-slate-800">{item.name}</span>
                <span className="tabular-nums text-xs text-slate-500">{item.state === 'failed' ? 'Failed' : `${Math.round(item.progress * 100)}%`}</span>
              </div>
              <div
                className="mt-1 h-1.5 w-full overflow-hidden rounded-full bg-slate-200"
                role="progressbar"
                aria-label={`Uploading ${item.name}`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(item.progress * 100)}
              >
                <div className={cn('h-full rounded-full', item.state === 'failed' ? 'bg-red-500' : 'bg-brand-600')} style={{ width: `${Math.round(item.progress * 100)}%` }} />
              </div>
              {item.error ? (
                <p role="alert" className="mt-1 text-xs text-red-700">
                  {item.error}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
