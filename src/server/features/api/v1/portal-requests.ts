// /api/v1 portal requests (issue 34 §3, issue 32): the change requests clients send from the client
// portal — listed with the conventions of the other entities (cursor paging in (updated_at, id) order,
// updated_since, filters), read one by one, and answered (state and reply) through the service the
// agent's customer page calls, so the rules, the task completed with Done and the events are the app's.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { API_TEXT } from '#shared/api-keys.ts';
import { CHANGE_KINDS, PORTAL_TEXT, REQUEST_STATES, requestAnswerSchema } from '#shared/portal.ts';
import type { AppEnv } from '#server/context.ts';
import { portalRequests } from '#server/db/schema.ts';
import { idParam, readJson, validate } from '#server/http.ts';
import { tenant } from '#server/tenant.ts';
import { answerPortalRequest, getPortalRequest, portalRequestSelect, toApiPortalRequest } from '#server/entities/portal-requests.ts';
import { requireScope } from '../authenticate.ts';
import { writeOnce } from './idempotency.ts';
import { define, errors, idempotencyHeader, idPath, jsonBody, ok, operationBase, pageOf, READ_ERRORS, text, timestampOut, WRITE_ERRORS } from './kit.ts';
import { cursorAt, pageConditions, pagingSchema, toPage } from './lists.ts';
import { documentedQuery } from './schemas.ts';

const STATE_FILTER = ['all', ...REQUEST_STATES] as const;
const KIND_FILTER = ['all', ...CHANGE_KINDS] as const;

export const portalRequestApiQuerySchema = pagingSchema.extend({
  state: z.enum(STATE_FILTER, API_TEXT.oneOf('state', STATE_FILTER)).default('all').describe('Only the requests in this state.'),
  kind: z.enum(KIND_FILTER, API_TEXT.oneOf('kind', KIND_FILTER)).default('all').describe('Only the requests of this kind.'),
  customer_id: z.uuid(API_TEXT.customerIdInvalid).optional().describe("Only this customer's requests."),
  policy_id: z.uuid('policy_id must be a policy id.').optional().describe("Only this policy's requests."),
});

export const portalRequestOut = z.object({
  id: z.uuid(),
  customer_id: z.uuid().describe('The client who asked (GET /customers/{id})'),
  policy_id: z.uuid().nullable().describe('The policy the change is about (GET /policies/{id}); null once that policy is deleted'),
  kind: z.enum(CHANGE_KINDS),
  details: text().describe("The client's own words"),
  state: z.enum(REQUEST_STATES),
  reply: text().nullable().describe("The agency's reply, which the client reads in the portal"),
  created_at: timestampOut(),
  updated_at: timestampOut(),
});

const read = operationBase('Portal requests', 'read');
const write = operationBase('Portal requests', 'write');

const ROUTES = {
  list: createRoute({
    ...read.base,
    operationId: 'listPortalRequests',
    method: 'get',
    path: '/portal-requests',
    summary: 'List client portal requests',
    description: `The changes clients asked for in the client portal, oldest change first, in pages; pass next_cursor as cursor until it is null. ${read.note}`,
    request: { query: documentedQuery(portalRequestApiQuerySchema) },
    responses: { 200: ok('A page of portal requests', pageOf(portalRequestOut)), ...errors([400, 401, 403, 429]) },
  }),
  get: createRoute({
    ...read.base,
    operationId: 'getPortalRequest',
    method: 'get',
    path: '/portal-requests/{id}',
    summary: 'Get a client portal request',
    description: read.note,
    request: { params: idPath },
    responses: { 200: ok('Found', portalRequestOut), ...errors(READ_ERRORS) },
  }),
  update: createRoute({
    ...write.base,
    operationId: 'updatePortalRequest',
    method: 'put',
    path: '/portal-requests/{id}',
    summary: 'Answer a client portal request: its state and reply',
    description:
      "As on the customer's page: the state (received, in_progress, done) and the reply the client reads in the portal (left out or null: none). " +
      `Done completes the request's task. ${write.note}`,
    request: { params: idPath, headers: idempotencyHeader, body: jsonBody(requestAnswerSchema) },
    responses: { 200: ok('Answered', portalRequestOut), ...errors(WRITE_ERRORS) },
  }),
};

/** Mounts the portal request operations on /api/v1 (after its key and rate-limit middleware). */
export function registerPortalRequestRoutes(api: OpenAPIHono<AppEnv>) {
  define(api, ROUTES.list, requireScope('portal_requests', 'read'), async (c) => {
    const q = validate(portalRequestApiQuerySchema, c.req.query());
    const r = portalRequests;
    const rows = await portalRequestSelect(
      tenant(c.var.deps.db, c.var.actor),
      cursorAt(r.updatedAt),
      q.state !== 'all' ? eq(r.state, q.state) : undefined,
      q.kind !== 'all' ? eq(r.kind, q.kind) : undefined,
      q.customer_id ? eq(r.customerId, q.customer_id) : undefined,
      q.policy_id ? eq(r.policyId, q.policy_id) : undefined,
      ...pageConditions('portal_requests', r.updatedAt, r.id, q),
    )
      .orderBy(r.updatedAt, r.id)
      .limit(q.limit + 1);
    return c.json(toPage('portal_requests', rows, q, toApiPortalRequest));
  });
  define(api, ROUTES.get, requireScope('portal_requests', 'read'), async (c) =>
    c.json(await getPortalRequest(c.var.deps.db, c.var.actor, idParam(c, 'id', PORTAL_TEXT.requestNotFound))),
  );
  define(api, ROUTES.update, requireScope('portal_requests', 'write'), async (c) => {
    const input = await readJson(c, requestAnswerSchema);
    const id = idParam(c, 'id', PORTAL_TEXT.requestNotFound);
    return writeOnce(c, async (db) => ({ status: 200, body: await getPortalRequest(db, c.var.actor, (await answerPortalRequest(db, c.var.actor, id, input)).id) }));
  });
}
