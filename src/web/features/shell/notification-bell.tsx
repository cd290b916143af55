// The header bell: the unread count, and a popover with the newest notifications, each linking to
// its record. Opening one marks it read; "Mark all as read" clears the count.
import { useId } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Popover } from 'radix-ui';
import { formatDistanceToNow } from 'date-fns';
import { Bell } from 'lucide-react';
import { useNavigate } from 'react-router';
import { NOTIFICATION_TEXT, type NotificationItem, type NotificationList } from '#shared/notifications.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { apiGet, apiPost, errorMessage } from '#web/lib/api.ts';
import { cn } from '#web/lib/cn.ts';

const key = ['notifications'] as const;

function useNotifications() {
  // a minute is soon enough for an assignment or a payment decision, and cheap for the server
  return useQuery({ queryKey: key, queryFn: ({ signal }) => apiGet<NotificationList>('/api/notifications', signal), refetchInterval: 60_000 });
}

function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string | 'all') => apiPost(id === 'all' ? '/api/notifications/read-all' : `/api/notifications/${encodeURIComponent(id)}/read`),
    onSettled: () => qc.invalidateQueries({ queryKey: key }),
  });
}

export function NotificationBell() {
  const titleId = useId();
  const list = useNotifications();
  const markRead = useMarkRead();
  const navigate = useNavigate();
  const unread = list.data?.unread ?? 0;
  const open = (n: NotificationItem) => {
    if (!n.read) markRead.mutate(n.id);
    navigate(n.link);
  };
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <button type="button" className="relative rounded-full p-2 text-slate-600 hover:bg-slate-100" aria-label={NOTIFICATION_TEXT.bellLabel(unread)}>
          <Bell className="h-5 w-5" aria-hidden />
          {unread > 0 ? (
            <span data-testid="unread-count" className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-semibold leading-5 text-white">
              {unread > 99 ? '99+' : unread}
            </span>
          ) : null}
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        {/* Radix gives the panel role="dialog"; its heading names it (issue 30: it had no name). Escape closes it. */}
        <Popover.Content aria-labelledby={titleId} align="end" sideOffset={8} className="z-50 w-[calc(100vw-2rem)] max-w-sm rounded-lg border border-slate-200 bg-white shadow-lg focus:outline-none">
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <h2 id={titleId} className="text-sm font-semibold text-slate-900">
              {NOTIFICATION_TEXT.title}
            </h2>
            <Button variant="link" size="sm" className="h-auto px-0" disabled={unread === 0 || markRead.isPending} onClick={() => markRead.mutate('all')}>
              {NOTIFICATION_TEXT.markAllRead}
            </Button>
          </div>
          {list.isPending ? (
            <Spinner label="Loading notifications" className="mx-auto my-6" />
          ) : list.isError ? (
            <div role="alert" className="flex flex-col items-center gap-2 px-4 py-6 text-sm text-red-600">
              {NOTIFICATION_TEXT.loadError} {errorMessage(list.error)}
              <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
                Try again
              </Button>
            </div>
          ) : list.data.rows.length === 0 ? (
            <p className="px-4 py-6 text-center text-sm text-slate-500">{NOTIFICATION_TEXT.empty}</p>
          ) : (
            <ul aria-label={NOTIFICATION_TEXT.title} className="max-h-96 divide-y divide-slate-100 overflow-y-auto">
              {list.data.rows.map((n) => (
                <li key={n.id}>
                  <Popover.Close asChild>
                    <button
                      type="button"
                      onClick={() => open(n)}
                      className={cn('block w-full px-4 py-3 text-left text-sm hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none', n.read ? 'text-slate-600' : 'font-medium text-slate-900')}
                      data-testid="notification"
                    >
                      {n.read ? null : <span className="mr-2 inline-block h-2 w-2 rounded-full bg-brand-600" aria-label="Unread" />}
                      {n.title}
                      <span className="mt-0.5 block text-xs font-normal text-slate-500">{formatDistanceToNow(new Date(n.created_at), { addSuffix: true })}</span>
                    </button>
                  </Popover.Close>
                </li>
              ))}
            </ul>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
