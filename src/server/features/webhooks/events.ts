// emitEvent: the outbox. Called inside the transaction of the change by the webhooks' subscriber to the
// domain events (subscribe.ts — so the web app and /api/v1 fire the same events), it writes one delivery
// row per enabled endpoint subscribed to the event. Nothing leaves the process here: the worker sends
// after the commit, so a rolled-back change sends nothing and a committed one is never lost.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { planIncludes } from '#shared/features.ts';
import type { Tier } from '#shared/tiers.ts';
import { TEST_EVENT, type WebhookEvent, type WebhookPayload } from '#shared/webhooks.ts';
import { webhookDeliveries, webhookEndpoints } from '#server/db/schema.ts';
import type { Tenant } from '#server/tenant.ts';

const wakers = new Set<() => void>();
let pending: ReturnType<typeof setTimeout> | null = null;

/** The in-process worker asks to be woken when events are written (see worker.ts). */
export function onEventsWritten(wake: () => void): () => void {
  wakers.add(wake);
  return () => wakers.delete(wake);
}

/**
 * Wakes the worker shortly after the write: by then the caller's transaction has committed (it is
 * short); if not, the worker's next regular tick finds the rows.
 */
export function wakeWorker(delayMs = 50) {
  if (!wakers.size || pending) return;
  pending = setTimeout(() => {
    pending = null;
    for (const wake of wakers) wake();
  }, delayMs);
  pending.unref?.();
}

export function buildPayload(agencyId: string, type: WebhookPayload['type'], data: unknown, now = new Date(), eventId: string = randomUUID()): { eventId: string; body: string } {
  const payload: WebhookPayload = { id: eventId, type, created_at: now.toISOString(), agency_id: agencyId, data };
  return { eventId, body: JSON.stringify(payload) };
}

/**
 * The agency's enabled endpoints and their events, read once per tenant context (a request, or one
 * transaction): a policy created with a new customer emits two events, which read them once.
 */
const endpointsByTenant = new WeakMap<Tenant, Promise<{ id: string; events: string[] }[]>>();
function enabledEndpoints(t: Tenant): Promise<{ id: string; events: string[] }[]> {
  let endpoints = endpointsByTenant.get(t);
  if (!endpoints) {
    // a query builder runs again on every await: kept as the one promise of its one run
    const query = t.select({ id: webhookEndpoints.id, events: webhookEndpoints.events }).from(webhookEndpoints, eq(webhookEndpoints.enabled, true));
    endpoints = (async () => await query)();
    endpointsByTenant.set(t, endpoints);
  }
  return endpoints;
}

/**
 * Queues `type` for every enabled endpoint of the agency that subscribed to it; returns how many.
 * `data` is the resource as the API shows it, or a function that reads it (only called when some
 * endpoint listens). Agencies whose plan has no API (below Enterprise) send nothing; nor does an
 * agency whose request identity found no enabled endpoint (`agency.webhooks === false`, no query),
 * while one built without it pays one indexed lookup.
 */
export async function emitEvent(
  t: Tenant,
  owner: { agency: { tier: Tier; webhooks?: boolean } },
  type: WebhookEvent,
  data: unknown | (() => Promise<unknown>),
  // the domain event's id and time (platform/events.ts): the id receivers de-duplicate on
  event: { eventId?: string; now?: Date } = {},
): Promise<number> {
  if (!planIncludes(owner.agency.tier, 'api-write') || owner.agency.webhooks === false) return 0;
  const targets = (await enabledEndpoints(t)).filter((e) => e.events.includes(type));
  if (!targets.length) return 0;
  const resolved = typeof data === 'function' ? await (data as () => Promise<unknown>)() : data;
  const { eventId, body } = buildPayload(t.agencyId, type, resolved, event.now, event.eventId);
  await t.insert(
    webhookDeliveries,
    targets.map((e) => ({ endpointId: e.id, eventId, eventType: type, payload: body })),
  );
  wakeWorker();
  return targets.length;
}

/** "Send test event": one delivery to one endpoint, outside any subscription. */
export async function queueTestEvent(t: Tenant, endpointId: string): Promise<string> {
  const { eventId, body } = buildPayload(t.agencyId, TEST_EVENT, { message: 'This is a test event from PolicyDesk.', endpoint_id: endpointId });
  const [row] = await t
    .insert(webhookDeliveries, { endpointId, eventId, eventType: TEST_EVENT, payload: body })
    .returning({ id: webhookDeliveries.id });
  wakeWorker();
  return row.id;
}
