// The stored commissions under concurrent writers on PostgreSQL (decision 077), with real parallel
// connections: of two transactions writing what one term's commission reads, the later computes it
// with both writes committed, so the stored figure equals the computation from scratch afterwards.
// Each case holds the first writer open until the second has either finished or is seen waiting for
// a lock (pg_stat_activity), then commits it. Runs when TEST_DATABASE_URL is set (as .ci/run does).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { policies } from '#server/db/schema.ts';
import { termsSql, type Raw } from '#server/entities/commissions/terms.ts';
import { createTestContext, createUser, type TestContext } from '#server/test/harness.ts';
import { tenant } from '#server/tenant.ts';
import { agencyOf, insertTerm } from './fixtures.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!onPostgres) console.info('stored.pg.test.ts skipped: set TEST_DATABASE_URL (a PostgreSQL server) to run the concurrency test');

let t: TestContext;
let agency: string;
beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestContext();
  agency = await agencyOf(t, await createUser(t, { tier: 'professional' }));
});
afterAll(async () => t?.close());

type Exec = Pick<TestContext['db'], 'execute'>;
type Tx = Parameters<Parameters<TestContext['db']['transaction']>[0]>[0];

const addRate = (db: Exec, carrier: string, rate: string, from = '2026-01-01') =>
  db.execute(sql`insert into commission_rates (agency_id, carrier, carrier_key, line, business, rate, effective_from)
    values (${agency}, ${carrier}, ${carrier.toLowerCase()}, 'car', 'new', ${rate}, ${from})`);
const addLine = (db: Exec, policyId: string, amount: string) =>
  db.execute(sql`insert into commission_lines (agency_id, policy_id, amount, received_on, status) values (${agency}, ${policyId}, ${amount}, '2026-03-01', 'matched')`);

/** Stored and from scratch, side by side, for the agency's terms. */
async function expectStoredFresh() {
  const scoped = tenant(t.db, { agency: { id: agency } });
  const fresh = (await scoped.execute(sql`with terms as (${termsSql(scoped, '1.00')}) select id::text as id, expected::text as expected, received::text as received from terms order by id`)).rows as Raw[];
  const stored = (await t.db.execute(sql`select policy_id::text as id, expected::text as expected, received::text as received from commission_terms where agency_id = ${agency} order by policy_id`))
    .rows as Raw[];
  expect(stored).toEqual(fresh);
}

/** Resolves once `second` has settled or a backend of the database waits for a lock. */
async function settledOrWaiting(second: Promise<unknown>) {
  let settled = false;
  second.then(
    () => (settled = true),
    () => (settled = true),
  );
  for (;;) {
    if (settled) return;
    const waiting = await t.db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
    if (Number((waiting.rows[0] as Raw).n) > 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** `first` runs in a transaction held open until `second` (on another connection) finished or waits; then both finish. */
async function race(first: (tx: Tx) => Promise<unknown>, second: () => PromiseLike<unknown>) {
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  let written!: () => void;
  const started = new Promise<void>((r) => (written = r));
  const held = t.db.transaction(async (tx) => {
    await first(tx);
    written();
    await gate;
  });
  await started;
  // a drizzle query runs on each then(): adopted once into a promise
  const other = Promise.resolve(second());
  await settledOrWaiting(other);
  open();
  await Promise.all([held, other]);
}

describe.skipIf(!onPostgres)('stored commissions under concurrent writers', () => {
  it('a rate added while a policy of its carrier is being written rates that policy', async () => {
    await race(
      (tx) =>
        tx.insert(policies).values({
          agencyId: agency,
          policyNumber: 'RACE-1',
          insuranceCompany: 'Race Mutual',
          policyType: 'car',
          customerName: 'Insured',
          customerEmail: 'race1@example.com',
          premiumAmount: '1000.00',
          coverageAmount: '50000.00',
          deductible: '500.00',
          startDate: '2026-03-01',
          endDate: '2027-03-01',
          status: 'active',
          bound: true,
        }),
      () => addRate(t.db, 'Race Mutual', '10'),
    );
    await expectStoredFresh();
    const [row] = (await t.db.execute(sql`select ct.expected::text as expected from commission_terms ct join policies p on p.id = ct.policy_id where p.policy_number = 'RACE-1' and p.agency_id = ${agency}`)).rows as Raw[];
    expect(row.expected).toBe('100.00');
  });

  it('a line received while the premium changes counts with the new premium', async () => {
    const id = await insertTerm(t, agency, { number: 'RACE-2', carrier: 'Race Mutual', premium: '2000.00' });
    await race(
      (tx) => tx.execute(sql`update policies set premium_amount = 3000.00 where agency_id = ${agency} and id = ${id}`),
      () => addLine(t.db, id, '150.00'),
    );
    await expectStoredFresh();
  });

  it('two lines of one term from two transactions both count', async () => {
    const id = await insertTerm(t, agency, { number: 'RACE-3', carrier: 'Race Mutual', premium: '500.00' });
    await race(
      (tx) => addLine(tx, id, '20.00'),
      () => addLine(t.db, id, '30.00'),
    );
    await expectStoredFresh();
    const [row] = (await t.db.execute(sql`select received::text as received from commission_terms where agency_id = ${agency} and policy_id = ${id}`)).rows as Raw[];
    expect(row.received).toBe('50.00');
  });

  it('an own rate set while a rate of the schedule changes, and a rate changed while a policy moves to its carrier', async () => {
    const id = await insertTerm(t, agency, { number: 'RACE-4', carrier: 'Other Re', premium: '800.00' });
    await race(
      (tx) => addRate(tx, 'Race Mutual', '12', '2026-02-01'),
      () => t.db.execute(sql`update policies set insurance_company = 'RACE  mutual' where agency_id = ${agency} and id = ${id}`),
    );
    await race(
      (tx) => tx.execute(sql`update policies set premium_amount = 900.00 where agency_id = ${agency} and id = ${id}`),
      () => t.db.execute(sql`insert into commission_overrides (agency_id, policy_id, rate) values (${agency}, ${id}, 7.5)`),
    );
    await expectStoredFresh();
  });
});
