// On PostgreSQL, a sorted page of a big agency is read from the sort's index, in index order,
// not by sorting every policy of the agency. Runs when TEST_DATABASE_URL is set (as .ci/run does).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { SortDirection } from '#shared/lists.ts';
import { customers, policies } from './db/schema.ts';
import { CUSTOMER_SORT } from './entities/customers.ts';
import { POLICY_SORT } from './entities/policies/list.ts';
import { sortOrder } from './lists.ts';
import { bigAgency, createTestContext, type TestContext } from './test/harness.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!onPostgres) console.info('lists.pg.test.ts skipped: set TEST_DATABASE_URL (a PostgreSQL server) to check the sort indexes');

let t: TestContext;
let agencyId = '';
beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestContext();
  agencyId = await bigAgency(t, 50_000, 'BIG');
  await t.db.execute(sql`
    insert into customers (agency_id, name, email)
    select ${agencyId}, 'Customer ' || g, 'c' || g || '@example.com' from generate_series(1, 20000) g`);
  await t.db.execute(sql`analyze customers`);
}, 120_000);
afterAll(async () => {
  if (onPostgres) await t.close();
});

async function planOf(query: { getSQL: () => unknown }): Promise<string> {
  const res = await t.db.execute(sql`explain (format json) ${query}`);
  return JSON.stringify(res.rows[0]);
}

describe.runIf(onPostgres)('sorted pages use the sort index on PostgreSQL', () => {
  for (const [sort, index] of [
    ['premium_amount.desc', 'policies_agency_premium_idx'],
    ['premium_amount.asc', 'policies_agency_premium_idx'],
    ['end_date.asc', 'policies_agency_end_date_idx'],
    ['end_date.desc', 'policies_agency_end_date_idx'],
    ['created_at.asc', 'policies_agency_created_idx'],
  ] as const)
    it(`policies by ${sort}`, async () => {
      const page = t.db
        .select()
        .from(policies)
        .where(eq(policies.agencyId, agencyId))
        .orderBy(...sortOrder(sort as `${keyof typeof POLICY_SORT}.${SortDirection}`, POLICY_SORT, policies.id))
        .limit(25)
        .offset(50);
      const plan = await planOf(page);
      expect(plan).toContain(`"Index Name":"${index}"`);
      expect(plan).not.toContain('"Node Type":"Sort"');
    });

  it('policies by premium with a type filter still read the premium index', async () => {
    const page = t.db
      .select()
      .from(policies)
      .where(and(eq(policies.agencyId, agencyId), eq(policies.policyType, 'car')))
      .orderBy(...sortOrder('premium_amount.desc', POLICY_SORT, policies.id))
      .limit(25);
    expect(await planOf(page)).toContain('"Index Name":"policies_agency_premium_idx"');
  });

  it('customers by name', async () => {
    const page = t.db
      .select()
      .from(customers)
      .where(eq(customers.agencyId, agencyId))
      .orderBy(...sortOrder('name.asc', CUSTOMER_SORT, customers.id))
      .limit(25);
    const plan = await planOf(page);
    expect(plan).toContain('"Index Name":"customers_agency_name_idx"');
    expect(plan).not.toContain('"Node Type":"Sort"');
  });
});
