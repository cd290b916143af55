// The /api/v1 change feed (issue 34 §2, decision 055): which entities it carries, the scope each needs,
// and its texts. One entry per change of an entity, in commit order; a deletion is a tombstone entry.
import type { ApiResource } from './api-keys.ts';

export const CHANGE_ENTITIES = ['customer', 'policy', 'communication', 'task', 'opportunity', 'document', 'premium_payment', 'portal_request', 'commission_rate', 'commission_override'] as const;
export type ChangeEntity = (typeof CHANGE_ENTITIES)[number];

export const CHANGE_OPS = ['created', 'updated', 'deleted'] as const;
export type ChangeOp = (typeof CHANGE_OPS)[number];

/** The key's scope an entity's entries need (read): a key sees the entries of what it may read. */
export const CHANGE_ENTITY_SCOPE: Record<ChangeEntity, ApiResource> = {
  customer: 'customers',
  policy: 'policies',
  communication: 'communications',
  task: 'tasks',
  opportunity: 'opportunities',
  document: 'documents',
  premium_payment: 'premium_payments',
  portal_request: 'portal_requests',
  commission_rate: 'commissions',
  commission_override: 'commissions',
};

export const CHANGE_FEED_DEFAULT_LIMIT = 100;
export const CHANGE_FEED_MAX_LIMIT = 500;

/**
 * How long the feed keeps its entries (the `api.change-feed-purge` job): a cursor whose position was
 * purged answers 410 CHANGE_CURSOR_EXPIRED, and the client loads the lists again.
 */
export const CHANGE_FEED_RETENTION_DAYS = 90;

export const CHANGE_TEXT = {
  invalidAfter: 'after must be a next_cursor of this feed. Start again without one.',
  expired: `This cursor is older than the ${CHANGE_FEED_RETENTION_DAYS} days the change feed keeps: changes after it were purged. Start again: read the feed without after to its end, load the lists again, then poll from that next_cursor.`,
  limit: `limit must be a whole number from 1 to ${CHANGE_FEED_MAX_LIMIT}.`,
} as const;

/** One entry of the feed as the API answers it. */
export interface ChangeEntry<D = unknown> {
  /** the entry's position: pass the page's next_cursor (not this) as `after` */
  id: string;
  type: string;
  entity: ChangeEntity;
  entity_id: string;
  op: ChangeOp;
  occurred_at: string;
  /** the entity as it is when the page is read (as its list shows it); null once it is deleted */
  data: D | null;
}
