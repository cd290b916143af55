// /api/v1 commission schedules and policies' own rates (issue 34 §3, issue 31): the Rates view's
// schedule rates (carrier × line × new business/renewal, from a date) and the Commission card's own
// rate of a policy, listed with the conventions of the other entities (cursor paging, updated_since,
// filters) and written through the commissions feature's own services, so rules, the activity log
// and the events (change feed, webhooks) are the app's. Scope `commissions`.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { API_TEXT } from '#shared/api-keys.ts';
import { COMMISSION_API_TEXT } from '#shared/commission-api.ts';
import { BUSINESS_KINDS, COMMISSION_TEXT, parseRate, rateInputSchema } from '#shared/commissions.ts';
import { POLICY_TYPES } from '#shared/lines/index.ts';
import { optionalText } from '#shared/validation.ts';
import type { AppEnv } from '#server/context.ts';
import { commissionOverrides, commissionRates, policies } from '#server/db/schema.ts';
import { notFound } from '#server/errors.ts';
import { idParam, readJson, validate } from '#server/http.ts';
import { tenant } from '#server/tenant.ts';
import { carrierKey } from '#server/entities/commissions/settings.ts';
import { overrideOf, ratesWhere, toApiOverride, toApiRate } from '#server/entities/commissions/rate-changes.ts';
import { createRate, deleteRate, setOverride } from '#server/entities/commissions/rate-writes.ts';
import { requireScope } from '../authenticate.ts';
import { writeOnce } from './idempotency.ts';
import { define, errors, idempotencyHeader, idPath, jsonBody, ok, operationBase, pageOf, READ_ERRORS, text, timestampOut, WRITE_ERRORS } from './kit.ts';
import { cursorAt, pageConditions, pagingSchema, toPage } from './lists.ts';
import { documentedQuery } from './schemas.ts';

const rate = () => text().describe('A percentage with 4 decimals, as text: "12.5000"');

export const commissionRateOut = z.object({
  id: z.uuid(),
  carrier: text(),
  line: z.enum(POLICY_TYPES),
  business: z.enum(BUSINESS_KINDS).describe('new: a term that renews no other; renewal: a renewal term'),
  rate: rate(),
  effective_from: text().meta({ format: 'date', description: 'Terms starting on or after this day take the rate (until a later one of the same carrier, line and business)' }),
  created_at: timestampOut().describe('A rate never changes (a new one is created instead): this is also its last change'),
});

export const commissionOverrideOut = z.object({
  id: z.uuid().describe("The policy's id: a policy has at most one own rate"),
  policy_id: z.uuid(),
  rate: rate(),
  updated_at: timestampOut(),
});

const LINE_FILTER = ['all', ...POLICY_TYPES] as const;
const BUSINESS_FILTER = ['all', ...BUSINESS_KINDS] as const;

export const rateApiQuerySchema = pagingSchema.extend({
  carrier: optionalText(200).describe('Only this carrier (case and spaces ignored).'),
  line: z.enum(LINE_FILTER, API_TEXT.oneOf('line', LINE_FILTER)).default('all').describe('Only this line of business.'),
  business: z.enum(BUSINESS_FILTER, API_TEXT.oneOf('business', BUSINESS_FILTER)).default('all').describe('Only new business or renewal rates.'),
});
export const overrideApiQuerySchema = pagingSchema.extend({
  policy_id: z.uuid('policy_id must be a policy id.').optional().describe("Only this policy's own rate."),
});

/** A policy's own rate: required here (DELETE removes it). */
export const overrideApiInputSchema = z.object({
  rate: z.unknown().transform((value, ctx): string => {
    const parsed = value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : parseRate(value);
    if (parsed === null) {
      ctx.addIssue({ code: 'custom', message: value === undefined || value === null || value === '' ? COMMISSION_TEXT.rateRequired : COMMISSION_TEXT.rateInvalid });
      return z.NEVER;
    }
    return parsed;
  }).meta({ description: 'A percentage, 0–100 with up to 4 decimals ("12.5" or 12.5)', anyOf: [{ type: 'string' }, { type: 'number' }] }),
});

const read = operationBase('Commission rates', 'read');
const write = operationBase('Commission rates', 'write');
const policyPath = idPath;

const ROUTES = {
  listRates: createRoute({
    ...read.base,
    operationId: 'listCommissionRates',
    method: 'get',
    path: '/commission-rates',
    summary: 'List commission schedule rates',
    description: `The schedules' rates (carrier × line × new business or renewal, from a date), oldest first, in pages; pass next_cursor as cursor until it is null. A rate never changes, so updated_since compares its creation; deletions are in the change feed (entity commission_rate). ${read.note}`,
    request: { query: documentedQuery(rateApiQuerySchema) },
    responses: { 200: ok('A page of rates', pageOf(commissionRateOut)), ...errors([400, 401, 403, 429]) },
  }),
  getRate: createRoute({
    ...read.base,
    operationId: 'getCommissionRate',
    method: 'get',
    path: '/commission-rates/{id}',
    summary: 'Get a commission schedule rate',
    description: read.note,
    request: { params: idPath },
    responses: { 200: ok('Found', commissionRateOut), ...errors(READ_ERRORS) },
  }),
  createRate: createRoute({
    ...write.base,
    operationId: 'createCommissionRate',
    method: 'post',
    path: '/commission-rates',
    summary: 'Add a commission schedule rate',
    description: `As the Rates view: terms of the carrier, line and business starting on or after effective_from take it. The same carrier, line, business and date twice is a 409 RATE_EXISTS (delete the old rate first). ${write.note}`,
    request: { headers: idempotencyHeader, body: jsonBody(rateInputSchema) },
    responses: { 201: ok('Added', commissionRateOut), ...errors([400, 401, 403, 409, 413, 429]) },
  }),
  deleteRate: createRoute({
    ...write.base,
    operationId: 'deleteCommissionRate',
    method: 'delete',
    path: '/commission-rates/{id}',
    summary: 'Delete a commission schedule rate',
    description: `Terms it rated take the schedule's previous rate, or none. ${write.note}`,
    request: { params: idPath, headers: idempotencyHeader },
    responses: { 204: { description: 'Deleted' }, ...errors([401, 403, 404, 409, 429]) },
  }),
  listOverrides: createRoute({
    ...read.base,
    operationId: 'listCommissionOverrides',
    method: 'get',
    path: '/commission-overrides',
    summary: "List policies' own commission rates",
    description: `The policies that have their own rate over their schedule's, oldest change first, in pages; pass next_cursor as cursor until it is null. Removals are in the change feed (entity commission_override). ${read.note}`,
    request: { query: documentedQuery(overrideApiQuerySchema) },
    responses: { 200: ok('A page of own rates', pageOf(commissionOverrideOut)), ...errors([400, 401, 403, 429]) },
  }),
  getOverride: createRoute({
    ...read.base,
    operationId: 'getCommissionOverride',
    method: 'get',
    path: '/commission-overrides/{id}',
    summary: "Get a policy's own commission rate (by the policy's id)",
    description: `404 when the policy has none (it takes its schedule's) or is not the agency's. ${read.note}`,
    request: { params: policyPath },
    responses: { 200: ok('Found', commissionOverrideOut), ...errors(READ_ERRORS) },
  }),
  setOverride: createRoute({
    ...write.base,
    operationId: 'setCommissionOverride',
    method: 'put',
    path: '/commission-overrides/{id}',
    summary: "Set a policy's own commission rate (by the policy's id)",
    description: `As the policy page's Commission card: the term's expected commission uses this rate instead of its schedule's. ${write.note}`,
    request: { params: policyPath, headers: idempotencyHeader, body: jsonBody(overrideApiInputSchema) },
    responses: { 200: ok('Set', commissionOverrideOut), ...errors(WRITE_ERRORS) },
  }),
  deleteOverride: createRoute({
    ...write.base,
    operationId: 'deleteCommissionOverride',
    method: 'delete',
    path: '/commission-overrides/{id}',
    summary: "Remove a policy's own commission rate: it takes its schedule's again",
    description: write.note,
    request: { params: policyPath, headers: idempotencyHeader },
    responses: { 204: { description: 'Removed' }, ...errors([401, 403, 404, 409, 429]) },
  }),
};

/** Mounts the commission rate operations on /api/v1 (after its key and rate-limit middleware). */
export function registerCommissionRateRoutes(api: OpenAPIHono<AppEnv>) {
  define(api, ROUTES.listRates, requireScope('commissions', 'read'), async (c) => {
    const q = validate(rateApiQuerySchema, c.req.query());
    const r = commissionRates;
    const rows = await tenant(c.var.deps.db, c.var.actor)
      .select({ row: r, cursorAt: cursorAt(r.createdAt) })
      .from(
        r,
        q.carrier ? eq(r.carrierKey, carrierKey(q.carrier)) : undefined,
        q.line !== 'all' ? eq(r.line, q.line) : undefined,
        q.business !== 'all' ? eq(r.business, q.business) : undefined,
        ...pageConditions('commission_rates', r.createdAt, r.id, q),
      )
      .orderBy(r.createdAt, r.id)
      .limit(q.limit + 1);
    return c.json(toPage('commission_rates', rows, q, (x) => toApiRate(x.row)));
  });
  define(api, ROUTES.getRate, requireScope('commissions', 'read'), async (c) => {
    const id = idParam(c, 'id', COMMISSION_TEXT.rateNotFound);
    const [found] = await ratesWhere(tenant(c.var.deps.db, c.var.actor), eq(commissionRates.id, id));
    if (!found) throw notFound(COMMISSION_TEXT.rateNotFound);
    return c.json(found);
  });
  define(api, ROUTES.createRate, requireScope('commissions', 'write'), async (c) => {
    const input = await readJson(c, rateInputSchema);
    return writeOnce(c, async (db) => {
      const { id } = await createRate(db, c.var.actor, input);
      const [created] = await ratesWhere(tenant(db, c.var.actor), eq(commissionRates.id, id));
      return { status: 201, body: created };
    });
  });
  define(api, ROUTES.deleteRate, requireScope('commissions', 'write'), (c) =>
    writeOnce(c, async (db) => {
      await deleteRate(db, c.var.actor, idParam(c, 'id', COMMISSION_TEXT.rateNotFound));
      return { status: 204, body: null };
    }),
  );
  define(api, ROUTES.listOverrides, requireScope('commissions', 'read'), async (c) => {
    const q = validate(overrideApiQuerySchema, c.req.query());
    const o = commissionOverrides;
    const rows = await tenant(c.var.deps.db, c.var.actor)
      .select({ row: o, cursorAt: cursorAt(o.updatedAt) })
      .from(o, q.policy_id ? eq(o.policyId, q.policy_id) : undefined, ...pageConditions('commission_overrides', o.updatedAt, o.policyId, q))
      .orderBy(o.updatedAt, o.policyId)
      .limit(q.limit + 1);
    return c.json(toPage('commission_overrides', rows, q, (x) => toApiOverride(x.row)));
  });
  define(api, ROUTES.getOverride, requireScope('commissions', 'read'), async (c) => {
    const found = await overrideOf(tenant(c.var.deps.db, c.var.actor), idParam(c, 'id', COMMISSION_TEXT.policyNotFound));
    if (!found) throw notFound(COMMISSION_API_TEXT.noOverride);
    return c.json(found);
  });
  define(api, ROUTES.setOverride, requireScope('commissions', 'write'), async (c) => {
    const { rate: value } = await readJson(c, overrideApiInputSchema);
    const id = idParam(c, 'id', COMMISSION_TEXT.policyNotFound);
    return writeOnce(c, async (db) => {
      await setOverride(db, c.var.actor, id, value);
      return { status: 200, body: await overrideOf(tenant(db, c.var.actor), id) };
    });
  });
  define(api, ROUTES.deleteOverride, requireScope('commissions', 'write'), (c) => {
    const id = idParam(c, 'id', COMMISSION_TEXT.policyNotFound);
    return writeOnce(c, async (db) => {
      // another agency's policy, or one without an own rate: a 404 (the service would log a removal of nothing)
      const [has] = await tenant(db, c.var.actor)
        .select({ id: policies.id })
        .from(policies, eq(policies.id, id), sql`exists (select 1 from ${commissionOverrides} o where o.agency_id = ${policies.agencyId} and o.policy_id = ${policies.id})`);
      if (!has) throw notFound(COMMISSION_API_TEXT.noOverride);
      await setOverride(db, c.var.actor, id, null);
      return { status: 204, body: null };
    });
  });
}
