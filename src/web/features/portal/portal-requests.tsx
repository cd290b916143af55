// A client's change requests: the form (a dialog) and the list with each request's state and reply.
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CHANGE_KIND_LABEL, CHANGE_KINDS, changeRequestSchema, REQUEST_STATE_LABEL, type PortalPolicy, type PortalRequest } from '#shared/portal.ts';
import { fieldErrors } from '#shared/validation.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { ApiError, apiPost, errorMessage } from '#web/lib/api.ts';
import { formatDay } from '#web/lib/format.ts';
import { notify } from '#web/lib/toast.ts';

const STATE_TONE = { received: 'blue', in_progress: 'yellow', done: 'green' } as const;

export function RequestChangeDialog({ policy, onClose }: { policy: PortalPolicy | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [kind, setKind] = useState('');
  const [details, setDetails] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = useMutation({
    mutationFn: (body: unknown) => apiPost<{ request: PortalRequest; message: string }>('/api/portal/requests', body),
    onSuccess: async (res) => {
      notify.success(res.message);
      await queryClient.invalidateQueries({ queryKey: ['portal', 'requests'] });
      setKind('');
      setDetails('');
      onClose();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.fields) setErrors(err.fields);
      else notify.error('Error', errorMessage(err));
    },
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!policy) return;
    const body = { policy_id: policy.id, kind, details };
    const parsed = changeRequestSchema.safeParse(body);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    send.mutate(body);
  };
  return (
    <Dialog open={policy !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent title="Request a change" description={policy ? `Policy ${policy.policy_number} · ${policy.carrier}` : undefined}>
        <form onSubmit={submit} noValidate className="space-y-4">
          <FormField label="What would you like to change?" error={errors.kind}>
            <select
              className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm"
              value={kind}
              onChange={(e) => setKind(e.target.value)}
            >
              <option value="">Choose…</option>
              {CHANGE_KINDS.map((k) => (
                <option key={k} value={k}>
                  {CHANGE_KIND_LABEL[k]}
                </option>
              ))}
            </select>
          </FormField>
          <FormField label="Details" error={errors.details} hint="Who, what and from when: your agent will get back to you.">
            <textarea className="min-h-28 w-full rounded-md border border-slate-300 px-3 py-2 text-sm" value={details} onChange={(e) => setDetails(e.target.value)} />
          </FormField>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? 'Sending...' : 'Send request'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function RequestList({ requests }: { requests: PortalRequest[] }) {
  if (!requests.length) return <p className="text-sm text-slate-500">No requests yet. Use “Request a change” on a policy.</p>;
  return (
    <ul className="space-y-3" aria-label="My requests">
      {requests.map((r) => (
        <li key={r.id} className="rounded-lg border border-slate-200 bg-white p-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-medium text-slate-900">
              {CHANGE_KIND_LABEL[r.kind]}
              {r.policy_number ? <span className="font-normal text-slate-500"> · {r.policy_number}</span> : null}
            </p>
            <Badge tone={STATE_TONE[r.state]}>{REQUEST_STATE_LABEL[r.state]}</Badge>
          </div>
          <p className="mt-1 whitespace-pre-wrap text-sm text-slate-700">{r.details}</p>
          <p className="mt-1 text-xs text-slate-500">Sent {formatDay(r.created_at.slice(0, 10))}</p>
          {r.reply ? (
            <div className="mt-3 rounded-md bg-slate-50 p-3 text-sm text-slate-800">
              <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Reply from your agent</p>
              <p className="mt-1 whitespace-pre-wrap">{r.reply}</p>
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
