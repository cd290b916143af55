// Signatures on the agent's side (issue 32): "Request signature" beside a PDF on the Documents card,
// and the customer page's Signatures card with each request's state and a reminder.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PenLine } from 'lucide-react';
import { SIGNATURE_STATE_LABEL, type SignatureRequest } from '#shared/portal-messages.ts';
import { ListError, ListSkeleton } from '#web/components/list-kit/list-states.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { apiGet, apiPost, errorMessage } from '#web/lib/api.ts';
import { formatDay } from '#web/lib/format.ts';
import { useFeature } from '#web/lib/session.ts';
import { notify } from '#web/lib/toast.ts';

const signaturesKey = ['customer-signatures'] as const;
const TONE = { pending: 'blue', signed: 'green', declined: 'red', expired: 'gray' } as const;

export function RequestSignatureButton({ documentId, name }: { documentId: string; name: string }) {
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: () => apiPost<{ message: string }>(`/api/documents/${documentId}/signature`, {}),
    onSuccess: async (res) => {
      notify.success(res.message);
      await queryClient.invalidateQueries({ queryKey: signaturesKey });
    },
    onError: (err) => notify.error('Error', errorMessage(err)),
  });
  return (
    <Button variant="ghost" size="sm" onClick={() => send.mutate()} disabled={send.isPending} aria-label={`Request signature on ${name}`}>
      <PenLine className="h-4 w-4" aria-hidden /> <span className="hidden lg:inline">Request signature</span>
    </Button>
  );
}

function Row({ r }: { r: SignatureRequest }) {
  const queryClient = useQueryClient();
  const remind = useMutation({
    mutationFn: () => apiPost<{ message: string }>(`/api/signature-requests/${r.id}/remind`),
    onSuccess: async (res) => {
      notify.success(res.message);
      await queryClient.invalidateQueries({ queryKey: signaturesKey });
    },
    onError: (err) => notify.error('Error', errorMessage(err)),
  });
  return (
    <li className="space-y-1 py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 truncate text-sm font-medium text-slate-900">{r.document_name}</p>
        <Badge tone={TONE[r.state]}>{SIGNATURE_STATE_LABEL[r.state]}</Badge>
      </div>
      <p className="text-xs text-slate-500">
        Sent {formatDay(r.created_at.slice(0, 10))}
        {r.state === 'pending' ? ` · expires ${formatDay(r.expires_at.slice(0, 10))}` : ''}
        {r.reminded_at ? ` · reminded ${formatDay(r.reminded_at.slice(0, 10))}` : ''}
        {r.signed_at ? ` · signed ${formatDay(r.signed_at.slice(0, 10))} by ${r.signer_name}` : ''}
      </p>
      {r.decline_reason ? <p className="text-sm text-slate-700">Reason: {r.decline_reason}</p> : null}
      {r.signed_sha256 ? (
        <p className="break-all font-mono text-xs text-slate-500">
          Original SHA-256 {r.original_sha256} · signed SHA-256 {r.signed_sha256}
        </p>
      ) : null}
      {r.state === 'pending' ? (
        <Button variant="outline" size="sm" onClick={() => remind.mutate()} disabled={remind.isPending} aria-label={`Send a reminder for ${r.document_name}`}>
          Send a reminder
        </Button>
      ) : null}
    </li>
  );
}

export function SignaturesCard({ customerId }: { customerId: string }) {
  const { allowed } = useFeature('client-portal');
  const list = useQuery({
    queryKey: [...signaturesKey, customerId],
    queryFn: ({ signal }) => apiGet<{ requests: SignatureRequest[] }>(`/api/customers/${customerId}/signatures`, signal),
    enabled: allowed,
  });
  if (!allowed) return null;
  return (
    <Card id="portal-signatures">
      <CardHeader>
        <CardTitle>Signatures</CardTitle>
      </CardHeader>
      <CardContent>
        {list.isPending ? (
          <ListSkeleton rows={1} />
        ) : list.isError ? (
          <ListError onRetry={() => void list.refetch()}>Could not load the signature requests.</ListError>
        ) : list.data.requests.length === 0 ? (
          <p className="text-sm text-slate-500">No signature requests yet. Use “Request signature” beside a PDF on the Documents card.</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Signature requests">
            {list.data.requests.map((r) => (
              <Row key={r.id} r={r} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
