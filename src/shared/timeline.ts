// The customer timeline: everything about a customer, newest first, filterable by kind.
import { z } from 'zod';
import { safeText } from './validation.ts';

export const TIMELINE_KINDS = ['communication', 'task', 'opportunity', 'policy', 'document'] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];
export const TIMELINE_KIND_LABEL: Record<TimelineKind, string> = {
  communication: 'Communications',
  task: 'Tasks',
  opportunity: 'Opportunities',
  policy: 'Policies',
  document: 'Documents',
};
export const TIMELINE_PAGE_SIZE = 25;

export const timelineQuerySchema = z.object({
  kind: z.enum(['all', ...TIMELINE_KINDS]).catch('all'),
  cursor: safeText().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).catch(TIMELINE_PAGE_SIZE),
});
export type TimelineQuery = z.output<typeof timelineQuerySchema>;

export interface TimelineEntry {
  /** unique within the timeline (kind of event and row id) */
  key: string;
  kind: TimelineKind;
  /** what happened: communication, task_created, task_done, opportunity_created, stage_moved, policy_created, policy_renewed, policy_cancelled, document_added */
  event: string;
  at: string;
  title: string;
  detail: string | null;
  /** the row the event is about (communication, task, opportunity, policy, document id) */
  ref_id: string;
  /** a communication that corrects another: the corrected one's id */
  corrects_id: string | null;
  actor_name: string | null;
  /** communications: type; tasks: priority; stage moves: the new stage */
  tag: string | null;
  /** communications: the subject as written (the title adds the type) */
  subject: string | null;
}

export interface TimelinePage {
  rows: TimelineEntry[];
  next_cursor: string | null;
}
