// A client portal message thread (issue 32), for the client (the portal) and the agent (the customer
// page): the messages, oldest first, and the form. Showing it marks the other side's messages read.
import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { portalMessageSchema, type PortalMessage, type PortalThread } from '#shared/portal-messages.ts';
import { fieldErrors } from '#shared/validation.ts';
import { ListError, ListSkeleton } from '#web/components/list-kit/list-states.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { ApiError, apiGet, apiPost, errorMessage } from '#web/lib/api.ts';
import { notify } from '#web/lib/toast.ts';

/** One message bubble: the reader's own on the right. */
export function MessageItem({ message, mine }: { message: PortalMessage; mine: boolean }) {
  return (
    <li className={`flex ${mine ? 'justify-end' : 'justify-start'}`}>
      <div className={`max-w-[85%] rounded-lg px-3 py-2 text-sm ${mine ? 'bg-brand-50 text-slate-900' : 'border border-slate-200 bg-white text-slate-900'}`}>
        <p className="text-xs text-slate-500">
          {message.author_name} · {new Date(message.created_at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}
          {!mine && message.read_at === null ? <span className="ml-1 font-semibold text-brand-700">· New</span> : null}
        </p>
        <p className="mt-1 whitespace-pre-wrap break-words">{message.body}</p>
      </div>
    </li>
  );
}

/** The thread and its form, for either side: `mine` says which messages are the reader's. */
export function Thread({ path, queryKey, mine, empty, label }: { path: string; queryKey: readonly unknown[]; mine: (m: PortalMessage) => boolean; empty: string; label: string }) {
  const queryClient = useQueryClient();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>();
  const thread = useQuery({ queryKey, queryFn: ({ signal }) => apiGet<PortalThread>(path, signal) });
  const unread = thread.data?.unread ?? 0;
  const markRead = useMutation({ mutationFn: () => apiPost<PortalThread>(`${path}/read`), onSuccess: (data) => queryClient.setQueryData(queryKey, data) });
  // seen once shown: the other side's new messages are read (the "New" marks stay until the next load)
  useEffect(() => {
    if (unread > 0 && !markRead.isPending) markRead.mutate();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [unread]);
  const send = useMutation({
    mutationFn: (text: string) => apiPost<{ message: PortalMessage; notice: string }>(path, { body: text }),
    onSuccess: async (res) => {
      notify.success(res.notice);
      setBody('');
      await queryClient.invalidateQueries({ queryKey });
    },
    onError: (err) => (err instanceof ApiError && err.fields?.body ? setError(err.fields.body) : notify.error('Error', errorMessage(err))),
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = portalMessageSchema.safeParse({ body });
    if (!parsed.success) return setError(fieldErrors(parsed.error).body);
    setError(undefined);
    send.mutate(parsed.data.body);
  };
  return (
    <div className="space-y-3">
      {thread.isPending ? (
        <ListSkeleton rows={1} />
      ) : thread.isError ? (
        <ListError onRetry={() => void thread.refetch()}>Could not load the messages.</ListError>
      ) : thread.data.messages.length === 0 ? (
        <p className="text-sm text-slate-500">{empty}</p>
      ) : (
        <ol className="max-h-96 space-y-2 overflow-y-auto rounded-lg bg-slate-50 p-3" aria-label={label}>
          {thread.data.messages.map((m) => (
            <MessageItem key={m.id} message={m} mine={mine(m)} />
          ))}
        </ol>
      )}
      <form onSubmit={submit} noValidate className="space-y-2">
        <FormField label="Your message" error={error}>
          <textarea className="min-h-24 w-full rounded-md border border-slate-300 px-3 py-2 text-sm" value={body} onChange={(e) => setBody(e.target.value)} />
        </FormField>
        <Button type="submit" disabled={send.isPending} className="w-full sm:w-auto">
          {send.isPending ? 'Sending...' : 'Send message'}
        </Button>
      </form>
    </div>
  );
}
