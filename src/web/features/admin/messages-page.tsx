// /admin/messages: the contact-form inbox, newest first.
import { format, parseISO } from 'date-fns';
import { Mail, MailOpen } from 'lucide-react';
import { MESSAGES_TEXT } from '#shared/admin.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { notify } from '#web/lib/toast.ts';
import { useAdminMessages, useMarkMessage } from './queries.ts';
import { usePageParam } from '#web/components/list-kit/use-page-param.ts';

export function AdminMessagesPage() {
  const [page, setPage] = usePageParam();
  const list = useAdminMessages(page);
  const mark = useMarkMessage();
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Contact Messages</h1>
        <p className="mt-1 text-slate-600">{data ? `${data.unread} unread of ${data.total}` : 'Messages sent through the contact form.'}</p>
      </div>
      {list.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner label="Loading messages" />
        </div>
      ) : list.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {MESSAGES_TEXT.loadFailed}: {errorMessage(list.error)}
        </p>
      ) : data && data.rows.length === 0 ? (
        <Card className="p-10 text-center text-slate-600">{MESSAGES_TEXT.empty}</Card>
      ) : (
        <ul className="space-y-3">
          {data?.rows.map((m) => (
            <li key={m.id}>
              <Card className={`p-4 ${m.read_at ? '' : 'border-l-4 border-l-brand-600'}`} data-testid="message">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="font-semibold text-slate-900">
                      {m.subject} {m.read_at ? null : <Badge tone="blue">New</Badge>}
                    </p>
                    <p className="text-sm text-slate-600">
                      {m.name} · <a className="text-brand-700 hover:underline" href={`mailto:${m.email}`}>{m.email}</a>
                      {m.company ? ` · ${m.company}` : ''} · {m.contact_reason} · {format(parseISO(m.created_at), 'MMM d, yyyy HH:mm')}
                    </p>
                  </div>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={mark.isPending}
                    onClick={() =>
                      mark.mutate(
                        { id: m.id, read: !m.read_at },
                        {
                          onSuccess: () => notify.success(m.read_at ? MESSAGES_TEXT.markedUnread : MESSAGES_TEXT.markedRead),
                          onError: (err) => notify.error('Error', errorMessage(err)),
                        },
                      )
                    }
                  >
                    {m.read_at ? <Mail className="h-4 w-4" aria-hidden /> : <MailOpen className="h-4 w-4" aria-hidden />}
                    {m.read_at ? 'Mark as unread' : 'Mark as read'}
                  </Button>
                </div>
                <p className="mt-3 whitespace-pre-line text-sm text-slate-800">{m.message}</p>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {data && data.total > data.pageSize ? (
        <div className="flex justify-end gap-2">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </div>
      ) : null}
    </div>
  );
}
