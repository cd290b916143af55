// Decision 082 (migration 0045): the stored terms' refresh kept one generic plan per session, made at
// its first call; a session whose first refresh ran while commission_lines was empty kept reading each
// term's lines by a scan of the table (or of every line of the agency), so a statement's chunks read
// more of the table each time (quadratic in the statement's size). Batches are now planned for their
// call: the lines the chunks of one transaction read stay proportional to the lines written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, createUser, type TestContext } from '#server/test/harness.ts';
import { agencyOf, insertTerm } from './fixtures.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t.close());

/** lines written at once first (the table is no longer small), then in chunks */
const BULK = 4000;
const CHUNKS = 10;
const CHUNK = 100;

describe('the stored terms refreshed in batches', () => {
  it('read each term’s lines by its key, even when the session planned while there were none', async () => {
    const agency = await agencyOf(t, await createUser(t, { tier: 'professional' }));
    const first = await insertTerm(t, agency, { number: 'SP-0' });
    await t.db.execute(sql`insert into commission_rates (agency_id, carrier, carrier_key, line, business, rate, effective_from)
      values (${agency}, 'Acme Mutual', 'acme mutual', 'car', 'new', 10, '2020-01-01')`);
    await t.db.execute(sql`insert into policies (agency_id, policy_number, insurance_company, policy_type, customer_name, customer_email, premium_amount,
        coverage_amount, deductible, start_date, end_date, status, bound)
      select ${agency}, 'SP-' || n, 'Acme Mutual', 'car', 'Insured ' || n, 'sp' || n || '@example.com', 1000, 50000, 500, '2026-03-01', '2027-03-01', 'active', true
        from generate_series(1, ${BULK + CHUNKS * CHUNK}) n`);
    const read = await t.db.transaction(async (tx) => {
      // the session's plan, made while the agency (and the table) has no line
      await tx.execute(sql`select commission_terms_refresh(array[${agency}::uuid], array[${first}::uuid], 'none')`);
      await tx.execute(sql`insert into commission_lines (agency_id, policy_id, amount, received_on, status)
        select ${agency}, p.id, 12.5, '2026-03-05', 'matched' from policies p
         where p.agency_id = ${agency} and p.policy_number in (select 'SP-' || n from generate_series(1, ${BULK}) n)`);
      const before = await tx.execute(sql`select coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0) as n from pg_stat_xact_user_tables where relname = 'commission_lines'`);
      for (let c = 0; c < CHUNKS; c += 1)
        await tx.execute(sql`insert into commission_lines (agency_id, policy_id, amount, received_on, status)
          select ${agency}, p.id, 12.5, '2026-03-05', 'matched' from policies p
           where p.agency_id = ${agency} and p.policy_number in (select 'SP-' || n from generate_series(${BULK + c * CHUNK + 1}::int, ${BULK + (c + 1) * CHUNK}::int) n)`);
      const after = await tx.execute(sql`select coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0) as n from pg_stat_xact_user_tables where relname = 'commission_lines'`);
      const paid = await tx.execute(sql`select count(*)::int as n from commission_terms where agency_id = ${agency} and received = 12.50 and expected = 100.00`);
      expect(Number((paid.rows[0] as { n: number }).n)).toBe(BULK + CHUNKS * CHUNK);
      return Number((after.rows[0] as { n: string }).n ?? 0) - Number((before.rows[0] as { n: string }).n ?? 0);
    });
    // by key: about one line per term of the chunks (its own, and its heap check); a scan per term
    // reads every line written so far, more than BULK × CHUNK × CHUNKS = 4,000,000 here
    expect(read).toBeLessThan(CHUNKS * CHUNK * 5);
  }, 120_000);
});
