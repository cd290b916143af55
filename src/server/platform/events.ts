// Domain events (decision 049): `emit` inside the write's transaction. Subscribers register from their
// own feature (features/<name>/subscribe.ts), wired once at start-up (features/subscribers.ts), so a
// writing feature depends on this module and #shared/events.ts, never on who listens.
//   - 'in-transaction' subscribers run right here, in the write's transaction, in registration order:
//     what they write (an activity line, a notification, a webhook's delivery rows — the webhooks'
//     own outbox) commits or rolls back with the change.
//   - 'job' subscribers get a job on the one queue (jobs/queue.ts), enqueued in the same transaction:
//     the transactional outbox. The job runs after the commit, at least once (retried with backoff),
//     and carries the event's id so the subscriber can make a second run a no-op.
import { randomUUID } from 'node:crypto';
import type { DomainEvent, EventOf, EventType } from '#shared/events.ts';
import type { Tier } from '#shared/tiers.ts';
import type { Deps } from '#server/context.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { defineJob } from '#server/jobs/queue.ts';
import { tenant, type Tenant } from '#server/tenant.ts';

/** Who made the change: an Actor fits. `agency` tells the webhooks whether the plan sends any. */
export interface EventSource {
  userId: string | null;
  agency?: { tier: Tier; webhooks?: boolean };
}

/** What a subscriber gets beside the event. */
export interface EventContext {
  /** the agency's context on the write's transaction (or the job's); null for an event of no agency */
  t: Tenant | null;
  /** the transaction underneath */
  db: Db | Tx;
  by: EventSource;
  /** one per emit: the webhook event id, and the job subscribers' de-duplication key */
  eventId: string;
  at: Date;
}

type Handler<K extends EventType> = (ctx: EventContext, event: EventOf<K>) => Promise<void>;

export interface Subscriber<K extends EventType = EventType> {
  /** unique; a job subscriber's jobs name it, so a rename strands queued ones */
  name: string;
  types: readonly K[];
  mode: 'in-transaction' | 'job';
  handle: Handler<K>;
}

const subscribers: Subscriber[] = [];

/** Registers a subscriber (once per name: wiring twice, as tests building many apps do, changes nothing). */
export function subscribe<K extends EventType>(sub: Subscriber<K>): void {
  if (subscribers.some((s) => s.name === sub.name)) return;
  subscribers.push(sub as unknown as Subscriber);
}

/** Tests: the subscribers of a type, in the order they run. */
export function subscribersOf(type: EventType): string[] {
  return subscribers.filter((s) => s.types.includes(type)).map((s) => s.name);
}

/** Tests only: forgets a subscriber registered by the test itself. */
export function unsubscribe(name: string): void {
  const at = subscribers.findIndex((s) => s.name === name);
  if (at >= 0) subscribers.splice(at, 1);
}

const resolve = async <T>(value: T | (() => Promise<T>)): Promise<T> => (typeof value === 'function' ? (value as () => Promise<T>)() : value);

/**
 * Publishes `event` inside the caller's transaction: a Tenant for an agency's change, the bare
 * transaction for a change of no agency (a payment decision). Throws what a subscriber throws, which
 * rolls the write back: an in-transaction subscriber is part of the write.
 */
export async function emit(on: Tenant | Db | Tx, by: EventSource, event: DomainEvent): Promise<void> {
  // an event with no one wired would lose its activity line and webhooks without a sound
  if (!subscribers.length) throw new Error('A domain event was emitted before wireSubscribers() (features/subscribers.ts) ran.');
  const t = isTenant(on) ? on : null;
  const ctx: EventContext = { t, db: t ? t.db : (on as Db | Tx), by, eventId: randomUUID(), at: new Date() };
  for (const sub of subscribers) {
    if (!sub.types.includes(event.type)) continue;
    if (sub.mode === 'in-transaction') await sub.handle(ctx, event as never);
    else await enqueueFor(sub, ctx, event);
  }
}

function isTenant(on: Tenant | Db | Tx): on is Tenant {
  return typeof (on as Tenant).insertAtEnd === 'function';
}

interface EventJobPayload extends Record<string, unknown> {
  subscriber: string;
  eventId: string;
  at: string;
  agencyId: string | null;
  by: EventSource;
  event: DomainEvent;
}

/** One job per (event, job subscriber), in the write's transaction; a lazy `data` is read now, while the row is there. */
async function enqueueFor(sub: Subscriber, ctx: EventContext, event: DomainEvent): Promise<void> {
  const plain = 'data' in event ? { ...event, data: await resolve(event.data) } : event;
  await eventJob.enqueue(
    ctx.db,
    { subscriber: sub.name, eventId: ctx.eventId, at: ctx.at.toISOString(), agencyId: ctx.t?.agencyId ?? null, by: ctx.by, event: plain as DomainEvent },
    { agencyId: ctx.t?.agencyId ?? null },
  );
}

/** Runs one job subscriber for one event, in a transaction of its own; retried on failure (at least once). */
export const eventJob = defineJob<EventJobPayload>({
  name: 'events.deliver',
  maxAttempts: 8,
  backoffMs: 10_000,
  run: async (deps: Deps, job) => {
    const p = job.payload;
    const sub = subscribers.find((s) => s.name === p.subscriber);
    // a subscriber removed since the event was queued: nothing listens any more
    if (!sub) return;
    await deps.db.transaction(async (tx) => {
      const t = p.agencyId ? tenant(tx, { agency: { id: p.agencyId } }) : null;
      await sub.handle({ t, db: tx, by: p.by, eventId: p.eventId, at: new Date(p.at) }, p.event as never);
    });
  },
});
