// /api/v1 commissions and statements (issue 31): the reconciliation of the agency's terms (the same
// filters, rows and totals as the Commissions page) and its carrier statements, under the key's
// `commissions: read` scope; a statement uploaded (`commissions: write`) goes through the page's own
// reader, matching and import (entities/commissions), so both answer and refuse alike.
import { createRoute, type OpenAPIHono, type RouteConfig, z as zo } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { API_TEXT } from '#shared/api-keys.ts';
import { BUSINESS_KINDS, COMMISSION_STATES, COMMISSION_TEXT, RECONCILE_CAUSES } from '#shared/commissions.ts';
import { createHash } from 'node:crypto';
import { isUuid, optionalText, safeText } from '#shared/validation.ts';
import type { AppEnv } from '#server/context.ts';
import { badRequest, notFound } from '#server/errors.ts';
import { idParam, validate } from '#server/http.ts';
import { reconcile, termCommission } from '#server/entities/commissions/reconciliation.ts';
import { getStatement, importStatement, listStatements } from '#server/entities/commissions/statements.ts';
import { readStatement } from '#server/entities/commissions/upload.ts';
import { requireScope } from '../authenticate.ts';
import { documented, documentedQuery, errorOut } from './schemas.ts';
import { idempotencyHeader, operationBase } from './kit.ts';
import { writeOnce } from './idempotency.ts';

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
  cause: z.enum(RECONCILE_CAUSES).describe('what changed the amounts received: a statement imported or undone, a manual receipt recorded or deleted, a line not in the book matched by hand to a policy or put back'),
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
const WRITE = operationBase('Commissions', 'write');

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
  getStatement: createRoute({
    ...base,
    operationId: 'getStatement',
    method: 'get',
    path: '/statements/{id}',
    summary: 'One imported carrier statement',
    request: { params: zo.object({ id: zo.uuid().openapi({ param: { name: 'id', in: 'path' } }) }) },
    responses: { 200: ok('Found', statementOut), ...errors([401, 403, 404, 429]) },
  }),
  createStatement: createRoute({
    ...base,
    ...WRITE.base,
    operationId: 'createStatement',
    method: 'post',
    path: '/statements',
    summary: 'Import a carrier statement (CSV or .xlsx): matched to the book as on the Commissions page',
    description:
      `${WRITE.note} A multipart form: \`carrier\`, \`period\` (YYYY-MM), then \`file\`. Columns are mapped by their headers, ` +
      "or by the carrier's mapping saved at its last import; `mapping` (JSON: field → column index) maps them explicitly. " +
      'Every line is matched on the policy number (case, spaces and dashes ignored), then on insured name and premium; lines that cannot be read are ' +
      'kept in the statement\'s failures and nothing else is half-applied. The same file imported before (and not undone) is refused with a 409 ' +
      'unless `confirm` is `true`. Sends the `statement.imported` and `commission.reconciled` webhooks.',
    request: {
      headers: idempotencyHeader,
      body: {
        required: true,
        content: {
          'multipart/form-data': {
            // documents the form only: the fields are checked by statementOptionsSchema (NUL refused), the file by its bytes
            /* eslint-disable no-restricted-syntax */
            schema: zo.object({
              carrier: zo.string().max(200).openapi({ description: 'The carrier the statement is from' }),
              period: zo.string().openapi({ description: 'The month it covers, YYYY-MM; its lines are dated within it' }),
              mapping: zo.string().optional().openapi({ description: 'JSON: {"policy_number": 0, "commission": 3, …} (column indexes); the saved or header mapping when left out' }),
              confirm: zo.enum(['true', 'false']).optional().openapi({ description: 'true: import a file already imported' }),
              file: zo.string().openapi({ type: 'string', format: 'binary', description: 'The statement: .csv or .xlsx, at most 20 MB' }),
            }),
            /* eslint-enable no-restricted-syntax */
          },
        },
      },
    },
    responses: {
      201: ok('Imported: the statement with its counts (matched, not in the book, failed)', statementOut),
      ...errors([400, 401, 403, 409, 413, 429]),
    },
  }),
} satisfies Record<string, RouteConfig>;

/** The upload's path, read as a stream (no JSON body limit): features/index.ts lists it. */
export const API_STATEMENT_UPLOAD_PATH = '/api/v1/statements';

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
    const r = await reconcile(c.var.deps.db, c.var.actor, { state: q.state, carrier: q.carrier, month: q.month, statement: q.statement, overdue: false, page });
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
  define(api, ROUTES.getStatement, requireScope('commissions', 'read'), async (c) =>
    c.json(await getStatement(c.var.deps.db, c.var.actor, idParam(c, 'id', COMMISSION_TEXT.statementNotFound))),
  );
  define(api, ROUTES.createStatement, requireScope('commissions', 'write'), async (c) => {
    const upload = await readStatement(c);
    // a retry is the same request when its fields and its file's bytes are
    const fingerprint = JSON.stringify({
      carrier: upload.carrier,
      period: upload.period,
      mapping: upload.mapping ?? null,
      confirm: upload.confirm,
      file: createHash('sha256').update(upload.bytes).digest('hex'),
    });
    return writeOnce(c, async (db) => ({ status: 201, body: await importStatement(db, c.var.actor, upload) }), fingerprint);
  });
}
