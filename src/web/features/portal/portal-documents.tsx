// Documents for me: what the agent shared from the client's record and policies, to open or download,
// the files the client sent, and the form to send one (proof of address, photos of damage).
import { useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileDown, FileText, Upload } from 'lucide-react';
import { DOCUMENT_MAX_BYTES, DOCUMENT_TEXT, documentTypeLabel, formatStorage } from '#shared/documents.ts';
import type { PortalDocument } from '#shared/portal.ts';
import { ListError, ListSkeleton } from '#web/components/list-kit/list-states.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { api, apiGet, errorMessage } from '#web/lib/api.ts';
import { formatDay } from '#web/lib/format.ts';
import { notify } from '#web/lib/toast.ts';

function SendFile() {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | undefined>();
  const send = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api<{ message: string }>('/api/portal/documents/upload', { method: 'POST', body: form });
    },
    onSuccess: async (res) => {
      notify.success(res.message);
      if (input.current) input.current.value = '';
      await queryClient.invalidateQueries({ queryKey: ['portal', 'documents'] });
    },
    onError: (err) => setError(errorMessage(err)),
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) return setError(DOCUMENT_TEXT.fileRequired);
    if (file.size > DOCUMENT_MAX_BYTES) return setError(DOCUMENT_TEXT.tooLarge);
    setError(undefined);
    send.mutate(file);
  };
  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-2 rounded-xl border border-dashed border-slate-300 bg-white p-4">
      <FormField label="Send a file to your agency" error={error} hint="Proof of address, photos of damage: PDF, JPEG, PNG, GIF, HEIC, Word or Excel, up to 25 MB.">
        <input ref={input} type="file" className="block w-full text-sm" />
      </FormField>
      <Button type="submit" disabled={send.isPending} className="w-full sm:w-auto">
        <Upload className="h-4 w-4" aria-hidden /> {send.isPending ? 'Sending...' : 'Send file'}
      </Button>
    </form>
  );
}

export function PortalDocuments() {
  return (
    <>
      <DocumentList />
      <SendFile />
    </>
  );
}

function DocumentList() {
  const docs = useQuery({ queryKey: ['portal', 'documents'], queryFn: ({ signal }) => apiGet<{ documents: PortalDocument[] }>('/api/portal/documents', signal) });
  if (docs.isPending) return <ListSkeleton rows={1} />;
  if (docs.isError) return <ListError onRetry={() => void docs.refetch()}>Could not load your documents.</ListError>;
  if (!docs.data.documents.length) return <p className="text-sm text-slate-500">No documents shared with you yet.</p>;
  return (
    <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white" aria-label="Documents for me">
      {docs.data.documents.map((d) => (
        <li key={d.id} className="flex flex-wrap items-center gap-2 p-3">
          <FileText className="h-5 w-5 shrink-0 text-slate-400" aria-hidden />
          {/* a phone puts the buttons under the name, which is read whole (never cut to "Declarations.…") */}
          <div className="min-w-0 flex-1 basis-48">
            <p className="text-sm font-medium break-words text-slate-900">
              {d.name}
              {d.from_client ? (
                <Badge tone="purple" className="ml-2">
                  Sent by you
                </Badge>
              ) : null}
            </p>
            <p className="text-xs text-slate-500">
              {documentTypeLabel(d.content_type)} · {formatStorage(d.size)} · {formatDay(d.created_at.slice(0, 10))}
              {d.policy_number ? ` · ${d.policy_number}` : ''}
            </p>
          </div>
          <div className="ml-auto flex gap-2">
            <Button variant="ghost" size="sm" asChild>
              <a href={`/api/portal/documents/${d.id}`} target="_blank" rel="noopener" aria-label={`Open ${d.name}`}>
                Open
              </a>
            </Button>
            <Button variant="outline" size="sm" asChild>
              <a href={`/api/portal/documents/${d.id}?download=1`} download aria-label={`Download ${d.name}`}>
                <FileDown className="h-4 w-4" aria-hidden /> Download
              </a>
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
