// Fixed-window counters in the database, so the limits hold across server instances.
import { eq, sql } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { rateLimit } from './db/schema.ts';

export interface RateRule {
  limit: number;
  windowMs: number;
}

export const RATE_RULES = {
  signInFailuresPerEmail: { limit: 5, windowMs: 15 * 60_000 },
  signInFailuresPerClient: { limit: 20, windowMs: 15 * 60_000 },
  /** the limit is the platform setting, or SIGNUP_RATE_LIMIT when set (config.ts) */
  signUpPerClient: { limit: 10, windowMs: 60 * 60_000 },
  resetPerEmail: { limit: 3, windowMs: 15 * 60_000 },
  resetPerClient: { limit: 10, windowMs: 15 * 60_000 },
  verificationPerEmail: { limit: 3, windowMs: 15 * 60_000 },
  verificationPerClient: { limit: 10, windowMs: 15 * 60_000 },
  twoFactorPerClient: { limit: 10, windowMs: 15 * 60_000 },
  contactPerClient: { limit: 5, windowMs: 60 * 60_000 },
} satisfies Record<string, RateRule>;

/**
 * Counts one hit and says whether it is within the limit, in one statement: parallel requests
 * (on any instance) each get their own count, so no more than `limit` of them pass. Used as a
 * reservation before the work it guards; `release` gives back a hit that turned out not to count.
 */
export async function consume(db: Db, key: string, rule: RateRule, now = Date.now()): Promise<boolean> {
  const { count } = await hit(db, key, rule, now);
  return count <= rule.limit;
}

/** Counts one hit (one upsert) and returns the window's count and start, for RateLimit-* headers. */
export async function hit(db: Db, key: string, rule: RateRule, now = Date.now()): Promise<{ count: number; windowStart: number }> {
  const windowFloor = now - rule.windowMs;
  const [row] = await db
    .insert(rateLimit)
    .values({ key, count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${rateLimit.windowStart} <= ${windowFloor} then 1 else ${rateLimit.count} + 1 end`,
        windowStart: sql`case when ${rateLimit.windowStart} <= ${windowFloor} then ${now} else ${rateLimit.windowStart} end`,
      },
    })
    .returning({ count: rateLimit.count, windowStart: rateLimit.windowStart });
  return row;
}

interface Reservation {
  windowStart: number;
  /** hits of the shared window this instance reserved and has not used yet */
  left: number;
  /** the shared count once this instance's reservation was made (at most the limit) */
  count: number;
}

/**
 * hit() for a busy key (an API key): the instance reserves a block of hits of the shared window in
 * one upsert and counts them down in memory, so a key costs one write per block instead of one per
 * request. Reserved hits count at once, so the limit is never exceeded; a key spread over several
 * instances can be stopped up to (instances − 1) × (block − 1) hits early. The block is a 20th of the
 * limit (30 of 600 a minute; 1 — a write per hit — below 40). One counter per process.
 */
export function createReservedCounter() {
  const reservations = new Map<string, Reservation>();
  const inflight = new Map<string, Promise<void>>();

  async function reserve(db: Db, key: string, rule: RateRule, now: number): Promise<void> {
    const block = Math.max(1, Math.floor(rule.limit / 20));
    const windowFloor = now - rule.windowMs;
    const [row] = await db
      .insert(rateLimit)
      .values({ key, count: block, windowStart: now })
      .onConflictDoUpdate({
        target: rateLimit.key,
        set: {
          count: sql`case when ${rateLimit.windowStart} <= ${windowFloor} then ${block} else ${rateLimit.count} + ${block} end`,
          windowStart: sql`case when ${rateLimit.windowStart} <= ${windowFloor} then ${now} else ${rateLimit.windowStart} end`,
        },
      })
      .returning({ count: rateLimit.count, windowStart: rateLimit.windowStart });
    const before = row.count - block;
    const granted = Math.max(0, Math.min(block, rule.limit - before));
    if (reservations.size > 10_000) for (const [k, r] of reservations) if (r.windowStart <= windowFloor) reservations.delete(k);
    reservations.set(key, { windowStart: row.windowStart, left: granted, count: before + granted });
  }

  return async function hitReserved(db: Db, key: string, rule: RateRule, now = Date.now()): Promise<{ count: number; windowStart: number }> {
    for (;;) {
      const r = reservations.get(key);
      const current = r !== undefined && r.windowStart > now - rule.windowMs;
      if (current && r.left > 0) {
        r.left -= 1;
        return { count: r.count - r.left, windowStart: r.windowStart };
      }
      // the window is used up everywhere: over the limit until it ends, without a write
      if (current && r.count >= rule.limit) return { count: rule.limit + 1, windowStart: r.windowStart };
      // one reservation at a time per key: concurrent requests share it
      let pending = inflight.get(key);
      if (!pending) {
        pending = reserve(db, key, rule, now).finally(() => inflight.delete(key));
        inflight.set(key, pending);
      }
      await pending;
    }
  };
}

/** Whether the key has used up its limit in the current window (read only). */
export async function isLimited(db: Db, key: string, rule: RateRule, now = Date.now()): Promise<boolean> {
  const [row] = await db.select().from(rateLimit).where(eq(rateLimit.key, key));
  if (!row || row.windowStart <= now - rule.windowMs) return false;
  return row.count >= rule.limit;
}

export async function clearLimit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimit).where(eq(rateLimit.key, key));
}

/** Gives back one hit taken by `consume` (a sign-in that succeeded or was refused elsewhere). */
export async function release(db: Db, key: string): Promise<void> {
  await db
    .update(rateLimit)
    .set({ count: sql`greatest(${rateLimit.count} - 1, 0)` })
    .where(eq(rateLimit.key, key));
}
