// The header bell: the unread count (polled), and a popover with the newest notifications. The
// popover (notification-popover.tsx: Radix popover and relative dates) loads after the first
// screen; this bell with its count stands in for it until then (issue 33).
import { deferred } from '#web/lib/deferred.tsx';
import { BellButton, useNotifications } from './notification-data.tsx';

const Popover = deferred<object>(() => import('./notification-popover.tsx').then((m) => m.NotificationPopover));

export function NotificationBell() {
  const unread = useNotifications().data?.unread ?? 0;
  return <Popover standIn={(reach) => <BellButton unread={unread} aria-haspopup="dialog" aria-expanded={false} onClick={reach} />} />;
}
