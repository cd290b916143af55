// The activity log's kinds, texts and links, apart from its query schema (activity.ts) so that the
// dashboard's Recent Activity doesn't load the validation library (issue 33).
export const ACTIVITY_KINDS = [
  'policy',
  'customer',
  'communication',
  'payment',
  'team',
  'task',
  'opportunity',
  'document',
  'bulk',
  'integration',
  'branding',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
export const ACTIVITY_KIND_LABEL: Record<ActivityKind, string> = {
  policy: 'Policies',
  customer: 'Customers',
  communication: 'Communications',
  payment: 'Payments',
  team: 'Team',
  task: 'Tasks',
  opportunity: 'Opportunities',
  document: 'Documents',
  bulk: 'Bulk actions',
  integration: 'API and webhooks',
  branding: 'White label',
};
export const ACTIVITY_ACTIONS = ['created', 'updated', 'deleted', 'logged'] as const;

export const ACTIVITY_TEXT = {
  title: 'Activity Log',
  recent: 'Recent Activity',
  empty: 'No activity yet. Changes to policies, customers and communications will appear here.',
  viewAll: 'View All',
} as const;

export interface ActivityEntry {
  id: string;
  kind: ActivityKind;
  action: string;
  entity_id: string | null;
  summary: string;
  actor_id: string | null;
  actor_name: string | null;
  created_at: string;
}

/** Where an entry links to, when its subject can still be opened. */
export function activityHref(entry: Pick<ActivityEntry, 'kind' | 'action' | 'entity_id'>): string | null {
  // a bulk action's details page (its journal) stays, whatever the action did to its records
  if (entry.kind === 'bulk' && entry.entity_id) return `/dashboard/bulk-actions/${entry.entity_id}`;
  if (!entry.entity_id || entry.action === 'deleted') return null;
  if (entry.kind === 'policy') return `/dashboard/policies/${entry.entity_id}`;
  if (entry.kind === 'customer' || entry.kind === 'communication') return `/dashboard/customers/${entry.entity_id}`;
  return null;
}
