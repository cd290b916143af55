// Webhook endpoints and their delivery log, through the tenant context. Every change is recorded in
// the activity log (kind 'integration') in its own transaction.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Page } from '#shared/policies.ts';
import {
  WEBHOOK_TEXT,
  type DeliveryQuery,
  type DeliveryStatus,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointValues,
  type WebhookEvent,
} from '#shared/webhooks.ts';
import type { Actor } from '#server/context.ts';
import { boundedCount } from '#server/db/count.ts';
import { idOr404 } from '#server/db/helpers.ts';
import { agencyMembers, user, webhookDeliveries, webhookEndpoints } from '#server/db/schema.ts';
import { badRequest, conflict, notFound } from '#server/errors.ts';
import { sortOrder } from '#server/lists.ts';
import { crossAgency, tenant, type Connection, type Tenant } from '#server/tenant.ts';
import { emit } from '#server/platform/events.ts';
import { queueTestEvent, wakeWorker } from './events.ts';
import { resolveSafely, UnsafeAddressError } from './net.ts';

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export const newSecret = () => `whsec_${randomBytes(24).toString('hex')}`;

interface Creator {
  name: string | null;
  left: boolean;
}

function toEndpoint(r: EndpointRow, creator: Creator): WebhookEndpoint {
  return {
    id: r.id,
    url: r.url,
    description: r.description,
    events: r.events as WebhookEvent[],
    enabled: r.enabled,
    secret: r.secret,
    disabled_reason: r.disabledReason,
    created_by_name: creator.name,
    created_by_left: creator.left,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

function toDelivery(r: DeliveryRow): WebhookDelivery {
  return {
    id: r.id,
    endpoint_id: r.endpointId,
    event_id: r.eventId,
    event_type: r.eventType,
    status: r.status as DeliveryStatus,
    attempts: r.attempts,
    response_status: r.responseStatus,
    duration_ms: r.durationMs,
    last_error: r.lastError,
    next_attempt_at: r.status === 'pending' ? r.nextAttemptAt.toISOString() : null,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

/** The save-time SSRF check: the host must resolve, and only to public addresses (unless allowed). */
export async function assertDeliverableUrl(url: string, allowPrivate: boolean): Promise<void> {
  try {
    await resolveSafely(new URL(url), allowPrivate);
  } catch (err) {
    if (!(err instanceof UnsafeAddressError)) throw err;
    const message = err.reason === 'private' ? WEBHOOK_TEXT.urlPrivate : WEBHOOK_TEXT.urlUnresolved;
    throw badRequest(message, { url: message }, err.reason === 'private' ? 'WEBHOOK_URL_PRIVATE' : 'WEBHOOK_URL_UNRESOLVED');
  }
}

/**
 * Endpoints outlive the member who added them (they are the agency's): the answer says who added each
 * and whether they have since left, so the owner knows whose integration it was (issue 26 §2).
 */
async function withCreators(t: Tenant, rows: EndpointRow[]): Promise<WebhookEndpoint[]> {
  const ids = [...new Set(rows.flatMap((r) => (r.createdBy ? [r.createdBy] : [])))];
  const people = ids.length
    ? await crossAgency(t, "the endpoints' creators: user rows, of no agency")
        .select({ id: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email, member: agencyMembers.userId })
        .from(user)
        .leftJoin(agencyMembers, and(eq(agencyMembers.agencyId, t.agencyId), eq(agencyMembers.userId, user.id)))
        .where(inArray(user.id, ids))
    : [];
  const byId = new Map(people.map((p) => [p.id, { name: `${p.firstName ?? ''} ${p.lastName ?? ''}`.trim() || p.email, left: p.member === null }]));
  return rows.map((r) => toEndpoint(r, (r.createdBy && byId.get(r.createdBy)) || { name: null, left: true }));
}

const withCreator = async (t: Tenant, row: EndpointRow) => (await withCreators(t, [row]))[0];

async function ownEndpoint(t: Tenant, rawId: string): Promise<EndpointRow> {
  const id = idOr404(rawId, WEBHOOK_TEXT.notFound);
  const [row] = await t.from(webhookEndpoints, eq(webhookEndpoints.id, id));
  if (!row) throw notFound(WEBHOOK_TEXT.notFound);
  return row;
}

export async function listEndpoints(db: Connection, actor: Actor): Promise<{ rows: WebhookEndpoint[] }> {
  const t = tenant(db, actor);
  const rows = await t.from(webhookEndpoints).orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
  return { rows: await withCreators(t, rows) };
}

export async function getEndpoint(db: Connection, actor: Actor, rawId: string): Promise<WebhookEndpoint> {
  const t = tenant(db, actor);
  return withCreator(t, await ownEndpoint(t, rawId));
}

export async function createEndpoint(db: Connection, actor: Actor, input: WebhookEndpointValues, allowPrivate: boolean): Promise<WebhookEndpoint> {
  // DNS is a network call: before the transaction, never inside it.
  await assertDeliverableUrl(input.url, allowPrivate);
  return tenant(db, actor).transaction(async (t) => {
    const [row] = await t
      .insert(webhookEndpoints, { url: input.url, description: input.description, events: input.events, enabled: input.enabled, secret: newSecret(), createdBy: actor.userId })
      .returning();
    await emit(t, actor, { type: 'webhook_endpoint.created', entityId: row.id, summary: `Added webhook endpoint ${row.url}` });
    return withCreator(t, row);
  });
}

export async function updateEndpoint(db: Connection, actor: Actor, rawId: string, input: WebhookEndpointValues, allowPrivate: boolean): Promise<WebhookEndpoint> {
  const id = idOr404(rawId, WEBHOOK_TEXT.notFound);
  await assertDeliverableUrl(input.url, allowPrivate);
  return tenant(db, actor).transaction(async (t) => {
    const before = await ownEndpoint(t, id);
    // Turning an endpoint on again starts its failure count afresh.
    const reenabled = input.enabled && !before.enabled ? { consecutiveFailures: 0, failingSince: null, disabledReason: null } : {};
    const [row] = await t
      .update(
        webhookEndpoints,
        { url: input.url, description: input.description, events: input.events, enabled: input.enabled, updatedAt: new Date(), ...reenabled },
        eq(webhookEndpoints.id, id),
      )
      .returning();
    if (!input.enabled && before.enabled)
      await t.update(
        webhookDeliveries,
        { status: 'failed', lastError: WEBHOOK_TEXT.endpointDisabled, lockedUntil: null, updatedAt: new Date() },
        eq(webhookDeliveries.endpointId, id),
        eq(webhookDeliveries.status, 'pending'),
      );
    await emit(t, actor, { type: 'webhook_endpoint.updated', entityId: id, summary: `Updated webhook endpoint ${row.url}` });
    return withCreator(t, row);
  });
}

export async function deleteEndpoint(db: Connection, actor: Actor, rawId: string): Promise<void> {
  await tenant(db, actor).transaction(async (t) => {
    const row = await ownEndpoint(t, rawId);
    await t.delete(webhookEndpoints, eq(webhookEndpoints.id, row.id));
    await emit(t, actor, { type: 'webhook_endpoint.deleted', entityId: row.id, summary: `Deleted webhook endpoint ${row.url}` });
  });
}

export async function rotateSecret(db: Connection, actor: Actor, rawId: string): Promise<WebhookEndpoint> {
  return tenant(db, actor).transaction(async (t) => {
    const before = await ownEndpoint(t, rawId);
    const [row] = await t.update(webhookEndpoints, { secret: newSecret(), updatedAt: new Date() }, eq(webhookEndpoints.id, before.id)).returning();
    await emit(t, actor, { type: 'webhook_endpoint.updated', entityId: row.id, summary: `Rotated the signing secret of webhook endpoint ${row.url}` });
    return withCreator(t, row);
  });
}

export async function sendTestEvent(db: Connection, actor: Actor, rawId: string): Promise<{ delivery_id: string }> {
  return tenant(db, actor).transaction(async (t) => {
    const row = await ownEndpoint(t, rawId);
    if (!row.enabled) throw conflict(WEBHOOK_TEXT.endpointDisabled, 'ENDPOINT_DISABLED');
    return { delivery_id: await queueTestEvent(t, row.id) };
  });
}

/** A new delivery of the same event (same event id and body, so receivers can de-duplicate). */
export async function redeliver(db: Connection, actor: Actor, rawId: string, rawDeliveryId: string): Promise<WebhookDelivery> {
  const deliveryId = idOr404(rawDeliveryId, WEBHOOK_TEXT.deliveryNotFound);
  return tenant(db, actor).transaction(async (t) => {
    const endpoint = await ownEndpoint(t, rawId);
    if (!endpoint.enabled) throw conflict(WEBHOOK_TEXT.endpointDisabled, 'ENDPOINT_DISABLED');
    const [original] = await t.from(webhookDeliveries, eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpoint.id));
    if (!original) throw notFound(WEBHOOK_TEXT.deliveryNotFound);
    const [row] = await t
      .insert(webhookDeliveries, { endpointId: endpoint.id, eventId: original.eventId, eventType: original.eventType, payload: original.payload })
      .returning();
    wakeWorker();
    return toDelivery(row);
  });
}

export async function listDeliveries(db: Connection, actor: Actor, rawId: string, q: DeliveryQuery): Promise<Page<WebhookDelivery>> {
  const t = tenant(db, actor);
  const endpoint = await ownEndpoint(t, rawId);
  const filters: SQL[] = [eq(webhookDeliveries.endpointId, endpoint.id)];
  if (q.status !== 'all') filters.push(eq(webhookDeliveries.status, q.status));
  const where = t.where(webhookDeliveries, and(...filters));
  const [rows, { total, estimated }] = await Promise.all([
    t
      .from(webhookDeliveries, and(...filters))
      .orderBy(...sortOrder(q.sort, { created_at: [webhookDeliveries.createdAt] }, webhookDeliveries.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    boundedCount(t, webhookDeliveries, where),
  ]);
  return { rows: rows.map(toDelivery), total, totalIsEstimate: estimated, page: q.page, pageSize: q.pageSize };
}
