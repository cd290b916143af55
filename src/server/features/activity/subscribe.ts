// The activity log listens to every event that carries a summary: the line is written in the write's
// transaction (it commits with the change it describes), with the transaction's other lines at its end.
import type { ActivityKind } from '#shared/activity.ts';
import type { AuditEventType, EventType } from '#shared/events.ts';
import { subscribe } from '#server/platform/events.ts';
import { logActivity } from './service.ts';

/**
 * Each event's place in the log: its kind (the log's filter) and action. The audit events are the
 * super admin's log (audit/subscribe.ts), and a sign-in attempt its account's history, of no agency:
 * not the activity log's; a `…deleting` (`…ending`) event only prepares the delete, whose own event is logged
 * (and customer.renamed, policy.renumbered follow the *.updated that is logged; a member's own rename is no agency's book line).
 */
const ENTRY: Record<Exclude<EventType, AuditEventType | 'sign_in.attempted' | 'customer.deleting' | 'customer.renamed' | 'policy.deleting' | 'policy.renumbered' | 'member.renamed' | 'author.deleting' | 'membership.ending'>, [ActivityKind, string]> = {
  'customer.created': ['customer', 'created'],
  'customer.updated': ['customer', 'updated'],
  'customer.deleted': ['customer', 'deleted'],
  'policy.created': ['policy', 'created'],
  'policy.updated': ['policy', 'updated'],
  'policy.deleted': ['policy', 'deleted'],
  'policy.renewed': ['policy', 'created'],
  'policy.assigned': ['policy', 'updated'],
  'policy.bulk_assigned': ['bulk', 'updated'],
  'communication.created': ['communication', 'logged'],
  'communication.updated': ['communication', 'updated'],
  'communication.deleted': ['communication', 'deleted'],
  'task.created': ['task', 'created'],
  'task.updated': ['task', 'updated'],
  'task.deleted': ['task', 'deleted'],
  'task.assigned': ['task', 'updated'],
  'opportunity.created': ['opportunity', 'created'],
  'opportunity.updated': ['opportunity', 'updated'],
  'opportunity.deleted': ['opportunity', 'deleted'],
  'opportunity.assigned': ['opportunity', 'updated'],
  'document.created': ['document', 'uploaded'],
  // the log's verb is the change's: renamed, moved or restored
  'document.updated': ['document', 'updated'],
  'document.deleted': ['document', 'deleted'],
  'document.viewed': ['document', 'viewed'],
  'document.downloaded': ['document', 'downloaded'],
  'branding.updated': ['branding', 'updated'],
  'branding.deleted': ['branding', 'deleted'],
  'bulk.applied': ['bulk', 'updated'],
  'bulk.undone': ['bulk', 'updated'],
  'api_key.created': ['integration', 'created'],
  'api_key.revoked': ['integration', 'deleted'],
  'webhook_endpoint.created': ['integration', 'created'],
  'webhook_endpoint.updated': ['integration', 'updated'],
  'webhook_endpoint.deleted': ['integration', 'deleted'],
  'webhook_endpoint.disabled': ['integration', 'updated'],
  'invitation.accepted': ['team', 'updated'],
  'invitation.cancelled': ['team', 'deleted'],
  'membership.ended': ['team', 'deleted'],
  'membership.role_changed': ['team', 'updated'],
  'payment.decided': ['payment', 'updated'],
  'portal.invited': ['customer', 'updated'],
  'portal.revoked': ['customer', 'updated'],
  'portal.message': ['customer', 'updated'],
  'signature.requested': ['document', 'updated'],
  'signature.reminded': ['document', 'updated'],
  'signature.signed': ['document', 'updated'],
  'signature.declined': ['document', 'updated'],
  'signature.expired': ['document', 'updated'],
  // the commission writes log their own lines (these events carry no summary)
  'statement.imported': ['payment', 'created'],
  'commission.reconciled': ['payment', 'updated'],
  'commission_rate.created': ['payment', 'created'],
  'commission_rate.deleted': ['payment', 'deleted'],
  'commission_override.created': ['payment', 'updated'],
  'commission_override.updated': ['payment', 'updated'],
  'commission_override.deleted': ['payment', 'updated'],
  // recorded from the premium form, which logs no line (these events carry no summary)
  'premium_payment.created': ['payment', 'created'],
  'premium_payment.updated': ['payment', 'updated'],
  'premium_payment.deleted': ['payment', 'deleted'],
  // the request's task carries the log's line (these events carry no summary)
  'portal_request.created': ['customer', 'updated'],
  'portal_request.updated': ['customer', 'updated'],
  'portal_request.deleted': ['customer', 'updated'],
};

export function subscribeActivity() {
  subscribe({
    name: 'activity.log',
    types: Object.keys(ENTRY) as (keyof typeof ENTRY)[],
    mode: 'in-transaction',
    handle: async ({ t, by }, event) => {
      if (event.summary === undefined || !t) return;
      const [kind, entryAction] = ENTRY[event.type];
      const action = event.type === 'document.updated' ? event.change : entryAction;
      await logActivity(t, by, { kind, action, entityId: event.entityId ?? null, summary: event.summary });
    },
  });
}
