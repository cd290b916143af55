// /api/v1 customer timeline (issue 34 §3, read only): everything about one customer, newest first,
// through the CRM's own timeline reader. A key needs customers: read, and sees the kinds of entry its
// other scopes may read (a communication needs communications: read, a task tasks: read …).
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { API_TEXT, scopeAllows, type ApiResource } from '#shared/api-keys.ts';
import { CUSTOMER_TEXT } from '#shared/customers.ts';
import { TIMELINE_KINDS, TIMELINE_PAGE_SIZE, type TimelineKind } from '#shared/timeline.ts';
import { safeText } from '#shared/validation.ts';
import type { AppEnv } from '#server/context.ts';
import { idParam, validate } from '#server/http.ts';
import { readTimeline } from '#server/entities/tasks/timeline.ts';
import { requireScope } from '../authenticate.ts';
import { define, errors, idPath, ok, operationBase, text, timestampOut } from './kit.ts';
import { documentedQuery } from './schemas.ts';

/** The scope each kind of entry needs, besides customers: read. */
export const TIMELINE_KIND_SCOPE: Record<TimelineKind, ApiResource> = {
  communication: 'communications',
  task: 'tasks',
  opportunity: 'opportunities',
  policy: 'policies',
  document: 'documents',
};

const LIMIT_MESSAGE = 'limit must be a whole number from 1 to 100.';
export const timelineApiQuerySchema = z.object({
  kind: z.enum(['all', ...TIMELINE_KINDS], API_TEXT.oneOf('kind', ['all', ...TIMELINE_KINDS])).default('all'),
  cursor: safeText({ trim: false }).max(200).optional().describe('The next_cursor of the previous page.'),
  limit: z.coerce.number(LIMIT_MESSAGE).int(LIMIT_MESSAGE).min(1, LIMIT_MESSAGE).max(100, LIMIT_MESSAGE).default(TIMELINE_PAGE_SIZE),
});

const entryOut = z.object({
  key: text().describe('Unique within the timeline'),
  kind: z.enum(TIMELINE_KINDS),
  event: text().describe('communication, correction, task_created, task_done, opportunity_created, stage_moved, policy_created, policy_renewed, policy_cancelled, document_added'),
  at: timestampOut(),
  title: text(),
  detail: text().nullable(),
  ref_id: text().describe('The id of the communication, task, opportunity, policy or document'),
  corrects_id: text().nullable(),
  actor_name: text().nullable(),
  tag: text().nullable(),
  subject: text().nullable(),
});

const read = operationBase('Customers', 'read');
const route = createRoute({
  ...read.base,
  operationId: 'getCustomerTimeline',
  method: 'get',
  path: '/customers/{id}/timeline',
  summary: "A customer's timeline",
  description: `Communications, tasks, opportunities, policies and documents of one customer, newest first; pass next_cursor as cursor until it is null. Needs customers: read; each kind of entry appears when the key may read it. ${read.note}`,
  request: { params: idPath, query: documentedQuery(timelineApiQuerySchema) },
  responses: {
    200: ok('A page of the timeline', z.object({ data: z.array(entryOut), next_cursor: text().nullable() })),
    ...errors([400, 401, 403, 404, 429]),
  },
});

export function registerTimelineRoute(api: OpenAPIHono<AppEnv>) {
  define(api, route, requireScope('customers', 'read'), async (c) => {
    const q = validate(timelineApiQuerySchema, c.req.query());
    const readable = TIMELINE_KINDS.filter((k) => scopeAllows(c.var.apiKey.scopes, TIMELINE_KIND_SCOPE[k], 'read'));
    const page = await readTimeline(c.var.deps.db, c.var.actor, idParam(c, 'id', CUSTOMER_TEXT.notFound), q, readable);
    return c.json({ data: page.rows, next_cursor: page.next_cursor });
  });
}
