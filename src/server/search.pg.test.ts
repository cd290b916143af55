// On PostgreSQL, a search reads only the caller's agency: the trigram index holds agency_id too
// (btree_gin), so the planner looks up the agency and the trigrams in one index scan, and a small
// agency never reads the other agencies' matches (issue 17). Runs when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { customers, documents, policies } from './db/schema.ts';
import { customerSearch } from './entities/customers.ts';
import { documentSearch } from './features/documents/service.ts';
import { searchMatches } from './entities/policies/list.ts';
import { candidateIds } from './entities/commissions/line-match.ts';
import { tenant } from './tenant.ts';
import { createTestContext, createUser, json, type TestContext } from './test/harness.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!onPostgres) console.info('search.pg.test.ts skipped: set TEST_DATABASE_URL (a PostgreSQL server) to check the search plans');

let t: TestContext;
let small = '';
let large = '';
beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestContext();
  const a = await createUser(t, { tier: 'enterprise' });
  const b = await createUser(t, { tier: 'enterprise' });
  small = (await json(await t.request('/api/me', { cookie: a.cookie }))).agency.id;
  large = (await json(await t.request('/api/me', { cookie: b.cookie }))).agency.id;
  // 200 other agencies of 250 policies each, names drawn as the benchmark draws them: "mar" (Mary,
  // Mark, Martinez, Margaret…) matches thousands of rows outside the caller's agency.
  await t.db.execute(sql`
    insert into "user" (id, name, email) select 'filler-' || g, 'Filler ' || g, 'filler' || g || '@example.com' from generate_series(1, 200) g`);
  await t.db.execute(sql`insert into agencies (name, owner_id) select 'Filler ' || g, 'filler-' || g from generate_series(1, 200) g`);
  const first = `(array['James','Mary','Robert','Patricia','John','Jennifer','Michael','Linda','David','Elizabeth','Mark','Margaret','Paul','Sarah','Thomas','Karen','Daniel','Nancy','Steven','Lisa'])`;
  const last = `(array['Smith','Johnson','Williams','Brown','Jones','Garcia','Miller','Davis','Rodriguez','Martinez','Lopez','Wilson','Taylor','Moore','Jackson','Martin','Lee','White','Harris','Clark'])`;
  const companies = `(array['Allianz','AXA','Zurich','Generali','Travelers'])`;
  const insertPolicies = (agency: string | null, n: number) =>
    t.db.execute(sql`
      insert into policies (agency_id, policy_number, insurance_company, policy_type, customer_name, customer_email,
                            premium_amount, coverage_amount, deductible, start_date, end_date, status, created_at)
      select ${agency === null ? sql`a.id` : sql`${agency}::uuid`}, 'POL-' || lpad(g::text, 7, '0'), ${sql.raw(companies)}[1 + g % 5], 'car',
             ${sql.raw(first)}[1 + (g * 7) % 20] || ' ' || ${sql.raw(last)}[1 + (g * 13 + g / 20) % 20], 'c' || g || '@example.com',
             100, 1000, 0, date '2024-01-01', date '2025-01-01', 'active', now() - g * interval '1 minute'
      from ${agency === null ? sql`agencies a cross join` : sql``} generate_series(1, ${n}) g
      ${agency === null ? sql`where a.owner_id like 'filler-%'` : sql``}`);
  await insertPolicies(null, 250);
  await insertPolicies(small, 250);
  await insertPolicies(large, 20_000);
  await t.db.execute(sql`
    insert into customers (agency_id, name, email)
    select a.id, ${sql.raw(first)}[1 + (g * 7) % 20] || ' ' || ${sql.raw(last)}[1 + (g * 13) % 20], 'm' || g || '@example.com'
    from agencies a cross join generate_series(1, 100) g where a.owner_id like 'filler-%'`);
  await t.db.execute(sql`
    insert into documents (agency_id, name, storage_name, storage_key, content_type, size, status)
    select a.id, ${sql.raw(first)}[1 + (g * 7) % 20] || ' schedule ' || g || '.pdf', 'doc-' || a.id || '-' || g, 'key-' || a.id || '-' || g, 'application/pdf', 1000, 'ready'
    from agencies a cross join generate_series(1, 100) g where a.owner_id like 'filler-%'`);
  await t.db.execute(sql`vacuum analyze documents`);
  await t.db.execute(sql`vacuum analyze policies`); // vacuum: the GIN statistics the planner reads are updated by vacuum
  await t.db.execute(sql`vacuum analyze customers`);
}, 180_000);
afterAll(async () => {
  if (onPostgres) await t.close();
});

async function plan(query: { getSQL: () => unknown }): Promise<string> {
  const res = await t.db.execute(sql`explain (analyze, costs off, timing off, summary off) ${query}`);
  return (res.rows as Record<string, string>[]).map((r) => Object.values(r)[0]).join('\n');
}

/** Every scan of the table in the plan is bounded by the agency: an index scan with agency_id in its condition. */
function readsOnlyTheAgency(text: string, table: string) {
  expect(text).not.toMatch(new RegExp(`Seq Scan on ${table}`));
  const conds = text.split('\n').filter((l) => /Index Cond/.test(l));
  expect(conds.length).toBeGreaterThan(0);
  for (const c of conds) expect(c).toMatch(/agency_id = /);
}

describe.runIf(onPostgres)('searches read only the caller agency on PostgreSQL', () => {
  it("the large agency's search and its bounded count use the agency-scoped trigram index", async () => {
    // a surname: 1 policy in 20 of the agency, and as many in every other agency
    const where = tenant(t.db, { agency: { id: large } }).where(policies, searchMatches('lopez'));
    const count = sql`select count(*) from (select 1 from ${policies} where ${where} limit 10001) bounded`;
    const text = await plan({ getSQL: () => count });
    expect(text).toContain('policies_agency_search_trgm_idx');
    expect(text).toMatch(/Index Cond: \(\(agency_id = .*\) AND \(lower\(/);
    console.info(`plan of the large agency's search count:\n${text}`);
  });

  it("a small agency's search reads its own rows only, never the other agencies' matches", async () => {
    const where = tenant(t.db, { agency: { id: small } }).where(policies, searchMatches('mar'));
    const page = t.db.select({ id: policies.id }).from(policies).where(where).orderBy(sql`created_at desc, id desc`).limit(25);
    const pageText = await plan(page);
    readsOnlyTheAgency(pageText, 'policies');
    const countText = await plan({ getSQL: () => sql`select count(*) from (select 1 from ${policies} where ${where} limit 10001) bounded` });
    readsOnlyTheAgency(countText, 'policies');
    // no node of the plan handles more rows than the agency has (250), whatever the book holds
    const rows = [...countText.matchAll(/actual rows=(\d+)/g)].map((m) => Number(m[1]));
    expect(Math.max(...rows)).toBeLessThanOrEqual(250);
    console.info(`plan of a small agency's search count:\n${countText}`);
  });

  it("documents: the search reads the agency's names only", async () => {
    const where = tenant(t.db, { agency: { id: small } }).where(documents, documentSearch('mar'));
    const text = await plan({ getSQL: () => sql`select count(*) from (select 1 from ${documents} where ${where} limit 10001) bounded` });
    readsOnlyTheAgency(text, 'documents');
    expect(text).toContain('documents_agency_search_trgm_idx');
  });

  it("customers: the search uses the agency-scoped trigram index", async () => {
    const where = tenant(t.db, { agency: { id: small } }).where(customers, customerSearch('mar'));
    const text = await plan({ getSQL: () => sql`select count(*) from (select 1 from ${customers} where ${where} limit 10001) bounded` });
    readsOnlyTheAgency(text, 'customers');
  });

  it("the match dialog's search reads the agency's normalised numbers and names from their trigram index (decision 081)", async () => {
    const agency = tenant(t.db, { agency: { id: large } }).agency;
    const line = { insured_name: 'Mary Lopez', premium: '100.00', carrier: 'AXA', policy_id: null };
    // a number as a carrier prints it (spaces, no dash), a name, and the suggestions without a search
    for (const q of ['pol 0012345', 'margaret m', '']) {
      const text = await plan({ getSQL: () => candidateIds(agency, line, q) });
      readsOnlyTheAgency(text, 'policies');
      expect(text, q).toContain('policies_agency_match_trgm_idx');
    }
    const res = await t.db.execute<{ target: number }>(sql`
      select a.attstattarget::int as target from pg_attribute a join pg_class c on c.oid = a.attrelid
      where c.relname = 'policies_agency_match_trgm_idx' and a.attnum in (2, 3) order by a.attnum`);
    expect(res.rows).toEqual([{ target: 1000 }, { target: 1000 }]);
    // no pending list of recent writes for every search to read (decision 081)
    const options = await t.db.execute<{ options: string[] }>(sql`select reloptions as options from pg_class where relname = 'policies_agency_match_trgm_idx'`);
    expect(options.rows[0].options).toEqual(['fastupdate=off']);
  });

  it("every list's search index keeps no pending list of recent writes (decision 085)", async () => {
    // with GIN's default fastupdate, an import of 10,000 policies left 313 pending pages that every
    // search read in full: the policies search's p50 1 → 3.7 ms, p99 12 → 67 ms until the next vacuum
    const res = await t.db.execute<{ index: string; options: string[] | null }>(sql`
      select relname as index, reloptions as options from pg_class where relname in
        ('policies_agency_search_trgm_idx', 'customers_agency_search_trgm_idx', 'documents_agency_search_trgm_idx', 'opportunities_agency_prospect_trgm_idx')
      order by 1`);
    expect(res.rows).toEqual(
      ['customers_agency_search_trgm_idx', 'documents_agency_search_trgm_idx', 'opportunities_agency_prospect_trgm_idx', 'policies_agency_search_trgm_idx'].map((index) => ({
        index,
        options: ['fastupdate=off'],
      })),
    );
  });

  it('the trigram expressions keep a 1,000-entry histogram, so a search term is estimated the same from one ANALYZE to the next', async () => {
    // migration 0025 (decision 041): with 100 entries a term matching 2.5 % of a big agency was
    // estimated anywhere from 20 to 2,000 rows, and one under BROAD_SEARCH_ROWS was counted (25-40 ms)
    const res = await t.db.execute<{ index: string; target: number }>(sql`
      select c.relname as index, a.attstattarget::int as target from pg_attribute a join pg_class c on c.oid = a.attrelid
      where c.relname in ('policies_agency_search_trgm_idx', 'customers_agency_search_trgm_idx') and a.attnum = 2 order by 1`);
    expect(res.rows).toEqual([
      { index: 'customers_agency_search_trgm_idx', target: 1000 },
      { index: 'policies_agency_search_trgm_idx', target: 1000 },
    ]);
  });
});
