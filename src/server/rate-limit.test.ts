import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { rateLimit } from './db/schema.ts';
import { createReservedCounter } from './rate-limit.ts';
import { createTestContext, type TestContext } from './test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

const stored = async (key: string) => (await t.db.select().from(rateLimit).where(eq(rateLimit.key, key)))[0];

describe('reserved rate-limit counter', () => {
  const rule = { limit: 100, windowMs: 60_000 };

  it('passes exactly the limit, writing once per block of a 20th of it', async () => {
    const hit = createReservedCounter();
    const now = Date.now();
    const counts: number[] = [];
    // 20 at a time, as concurrent requests arrive
    for (let round = 0; round < 6; round += 1) {
      const batch = await Promise.all(Array.from({ length: 20 }, () => hit(t.db, 'res:a', rule, now)));
      counts.push(...batch.map((b) => b.count));
    }
    expect(counts.filter((c) => c <= rule.limit)).toHaveLength(100);
    expect(counts.filter((c) => c > rule.limit)).toHaveLength(20);
    // 100 hits = 20 blocks of 5 (20 writes); the 20 over the limit wrote nothing
    expect((await stored('res:a')).count).toBe(100);
    // a new window starts over
    const later = await hit(t.db, 'res:a', rule, now + rule.windowMs + 1);
    expect(later.count).toBe(1);
  });

  it('two instances sharing one window never pass more than the limit together', async () => {
    const a = createReservedCounter();
    const b = createReservedCounter();
    const now = Date.now();
    let passed = 0;
    for (let i = 0; i < 150; i += 1) {
      const r = await (i % 2 ? a : b)(t.db, 'res:b', rule, now);
      if (r.count <= rule.limit) passed += 1;
    }
    // at most (instances − 1) × (block − 1) = 4 early
    expect(passed).toBeLessThanOrEqual(100);
    expect(passed).toBeGreaterThanOrEqual(96);
  });

  it('a small limit reserves one hit at a time (exact), and hits over it write nothing', async () => {
    const hit = createReservedCounter();
    const small = { limit: 3, windowMs: 60_000 };
    const now = Date.now();
    const counts = [];
    for (let i = 0; i < 5; i += 1) counts.push((await hit(t.db, 'res:c', small, now)).count);
    expect(counts).toEqual([1, 2, 3, 4, 4]);
    expect((await stored('res:c')).count).toBe(3);
  });
});
