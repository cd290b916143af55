// The agency's activity log: who changed what, when (Recent Activity and the log page).
import { z } from 'zod';
import { sortSchema } from './lists.ts';

import { ACTIVITY_KINDS } from './activity-text.ts';

export * from './activity-text.ts';

export const activityQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).catch(25).default(25),
  kind: z.enum(['all', ...ACTIVITY_KINDS]).catch('all').default('all'),
  sort: sortSchema(['created_at'], 'created_at.desc'),
});
export type ActivityQuery = z.output<typeof activityQuerySchema>;
