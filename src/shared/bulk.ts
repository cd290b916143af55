// Bulk actions (issue 13, Business and above): what can be done to a selection of policies or
// customers, the request both the form and the server validate, and the texts both show.
import { z } from 'zod';
import { CUSTOMER_TYPES, CUSTOMER_TYPE_LABEL, type CustomerType } from './customers.ts';
import { CHOSEN_STATUSES, POLICY_STATUSES, POLICY_STATUS_LABEL, POLICY_TYPES, type PolicyStatus } from './policies.ts';
import { safeText, searchField } from './validation.ts';
import { COMMISSION_STATES } from './commission-states.ts';

export const BULK_ENTITIES = ['policies', 'customers'] as const;
export type BulkEntity = (typeof BULK_ENTITIES)[number];

/** Up to this many records change in one transaction; more run as a job in batches. */
export const BULK_SYNC_LIMIT = 1000;
/** Undo is offered for this long; then the journal of deleted rows is purged. */
export const BULK_UNDO_HOURS = 24;
/** Ids one request may name (a larger selection is sent as its filter). */
export const BULK_MAX_IDS = 10_000;
export const BULK_PREVIEW_SAMPLE = 10;

export const BULK_STATES = ['running', 'done', 'failed', 'undone'] as const;
export type BulkState = (typeof BULK_STATES)[number];
export const BULK_KINDS = ['set_status', 'assign', 'set_type', 'delete'] as const;
export type BulkKind = (typeof BULK_KINDS)[number];

export const BULK_TEXT = {
  title: 'Bulk Actions',
  subtitle: 'Change, delete or export many policies or customers at once. Every action can be undone for 24 hours.',
  recent: 'Recent bulk actions',
  recentEmpty: 'No bulk actions yet. Select policies or customers to start one.',
  chooseStatus: 'Please choose a status.',
  chooseType: 'Please choose a customer type.',
  chooseAssignee: 'Please choose an agent.',
  noSelection: 'Select at least one record.',
  tooManyIds: `Select at most ${BULK_MAX_IDS.toLocaleString('en-US')} records one by one, or select all that match the filter.`,
  notFound: 'Bulk action not found',
  notInAgency: 'Not in your agency: ignored.',
  unchanged: (what: string) => `Already ${what}.`,
  nothingToChange: 'Nothing to change: every selected record already has that value.',
  previewTitle: 'Preview',
  willChange: (n: number, noun: string) => `${n.toLocaleString('en-US')} ${noun} will change.`,
  confirm: 'Confirm',
  started: 'The bulk action is running. You can follow its progress under Recent bulk actions.',
  applied: (n: number) => `Bulk action applied to ${n.toLocaleString('en-US')} records.`,
  undo: 'Undo',
  undone: 'Bulk action undone.',
  undoExpired: 'This bulk action can no longer be undone: undo is available for 24 hours.',
  undoRunning: 'This bulk action is still running. Undo it once it has finished.',
  undoAlready: 'This bulk action has already been undone.',
  undoFailed: 'This bulk action did not finish, so there is nothing to undo in one step.',
  changedSince: (labels: string[], more: number) =>
    `Undo refused: ${labels.join(', ')}${more > 0 ? ` and ${more} more` : ''} changed since the bulk action. Nothing was undone, so no newer work is overwritten.`,
  restoreConflict: (labels: string[], more: number) =>
    `Undo refused: ${labels.join(', ')}${more > 0 ? ` and ${more} more` : ''} can no longer be restored (the number or e-mail is used by another record now). Nothing was undone.`,
  upgrade: 'Bulk actions are available on the Business plan and above.',
  exported: 'Export downloaded.',
  deleteCustomersNote: 'Their communications are deleted too; their policies are NOT deleted (they stay, unlinked).',
} as const;

export const BULK_NOUN: Record<BulkEntity, [string, string]> = { policies: ['policy', 'policies'], customers: ['customer', 'customers'] };
export const noun = (entity: BulkEntity, n: number) => BULK_NOUN[entity][n === 1 ? 0 : 1];

const policyFilterSchema = z.object({
  search: searchField(),
  type: z.enum(['all', ...POLICY_TYPES]).catch('all').default('all'),
  status: z.enum(['all', ...POLICY_STATUSES]).catch('all').default('all'),
  assignee: safeText().max(200).catch('all').default('all'),
  /** the Commission column's filter (commissions feature only) */
  commission: z.enum(['all', ...COMMISSION_STATES]).catch('all').default('all'),
});
const customerFilterSchema = z.object({
  search: searchField(),
  type: z.enum(['all', ...CUSTOMER_TYPES]).catch('all').default('all'),
});
export type PolicySelectionFilter = z.output<typeof policyFilterSchema>;
export type CustomerSelectionFilter = z.output<typeof customerFilterSchema>;

/** Ids are strings here, not uuids: another agency's (or a made-up) id is ignored and reported, not a 400. */
const idsSchema = z.array(safeText({ trim: false }).max(100)).min(1, BULK_TEXT.noSelection).max(BULK_MAX_IDS, BULK_TEXT.tooManyIds);
const selectionOf = <F extends z.ZodType>(filter: F) =>
  z.discriminatedUnion('all', [z.object({ all: z.literal(false), ids: idsSchema }), z.object({ all: z.literal(true), filter })]);

export const policyActionSchema = z.discriminatedUnion('kind', [
  // the agent's choice; the dates decide the rest (an ended term stays Expired: #shared/policy-status.ts)
  z.object({ kind: z.literal('set_status'), status: z.enum(CHOSEN_STATUSES, BULK_TEXT.chooseStatus) }),
  z.object({ kind: z.literal('assign'), assignee_id: safeText({ error: BULK_TEXT.chooseAssignee }).min(1, BULK_TEXT.chooseAssignee).max(200) }),
  z.object({ kind: z.literal('delete') }),
]);
export const customerActionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('set_type'), customer_type: z.enum(CUSTOMER_TYPES, BULK_TEXT.chooseType) }),
  z.object({ kind: z.literal('delete') }),
]);

export const bulkRequestSchema = z.discriminatedUnion('entity', [
  z.object({ entity: z.literal('policies'), action: policyActionSchema, selection: selectionOf(policyFilterSchema) }),
  z.object({ entity: z.literal('customers'), action: customerActionSchema, selection: selectionOf(customerFilterSchema) }),
]);
export type BulkRequest = z.output<typeof bulkRequestSchema>;
export type BulkRequestInput = z.input<typeof bulkRequestSchema>;
export type BulkAction = BulkRequest['action'];

export const bulkExportSchema = z.discriminatedUnion('entity', [
  z.object({ entity: z.literal('policies'), selection: selectionOf(policyFilterSchema) }),
  z.object({ entity: z.literal('customers'), selection: selectionOf(customerFilterSchema) }),
]);
export type BulkExportInput = z.input<typeof bulkExportSchema>;

export const bulkListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).catch(10).default(10),
});
export const journalQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).catch(25).default(25),
});

export interface BulkChange {
  id: string;
  label: string;
  before: string;
  after: string;
}

export interface BulkPreview {
  entity: BulkEntity;
  summary: string;
  /** records of the agency in the selection */
  selected: number;
  /** how many of them change */
  changes: number;
  /** the first ten changes */
  sample: BulkChange[];
  /** records of the agency that do not change, with why (first 20) */
  unchanged: { id: string; label: string; reason: string }[];
  unchanged_count: number;
  /** ids that are not records of this agency: ignored (first 20) */
  ignored: string[];
  ignored_count: number;
  /** 'now': one transaction; 'job': in batches with progress */
  mode: 'now' | 'job';
}

export interface BulkActionInfo {
  id: string;
  entity: BulkEntity;
  kind: BulkKind;
  summary: string;
  state: BulkState;
  total: number;
  processed: number;
  changed: number;
  ignored_count: number;
  unchanged_count: number;
  created_at: string;
  created_by_name: string | null;
  finished_at: string | null;
  undone_at: string | null;
  undo_until: string;
  can_undo: boolean;
  message: string | null;
}

export interface BulkJournalEntry {
  record_id: string;
  label: string;
  before: string;
  after: string;
}

export type BulkRunResult = BulkActionInfo;

/** A value as the preview and the journal show it. */
export function displayValue(kind: BulkKind, value: string | null | undefined, names: Record<string, string> = {}): string {
  if (kind === 'set_status') return POLICY_STATUS_LABEL[value as PolicyStatus] ?? value ?? '';
  if (kind === 'set_type') return CUSTOMER_TYPE_LABEL[value as CustomerType] ?? value ?? '';
  if (kind === 'assign') return value ? (names[value] ?? 'Another agent') : 'Unassigned';
  return value === 'deleted' ? 'Deleted' : 'Kept';
}

/** "Change status to Active" and the like: the action's one-line name. */
export function describeAction(entity: BulkEntity, action: BulkAction, assigneeName?: string): string {
  switch (action.kind) {
    case 'set_status':
      return `Change status to ${POLICY_STATUS_LABEL[action.status]}`;
    case 'assign':
      return `Assign to ${assigneeName ?? 'an agent'}`;
    case 'set_type':
      return `Change type to ${CUSTOMER_TYPE_LABEL[action.customer_type]}`;
    case 'delete':
      return `Delete ${entity}`;
  }
}

export const BULK_STATE_LABEL: Record<BulkState, string> = { running: 'Running', done: 'Done', failed: 'Failed', undone: 'Undone' };
