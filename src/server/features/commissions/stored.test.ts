// Property-style (decision 077): each term's stored commission (commission_terms, kept by the
// database's triggers) equals the reconciliation's computation from scratch (termsSql) after random
// sequences of every kind of write that can change it — policies written by the app and by plain SQL
// (premium, carrier, line, dates, renewal link, cancellation, one statement over many rows, deletes),
// Renew, cancellation, bulk delete and its undo, schedules added, deleted and imported (and the import
// undone), own rates set and cleared, statements imported and undone, receipts and their deletion,
// lines matched by hand and reopened — and every policy has exactly one stored term.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { commissionTerms, policies } from '#server/db/schema.ts';
import { termsSql, type Raw } from '#server/entities/commissions/terms.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';
import { random } from '#server/test/random.ts';
import { tenant } from '#server/tenant.ts';
import { agencyOf, insertTerm, statementForm } from './fixtures.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

// the same carriers written differently: the rate is found by the carrier's key
const CARRIERS = ['Acme Mutual', ' acme   MUTUAL ', 'Blue Shield', 'Cedar Re'];
const LINES = ['car', 'fire'] as const;
const DATES = ['2025-06-01', '2026-01-01', '2026-03-15', '2026-05-01'];

/** Every term of the agency, stored and from scratch, as text (numeric's own rendering) by policy id. */
async function compare(agency: string) {
  const scoped = tenant(t.db, { agency: { id: agency } });
  const fresh = (
    await scoped.execute(sql`with terms as (${termsSql(scoped, '1.00')})
      select id::text as id, rate::text as rate, written::text as written, chargeback::text as chargeback, expected::text as expected,
             received::text as received, difference::text as difference,
             case when own_rate is not null then 'own' when schedule_rate is not null then 'schedule' end as rate_source
        from terms order by id`)
  ).rows as Raw[];
  const stored = (
    await t.db.execute(sql`select policy_id::text as id, rate::text as rate, written::text as written, chargeback::text as chargeback,
             expected::text as expected, received::text as received, difference::text as difference, rate_source
        from ${commissionTerms} where agency_id = ${agency} order by policy_id`)
  ).rows as Raw[];
  expect(stored).toEqual(fresh);
  return stored.length;
}

async function round(seed: number, u: TestUser) {
  const rnd = random(seed);
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  const agency = await agencyOf(t, u);
  const req = (path: string, init: { method?: string; json?: unknown; body?: FormData } = {}) =>
    t.request(path, { cookie: u.cookie, ...(init.json !== undefined ? { json: init.json } : {}), ...(init.body ? { body: init.body } : {}), method: init.method ?? (init.json !== undefined || init.body ? 'POST' : 'GET') });
  const live = async () => (await t.db.select({ id: policies.id, number: policies.policyNumber }).from(policies).where(eq(policies.agencyId, agency))).map((r) => r);
  const rateIds: string[] = [];
  const statements: string[] = [];
  const receipts: string[] = [];
  const rateImports: string[] = [];
  const bulks: string[] = [];
  let n = 0;
  const money = () => `${Math.floor(rnd() * 5000)}.${String(Math.floor(rnd() * 100)).padStart(2, '0')}`;
  const rate = () => `${Math.floor(rnd() * 20)}.${String(Math.floor(rnd() * 10000)).padStart(4, '0')}`;
  const newTerm = async () => {
    const start = pick(DATES);
    await insertTerm(t, agency, { number: `P${seed}-${(n += 1)}`, carrier: pick(CARRIERS), line: pick(LINES), premium: money(), start });
  };
  for (let i = 0; i < 6; i += 1) await newTerm();

  const ops: (() => Promise<unknown>)[] = [
    newTerm,
    // schedules
    async () => {
      const res = await req('/api/commissions/rates', { json: { carrier: pick(CARRIERS).trim(), line: pick(LINES), business: pick(['new', 'renewal']), rate: rate(), effective_from: pick(DATES) } });
      if (res.status === 201) rateIds.push((await json<{ rate: { id: string } }>(res)).rate.id);
    },
    async () => {
      const id = rateIds.splice(Math.floor(rnd() * rateIds.length), 1)[0];
      if (id) await req(`/api/commissions/rates/${id}`, { method: 'DELETE' });
    },
    async () => {
      const rows = Array.from({ length: 3 }, () => `${pick(CARRIERS).trim()},${pick(LINES)},${pick(['new', 'renewal'])},${rate()},${pick(DATES)}`);
      const fd = new FormData();
      fd.append('file', new File([new TextEncoder().encode(`carrier,line,business,rate,effective_from\n${rows.join('\n')}\n`)], 'rates.csv', { type: 'text/csv' }));
      const res = await req('/api/commissions/rates/import', { body: fd });
      if (res.status === 201) rateImports.push((await json<{ import_id: string }>(res)).import_id);
    },
    async () => {
      const id = rateImports.pop();
      if (id) await req(`/api/commissions/rates/imports/${id}/undo`, { json: {} });
    },
    // own rates
    async () => {
      const p = pick(await live());
      if (p) await req(`/api/commissions/policies/${p.id}/rate`, { method: 'PUT', json: { rate: rnd() < 0.3 ? null : rate() } });
    },
    // the policy itself, by plain SQL: each column the commission reads
    async () => {
      const p = pick(await live());
      if (!p) return;
      const start = pick(DATES);
      const changes = [
        { premiumAmount: money() },
        { insuranceCompany: pick(CARRIERS) },
        { policyType: pick(LINES) },
        { startDate: start, endDate: `${Number(start.slice(0, 4)) + 1}${start.slice(4)}` },
        { cancelEffectiveDate: rnd() < 0.3 ? null : pick(['2026-02-01', '2026-06-30', '2026-09-01', '2027-12-31']) },
        { renewedFromId: rnd() < 0.5 ? null : (pick(await live())?.id ?? null) },
        { customerPhone: '+1 555 0100' },
      ];
      try {
        await t.db.update(policies).set(pick(changes)).where(and(eq(policies.agencyId, agency), eq(policies.id, p.id)));
      } catch {
        // a renewal link another term already holds (policies_renewed_from_uq): nothing written
      }
    },
    // one statement over many rows
    async () => {
      await t.db.execute(sql`update policies set premium_amount = premium_amount + 1.01 where agency_id = ${agency} and random() < 0.5`);
    },
    async () => {
      const p = pick(await live());
      if (p) await t.db.delete(policies).where(and(eq(policies.agencyId, agency), eq(policies.id, p.id)));
    },
    // the app's writes of policies
    async () => {
      const p = pick(await live());
      if (p) await req(`/api/policies/${p.id}/cancel`, { json: { effective_date: pick(['2026-02-01', '2026-04-15', '2026-07-01']), reason: 'client_request', method: 'pro_rata' } });
    },
    async () => {
      const p = pick(await live());
      if (p) await req(`/api/renewals/${p.id}/renew`, { json: { premium_amount: money(), policy_number: `R${seed}-${(n += 1)}` } });
    },
    async () => {
      const ids = (await live()).filter(() => rnd() < 0.3).map((p) => p.id);
      if (!ids.length) return;
      const res = await req('/api/bulk', { json: { entity: 'policies', action: { kind: 'delete' }, selection: { all: false, ids } } });
      if (res.status === 201) bulks.push((await json<{ id: string }>(res)).id);
    },
    async () => {
      const id = bulks.pop();
      if (id) await req(`/api/bulk/${id}/undo`, { json: {} });
    },
    // what the carriers paid
    async () => {
      const book = await live();
      const lines = book.filter(() => rnd() < 0.5).map((p) => `${p.number},${rnd() < 0.2 ? '-' : ''}${money()},2026-03-0${1 + Math.floor(rnd() * 9)}`);
      lines.push(`NOPE-${(n += 1)},12.00,2026-03-02`);
      const res = await req('/api/commissions/statements', { body: statementForm(`Policy Number,Commission,Statement Date\n${lines.join('\n')}\n`, { carrier: 'Mixed' }, `s${seed}-${n}.csv`) });
      if (res.status === 201) statements.push((await json<{ statement: { id: string } }>(res)).statement.id);
    },
    async () => {
      const id = statements.splice(Math.floor(rnd() * statements.length), 1)[0];
      if (id) await req(`/api/commissions/statements/${id}/undo`, { json: {} });
    },
    async () => {
      const p = pick(await live());
      if (!p) return;
      const res = await req('/api/commissions/receipts', { json: { policy_id: p.id, amount: money(), received_on: '2026-03-01' } });
      if (res.status === 201) receipts.push((await json<{ receipt: { id: string } }>(res)).receipt.id);
    },
    async () => {
      const id = receipts.pop();
      if (id) await req(`/api/commissions/receipts/${id}`, { method: 'DELETE' });
    },
    // a line not in the book matched by hand to a policy, and put back
    async () => {
      const unmatched = await json<{ lines: { id: string }[] }>(await req('/api/commissions/unmatched'));
      const line = pick(unmatched.lines);
      const p = pick(await live());
      if (!line || !p) return;
      await req(`/api/commissions/lines/${line.id}/match`, { json: { policy_id: p.id } });
      if (rnd() < 0.5) await req(`/api/commissions/lines/${line.id}/reopen`, { json: {} });
    },
  ];
  for (let step = 0; step < 45; step += 1) {
    await pick(ops)();
    if (step % 15 === 14) await compare(agency);
  }
  const terms = await compare(agency);
  // one stored term per policy, none left over
  expect(terms).toBe((await live()).length);
  const orphans = await t.db.execute(sql`select count(*)::int as n from ${commissionTerms} ct where not exists (select 1 from policies p where p.agency_id = ct.agency_id and p.id = ct.policy_id)`);
  expect(Number((orphans.rows[0] as Raw).n)).toBe(0);
}

describe('stored commissions', () => {
  it('equal the reconciliation computed from scratch after random writes of every kind', async () => {
    const users: TestUser[] = [];
    for (const seed of [7, 31, 2024, 77077]) {
      const u = await createUser(t, { tier: 'business' });
      users.push(u);
      await round(seed, u);
    }
    // every agency's terms still equal their computation after the others' writes
    for (const u of users) await compare(await agencyOf(t, u));
  }, 300_000);
});
