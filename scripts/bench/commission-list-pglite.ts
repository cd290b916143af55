// The policies list sorted and filtered by commission on PGlite (the embedded database `npm start`
// runs), at the commissions bench's size: npx tsx scripts/bench/commission-list-pglite.ts
// One agency of 100,000 policies (and 20,000 of another agency) written with the triggers on (the
// time of the stored terms' upkeep is printed), 12.5 % rates for every carrier but one, 10,000 of its
// terms paid (70 % in full, 15 % short, 15 % over); then each list statement as the app sends it
// (entities/commissions/list-column.ts), 21 times (median) and under EXPLAIN ANALYZE.
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import * as schema from '#server/db/schema.ts';
import { policies } from '#server/db/schema.ts';
import { openPglite, runMigrations } from '#server/db/client.ts';
import { commissionOrder, commissionPage } from '#server/entities/commissions/list-column.ts';
import { tenant } from '#server/tenant.ts';

const BOOK = 100_000;
const CARRIERS = ['Allianz', 'AXA', 'Zurich', 'Generali', 'State Farm', 'Allstate', 'Progressive', 'Liberty Mutual', 'Nationwide', 'Travelers'];

const database = await openPglite(undefined);
await runMigrations(database);
const client = database.pglite!;
const captured: { query: string; params: unknown[] }[] = [];
const db = drizzle({ client, schema, casing: 'snake_case', logger: { logQuery: (query, params) => captured.push({ query, params }) } });
const timed = async (what: string, run: () => Promise<unknown>) => {
  const started = performance.now();
  await run();
  console.log(`${what}: ${((performance.now() - started) / 1000).toFixed(2)} s`);
};

const agencies: string[] = [];
for (const n of [1, 2]) {
  await client.query(`insert into "user" (id, name, email, email_verified) values ('owner-${n}', 'Owner', 'owner${n}@bench.example', true)`);
  const { rows } = await client.query<{ id: string }>(`insert into agencies (name, owner_id) values ('Agency ${n}', 'owner-${n}') returning id`);
  agencies.push(rows[0].id);
}
const [agency, other] = agencies;
const carriers = `(array[${CARRIERS.map((c) => `'${c}'`).join(',')}, 'Unrated Re'])`;
const insertBook = (id: string, count: number) =>
  client.query(`insert into policies (agency_id, policy_number, insurance_company, policy_type, customer_name, customer_email, premium_amount, coverage_amount, deductible, start_date, end_date, status, bound, created_at)
    select '${id}', 'POL-' || lpad(g::text, 7, '0'), ${carriers}[1 + case when g % 100 = 0 then 10 else abs(hashtext('c' || g)) % 10 end], case when g % 2 = 0 then 'car' else 'fire' end,
      'Insured ' || g, 'i' || g || '@example.com', 200 + g % 3000 + 0.5, 50000, 500, date '2025-01-01' + g % 700, date '2025-01-01' + g % 700 + 365, 'active', true, now() - g * interval '20 seconds'
    from generate_series(1, ${count}) g`);
await timed(`${BOOK.toLocaleString('en')} policies inserted in one statement (the terms kept by the trigger)`, () => insertBook(agency, BOOK));
await timed('20,000 policies of another agency', () => insertBook(other, 20_000));
await timed('40 rates (every carrier but one × car, fire × new, renewal), each rating its terms', async () => {
  for (const carrier of CARRIERS)
    for (const line of ['car', 'fire'])
      for (const business of ['new', 'renewal'])
        await client.query(`insert into commission_rates (agency_id, carrier, carrier_key, line, business, rate, effective_from) values ($1, $2, lower($2), $3, $4, 12.5, '2020-01-01')`, [agency, carrier, line, business]);
});
await timed('10,000 lines received in one statement', () =>
  client.query(`insert into commission_lines (agency_id, policy_id, amount, received_on, status)
    select ct.agency_id, ct.policy_id, case when n % 100 < 70 then ct.expected when n % 100 < 85 then ct.expected - 20 else ct.expected + 20 end, '2026-03-01', 'matched'
      from (select ct.*, row_number() over (order by policy_id) as n from commission_terms ct where ct.agency_id = '${agency}' and ct.rate is not null limit 10000) ct`),
);
await client.query('analyze');

const t = tenant(db, { agency: { id: agency } });
const where = t.where(policies);
const byCreated = [sql`${policies.createdAt} desc`, sql`${policies.id} desc`];
const cases: [string, Parameters<typeof commissionPage>[2]][] = [
  ['sorted by commission (desc)', { state: 'all', sortedByCommission: true, wholeBook: true, order: commissionOrder('desc'), limit: 25, offset: 0 }],
  ['filtered to short-paid', { state: 'short_paid', sortedByCommission: false, wholeBook: true, order: byCreated, limit: 25, offset: 0 }],
  ['filtered to no rate', { state: 'no_rate', sortedByCommission: false, wholeBook: true, order: byCreated, limit: 25, offset: 0 }],
  ['filtered to unpaid', { state: 'unpaid', sortedByCommission: false, wholeBook: true, order: byCreated, limit: 25, offset: 0 }],
  ['filtered to short-paid, sorted by commission (asc)', { state: 'short_paid', sortedByCommission: true, wholeBook: true, order: commissionOrder('asc'), limit: 25, offset: 0 }],
];
for (const [name, q] of cases) {
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < 21; i += 1) {
    captured.length = 0;
    const started = performance.now();
    total = (await commissionPage(t, where, q)).counted;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const main = captured.find((c) => /"commission_terms" ct/.test(c.query) && /order by/.test(c.query))!;
  const plan = (await client.query<{ 'QUERY PLAN': string }>(`explain analyze ${main.query}`, main.params)).rows.map((r) => r['QUERY PLAN']);
  console.log(`${name}: counted ${total} (bounded at 10,001); commissionPage median ${times[10].toFixed(1)} ms (min ${times[0].toFixed(1)}, max ${times[20].toFixed(1)}); ${plan.filter((l) => /Planning Time|Execution Time/.test(l)).join(', ')}`);
  if (process.argv.includes('--plans')) console.log(plan.join('\n'));
}
await database.close();
