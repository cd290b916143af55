// GET /api/v1/events: the change feed (issue 34 §2, decision 055). Every created, updated and deleted
// customer, policy, communication, task, opportunity, document (the Trash is its delete), premium payment, portal request, commission rate and own rate of the key's agency, in commit order, paged by an opaque cursor
// that never skips a change committed later: only changes of transactions older than every
// transaction still running are answered (the safe horizon), in (transaction id, sequence) order.
// Each entry carries the entity as it is when the page is read, or null once it is deleted (the
// tombstone), so a client that applies the entries in order holds exactly the server's rows.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { API_TEXT, scopeAllows, type ApiScopes } from '#shared/api-keys.ts';
import {
  CHANGE_ENTITIES,
  CHANGE_ENTITY_SCOPE,
  CHANGE_FEED_DEFAULT_LIMIT,
  CHANGE_FEED_MAX_LIMIT,
  CHANGE_FEED_RETENTION_DAYS,
  CHANGE_OPS,
  CHANGE_TEXT,
  type ChangeEntity,
  type ChangeEntry,
  type ChangeOp,
} from '#shared/changes.ts';
import { safeText } from '#shared/validation.ts';
import type { Actor, AppEnv } from '#server/context.ts';
import { changeFeed, commissionOverrides, commissionRates, customerCommunications, customers, opportunities, policies, tasks, user } from '#server/db/schema.ts';
import { ratesWhere, toApiOverride } from '#server/entities/commissions/rate-changes.ts';
import { commissionOverrideOut, commissionRateOut } from './commission-rates.ts';
import { AppError, badRequest, forbidden } from '#server/errors.ts';
import { validate } from '#server/http.ts';
import { agencyTodayOf } from '#server/platform/policy-status.ts';
import { assigneeName } from '#server/platform/team-membership.ts';
import { tenant, type Connection, type Tenant } from '#server/tenant.ts';
import { toCommunication, toCustomer } from '#server/entities/customers.ts';
import { toPolicy } from '#server/entities/policies/decode.ts';
import { listTasksByChange } from '#server/entities/tasks/tasks.ts';
import { listOpportunitiesByChange } from '#server/entities/pipeline/opportunities.ts';
import { opportunityOut } from './opportunities.ts';
import { taskOut } from './tasks.ts';
import { documentOut } from './documents.ts';
import { paymentOut } from './payments.ts';
import { apiDocumentsByIds } from '#server/platform/document-rows.ts';
import { paymentsByIds } from '#server/entities/premium-payments.ts';
import { portalRequestsByIds } from '#server/entities/portal-requests.ts';
import { portalRequestOut } from './portal-requests.ts';
import { communicationOut, customerOut, documented, documentedQuery, errorOut, policyOut } from './schemas.ts';

export const changeFeedQuerySchema = z.object({
  after: safeText({ trim: false }).max(200).optional().describe('The next_cursor of the previous page; without it the feed starts at its beginning.'),
  limit: z.coerce
    .number(CHANGE_TEXT.limit)
    .int(CHANGE_TEXT.limit)
    .min(1, CHANGE_TEXT.limit)
    .max(CHANGE_FEED_MAX_LIMIT, CHANGE_TEXT.limit)
    .default(CHANGE_FEED_DEFAULT_LIMIT)
    .describe(`Entries per page, at most ${CHANGE_FEED_MAX_LIMIT}.`),
  entity: z.enum(CHANGE_ENTITIES, `entity must be one of ${CHANGE_ENTITIES.join(', ')}.`).optional().describe('Only the entries of this entity.'),
});
export type ChangeFeedQuery = z.output<typeof changeFeedQuerySchema>;

export interface ChangePage {
  data: ChangeEntry[];
  /** always set: the position after this page, to poll again from */
  next_cursor: string;
  has_more: boolean;
}

interface Position {
  txid: string;
  seq: number;
}
const START: Position = { txid: '0', seq: 0 };

const positionShape = z.tuple([safeText({ trim: false }).regex(/^\d{1,20}$/), z.number().int().min(0)]);

function decodePosition(raw: string | undefined): Position {
  if (!raw) return START;
  try {
    const [txid, seq] = positionShape.parse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
    return { txid, seq };
  } catch {
    throw badRequest(CHANGE_TEXT.invalidAfter, { after: CHANGE_TEXT.invalidAfter }, 'INVALID_CURSOR');
  }
}
const encodePosition = (p: Position) => Buffer.from(JSON.stringify([p.txid, p.seq])).toString('base64url');

/** The entities the key may read, narrowed to `only`; 403 when that leaves none. */
export function readableEntities(scopes: ApiScopes, only?: ChangeEntity): ChangeEntity[] {
  const asked = only ? [only] : [...CHANGE_ENTITIES];
  const readable = asked.filter((e) => scopeAllows(scopes, CHANGE_ENTITY_SCOPE[e], 'read'));
  if (!readable.length) throw forbidden(API_TEXT.scopeDenied(CHANGE_ENTITY_SCOPE[asked[0]], 'read'), 'SCOPE_DENIED');
  return readable;
}

/** A policy without the customer's contact details, for a key without customers: read (as /policies). */
function withoutContacts(policy: ReturnType<typeof toPolicy>) {
  const { customer_email: _email, customer_phone: _phone, ...rest } = policy;
  return rest;
}

/** The entities' current answers, as their lists show them; a deleted one is absent. */
async function currentRows(db: Connection, t: Tenant, actor: Actor, scopes: ApiScopes, ids: Record<ChangeEntity, string[]>): Promise<Record<ChangeEntity, Map<string, unknown>>> {
  const out: Record<ChangeEntity, Map<string, unknown>> = {
    customer: new Map(),
    policy: new Map(),
    communication: new Map(),
    task: new Map(),
    opportunity: new Map(),
    document: new Map(),
    premium_payment: new Map(),
    portal_request: new Map(),
    commission_rate: new Map(),
    commission_override: new Map(),
  };
  if (ids.commission_rate.length) for (const r of await ratesWhere(t, inArray(commissionRates.id, ids.commission_rate))) out.commission_rate.set(r.id, r);
  if (ids.commission_override.length)
    for (const r of await t.from(commissionOverrides, inArray(commissionOverrides.policyId, ids.commission_override))) out.commission_override.set(r.policyId, toApiOverride(r));
  for (const r of await apiDocumentsByIds(t, ids.document)) out.document.set(r.id, r);
  for (const r of await paymentsByIds(t, ids.premium_payment)) out.premium_payment.set(r.id, r);
  for (const r of await portalRequestsByIds(t, ids.portal_request)) out.portal_request.set(r.id, r);
  if (ids.task.length) for (const { cursorAt: _at, ...r } of await listTasksByChange(db as Parameters<typeof listTasksByChange>[0], actor, [inArray(tasks.id, ids.task)], ids.task.length)) out.task.set(r.id, r);
  if (ids.opportunity.length) for (const { cursorAt: _at, ...r } of await listOpportunitiesByChange(t, [inArray(opportunities.id, ids.opportunity)], ids.opportunity.length)) out.opportunity.set(r.id, r);
  if (ids.customer.length) for (const r of await t.from(customers, inArray(customers.id, ids.customer))) out.customer.set(r.id, toCustomer(r));
  if (ids.policy.length) {
    const today = agencyTodayOf(actor);
    const contacts = scopeAllows(scopes, 'customers', 'read');
    const rows = await t
      .select({ policy: policies, first: assigneeName, name: user.name })
      .from(policies, inArray(policies.id, ids.policy))
      .leftJoin(user, eq(user.id, policies.assigneeId));
    for (const r of rows) {
      const answer = toPolicy(r.policy, r, today);
      out.policy.set(r.policy.id, contacts ? answer : withoutContacts(answer));
    }
  }
  if (ids.communication.length) {
    const rows = await t
      .select({ c: customerCommunications, firstName: user.firstName, lastName: user.lastName })
      .from(customerCommunications, inArray(customerCommunications.id, ids.communication))
      .leftJoin(user, eq(user.id, customerCommunications.createdBy));
    for (const r of rows) out.communication.set(r.c.id, toCommunication(r));
  }
  return out;
}

/**
 * A cursor names the last entry it answered; the retention job deletes a prefix of the feed, so that
 * entry is still there exactly when nothing after it was purged. Gone: 410, the client starts again.
 */
async function assertKept(t: Tenant, after: Position) {
  if (after.txid === START.txid && after.seq === START.seq) return;
  const f = changeFeed;
  const [kept] = await t.select({ seq: f.seq }).from(f, sql`${f.txid} = ${after.txid}::xid8`, eq(f.seq, after.seq)).limit(1);
  if (!kept) throw new AppError(410, 'CHANGE_CURSOR_EXPIRED', CHANGE_TEXT.expired);
}

export async function readChanges(db: Connection, actor: Actor, scopes: ApiScopes, q: ChangeFeedQuery): Promise<ChangePage> {
  const entities = readableEntities(scopes, q.entity);
  const after = decodePosition(q.after);
  const t = tenant(db, actor);
  const f = changeFeed;
  await assertKept(t, after);
  const rows = await t
    .select({ seq: f.seq, txid: sql<string>`${f.txid}::text`, entity: f.entity, entityId: f.entityId, op: f.op, eventType: f.eventType, occurredAt: f.occurredAt })
    .from(
      f,
      inArray(f.entity, entities),
      // the safe horizon: every transaction below it has ended, so nothing can still commit before a row answered here
      sql`${f.txid} < pg_snapshot_xmin(pg_current_snapshot())`,
      sql`(${f.txid}, ${f.seq}) > (${after.txid}::xid8, ${after.seq}::bigint)`,
    )
    .orderBy(f.txid, f.seq)
    .limit(q.limit + 1);
  const more = rows.length > q.limit;
  const shown = more ? rows.slice(0, q.limit) : rows;
  const ids = Object.fromEntries(CHANGE_ENTITIES.map((e) => [e, [] as string[]])) as Record<ChangeEntity, string[]>;
  for (const r of shown) ids[r.entity as ChangeEntity].push(r.entityId);
  const current = await currentRows(db, t, actor, scopes, ids);
  const last = shown.at(-1);
  return {
    data: shown.map((r) => ({
      id: String(r.seq),
      type: r.eventType,
      entity: r.entity as ChangeEntity,
      entity_id: r.entityId,
      op: r.op as ChangeOp,
      occurred_at: r.occurredAt.toISOString(),
      data: current[r.entity as ChangeEntity].get(r.entityId) ?? null,
    })),
    next_cursor: encodePosition(last ? { txid: last.txid, seq: Number(last.seq) } : after),
    has_more: more,
  };
}

/** Response text (never parsed from a request). */
const text = () => safeText({ trim: false });

const entryOut = z.object({
  id: text().describe("The entry's sequence number (for logs; page with next_cursor)."),
  type: text().describe('The event, as the webhooks name it: customer.created, policy.updated, communication.deleted …'),
  entity: z.enum(CHANGE_ENTITIES),
  entity_id: z.uuid(),
  op: z.enum(CHANGE_OPS),
  occurred_at: text().describe('ISO 8601 date and time of the change'),
  data: z
    .union([customerOut, policyOut, communicationOut, taskOut, opportunityOut, documentOut, paymentOut, portalRequestOut, commissionRateOut, commissionOverrideOut])
    .nullable()
    .describe('The entity as it is when the page is read (as its list shows it); null once it has been deleted — remove it.'),
});
const pageOut = z.object({
  data: z.array(entryOut),
  next_cursor: text().describe('Always set: pass as `after` for the next page, and keep it to poll for later changes.'),
  has_more: z.boolean().describe('Another page is ready now; when false, poll again later with next_cursor.'),
});

const errors = (codes: Record<number, string>) =>
  Object.fromEntries(Object.entries(codes).map(([code, description]) => [code, { description, content: { 'application/json': { schema: documented(errorOut, 'output') } } }]));

export const changeFeedRoute = createRoute({
  operationId: 'listChanges',
  method: 'get',
  path: '/events',
  tags: ['Changes'],
  security: [{ bearerKey: [] }],
  summary: 'The change feed',
  description:
    'Every created, updated and deleted customer, policy, communication, task, opportunity, document, premium payment, portal request, commission schedule rate and policy own rate of the agency, in commit order: apply each entry in turn ' +
    '(data: upsert; null: delete) and your copy equals the agency\'s. Entries appear once the change has committed and every ' +
    'transaction that began before it has ended, so a cursor never skips one. Each key sees the entities its scopes may read.',
  request: { query: documentedQuery(changeFeedQuerySchema) },
  responses: {
    200: { description: 'A page of changes', content: { 'application/json': { schema: documented(pageOut, 'output') } } },
    ...errors({
      400: 'Invalid after, limit or entity.',
      401: 'Missing, malformed or revoked API key.',
      403: 'The key may read none of the entities asked for, or the plan has no API.',
      410: `CHANGE_CURSOR_EXPIRED: the cursor is older than the ${CHANGE_FEED_RETENTION_DAYS} days the feed keeps. Start again: read the feed without after to its end, load the lists, then poll from there.`,
      429: 'Rate limit exceeded.',
    }),
  },
});

/** Mounts GET /events on /api/v1 (after its key and rate-limit middleware) and documents it. */
export function registerChangeFeed(api: OpenAPIHono<AppEnv>) {
  api.openAPIRegistry.registerPath(changeFeedRoute);
  api.get(changeFeedRoute.path, async (c) =>
    c.json(await readChanges(c.var.deps.db, c.var.actor, c.var.apiKey.scopes, validate(changeFeedQuerySchema, c.req.query()))),
  );
}
