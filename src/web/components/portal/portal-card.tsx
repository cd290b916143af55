// The customer page's Client portal card: invite the customer (an e-mail in the agency's name with a
// link to /portal), revoke access (their sessions end at once), and answer their change requests.
import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { CHANGE_KIND_LABEL, REQUEST_STATE_LABEL, REQUEST_STATES, type PortalRequest, type RequestState } from '#shared/portal.ts';
import { ListError, ListSkeleton } from '#web/components/list-kit/list-states.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { ConfirmDialog } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { apiGet, apiPatch, apiPost, errorMessage } from '#web/lib/api.ts';
import { formatDay } from '#web/lib/format.ts';
import { useFeature } from '#web/lib/session.ts';
import { notify } from '#web/lib/toast.ts';

interface PortalStatus {
  invited: boolean;
  invited_at: string | null;
  email: string;
  requests: PortalRequest[];
}

const portalKey = (customerId: string) => ['customer-portal', customerId] as const;

function RequestAnswer({ request, customerId }: { request: PortalRequest; customerId: string }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<RequestState>(request.state);
  const [reply, setReply] = useState(request.reply ?? '');
  const save = useMutation({
    mutationFn: () => apiPatch(`/api/portal-requests/${request.id}`, { state, reply }),
    onSuccess: async () => {
      notify.success('Request updated.');
      await queryClient.invalidateQueries({ queryKey: portalKey(customerId) });
    },
    onError: (err) => notify.error('Error', errorMessage(err)),
  });
  return (
    <li className="space-y-3 rounded-lg border border-slate-200 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium text-slate-900">
          {CHANGE_KIND_LABEL[request.kind]}
          {request.policy_number ? <span className="font-normal text-slate-500"> · {request.policy_number}</span> : null}
        </p>
        <Badge tone={request.state === 'done' ? 'green' : request.state === 'in_progress' ? 'yellow' : 'blue'}>{REQUEST_STATE_LABEL[request.state]}</Badge>
      </div>
      <p className="whitespace-pre-wrap text-sm text-slate-700">{request.details}</p>
      <p className="text-xs text-slate-500">Sent {formatDay(request.created_at.slice(0, 10))} through the client portal</p>
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField label="State">
          <select className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm" value={state} onChange={(e) => setState(e.target.value as RequestState)}>
            {REQUEST_STATES.map((s) => (
              <option key={s} value={s}>
                {REQUEST_STATE_LABEL[s]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label="Reply to the client" className="sm:col-span-2">
          <textarea className="min-h-10 w-full rounded-md border border-slate-300 px-3 py-2 text-sm" value={reply} onChange={(e) => setReply(e.target.value)} />
        </FormField>
      </div>
      <Button size="sm" onClick={() => save.mutate()} disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save answer'}
      </Button>
    </li>
  );
}

export function PortalCard({ customerId }: { customerId: string }) {
  const { allowed } = useFeature('client-portal');
  const queryClient = useQueryClient();
  const [revoking, setRevoking] = useState(false);
  const status = useQuery({
    queryKey: portalKey(customerId),
    queryFn: ({ signal }) => apiGet<PortalStatus>(`/api/customers/${customerId}/portal`, signal),
    enabled: allowed,
  });
  const act = useMutation({
    mutationFn: (what: 'invite' | 'revoke') => apiPost<PortalStatus & { message: string }>(`/api/customers/${customerId}/portal/${what}`),
    onSuccess: (res) => {
      notify.success(res.message);
      setRevoking(false);
      queryClient.setQueryData(portalKey(customerId), res);
    },
    onError: (err) => notify.error('Error', errorMessage(err)),
  });
  return (
    <Card id="client-portal">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 space-y-0">
        <CardTitle>Client portal</CardTitle>
        {allowed && status.isSuccess ? (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => act.mutate('invite')} disabled={act.isPending}>
              <Send className="h-4 w-4" aria-hidden /> {status.data.invited ? 'Send the invitation again' : 'Invite to portal'}
            </Button>
            {status.data.invited ? (
              <Button size="sm" variant="outline" onClick={() => setRevoking(true)} disabled={act.isPending}>
                Revoke access
              </Button>
            ) : null}
          </div>
        ) : null}
      </CardHeader>
      <CardContent className="space-y-4">
        {!allowed ? (
          <p className="text-sm text-slate-600">
            Let your clients see their policies, download ID cards and ask for changes: available on the Business plan and above.{' '}
            <Link className="text-brand-700 underline hover:text-brand-800" to="/pricing">
              See plans
            </Link>
          </p>
        ) : status.isPending ? (
          <ListSkeleton rows={1} />
        ) : status.isError ? (
          <ListError onRetry={() => void status.refetch()}>Could not load the portal access.</ListError>
        ) : (
          <>
            <p className="text-sm text-slate-700">
              {status.data.invited
                ? `Invited on ${formatDay(status.data.invited_at!.slice(0, 10))}: ${status.data.email} signs in at /portal with an e-mailed code.`
                : 'Not invited yet. The invitation is an e-mail in your agency’s name with a link to the portal.'}
            </p>
            <div>
              <h3 className="mb-2 text-sm font-semibold text-slate-900">Change requests</h3>
              {status.data.requests.length === 0 ? (
                <p className="text-sm text-slate-500">No requests from this client yet.</p>
              ) : (
                <ul className="space-y-3" aria-label="Change requests">
                  {status.data.requests.map((r) => (
                    <RequestAnswer key={`${r.id}:${r.updated_at}`} request={r} customerId={customerId} />
                  ))}
                </ul>
              )}
            </div>
          </>
        )}
      </CardContent>
      <ConfirmDialog
        open={revoking}
        onOpenChange={setRevoking}
        title="Revoke portal access?"
        description="The client is signed out of the portal at once and can no longer sign in until you invite them again."
        confirmLabel="Revoke access"
        onConfirm={() => act.mutate('revoke')}
        pending={act.isPending}
      />
    </Card>
  );
}
