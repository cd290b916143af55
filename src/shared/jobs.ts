// Admin › System (issue 27): the job queue as the super admin sees it — what is queued, running,
// done and failed (dead after its last attempt), with Retry for a failed job.
import { z } from 'zod';

export const JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

export const JOB_STATE_LABELS: Record<JobState, string> = { queued: 'Queued', running: 'Running', done: 'Done', failed: 'Failed' };

/** What each job kind is, for people. */
export const JOB_NAMES: Record<string, string> = {
  'renewals.digest': 'Daily renewals digest',
  'renewals.digest-send': 'Renewals digest e-mail',
  'api.idempotency-purge': 'API idempotency purge',
  'documents.purge': 'Trash purge',
  'bulk.run': 'Bulk change',
  'bulk.purge-journals': 'Bulk journal purge',
  'imports.run': 'Import',
  'webhooks.deliver': 'Webhook deliveries',
  'jobs.cleanup': 'Job history cleanup',
};

export const JOBS_PAGE_SIZE = 50;

export const jobsQuerySchema = z.object({
  state: z.enum(['all', ...JOB_STATES]).catch('all'),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
export type JobsQuery = z.output<typeof jobsQuerySchema>;

export interface JobInfo {
  id: string;
  name: string;
  label: string;
  state: JobState;
  agency_name: string | null;
  attempts: number;
  max_attempts: number;
  run_at: string;
  locked_until: string | null;
  progress: Record<string, unknown> | null;
  last_error: string | null;
  created_at: string;
  finished_at: string | null;
}

export interface JobsPage {
  rows: JobInfo[];
  total: number;
  page: number;
  pageSize: number;
  /** jobs per state, for the filter's counts */
  counts: Record<JobState, number>;
}

export const JOBS_TEXT = {
  notFound: 'Job not found',
  notFailed: 'Only a failed job can be retried.',
  alreadyQueued: 'Another run of this job is already queued or running.',
  retried: 'Job queued again.',
  retryFailed: 'Could not retry the job',
  empty: 'No jobs in this state.',
  loadFailed: 'Error loading jobs',
} as const;
