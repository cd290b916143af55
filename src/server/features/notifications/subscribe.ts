// The bell listens to the events that tell someone something: each becomes a notification in the
// write's transaction (the notice exists exactly when the change does). Its de-duplication key is
// made of the event's facts, so an event delivered twice still makes one notice.
import type { EventOf } from '#shared/events.ts';
import { WEBHOOK_TEXT } from '#shared/webhooks.ts';
import { subscribe } from '#server/platform/events.ts';
import { notify, type NotifyInput } from '#server/platform/notify.ts';

const TOLD = [
  'policy.assigned',
  'policy.bulk_assigned',
  'task.assigned',
  'opportunity.assigned',
  'webhook_endpoint.disabled',
  'invitation.accepted',
  'payment.decided',
  'portal.message',
  'signature.signed',
  'signature.declined',
] as const;
type Told = (typeof TOLD)[number];

/** The notices of one event (several recipients for a disabled endpoint). */
function notices(event: EventOf<Told>): Omit<NotifyInput, 'agencyId'>[] {
  switch (event.type) {
    case 'policy.assigned':
      return [
        {
          userId: event.assigneeId,
          kind: 'policy_assigned',
          title: `Policy ${event.policyNumber} (${event.customerName}) was assigned to you`,
          link: `/dashboard/policies/${event.entityId}`,
          // one event per assignment: the policy, the assignee and the moment it changed hands
          dedupeKey: `policy_assigned:${event.entityId}:${event.assigneeId}:${event.at}`,
        },
      ];
    case 'policy.bulk_assigned':
      return [
        {
          userId: event.assigneeId,
          kind: 'policy_assigned',
          title: `${event.count.toLocaleString('en-US')} ${event.count === 1 ? 'policy was' : 'policies were'} assigned to you`,
          link: '/dashboard/policies?assignee=me',
          dedupeKey: `policy_assigned:bulk:${event.bulkId}`,
        },
      ];
    case 'task.assigned':
      return [
        {
          userId: event.assigneeId,
          kind: 'task_assigned',
          title: `Task "${event.title.slice(0, 120)}" was assigned to you`,
          link: `/dashboard/crm/tasks?task=${event.entityId}`,
          dedupeKey: `task_assigned:${event.entityId}:${event.assigneeId}:${event.at}`,
        },
      ];
    case 'opportunity.assigned':
      return [
        {
          userId: event.assigneeId,
          kind: 'opportunity_assigned',
          title: `Opportunity ${event.label} was assigned to you`,
          link: `/dashboard/crm/opportunities/${event.entityId}`,
          dedupeKey: `opportunity_assigned:${event.entityId}:${event.assigneeId}:${event.at}`,
        },
      ];
    case 'webhook_endpoint.disabled':
      return event.recipients.map((userId) => ({
        userId,
        kind: 'webhook_disabled' as const,
        title: WEBHOOK_TEXT.disabledNotice(event.url).slice(0, 300),
        link: '/dashboard/api-settings/webhooks',
        dedupeKey: `webhook_disabled:${event.entityId}:${event.since}:${userId}`,
      }));
    case 'invitation.accepted':
      return [
        {
          userId: event.invitedBy,
          kind: 'invitation_accepted',
          title: `${event.email} accepted your invitation`,
          link: '/dashboard/team-management',
          dedupeKey: `invitation_accepted:${event.entityId}`,
        },
      ];
    case 'payment.decided':
      return [
        {
          userId: event.userId,
          kind: event.approved ? 'payment_approved' : 'payment_rejected',
          title: event.approved ? 'Your payment was approved: your new plan is active' : 'Your payment submission was not approved',
          link: '/dashboard/subscription/history',
          dedupeKey: `payment_decided:${event.submissionId}`,
        },
      ];
    case 'portal.message':
      // the agent's own messages tell only the client (by e-mail)
      if (!event.fromClient || !event.recipientId) return [];
      return [
        {
          userId: event.recipientId,
          kind: 'portal_message',
          title: `${event.customerName.slice(0, 120)} sent you a message in the client portal`,
          link: `/dashboard/customers/${event.customerId}#portal-messages`,
          dedupeKey: `portal_message:${event.messageId}`,
        },
      ];
    case 'signature.signed':
    case 'signature.declined':
      if (!event.requestedBy) return [];
      return [
        {
          userId: event.requestedBy,
          kind: 'signature_answered',
          title: `${event.documentName.slice(0, 120)} was ${event.type === 'signature.signed' ? 'signed' : 'declined'} by the client`,
          link: `/dashboard/customers/${event.customerId}#portal-signatures`,
          dedupeKey: `signature_answered:${event.requestId}`,
        },
      ];
  }
}

export function subscribeNotifications() {
  subscribe({
    name: 'notifications.bell',
    types: TOLD,
    mode: 'in-transaction',
    handle: async (ctx, event) => {
      for (const notice of notices(event)) await notify(ctx.db, { ...notice, agencyId: ctx.t?.agencyId ?? null });
    },
  });
}
