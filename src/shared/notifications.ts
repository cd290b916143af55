// Notifications (the header bell): what a user is told, one row per event.
export const NOTIFICATION_KINDS = [
  'policy_assigned',
  'renewal_window',
  'renewal_lapsed',
  'invitation_accepted',
  'payment_approved',
  'payment_rejected',
  'task_assigned',
  'opportunity_assigned',
  'webhook_disabled',
  'portal_message',
  'signature_answered',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_TEXT = {
  title: 'Notifications',
  empty: 'No notifications yet.',
  markAllRead: 'Mark all as read',
  loadError: 'Notifications could not be loaded.',
  bellLabel: (unread: number) => (unread ? `Notifications (${unread} unread)` : 'Notifications'),
} as const;

export interface NotificationItem {
  id: string;
  kind: NotificationKind;
  title: string;
  link: string;
  read: boolean;
  created_at: string;
}

export interface NotificationList {
  rows: NotificationItem[];
  unread: number;
}
