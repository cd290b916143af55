// GET /api/v1/statements/{id}/lines (issue 34 §3, issue 31): a carrier statement's lines with their
// match — the policy a line paid and that term's state in the reconciliation (paid in full, short- or
// over-paid, no rate) and difference, or not in the book, or ignored with its reason — read from the
// stored terms as the reconciliation reads them (storedTermsSql, entities/commissions/terms.ts), so a
// line says what the Commissions page says of its term. In line order, paged by an opaque cursor; filtered by state. Scope `commissions`.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { API_TEXT } from '#shared/api-keys.ts';
import { COMMISSION_STATES, COMMISSION_TEXT } from '#shared/commissions.ts';
import type { AppEnv } from '#server/context.ts';
import { commissionStatements } from '#server/db/schema.ts';
import { badRequest, notFound } from '#server/errors.ts';
import { idParam, validate } from '#server/http.ts';
import { tenant, type Tenant } from '#server/tenant.ts';
import { readSettings } from '#server/entities/commissions/settings.ts';
import { storedTermsSql, type Raw } from '#server/entities/commissions/terms.ts';
import { requireScope } from '../authenticate.ts';
import { define, errors, idPath, ok, operationBase, pageOf, text } from './kit.ts';
import { pagingSchema } from './lists.ts';
import { documentedQuery } from './schemas.ts';

/** A line's state: its term's in the reconciliation when matched, else not in the book or ignored. */
export const LINE_STATES = [...COMMISSION_STATES, 'not_in_book', 'ignored'] as const;
export type LineState = (typeof LINE_STATES)[number];
const STATE_FILTER = ['all', 'matched', ...LINE_STATES] as const;

const money = () => text().describe('A decimal amount, exact to the cent (text)');

export const statementLineOut = z.object({
  id: z.uuid(),
  statement_id: z.uuid(),
  line: z.number().int().nullable().describe("The line's row in the file"),
  policy_number: text().nullable().describe('As the carrier wrote it'),
  insured_name: text().nullable(),
  premium: money().nullable(),
  amount: money().describe('The commission the carrier paid on this line (negative: a chargeback)'),
  received_on: text().meta({ format: 'date' }),
  transaction_type: text().nullable(),
  matched: z.boolean(),
  policy_id: z.uuid().nullable().describe('The term it paid (GET /commissions/{id}); null when not in the book or ignored'),
  reason: text().nullable().describe('Why it matched (or did not): "Matched on the policy number", "Matched by hand to policy …", the reason it was ignored …'),
  state: z
    .enum(LINE_STATES)
    .describe("Matched: its term's state in the reconciliation (paid = paid in full within the tolerance, short_paid, overpaid, unpaid, no_rate); otherwise not_in_book or ignored"),
  expected: money().nullable().describe("The term's expected commission (null when not matched)"),
  received: money().nullable().describe("Everything the term received, this line included (null when not matched)"),
  difference: money().nullable().describe("The term's expected − received (null when not matched)"),
});

export const statementLineQuerySchema = pagingSchema.omit({ updated_since: true }).extend({
  state: z
    .enum(STATE_FILTER, API_TEXT.oneOf('state', STATE_FILTER))
    .default('all')
    .describe("Only the lines in this state (matched: every matched line, whatever its term's state)."),
});

const read = operationBase('Commissions', 'read');

const ROUTES = {
  lines: createRoute({
    ...read.base,
    operationId: 'listStatementLines',
    method: 'get',
    path: '/statements/{id}/lines',
    summary: "A statement's lines with their match and their term's state",
    description:
      `The lines applied from an imported statement, in their order in the file, in pages; pass next_cursor as cursor until it is null. ` +
      `Lines that could not be read are not lines (GET the statement's failures in the app). An undone statement has none. ${read.note}`,
    request: { params: idPath, query: documentedQuery(statementLineQuerySchema) },
    responses: { 200: ok("A page of the statement's lines", pageOf(statementLineOut)), ...errors([400, 401, 403, 404, 429]) },
  }),
};

const cursorShape = z.tuple([z.number().int().min(-1), z.uuid()]);
const decodeCursor = (raw: string | undefined): [number, string] | null => {
  if (!raw) return null;
  try {
    return cursorShape.parse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'))) as [number, string];
  } catch {
    throw badRequest(API_TEXT.invalidCursor, { cursor: API_TEXT.invalidCursor }, 'INVALID_CURSOR');
  }
};
const encodeCursor = (line: number, id: string) => Buffer.from(JSON.stringify([line, id])).toString('base64url');

const str = (v: unknown) => (v === null || v === undefined ? null : String(v));

async function statementLines(t: Tenant, statementId: string, q: z.output<typeof statementLineQuerySchema>) {
  const [statement] = await t.select({ id: commissionStatements.id }).from(commissionStatements, eq(commissionStatements.id, statementId));
  if (!statement) throw notFound(COMMISSION_TEXT.statementNotFound);
  const after = decodeCursor(q.cursor);
  const { tolerance } = await readSettings(t);
  // a manual receipt has no line number; statement lines always have one (coalesce keeps the order total)
  const position = sql`coalesce(l.line_no, -1)`;
  const afterFilter = after ? sql` and (${position}, l.id) > (${after[0]}, ${after[1]}::uuid)` : sql``;
  const mine = sql`l.agency_id = ${t.agency} and l.statement_id = ${statementId}::uuid`;
  const columns = (l: SQL) => sql`${l}.id::text as id, ${l}.position, ${l}.line_no, ${l}.policy_number, ${l}.insured_name, ${l}.premium::text as premium,
    ${l}.amount::text as amount, ${l}.received_on::text as received_on, ${l}.transaction_type, ${l}.status, ${l}.policy_id::text as policy_id, ${l}.reason,
    case when ${l}.status = 'ignored' then 'ignored' when ${l}.status = 'unmatched' then 'not_in_book' else terms.state end as state,
    terms.expected::text as expected, terms.received::text as received, terms.difference::text as difference`;
  const byStatus: Partial<Record<string, string>> = { matched: 'matched', not_in_book: 'unmatched', ignored: 'ignored' };
  let result;
  if (q.state === 'all' || byStatus[q.state]) {
    // the page's lines first (a keyset read), then only their terms are read
    const status = q.state === 'all' ? sql`` : sql` and l.status = ${byStatus[q.state]}`;
    result = await t.execute(sql`with page as (
        select l.*, ${position} as position from commission_lines l where ${mine}${status}${afterFilter} order by ${position}, l.id limit ${q.limit + 1}
      ), terms as (${storedTermsSql(t, tolerance, sql`p.id in (select page.policy_id from page where page.policy_id is not null)`)})
      select ${columns(sql`page`)} from page left join terms on terms.id = page.policy_id order by page.position, page.id`);
  } else {
    // a term's state to filter on: the statement's stored terms (only those) are read, then filtered
    const only = sql`p.id in (select l.policy_id from commission_lines l where ${mine} and l.policy_id is not null)`;
    result = await t.execute(sql`with lines as (select l.*, ${position} as position from commission_lines l where ${mine}${afterFilter}),
        terms as (${storedTermsSql(t, tolerance, only)})
      select ${columns(sql`lines`)} from lines join terms on terms.id = lines.policy_id
       where lines.status = 'matched' and terms.state = ${q.state}
       order by lines.position, lines.id limit ${q.limit + 1}`);
  }
  const rows = result.rows as Raw[];
  const more = rows.length > q.limit;
  const shown = more ? rows.slice(0, q.limit) : rows;
  const last = shown.at(-1);
  return {
    data: shown.map((r) => ({
      id: String(r.id),
      statement_id: statementId,
      line: r.line_no === null || r.line_no === undefined ? null : Number(r.line_no),
      policy_number: str(r.policy_number),
      insured_name: str(r.insured_name),
      premium: str(r.premium),
      amount: String(r.amount),
      received_on: String(r.received_on),
      transaction_type: str(r.transaction_type),
      matched: r.status === 'matched',
      policy_id: str(r.policy_id),
      reason: str(r.reason),
      state: String(r.state) as LineState,
      expected: str(r.expected),
      received: str(r.received),
      difference: str(r.difference),
    })),
    next_cursor: more && last ? encodeCursor(Number(last.position), String(last.id)) : null,
  };
}

/** Mounts GET /statements/{id}/lines on /api/v1 (after its key and rate-limit middleware). */
export function registerStatementLineRoutes(api: OpenAPIHono<AppEnv>) {
  define(api, ROUTES.lines, requireScope('commissions', 'read'), async (c) => {
    const id = idParam(c, 'id', COMMISSION_TEXT.statementNotFound);
    const q = validate(statementLineQuerySchema, c.req.query());
    return c.json(await statementLines(tenant(c.var.deps.db, c.var.actor), id, q));
  });
}
