// /api/v1 renewals (issue 34 §3): the renewals cockpit (the terms ending in the next 120 days or
// lapsed, by bucket, or the lost ones) and its actions on a term — renew, mark lost and undo it, the
// renewal state, the assignee — through the renewal entity module (src/server/entities/renewals). A term is a policy: the
// `policies` scope, answers as GET /policies/{id}, and every action is a policy.updated (or, for a
// renewal, policy.created) in the change feed and the webhooks. Sync clients page /policies; this is
// the working view, paged by page number like the cockpit.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { API_TEXT } from '#shared/api-keys.ts';
import { POLICY_TEXT, POLICY_TYPES } from '#shared/policies.ts';
import { assignSchema, BUCKETS, COCKPIT_VIEWS, markLostSchema, RENEWAL_STATES, renewalStateSchema, renewInputSchema } from '#shared/renewals.ts';
import { safeText } from '#shared/validation.ts';
import type { AppEnv } from '#server/context.ts';
import { idParam, readJson, validate } from '#server/http.ts';
import { assignPolicy, markLost, renewPolicy, setRenewalState, undoLost } from '#server/entities/renewals/actions.ts';
import { readCockpit } from '#server/entities/renewals/cockpit.ts';
import { requireScope } from '../authenticate.ts';
import { ref } from './components.ts';
import { writeOnce } from './idempotency.ts';
import { define, errors, idempotencyHeader, idPath, jsonBody, ok, operationBase, policyView, text, WRITE_ERRORS } from './kit.ts';
import { documentedQuery } from './schemas.ts';

const oneOf = <const V extends readonly [string, ...string[]]>(field: string, values: V, fallback: V[number]) =>
  z.enum(values, API_TEXT.oneOf(field, values)).default(fallback);
const PAGE_MESSAGE = 'page must be a whole number from 1 to 100000.';
const LIMIT_MESSAGE = 'limit must be a whole number from 1 to 100.';

/** The cockpit's filters; unlike the screen, an unknown value is a 400 naming the field. */
export const renewalApiQuerySchema = z.object({
  view: oneOf('view', COCKPIT_VIEWS, 'open').describe('open: ending in the next 120 days or lapsed; lost: marked lost in the last year.'),
  bucket: oneOf('bucket', ['all', ...BUCKETS] as const, 'all'),
  type: oneOf('type', ['all', ...POLICY_TYPES] as const, 'all'),
  carrier: safeText().max(200).default('').describe('Only this insurance company.'),
  assignee: safeText().max(200).optional().describe('me, all, unassigned or a team member id (default all).'),
  sort: oneOf('sort', ['end_asc', 'end_desc'] as const, 'end_asc'),
  page: z.coerce.number(PAGE_MESSAGE).int(PAGE_MESSAGE).min(1, PAGE_MESSAGE).max(100_000, PAGE_MESSAGE).default(1),
  limit: z.coerce.number(LIMIT_MESSAGE).int(LIMIT_MESSAGE).min(1, LIMIT_MESSAGE).max(100, LIMIT_MESSAGE).default(25),
});

const renewalRowOut = z.object({
  id: z.uuid().describe('The policy (term) id: the id of the actions below and of GET /policies/{id}.'),
  policy_number: text(),
  customer_id: z.uuid().nullable(),
  customer_name: text(),
  insurance_company: text(),
  policy_type: z.enum(POLICY_TYPES),
  end_date: text().meta({ format: 'date' }),
  days_left: z.number().int().describe("Days from the agency's today to end_date (negative: lapsed)."),
  bucket: z.enum(BUCKETS).nullable(),
  premium_amount: text().describe('decimal, 2 places'),
  assignee: z.object({ id: text(), name: text() }).nullable(),
  renewal_state: z.enum(RENEWAL_STATES),
  remarket: z.boolean(),
});
const cockpitOut = z.object({
  today: text().meta({ format: 'date' }),
  time_zone: text(),
  remarket_threshold: z.number(),
  buckets: z.array(z.object({ bucket: z.enum(BUCKETS), count: z.number().int(), premium: text() })),
  data: z.array(renewalRowOut),
  total: z.number().int().describe('Rows of this view and filter, over every page.'),
  page: z.number().int(),
  limit: z.number().int(),
  retention: z.object({ renewed: z.number().int(), lost: z.number().int(), lapsed: z.number().int(), rate: z.number().nullable() }),
});

const read = operationBase('Renewals', 'read');
const write = operationBase('Renewals', 'write');
const policyAnswer = (description: string) => ({ description, content: { 'application/json': { schema: ref('PolicyDetail') } } });
const action = (operationId: string, method: 'post' | 'put' | 'delete', path: string, summary: string, description: string, body?: z.ZodType) =>
  createRoute({
    ...write.base,
    operationId,
    method,
    path,
    summary,
    description: `${description} ${write.note}`,
    request: { params: idPath, headers: idempotencyHeader, ...(body ? { body: jsonBody(body) } : {}) },
    responses: { [method === 'post' && operationId === 'renewPolicy' ? 201 : 200]: policyAnswer(operationId === 'renewPolicy' ? 'The new term' : 'The term as it is now'), ...errors(WRITE_ERRORS) },
  });

const ROUTES = {
  list: createRoute({
    ...read.base,
    operationId: 'listRenewals',
    method: 'get',
    path: '/renewals',
    summary: 'The renewals cockpit',
    description: `The terms to renew by bucket (days left), their counts and premium, and the retention figures; paged by page number. ${read.note}`,
    request: { query: documentedQuery(renewalApiQuerySchema) },
    responses: { 200: ok('A page of the cockpit', cockpitOut), ...errors([400, 401, 403, 429]) },
  }),
  renew: action('renewPolicy', 'post', '/renewals/{id}/renew', 'Renew a term', 'Creates the next term (it starts when this one ends; this one becomes renewed). 409 when it is already renewed or lost.', renewInputSchema),
  lost: action('markRenewalLost', 'post', '/renewals/{id}/lost', 'Mark a renewal lost', 'With the reason and an optional note.', markLostSchema),
  undoLost: action('undoRenewalLost', 'delete', '/renewals/{id}/lost', 'Undo a lost renewal', 'The term goes back to the state it had.'),
  state: action('setRenewalState', 'put', '/renewals/{id}/state', 'Set the renewal state', 'not_started, contacted or quoted; renewed and lost come from the actions.', renewalStateSchema),
  assignee: action('assignRenewal', 'put', '/renewals/{id}/assignee', 'Assign a term', 'To a member of the agency (GET /team-members).', assignSchema),
};

/** Mounts the renewals operations on /api/v1 (after its key and rate-limit middleware). */
export function registerRenewalRoutes(api: OpenAPIHono<AppEnv>) {
  define(api, ROUTES.list, requireScope('policies', 'read'), async (c) => {
    const { limit, ...q } = validate(renewalApiQuerySchema, c.req.query());
    const { rows, pageSize, members: _m, carriers: _c, assignee: _a, ...cockpit } = await readCockpit(c.var.deps.db, c.var.actor, { ...q, pageSize: limit });
    return c.json({ ...cockpit, data: rows, limit: pageSize });
  });
  const id = (c: Parameters<typeof idParam>[0]) => idParam(c, 'id', POLICY_TEXT.notFound);
  define(api, ROUTES.renew, requireScope('policies', 'write'), async (c) => {
    const input = await readJson(c, renewInputSchema);
    return writeOnce(c, async (db) => ({ status: 201, body: policyView(c, await renewPolicy(db, c.var.actor, id(c), input)) }));
  });
  define(api, ROUTES.lost, requireScope('policies', 'write'), async (c) => {
    const input = await readJson(c, markLostSchema);
    return writeOnce(c, async (db) => ({ status: 200, body: policyView(c, await markLost(db, c.var.actor, id(c), input)) }));
  });
  define(api, ROUTES.undoLost, requireScope('policies', 'write'), (c) => writeOnce(c, async (db) => ({ status: 200, body: policyView(c, await undoLost(db, c.var.actor, id(c))) })));
  define(api, ROUTES.state, requireScope('policies', 'write'), async (c) => {
    const { state } = await readJson(c, renewalStateSchema);
    return writeOnce(c, async (db) => ({ status: 200, body: policyView(c, await setRenewalState(db, c.var.actor, id(c), state)) }));
  });
  define(api, ROUTES.assignee, requireScope('policies', 'write'), async (c) => {
    const { assignee_id } = await readJson(c, assignSchema);
    return writeOnce(c, async (db) => ({ status: 200, body: policyView(c, await assignPolicy(db, c.var.actor, id(c), assignee_id)) }));
  });
}
