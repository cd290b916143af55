// /api/v1 commissions and statements (issue 31), read only: the reconciliation of the agency's terms
// (the same filters, rows and totals as the Commissions page) and its imported carrier statements,
// under the key's `commissions: read` scope. Statements are imported on the Commissions page.
import { createRoute, type OpenAPIHono, type RouteConfig, z as zo } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { API_TEXT } from '#shared/api-keys.ts';
import { BUSINESS_KINDS, COMMISSION_STATES, COMMISSION_TEXT, RECONCILE_CAUSES } from '#shared/commissions.ts';
import { isUuid, optionalText, safeText } from '#shared/validation.ts';
import type { AppEnv } from '#server/context.ts';
import { badRequest, notFound } from '#server/errors.ts';
import { idParam, validate } from '#server/http.ts';
import { reconcile, termCommission } from '#server/entities/commissions/reconciliation.ts';
import { listStatements } from '#server/entities/commissions/statements.ts';
import { requireScope } from '../authenticate.ts';
import { documented, documentedQuery, errorOut } from './schemas.ts';

/** Response text (never parsed from a request). */
const text = () => safeText({ trim: false });
const money = () => text().describe('a decimal amount, exact to the cent (a string: never a float)');

export const commissionOut = z.object({
  policy_id: z.uuid(),
  policy_number: text(),
  customer_name: text(),
  carrier: text(),
  line: text(),
  business: z.enum(BUSINESS_KINDS),
  start_date: text(),
  end_date: text(),
  premium: money(),
  rate: text().nullable().describe('the percentage applied; null: no rate'),
  rate_overridden: z.boolean().describe("the policy's own rate, not its schedule's"),
  written: money().nullable(),
  chargeback: money().describe("a cancelled term's unearned commission, negative"),
  expected: money(),
  received: money(),
  difference: money().describe('expected − received'),
  state: z.enum(COMMISSION_STATES),
  overdue: z.boolean().describe('unpaid or short-paid 60 days after the term started'),
});

const totalsOut = z.object({ terms: z.number().int(), expected: money(), received: money(), difference: money() });

const reconciliationOut = z.object({
  data: z.array(commissionOut),
  next_cursor: text().nullable().describe('the next page (pass as cursor); null on the last'),
  totals: totalsOut.describe('of every term of the filters, not only this page: expected − received = difference'),
});

export const statementOut = z.object({
  id: z.uuid(),
  carrier: text(),
  period: text().describe('the month the statement covers, YYYY-MM'),
  file_name: text(),
  status: z.enum(['applied', 'undone']),
  matched: z.number().int(),
  unmatched: z.number().int(),
  failed: z.number().int(),
  amount: money(),
  created_at: text(),
  undone_at: text().nullable(),
});

/** The `commission.reconciled` webhook's data (statement.imported carries a statementOut). */
export const reconciledOut = z.object({
  cause: z.enum(RECONCILE_CAUSES).describe('what changed the amounts received: a statement imported or undone, a manual receipt recorded or deleted'),
  statement_id: z.uuid().nullable().describe('the statement imported or undone'),
  receipt_id: z.uuid().nullable().describe('the manual receipt recorded or deleted'),
  policy_ids: z.array(z.uuid()).describe('every term whose received amount changed (read them with GET /commissions/{id})'),
});

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
/** Stricter than the page's filters (which fall back to "all"): a client's bad value is a 400 naming it. */
export const commissionApiQuerySchema = z.object({
  state: z.enum(['all', ...COMMISSION_STATES], { error: `Choose a state: all, ${COMMISSION_STATES.join(', ')}.` }).default('all').describe('only terms in this state'),
  carrier: optionalText(200).describe('only this carrier (case and spaces ignored)'),
  month: optionalText(7)
    .refine((v) => v === null || MONTH.test(v), COMMISSION_TEXT.periodInvalid)
    .describe('terms starting in this month, YYYY-MM'),
  statement: optionalText(40)
    .refine((v) => v === null || isUuid(v), COMMISSION_TEXT.statementNotFound)
    .describe('only the terms a statement paid (its id)'),
  cursor: safeText().max(10).optional().describe('next_cursor of the previous page'),
});

const errors = (codes: number[]) =>
  Object.fromEntries(codes.map((code) => [code, { description: `Error ${code}`, content: { 'application/json': { schema: documented(errorOut, 'output') } } }]));
const ok = (description: string, schema: z.ZodType) => ({ description, content: { 'application/json': { schema: documented(schema, 'output') } } });
const base = { tags: ['Commissions'], security: [{ bearerKey: [] }] };

const ROUTES = {
  list: createRoute({
    ...base,
    operationId: 'listCommissions',
    method: 'get',
    path: '/commissions',
    summary: 'Expected against received commission per term (the reconciliation), 50 a page',
    request: { query: documentedQuery(commissionApiQuerySchema) },
    responses: { 200: ok('A page of terms and the totals of the filters', reconciliationOut), ...errors([400, 401, 403, 429]) },
  }),
  get: createRoute({
    ...base,
    operationId: 'getCommission',
    method: 'get',
    path: '/commissions/{id}',
    summary: "One term's commission (by its policy id)",
    request: { params: zo.object({ id: zo.uuid().openapi({ param: { name: 'id', in: 'path' } }) }) },
    responses: { 200: ok('Found', commissionOut), ...errors([401, 403, 404, 429]) },
  }),
  statements: createRoute({
    ...base,
    operationId: 'listStatements',
    method: 'get',
    path: '/statements',
    summary: 'The imported carrier statements, newest first',
    responses: { 200: ok('Every statement, in one page', z.object({ data: z.array(statementOut), next_cursor: text().nullable() })), ...errors([401, 403, 429]) },
  }),
} satisfies Record<string, RouteConfig>;

function define(api: OpenAPIHono<AppEnv>, route: RouteConfig, ...handlers: MiddlewareHandler<AppEnv>[]) {
  api.openAPIRegistry.registerPath(route);
  api.on(route.method.toUpperCase(), route.path.replace(/\{(\w+)\}/g, ':$1'), ...(handlers as [MiddlewareHandler<AppEnv>]));
}

/** Mounts the commission operations on /api/v1 (after its key and rate-limit middleware). */
export function registerCommissionRoutes(api: OpenAPIHono<AppEnv>) {
  define(api, ROUTES.list, requireScope('commissions', 'read'), async (c) => {
    const q = validate(commissionApiQuerySchema, c.req.query());
    if (q.cursor !== undefined && !/^[1-9]\d{0,4}$/.test(q.cursor)) throw badRequest(API_TEXT.invalidCursor, { cursor: API_TEXT.invalidCursor }, 'INVALID_CURSOR');
    const page = q.cursor ? Number(q.cursor) : 1;
    const r = await reconcile(c.var.deps.db, c.var.actor, { state: q.state, carrier: q.carrier, month: q.month, statement: q.statement, page });
    const more = page * r.page_size < r.total;
    return c.json({ data: r.rows, next_cursor: more ? String(page + 1) : null, totals: r.totals });
  });
  define(api, ROUTES.get, requireScope('commissions', 'read'), async (c) => {
    const row = await termCommission(c.var.deps.db, c.var.actor, idParam(c, 'id', COMMISSION_TEXT.policyNotFound));
    if (!row) throw notFound(COMMISSION_TEXT.policyNotFound);
    return c.json(row);
  });
  define(api, ROUTES.statements, requireScope('commissions', 'read'), async (c) =>
    c.json({ data: await listStatements(c.var.deps.db, c.var.actor), next_cursor: null }),
  );
}
