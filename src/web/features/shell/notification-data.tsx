// The bell's data (the notifications query, marking read) and the bell button with its count: used by
// the stand-in and by the popover.
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { NOTIFICATION_TEXT, type NotificationList } from '#shared/notifications.ts';
import { apiGet, apiPost } from '#web/lib/api.ts';

const key = ['notifications'] as const;

export function useNotifications() {
  // a minute is soon enough for an assignment or a payment decision, and cheap for the server
  return useQuery({ queryKey: key, queryFn: ({ signal }) => apiGet<NotificationList>('/api/notifications', signal), refetchInterval: 60_000 });
}

export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string | 'all') => apiPost(id === 'all' ? '/api/notifications/read-all' : `/api/notifications/${encodeURIComponent(id)}/read`),
    onSettled: () => qc.invalidateQueries({ queryKey: key }),
  });
}

/** The bell with its count; Radix's trigger passes its props and ref through (asChild). */
export const BellButton = forwardRef<HTMLButtonElement, { unread: number } & ComponentPropsWithoutRef<'button'>>(function BellButton({ unread, ...props }, ref) {
  return (
    <button ref={ref} type="button" className="relative rounded-full p-2 text-slate-600 hover:bg-slate-100" aria-label={NOTIFICATION_TEXT.bellLabel(unread)} {...props}>
      <Bell className="h-5 w-5" aria-hidden />
      {unread > 0 ? (
        <span data-testid="unread-count" className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-semibold leading-5 text-white">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </button>
  );
});
