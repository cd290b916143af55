// The bell's popover: the newest notifications, each linking to its record. Opening one marks it
// read; "Mark all as read" clears the count. Loaded after the first screen (notification-bell.tsx).
import { useId } from 'react';
import { Popover } from 'radix-ui';
import { formatDistanceToNow } from 'date-fns';
import { useNavigate } from 'react-router';
import { NOTIFICATION_TEXT, type NotificationItem } from '#shared/notifications.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { cn } from '#web/lib/cn.ts';
import type { DeferredProps } from '#web/lib/deferred.tsx';
import { BellButton, useMarkRead, useNotifications } from './notification-data.tsx';

export function NotificationPopover({ defaultOpen }: DeferredProps) {
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
    <Popover.Root defaultOpen={defaultOpen}>
      <Popover.Trigger asChild>
        <BellButton unread={unread} />
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
