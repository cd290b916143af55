// The change feed's writer (decision 055): a subscriber to the domain events that records one row per
// change of an exposed entity in the change's own transaction (the outbox), so whatever writes —
// a person, a bulk job, an import, a cascade, an undo or the status job — is in the feed exactly
// when it emitted its event, and only if it committed.
import type { EventOf, EventType } from '#shared/events.ts';
import type { ChangeEntity, ChangeOp } from '#shared/changes.ts';
import { changeFeed } from '#server/db/schema.ts';
import { subscribe } from '#server/platform/events.ts';

type FeedEvent =
  | 'customer.created'
  | 'customer.updated'
  | 'customer.deleted'
  | 'policy.created'
  | 'policy.updated'
  | 'policy.deleted'
  | 'communication.created'
  | 'communication.updated'
  | 'communication.deleted'
  | 'task.created'
  | 'task.updated'
  | 'task.deleted'
  | 'opportunity.created'
  | 'opportunity.updated'
  | 'opportunity.deleted'
  | 'document.created'
  | 'document.updated'
  | 'document.deleted'
  | 'premium_payment.created'
  | 'premium_payment.updated'
  | 'premium_payment.deleted'
  | 'portal_request.created'
  | 'portal_request.updated'
  | 'portal_request.deleted'
  | 'commission_rate.created'
  | 'commission_rate.deleted'
  | 'commission_override.created'
  | 'commission_override.updated'
  | 'commission_override.deleted';

/**
 * The events that are changes, and what each changes. policy.renewed is not one: the new term's
 * creation sent policy.created, and the old term's new state policy.updated.
 */
const CHANGES: { [K in FeedEvent]: { entity: ChangeEntity; op: ChangeOp; id: (e: EventOf<K>) => string | null | undefined } } = {
  'customer.created': { entity: 'customer', op: 'created', id: (e) => e.entityId },
  'customer.updated': { entity: 'customer', op: 'updated', id: (e) => e.entityId },
  'customer.deleted': { entity: 'customer', op: 'deleted', id: (e) => e.entityId },
  'policy.created': { entity: 'policy', op: 'created', id: (e) => e.entityId },
  'policy.updated': { entity: 'policy', op: 'updated', id: (e) => e.entityId },
  'policy.deleted': { entity: 'policy', op: 'deleted', id: (e) => e.entityId },
  // the log's entity of a communication is its customer: the feed's is the entry itself
  'communication.created': { entity: 'communication', op: 'created', id: (e) => e.communicationId },
  'communication.updated': { entity: 'communication', op: 'updated', id: (e) => e.communicationId },
  'communication.deleted': { entity: 'communication', op: 'deleted', id: (e) => e.communicationId },
  'task.created': { entity: 'task', op: 'created', id: (e) => e.entityId },
  'task.updated': { entity: 'task', op: 'updated', id: (e) => e.entityId },
  'task.deleted': { entity: 'task', op: 'deleted', id: (e) => e.entityId },
  'opportunity.created': { entity: 'opportunity', op: 'created', id: (e) => e.entityId },
  'opportunity.updated': { entity: 'opportunity', op: 'updated', id: (e) => e.entityId },
  'opportunity.deleted': { entity: 'opportunity', op: 'deleted', id: (e) => e.entityId },
  // a document in the Trash is gone from the /documents list: its tombstone; a restore is an update that brings it back
  'document.created': { entity: 'document', op: 'created', id: (e) => e.entityId },
  'document.updated': { entity: 'document', op: 'updated', id: (e) => e.entityId },
  'document.deleted': { entity: 'document', op: 'deleted', id: (e) => e.entityId },
  'premium_payment.created': { entity: 'premium_payment', op: 'created', id: (e) => e.entityId },
  'premium_payment.updated': { entity: 'premium_payment', op: 'updated', id: (e) => e.entityId },
  'premium_payment.deleted': { entity: 'premium_payment', op: 'deleted', id: (e) => e.entityId },
  'portal_request.created': { entity: 'portal_request', op: 'created', id: (e) => e.entityId },
  'portal_request.updated': { entity: 'portal_request', op: 'updated', id: (e) => e.entityId },
  'portal_request.deleted': { entity: 'portal_request', op: 'deleted', id: (e) => e.entityId },
  'commission_rate.created': { entity: 'commission_rate', op: 'created', id: (e) => e.entityId },
  'commission_rate.deleted': { entity: 'commission_rate', op: 'deleted', id: (e) => e.entityId },
  // an own rate is one per policy: its entity id is the policy's
  'commission_override.created': { entity: 'commission_override', op: 'created', id: (e) => e.entityId },
  'commission_override.updated': { entity: 'commission_override', op: 'updated', id: (e) => e.entityId },
  'commission_override.deleted': { entity: 'commission_override', op: 'deleted', id: (e) => e.entityId },
};
const FEED_EVENTS = Object.keys(CHANGES) as FeedEvent[];

export function subscribeChangeFeed() {
  subscribe({
    name: 'api.change-feed',
    types: FEED_EVENTS satisfies readonly EventType[],
    mode: 'in-transaction',
    handle: async ({ t }, event) => {
      if (!t) return;
      const change = CHANGES[event.type] as { entity: ChangeEntity; op: ChangeOp; id: (e: typeof event) => string | null | undefined };
      const entityId = change.id(event);
      // a change event always names its row; one that does not is a bug to hear of, not to drop
      if (!entityId) throw new Error(`${event.type} was emitted without the id of the changed row.`);
      // one statement per table at the end of the transaction (a bulk batch's hundreds of rows)
      await t.insertAtEnd(changeFeed, { entity: change.entity, entityId, op: change.op, eventType: event.type });
    },
  });
}
