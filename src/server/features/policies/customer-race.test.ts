// Parallel policy creates that share one new customer e-mail (an unlimited plan takes no lock, so on
// PostgreSQL they really run at once): every create succeeds and all attach to the one customer.
// On PGlite (one connection) the requests queue; with TEST_DATABASE_URL this runs on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { activityLog, customers, policies } from '#server/db/schema.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';

let t: TestContext;
let owner: TestUser;
let agencyId: string;
beforeAll(async () => {
  t = await createTestContext();
  owner = await createUser(t, { tier: 'enterprise' });
  agencyId = (await json(await t.request('/api/me', { cookie: owner.cookie }))).agency.id;
});
afterAll(async () => {
  await t.close();
});

const ROUNDS = 10;
const PARALLEL = 4;

function fireFor(email: string, round: number, i: number) {
  return {
    customer_name: `Shared Customer ${round}`,
    customer_email: email,
    policy_number: `RACE-${round}-${i}-${Math.random().toString(36).slice(2, 7)}`,
    insurance_company: 'Acme Mutual',
    policy_type: 'fire',
    premium_amount: '100',
    coverage_amount: '1000',
    deductible: '10',
    start_date: '2025-01-05',
    status: 'active',
    fire_details: { property_address: '1 Road', property_type: 'House', construction_year: 1990, property_value: '1000', contents_coverage: null },
  };
}

describe('parallel policy creates sharing one new customer e-mail (enterprise, unlimited)', () => {
  it(`all ${PARALLEL} creates succeed and share one customer, in each of ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const email = `race-${round}-${Math.random().toString(36).slice(2, 8)}@example.com`;
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, (_, i) => t.request('/api/policies', { cookie: owner.cookie, json: fireFor(email, round, i) })),
      );
      const bodies = await Promise.all(answers.map((r) => json(r)));
      expect(answers.map((r) => r.status), JSON.stringify(bodies.find((b) => b.error))).toEqual(Array(PARALLEL).fill(201));
      const found = await t.db.select().from(customers).where(and(eq(customers.agencyId, agencyId), eq(customers.email, email)));
      expect(found).toHaveLength(1);
      expect(new Set(bodies.map((b) => b.customer_id))).toEqual(new Set([found[0].id]));
      const linked = await t.db.select({ id: policies.id }).from(policies).where(eq(policies.customerId, found[0].id));
      expect(linked).toHaveLength(PARALLEL);
      // One customer, so one "created customer" entry in the activity log.
      const logged = await t.db
        .select()
        .from(activityLog)
        .where(and(eq(activityLog.agencyId, agencyId), eq(activityLog.kind, 'customer'), eq(activityLog.entityId, found[0].id)));
      expect(logged).toHaveLength(1);
    }
  });
});
