// On PostgreSQL, production's month view over a date range (decision 053: by start date) reads
// policies_agency_start_idx, not every policy of a big agency. Runs when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { bigAgency, createTestContext, type TestContext } from '#server/test/harness.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!onPostgres) console.info('production.pg.test.ts skipped: set TEST_DATABASE_URL (a PostgreSQL server) to check the start-date index');

let t: TestContext;
let agencyId = '';
beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestContext();
  agencyId = await bigAgency(t, 50_000, 'PROD');
}, 120_000);
afterAll(async () => {
  if (onPostgres) await t.close();
});

describe.runIf(onPostgres)('production by start month on PostgreSQL', () => {
  it('reads one month of a big agency from policies_agency_start_idx', async () => {
    // the shape of production()'s month view in reports/service.ts
    const res = await t.db.execute(sql`explain (format json)
      select to_char(start_date, 'YYYY-MM') as month,
             count(*) filter (where renewed_from_id is null), sum(premium_amount) filter (where renewed_from_id is null),
             count(*) filter (where renewed_from_id is not null), sum(premium_amount) filter (where renewed_from_id is not null),
             count(*), sum(premium_amount)
      from policies
      where agency_id = ${agencyId} and start_date >= '2024-05-01' and start_date <= '2024-05-31'
      group by 1 order by 1`);
    const plan = JSON.stringify(res.rows[0]);
    expect(plan).toContain('"Index Name":"policies_agency_start_idx"');
    expect(plan).not.toContain('"Node Type":"Seq Scan"');
  });
});
