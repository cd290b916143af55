// /api/v1 opportunities (issue 34 §3): the sales pipeline's cards and their stage moves, with the
// conventions of the other entities — cursor paging in (updated_at, id) order with updated_since, the
// `opportunities` scope, Idempotency-Key on writes — through the pipeline's own services (the same
// rules, stage history, Won conversion, tenant layer and events).
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { API_TEXT, scopeAllows } from '#shared/api-keys.ts';
import { OPPORTUNITY_STAGES, OPPORTUNITY_TEXT, opportunityInputSchema, stageMoveSchema } from '#shared/pipeline.ts';
import { POLICY_TYPES } from '#shared/policies.ts';
import { safeText } from '#shared/validation.ts';
import type { AppEnv } from '#server/context.ts';
import { opportunities } from '#server/db/schema.ts';
import { forbidden } from '#server/errors.ts';
import { idParam, readJson, validate } from '#server/http.ts';
import { tenant } from '#server/tenant.ts';
import { createOpportunity, deleteOpportunity, getOpportunity, listOpportunitiesByChange, updateOpportunity } from '#server/entities/pipeline/opportunities.ts';
import { moveStage } from '#server/entities/pipeline/stages.ts';
import { requireScope } from '../authenticate.ts';
import { writeOnce } from './idempotency.ts';
import { define, errors, idempotencyHeader, idPath, jsonBody, ok, operationBase, pageOf, READ_ERRORS, text, timestampOut, WRITE_ERRORS } from './kit.ts';
import { pageConditions, pagingSchema, toPage } from './lists.ts';
import { documentedQuery } from './schemas.ts';

const STAGE_MESSAGE = `stage must be one of: all, ${OPPORTUNITY_STAGES.join(', ')}.`;
export const opportunityApiQuerySchema = pagingSchema.extend({
  stage: z.enum(['all', ...OPPORTUNITY_STAGES], STAGE_MESSAGE).default('all').describe('Only the opportunities in this stage.'),
  assignee_id: safeText().max(100).optional().describe('Only the opportunities of this member (a team member id).'),
});

const nullableText = () => text().nullable();
const day = () => text().meta({ format: 'date' });

export const opportunityOut = z.object({
  id: z.uuid(),
  name: text().describe("The customer's name, or the prospect's."),
  customer_id: z.uuid().nullable(),
  customer_name: nullableText(),
  prospect_name: nullableText(),
  prospect_email: nullableText(),
  prospect_phone: nullableText(),
  source: nullableText(),
  line: z.enum(POLICY_TYPES),
  estimated_premium: text().describe('decimal, 2 places'),
  expected_close_date: day().nullable(),
  assignee_id: nullableText().describe("A team member's user id."),
  assignee_name: nullableText(),
  stage: z.enum(OPPORTUNITY_STAGES),
  stage_changed_at: timestampOut(),
  lost_reason: nullableText(),
  converted_at: timestampOut().nullable().describe('When it was won: its customer_id is the customer it became.'),
  created_at: timestampOut(),
  updated_at: timestampOut(),
});
const historyOut = z.object({
  from_stage: z.enum(OPPORTUNITY_STAGES).nullable().describe('null: the stage it was created in'),
  to_stage: z.enum(OPPORTUNITY_STAGES),
  changed_by: nullableText(),
  changed_by_name: nullableText(),
  changed_at: timestampOut(),
});
export const opportunityDetailOut = opportunityOut.extend({ history: z.array(historyOut).describe('Every stage it entered, oldest first.') });

/** The move's body as documented (stageMoveSchema validates it, naming an unknown stage in its message). */
const stageMoveDoc = z.object({
  stage: z.enum(OPPORTUNITY_STAGES),
  lost_reason: safeText().max(500).nullish().describe('Required when stage is lost.'),
});

const read = operationBase('Opportunities', 'read');
const write = operationBase('Opportunities', 'write');

const ROUTES = {
  list: createRoute({
    ...read.base,
    operationId: 'listOpportunities',
    method: 'get',
    path: '/opportunities',
    summary: 'List opportunities',
    description: `Oldest change first, in pages; pass next_cursor as cursor until it is null. ${read.note}`,
    request: { query: documentedQuery(opportunityApiQuerySchema) },
    responses: { 200: ok('A page of opportunities', pageOf(opportunityOut)), ...errors([400, 401, 403, 429]) },
  }),
  get: createRoute({
    ...read.base,
    operationId: 'getOpportunity',
    method: 'get',
    path: '/opportunities/{id}',
    summary: 'Get an opportunity, with its stage history',
    description: read.note,
    request: { params: idPath },
    responses: { 200: ok('Found', opportunityDetailOut), ...errors(READ_ERRORS) },
  }),
  create: createRoute({
    ...write.base,
    operationId: 'createOpportunity',
    method: 'post',
    path: '/opportunities',
    summary: 'Create an opportunity',
    description: `For a customer (customer_id) or a prospect (prospect_name). It starts in new_lead, contacted or quoted; won and lost are stage moves. ${write.note}`,
    request: { headers: idempotencyHeader, body: jsonBody(opportunityInputSchema) },
    responses: { 201: ok('Created', opportunityDetailOut), ...errors(WRITE_ERRORS) },
  }),
  update: createRoute({
    ...write.base,
    operationId: 'updateOpportunity',
    method: 'put',
    path: '/opportunities/{id}',
    summary: 'Replace an opportunity',
    description: `A changed open stage is recorded as a move; a won opportunity keeps its customer. ${write.note}`,
    request: { params: idPath, headers: idempotencyHeader, body: jsonBody(opportunityInputSchema) },
    responses: { 200: ok('Updated', opportunityDetailOut), ...errors(WRITE_ERRORS) },
  }),
  move: createRoute({
    ...write.base,
    operationId: 'moveOpportunityStage',
    method: 'post',
    path: '/opportunities/{id}/stage',
    summary: 'Move an opportunity to a stage',
    description:
      'Any stage; lost needs lost_reason. Won converts a prospect into a customer (the customer with its e-mail, or a new one: the key then ' +
      `needs customers: write too) and is final (409 WON_IS_FINAL). ${write.note}`,
    request: { params: idPath, headers: idempotencyHeader, body: jsonBody(stageMoveDoc) },
    responses: { 200: ok('Moved', opportunityDetailOut), ...errors(WRITE_ERRORS, { 409: 'WON_IS_FINAL: a won opportunity stays won; or an Idempotency-Key reused.' }) },
  }),
  remove: createRoute({
    ...write.base,
    operationId: 'deleteOpportunity',
    method: 'delete',
    path: '/opportunities/{id}',
    summary: 'Delete an opportunity',
    description: `Its tasks stay, unlinked; a customer it was converted into stays. ${write.note}`,
    request: { params: idPath, headers: idempotencyHeader },
    responses: { 204: { description: 'Deleted' }, ...errors([401, 403, 404, 409, 429]) },
  }),
};

/** A prospect's Won move creates a customer: that needs customers: write, as a policy's new customer does. */
async function assertMayConvert(c: Context<AppEnv>, id: string) {
  if (scopeAllows(c.var.apiKey.scopes, 'customers', 'write')) return;
  const [prospect] = await tenant(c.var.deps.db, c.var.actor).select({ id: opportunities.id }).from(opportunities, eq(opportunities.id, id), isNull(opportunities.customerId));
  if (prospect) throw forbidden(API_TEXT.customerWriteNeeded.replace('This policy', 'Winning this opportunity'), 'SCOPE_DENIED');
}

/** Mounts the opportunity operations on /api/v1 (after its key and rate-limit middleware). */
export function registerOpportunityRoutes(api: OpenAPIHono<AppEnv>) {
  define(api, ROUTES.list, requireScope('opportunities', 'read'), async (c) => {
    const q = validate(opportunityApiQuerySchema, c.req.query());
    const rows = await listOpportunitiesByChange(
      tenant(c.var.deps.db, c.var.actor),
      [
        q.stage !== 'all' ? eq(opportunities.stage, q.stage) : undefined,
        q.assignee_id ? eq(opportunities.assigneeId, q.assignee_id) : undefined,
        ...pageConditions('opportunities', opportunities.updatedAt, opportunities.id, q),
      ],
      q.limit + 1,
    );
    return c.json(toPage('opportunities', rows, q, ({ cursorAt: _at, ...row }) => row));
  });
  define(api, ROUTES.get, requireScope('opportunities', 'read'), async (c) =>
    c.json(await getOpportunity(c.var.deps.db, c.var.actor, idParam(c, 'id', OPPORTUNITY_TEXT.notFound))),
  );
  define(api, ROUTES.create, requireScope('opportunities', 'write'), async (c) => {
    const input = await readJson(c, opportunityInputSchema);
    return writeOnce(c, async (db) => ({ status: 201, body: await createOpportunity(db, c.var.actor, input) }));
  });
  define(api, ROUTES.update, requireScope('opportunities', 'write'), async (c) => {
    const input = await readJson(c, opportunityInputSchema);
    const id = idParam(c, 'id', OPPORTUNITY_TEXT.notFound);
    return writeOnce(c, async (db) => ({ status: 200, body: await updateOpportunity(db, c.var.actor, id, input) }));
  });
  define(api, ROUTES.move, requireScope('opportunities', 'write'), async (c) => {
    const input = await readJson(c, stageMoveSchema);
    const id = idParam(c, 'id', OPPORTUNITY_TEXT.notFound);
    if (input.stage === 'won') await assertMayConvert(c, id);
    return writeOnce(c, async (db) => ({ status: 200, body: await moveStage(db, c.var.actor, id, input.stage, input.lost_reason) }));
  });
  define(api, ROUTES.remove, requireScope('opportunities', 'write'), (c) =>
    writeOnce(c, async (db) => {
      await deleteOpportunity(db, c.var.actor, idParam(c, 'id', OPPORTUNITY_TEXT.notFound));
      return { status: 204, body: null };
    }),
  );
}
