// The delivery worker (decision 028). A system job across agencies, like the digest: it claims due
// deliveries with FOR UPDATE SKIP LOCKED under a lease (so two instances never take the same row,
// and a row whose worker died is taken again when the lease runs out), POSTs each one outside any
// transaction, then records the outcome. All state is in webhook_deliveries: a restart loses nothing.
import { and, eq, gt, inArray, lt, lte, or, sql } from 'drizzle-orm';
import { DELIVERY_ID_HEADER, EVENT_ID_HEADER, EVENT_TYPE_HEADER, SIGNATURE_HEADER, WEBHOOK_TEXT } from '#shared/webhooks.ts';
import type { Deps } from '#server/context.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { agencies, webhookDeliveries as d, webhookEndpoints as e } from '#server/db/schema.ts';
import { defineJob } from '#server/jobs/queue.ts';
import { emit } from '#server/platform/events.ts';
import { tenant } from '#server/tenant.ts';
import { postWebhook, signatureHeader, type PostResult } from './net.ts';

/** Attempts per delivery; the waits between them add up to about 24 hours. */
export const MAX_ATTEMPTS = 10;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The wait after attempt n (index n-1), roughly doubling, capped: 1+5+15+30+60+120+240+360+600 min ≈ 23.9 h. */
export const RETRY_DELAYS_MS = [1 * MINUTE, 5 * MINUTE, 15 * MINUTE, 30 * MINUTE, 1 * HOUR, 2 * HOUR, 4 * HOUR, 6 * HOUR, 10 * HOUR];
/** An endpoint failing without a single success for this long is disabled. */
export const DISABLE_AFTER_MS = 24 * HOUR;

/** The wait after a failed attempt, with ±20 % jitter so retries of many deliveries spread out. */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  const base = RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length) - 1];
  return Math.round(base * (0.8 + 0.4 * random()));
}

export interface WorkerOptions {
  /** the clock (tests move it to expire leases and reach retries) */
  now?: Date;
  timeoutMs?: number;
  allowPrivate?: boolean;
  /** rows per claim */
  batch?: number;
  /** requests in flight at once */
  concurrency?: number;
  /** how long a claim holds a row; must exceed the timeout */
  leaseMs?: number;
}

export interface Claimed {
  id: string;
  agencyId: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  payload: string;
  attempts: number;
  url: string;
  secret: string;
  /** the endpoint had failures when claimed: a success must reset its count */
  endpointFailing: boolean;
}

function leaseFor(opts: WorkerOptions, timeoutMs: number) {
  return opts.leaseMs ?? timeoutMs + 50_000;
}

/** Takes up to `limit` due rows (pending and due, or sending with an expired lease) of enabled endpoints. */
export async function claimDeliveries(db: Db, now: Date, limit: number, leaseMs: number): Promise<Claimed[]> {
  const due = db
    .select({ id: d.id })
    .from(d)
    .innerJoin(e, and(eq(e.agencyId, d.agencyId), eq(e.id, d.endpointId), eq(e.enabled, true)))
    .where(or(and(eq(d.status, 'pending'), lte(d.nextAttemptAt, now)), and(eq(d.status, 'sending'), lt(d.lockedUntil, now))))
    .orderBy(d.nextAttemptAt)
    .limit(limit)
    .for('update', { of: d, skipLocked: true });
  const rows = await db
    .update(d)
    .set({ status: 'sending', lockedUntil: new Date(now.getTime() + leaseMs), attempts: sql`${d.attempts} + 1`, updatedAt: now })
    .where(inArray(d.id, due))
    .returning();
  if (!rows.length) return [];
  const endpoints = await db
    .select({ id: e.id, url: e.url, secret: e.secret, failures: e.consecutiveFailures, failingSince: e.failingSince })
    .from(e)
    // the claimed rows' agencies as well as the ids: on Citus only those agencies' shards are read (decision 044)
    .where(and(inArray(e.agencyId, [...new Set(rows.map((r) => r.agencyId))]), inArray(e.id, [...new Set(rows.map((r) => r.endpointId))])));
  const byId = new Map(endpoints.map((x) => [x.id, x]));
  return rows.map((r) => ({
    id: r.id,
    agencyId: r.agencyId,
    endpointId: r.endpointId,
    eventId: r.eventId,
    eventType: r.eventType,
    payload: r.payload,
    attempts: r.attempts,
    url: byId.get(r.endpointId)!.url,
    secret: byId.get(r.endpointId)!.secret,
    endpointFailing: byId.get(r.endpointId)!.failures > 0 || byId.get(r.endpointId)!.failingSince !== null,
  }));
}

/** The signed POST of one claimed delivery. */
export function sendDelivery(c: Claimed, opts: { timeoutMs: number; allowPrivate: boolean }): Promise<PostResult> {
  const headers = {
    'user-agent': 'PolicyDesk-Webhooks/1.0',
    [SIGNATURE_HEADER]: signatureHeader(c.secret, c.payload, Math.floor(Date.now() / 1000)),
    [EVENT_ID_HEADER]: c.eventId,
    [EVENT_TYPE_HEADER]: c.eventType,
    [DELIVERY_ID_HEADER]: c.id,
  };
  return postWebhook(c.url, c.payload, headers, opts);
}

// Only the claim that is still current may record: a worker whose lease ran out and whose row was
// claimed again (attempts moved on) leaves it alone.
const stillMine = (c: Claimed) => and(eq(d.agencyId, c.agencyId), eq(d.id, c.id), eq(d.status, 'sending'), eq(d.attempts, c.attempts));
/** The claimed delivery's endpoint, by its agency and id (one shard on Citus, decision 044). */
const endpointOf = (c: Claimed) => and(eq(e.agencyId, c.agencyId), eq(e.id, c.endpointId));

/** Records the outcome; a failure schedules the retry or gives up, and may disable the endpoint. */
export async function recordOutcome(db: Db, c: Claimed, result: PostResult, now: Date): Promise<void> {
  const outcome = { responseStatus: result.status, durationMs: result.durationMs, lockedUntil: null, updatedAt: now };
  if (!result.error && !c.endpointFailing) {
    // the common case: one statement, no transaction
    await db.update(d).set({ ...outcome, status: 'succeeded', lastError: null }).where(stillMine(c));
    return;
  }
  if (!result.error) {
    await db.transaction(async (tx) => {
      await tx.update(d).set({ ...outcome, status: 'succeeded', lastError: null }).where(stillMine(c));
      await tx
        .update(e)
        .set({ consecutiveFailures: 0, failingSince: null })
        .where(and(endpointOf(c), or(gt(e.consecutiveFailures, 0), sql`${e.failingSince} is not null`)));
    });
    return;
  }
  const last = c.attempts >= MAX_ATTEMPTS;
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(d)
      .set({
        ...outcome,
        status: last ? 'failed' : 'pending',
        nextAttemptAt: last ? now : new Date(now.getTime() + retryDelay(c.attempts)),
        lastError: result.error!.slice(0, 500),
      })
      .where(stillMine(c))
      .returning({ id: d.id });
    if (!updated) return;
    const [ep] = await tx
      .update(e)
      .set({ consecutiveFailures: sql`${e.consecutiveFailures} + 1`, failingSince: sql`coalesce(${e.failingSince}, ${now.toISOString()}::timestamptz)` })
      .where(endpointOf(c))
      .returning();
    if (!ep?.enabled) return;
    const failingFor = now.getTime() - (ep.failingSince ?? now).getTime();
    // 24 hours without a success, or a delivery that used all its attempts with no success in between
    if (failingFor >= DISABLE_AFTER_MS || (last && ep.consecutiveFailures >= MAX_ATTEMPTS)) await disableFailing(tx, ep, now);
  });
}

/** Disables the endpoint, fails what it still had queued, and tells its creator and the agency owner. */
async function disableFailing(tx: Tx, ep: typeof e.$inferSelect, now: Date) {
  await tx.update(e).set({ enabled: false, disabledReason: WEBHOOK_TEXT.disabledReason, updatedAt: now }).where(and(eq(e.agencyId, ep.agencyId), eq(e.id, ep.id)));
  await tx
    .update(d)
    .set({ status: 'failed', lastError: WEBHOOK_TEXT.endpointDisabled, lockedUntil: null, updatedAt: now })
    .where(and(eq(d.agencyId, ep.agencyId), eq(d.endpointId, ep.id), eq(d.status, 'pending')));
  const [agency] = await tx.select({ ownerId: agencies.ownerId }).from(agencies).where(eq(agencies.id, ep.agencyId));
  const recipients = new Set([ep.createdBy, agency?.ownerId].filter((x): x is string => !!x));
  const since = (ep.failingSince ?? now).toISOString();
  // A system change, so no actor (decision 015: the worker works across agencies; this one is the endpoint's).
  await emit(tenant(tx, { agency: { id: ep.agencyId } }), { userId: null }, {
    type: 'webhook_endpoint.disabled',
    entityId: ep.id,
    summary: `Disabled webhook endpoint ${ep.url} after it kept failing`,
    url: ep.url,
    since,
    recipients: [...recipients],
  });
}

async function pool<T>(items: T[], size: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const runners = Array.from({ length: Math.min(size, items.length) }, async () => {
    while (next < items.length) await work(items[next++]);
  });
  await Promise.all(runners);
}

/** One pass: claims and sends batches until nothing is due. */
export async function runDeliveries(deps: Pick<Deps, 'db' | 'config' | 'logger'>, opts: WorkerOptions = {}) {
  const timeoutMs = opts.timeoutMs ?? deps.config.WEBHOOK_TIMEOUT_MS;
  const allowPrivate = opts.allowPrivate ?? deps.config.WEBHOOKS_ALLOW_PRIVATE;
  const totals = { claimed: 0, succeeded: 0, failed: 0 };
  for (;;) {
    const now = opts.now ?? new Date();
    const claimed = await claimDeliveries(deps.db, now, opts.batch ?? 50, leaseFor(opts, timeoutMs));
    if (!claimed.length) break;
    totals.claimed += claimed.length;
    await pool(claimed, opts.concurrency ?? 16, async (c) => {
      const result = await sendDelivery(c, { timeoutMs, allowPrivate });
      if (result.error) totals.failed += 1;
      else totals.succeeded += 1;
      await recordOutcome(deps.db, c, result, opts.now ?? new Date());
    });
    // a fixed clock would find the same rows due again (nothing moves it): one batch is the pass
    if (opts.now) break;
  }
  return totals;
}

/**
 * The `webhooks.deliver` job: one drain of the outbox. Scheduled every few seconds (retries and other
 * instances' events) and enqueued right after events are written in this process (jobs/all.ts).
 */
export const webhookJob = defineJob<Record<string, never>>({
  name: 'webhooks.deliver',
  // JOBS_LEASE_MS (the takeover test) shortens the deliveries' lease too; it must stay above the timeout
  run: async (deps) => void (await runDeliveries(deps, process.env.JOBS_LEASE_MS ? { leaseMs: Math.max(Number(process.env.JOBS_LEASE_MS), deps.config.WEBHOOK_TIMEOUT_MS + 1_000) } : {})),
});
