// Tasks (issue 14, Business and above). One schema validates the dialog and the API; the due moment
// is a date and a time in the agency's timezone (the server turns it into an instant with the
// agency's zone, src/shared/time.ts). The priority list is the check constraint's list too.
import { z } from 'zod';
import { optionalText, requiredText, safeText } from './validation.ts';

export const TASK_PRIORITIES = ['low', 'normal', 'high'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
export const TASK_PRIORITY_LABEL: Record<TaskPriority, string> = { low: 'Low', normal: 'Normal', high: 'High' };

export const TASK_TEXT = {
  titleRequired: 'Title is required.',
  dueDateInvalid: 'Please enter a valid due date.',
  dueTimeInvalid: 'Please enter a valid time (HH:MM).',
  assigneeRequired: 'Please choose an assignee.',
  priorityInvalid: 'Please choose a priority.',
  oneLink: 'A task can be linked to one customer, policy or opportunity.',
  notMember: 'The assignee must be a member of this agency.',
  notFound: 'Task not found.',
  linkNotFound: 'The linked record was not found.',
  created: 'Task created.',
  updated: 'Task updated.',
  completed: 'Task marked as done.',
  reopened: 'Task reopened.',
  deleted: 'Task deleted.',
  empty: 'No tasks yet.',
  upgradeTitle: 'Upgrade to use tasks',
} as const;

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A real calendar date (2026-02-30 is not), yyyy-MM-dd, between 1900 and 2200. */
export function isCalendarDate(v: string): boolean {
  if (!DATE_RE.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && d.getUTCFullYear() >= 1900 && d.getUTCFullYear() <= 2200;
}

const optionalId = safeText()
  .nullish()
  .transform((v) => (v ? v : null));

export const taskInputSchema = z
  .object({
    title: requiredText(TASK_TEXT.titleRequired, 200),
    description: optionalText(5000),
    due_date: safeText({ error: TASK_TEXT.dueDateInvalid }).refine(isCalendarDate, TASK_TEXT.dueDateInvalid),
    due_time: safeText()
      .nullish()
      .transform((v) => (v ? v : '09:00'))
      .refine((v) => TIME_RE.test(v), TASK_TEXT.dueTimeInvalid),
    priority: z.enum(TASK_PRIORITIES, TASK_TEXT.priorityInvalid).default('normal'),
    assignee_id: safeText({ error: TASK_TEXT.assigneeRequired }).min(1, TASK_TEXT.assigneeRequired),
    customer_id: optionalId,
    policy_id: optionalId,
    opportunity_id: optionalId,
  })
  .superRefine((v, ctx) => {
    const links = [v.customer_id, v.policy_id, v.opportunity_id].filter(Boolean).length;
    if (links > 1) ctx.addIssue({ code: 'custom', message: TASK_TEXT.oneLink, path: ['customer_id'] });
  });
export type TaskInput = z.input<typeof taskInputSchema>;
export type TaskValues = z.output<typeof taskInputSchema>;

/** What a Tasks card is about: exactly one link target. */
export type TaskTarget = { customerId: string } | { policyId: string } | { opportunityId: string };

export const TASK_GROUPS = ['overdue', 'today', 'upcoming', 'done'] as const;
export type TaskGroup = (typeof TASK_GROUPS)[number];
export const TASK_GROUP_LABEL: Record<TaskGroup, string> = { overdue: 'Overdue', today: 'Today', upcoming: 'Upcoming', done: 'Done' };
/** Rows per group on My tasks (the rest: "and more"); Done shows the latest ones. */
export const MY_TASKS_LIMIT = 50;

/** A task as /api/v1 answers it: the row with its last change (the webhooks' and the change feed's data). */
export type ApiTask = TaskRow & { updated_at: string };

export interface TaskRow {
  id: string;
  title: string;
  description: string | null;
  /** the instant, ISO */
  due_at: string;
  /** the due moment in the agency's timezone */
  due_date: string;
  due_time: string;
  priority: TaskPriority;
  assignee_id: string | null;
  assignee_name: string | null;
  customer_id: string | null;
  customer_name: string | null;
  policy_id: string | null;
  policy_number: string | null;
  opportunity_id: string | null;
  completed_at: string | null;
  created_at: string;
}

export interface MyTasks {
  assignee_id: string;
  today: string;
  time_zone: string;
  groups: Record<TaskGroup, { rows: TaskRow[]; more: boolean }>;
}

export const myTasksQuerySchema = z.object({ assignee: safeText().max(200).optional() });

export const linkedTasksQuerySchema = z
  .object({ customer_id: optionalId, policy_id: optionalId, opportunity_id: optionalId })
  .refine((v) => [v.customer_id, v.policy_id, v.opportunity_id].filter(Boolean).length === 1, TASK_TEXT.oneLink);
