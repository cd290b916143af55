// Documents for me: what the agent shared from the client's record and policies, to open or download.
import { useQuery } from '@tanstack/react-query';
import { FileDown, FileText } from 'lucide-react';
import { documentTypeLabel, formatStorage } from '#shared/documents.ts';
import type { PortalDocument } from '#shared/portal.ts';
import { ListError, ListSkeleton } from '#web/components/list-kit/list-states.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { apiGet } from '#web/lib/api.ts';
import { formatDay } from '#web/lib/format.ts';

export function PortalDocuments() {
  const docs = useQuery({ queryKey: ['portal', 'documents'], queryFn: ({ signal }) => apiGet<{ documents: PortalDocument[] }>('/api/portal/documents', signal) });
  if (docs.isPending) return <ListSkeleton rows={1} />;
  if (docs.isError) return <ListError onRetry={() => void docs.refetch()}>Could not load your documents.</ListError>;
  if (!docs.data.documents.length) return <p className="text-sm text-slate-500">No documents shared with you yet.</p>;
  return (
    <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white" aria-label="Documents for me">
      {docs.data.documents.map((d) => (
        <li key={d.id} className="flex flex-wrap items-center gap-2 p-3">
          <FileText className="h-5 w-5 shrink-0 text-slate-400" aria-hidden />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-slate-900">{d.name}</p>
            <p className="text-xs text-slate-500">
              {documentTypeLabel(d.content_type)} · {formatStorage(d.size)} · {formatDay(d.created_at.slice(0, 10))}
              {d.policy_number ? ` · ${d.policy_number}` : ''}
            </p>
          </div>
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
        </li>
      ))}
    </ul>
  );
}
