// Converting the same opportunity at the same moment: exactly one customer, one conversion, one Won
// in the history. On PGlite (one connection) the requests queue; with TEST_DATABASE_URL they run in
// parallel on PostgreSQL, where the row lock and the conditional update decide.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { customers, opportunities, opportunityStageHistory } from '#server/db/schema.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';

let t: TestContext;
let u: TestUser;
beforeAll(async () => {
  t = await createTestContext();
  u = await createUser(t, { tier: 'business' });
});
afterAll(async () => t.close());

const ROUNDS = 6;
const PARALLEL = 4;

describe('parallel Won of one opportunity', () => {
  it('makes exactly one customer each time', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const email = `race-${round}-${Math.random().toString(36).slice(2, 8)}@example.com`;
      const res = await t.request('/api/opportunities', { cookie: u.cookie, json: { prospect_name: `Racer ${round}`, prospect_email: email, line: 'car', stage: 'quoted' } });
      expect(res.status).toBe(201);
      const { id } = await json(res);
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, () => t.request(`/api/opportunities/${id}/stage`, { method: 'PATCH', cookie: u.cookie, json: { stage: 'won' } })),
      );
      const bodies = await Promise.all(answers.map((r) => json(r)));
      expect(answers.map((r) => r.status)).toEqual(Array(PARALLEL).fill(200));
      const [made] = await t.db.select({ n: count() }).from(customers).where(eq(customers.email, email));
      expect(made.n).toBe(1);
      const [row] = await t.db.select().from(opportunities).where(eq(opportunities.id, id));
      expect(row.convertedAt).not.toBeNull();
      expect(new Set(bodies.map((b) => b.customer_id))).toEqual(new Set([row.customerId]));
      const [wins] = await t.db
        .select({ n: count() })
        .from(opportunityStageHistory)
        .where(and(eq(opportunityStageHistory.opportunityId, id), eq(opportunityStageHistory.toStage, 'won')));
      expect(wins.n).toBe(1);
    }
  });
});
