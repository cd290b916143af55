// Property-style: for random books and random statements, every term's expected commission is
// premium × rate rounded to the cent (computed here again in exact integers), expected − received =
// outstanding per term, per carrier, per producer, for the group "expected but not paid 60 days after
// the term's start" and in total, and a line never pays another agency's policy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ProducerReport } from '#shared/commission-splits.ts';
import type { ReconciliationResult } from '#shared/commissions.ts';
import { agencyMembers, commissionTermSplits, policies } from '#server/db/schema.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';
import { cents, money, random } from '#server/test/random.ts';
import { agencyOf, insertTerm, statementForm } from './fixtures.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

/** premium (cents) × rate (4 decimals, as an integer) / 100 %, rounded half away from zero as numeric's round */
const commissionOf = (premium: bigint, rate4: bigint) => (premium * rate4 * 2n + 1_000_000n) / 2_000_000n;
/** a second producer's part of an amount (cents) at a share with 4 decimals, rounded as numeric's round (half away from zero) */
const shareOf = (amount: bigint, share4: bigint) => {
  const abs = ((amount < 0n ? -amount : amount) * share4 * 2n + 1_000_000n) / 2_000_000n;
  return amount < 0n ? -abs : abs;
};

const CARRIERS = ['Acme Mutual', 'Blue Shield', 'Cedar Re'];
const LINES = ['car', 'fire'] as const;

async function round(seed: number, pro: TestUser, other: TestUser) {
  const rnd = random(seed);
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  const agency = await agencyOf(t, pro);
  const otherAgency = await agencyOf(t, other);
  // rates: some carrier × line × kind have none
  const rates = new Map<string, bigint>();
  for (const carrier of CARRIERS)
    for (const line of LINES)
      for (const business of ['new', 'renewal'] as const) {
        if (rnd() < 0.2) continue;
        const rate4 = BigInt(Math.floor(rnd() * 200_000)); // 0–20 %, 4 decimals
        const rate = `${rate4 / 10000n}.${String(rate4 % 10000n).padStart(4, '0')}`;
        const res = await t.request('/api/commissions/rates', { cookie: pro.cookie, json: { carrier, line, business, rate, effective_from: '2020-01-01' } });
        expect(res.status).toBe(201);
        rates.set(`${carrier}|${line}|${business}`, rate4);
      }
  const book: { id: string; number: string; carrier: string; premium: string; start: string; month: string; expected: bigint | null }[] = [];
  const count = 10 + Math.floor(rnd() * 25);
  for (let i = 0; i < count; i += 1) {
    const carrier = pick(CARRIERS);
    const line = pick(LINES);
    const premium = BigInt(Math.floor(rnd() * 500_000));
    const renewal = book.length > 0 && rnd() < 0.3;
    const number = `S${seed}-${i}`;
    // a third start within the last 120 days: the 60-day group's edge is crossed both ways
    const start =
      rnd() < 0.35
        ? new Date(Date.now() - Math.floor(rnd() * 120) * 86_400_000).toISOString().slice(0, 10)
        : `2026-0${1 + Math.floor(rnd() * 9)}-1${Math.floor(rnd() * 9)}`;
    const id = await insertTerm(t, agency, {
      number,
      carrier,
      line,
      premium: money(premium),
      start,
      renewedFromId: renewal ? book[book.length - 1].id : null,
    });
    const rate4 = rates.get(`${carrier}|${line}|${renewal ? 'renewal' : 'new'}`);
    book.push({ id, number, carrier, premium: money(premium), start, month: start.slice(0, 7), expected: rate4 === undefined ? null : commissionOf(premium, rate4) });
  }
  const theirs = await insertTerm(t, otherAgency, { number: `S${seed}-X`, carrier: 'Acme Mutual', premium: '1000.00' });
  // the statement: some terms paid (exactly, short or over), numbers written loosely or left out (then
  // the insured's name and premium match), strangers' lines, the other agency's number and insured
  const paid = new Map<string, bigint>();
  const lines = ['Policy Number,Insured,Premium,Commission,Statement Date'];
  for (const term of book) {
    if (rnd() < 0.4) continue;
    const base = term.expected ?? BigInt(Math.floor(rnd() * 10_000));
    const amount = rnd() < 0.5 ? base : base + BigInt(Math.floor(rnd() * 4000) - 2000);
    const roll = rnd();
    const written = roll < 0.2 ? '' : roll < 0.6 ? term.number.toLowerCase() : term.number.replace('-', ' - ');
    lines.push(`${written},Insured ${term.number},${term.premium},${money(amount)},2026-03-${String(1 + Math.floor(rnd() * 28)).padStart(2, '0')}`);
    paid.set(term.id, (paid.get(term.id) ?? 0n) + amount);
  }
  lines.push(`S${seed}-X,,,250.00,2026-03-02`, `NOPE-${seed},,,12.00,2026-03-02`, `,Insured S${seed}-X,1000.00,75.00,2026-03-03`);
  const res = await t.request('/api/commissions/statements', { cookie: pro.cookie, method: 'POST', body: statementForm(lines.join('\n'), { carrier: 'Mixed' }, `s${seed}.csv`) });
  expect(res.status).toBe(201);

  const r = await json<ReconciliationResult>(await t.request('/api/commissions', { cookie: pro.cookie }));
  expect(r.total).toBe(book.length);
  let expectedSum = 0n;
  let receivedSum = 0n;
  for (const term of book) {
    const row = r.rows.find((x) => x.policy_id === term.id)!;
    expect(row.state === 'no_rate').toBe(term.expected === null);
    expect(cents(row.expected)).toBe(term.expected ?? 0n);
    expect(cents(row.received)).toBe(paid.get(term.id) ?? 0n);
    expect(cents(row.expected) - cents(row.received)).toBe(cents(row.difference));
    expectedSum += term.expected ?? 0n;
    receivedSum += paid.get(term.id) ?? 0n;
  }
  expect(r.totals).toMatchObject({ expected: money(expectedSum), received: money(receivedSum), difference: money(expectedSum - receivedSum) });
  for (const c of r.by_carrier) {
    const mine = book.filter((b) => b.carrier === c.carrier);
    expect(c.terms).toBe(mine.length);
    expect(cents(c.expected) - cents(c.received)).toBe(cents(c.difference));
    expect(cents(c.received)).toBe(mine.reduce((s, b) => s + (paid.get(b.id) ?? 0n), 0n));
  }
  expect(r.by_carrier.reduce((s, c) => s + cents(c.difference), 0n)).toBe(cents(r.totals.difference));
  // each carrier's filter ties too
  for (const carrier of CARRIERS) {
    const f = await json<ReconciliationResult>(await t.request(`/api/commissions?carrier=${encodeURIComponent(carrier.toUpperCase())}`, { cookie: pro.cookie }));
    expect(cents(f.totals.expected) - cents(f.totals.received)).toBe(cents(f.totals.difference));
  }
  // "expected but not paid 60 days after the term's start": which terms, computed here again (unpaid
  // or short-paid beyond the default $1.00 tolerance, started 60 days or more before today), and the
  // filter's totals are theirs, alone and with a carrier or a state
  const lateBefore = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
  const late = book.filter((b) => {
    const expected = b.expected ?? 0n;
    const received = paid.get(b.id) ?? 0n;
    if (b.expected === null || b.start > lateBefore) return false;
    return (received === 0n && expected > 0n) || (received !== 0n && expected - received > 100n);
  });
  const sumsOf = (terms: typeof book) => {
    const expected = terms.reduce((s, b) => s + (b.expected ?? 0n), 0n);
    const received = terms.reduce((s, b) => s + (paid.get(b.id) ?? 0n), 0n);
    return { terms: terms.length, expected: money(expected), received: money(received), difference: money(expected - received) };
  };
  expect(r.overdue).toEqual(sumsOf(late));
  const lateView = await json<ReconciliationResult>(await t.request('/api/commissions?overdue=1', { cookie: pro.cookie }));
  expect(lateView.totals).toEqual(sumsOf(late));
  expect(lateView.rows.map((x) => x.policy_id).sort()).toEqual(late.map((b) => b.id).sort());
  expect(Object.values(lateView.aging).reduce((s, v) => s + cents(v), 0n)).toBe(cents(lateView.totals.difference));
  for (const carrier of CARRIERS) {
    const f = await json<ReconciliationResult>(await t.request(`/api/commissions?overdue=1&carrier=${encodeURIComponent(carrier)}`, { cookie: pro.cookie }));
    expect(f.totals).toEqual(sumsOf(late.filter((b) => b.carrier === carrier)));
    expect(cents(f.totals.expected) - cents(f.totals.received)).toBe(cents(f.totals.difference));
  }
  const lateUnpaid = await json<ReconciliationResult>(await t.request('/api/commissions?overdue=1&state=unpaid', { cookie: pro.cookie }));
  expect(lateUnpaid.totals).toEqual(sumsOf(late.filter((b) => (paid.get(b.id) ?? 0n) === 0n)));
  // producers: terms assigned at random to the owner, a member or nobody, some shared with the other
  const member = await createUser(t);
  await t.db.insert(agencyMembers).values({ agencyId: agency, userId: member.id, role: 'team_member' });
  // each producer's part, computed here again: the second producer's share rounded, the assignee the rest
  const parts: { term: (typeof book)[number]; producer: string | null; expected: bigint; received: bigint }[] = [];
  for (const term of book) {
    const assignee = pick([pro.id, member.id, null]);
    await t.db.update(policies).set({ assigneeId: assignee }).where(eq(policies.id, term.id));
    const expected = term.expected ?? 0n;
    const received = paid.get(term.id) ?? 0n;
    if (rnd() < 0.4) {
      const share4 = BigInt(10_000 + Math.floor(rnd() * 980_000));
      const share = `${share4 / 10000n}.${String(share4 % 10000n).padStart(4, '0')}`;
      const second = assignee === pro.id ? member.id : pro.id;
      await t.db.insert(commissionTermSplits).values({ agencyId: agency, policyId: term.id, producerId: second, share });
      parts.push({ term, producer: second, expected: shareOf(expected, share4), received: shareOf(received, share4) });
      parts.push({ term, producer: assignee, expected: expected - shareOf(expected, share4), received: received - shareOf(received, share4) });
    } else parts.push({ term, producer: assignee, expected, received });
  }
  for (const id of [pro.id, member.id])
    expect((await t.request(`/api/commissions/producers/${id}`, { cookie: pro.cookie, method: 'PUT', json: { new_business: String(Math.floor(rnd() * 60)), renewal: '12.5' } })).status).toBe(200);
  const filters: [string, (b: (typeof book)[number]) => boolean][] = [
    ['', () => true],
    ['?month=2026-03', (b) => b.month === '2026-03'],
    ['?carrier=acme%20mutual', (b) => b.carrier === 'Acme Mutual'],
    ['?overdue=1', (b) => late.includes(b)],
  ];
  for (const [query, keep] of filters) {
    const p = await json<ProducerReport>(await t.request(`/api/commissions/producer-report${query}`, { cookie: pro.cookie }));
    const recon = await json<ReconciliationResult>(await t.request(`/api/commissions${query}`, { cookie: pro.cookie }));
    expect(p.totals).toMatchObject(recon.totals);
    for (const row of p.rows) expect(cents(row.expected) - cents(row.received)).toBe(cents(row.difference));
    // per producer: what the book says each one's part is, and outstanding = expected − received
    for (const producer of [pro.id, member.id, null]) {
      const mine = parts.filter((x) => x.producer === producer && keep(x.term));
      const row = p.rows.find((r) => r.producer_id === producer);
      const expected = mine.reduce((sum, x) => sum + x.expected, 0n);
      const received = mine.reduce((sum, x) => sum + x.received, 0n);
      if (!row) {
        expect(mine.length).toBe(0);
        continue;
      }
      expect({ expected: row.expected, received: row.received, difference: row.difference }).toEqual({ expected: money(expected), received: money(received), difference: money(expected - received) });
    }
    for (const key of ['expected', 'received', 'difference', 'earned', 'earned_expected'] as const)
      expect(p.rows.reduce((sum, row) => sum + cents(row[key]), 0n)).toBe(cents(p.totals[key]));
  }

  // the other agency's policy was never paid by this agency's statement
  const their = await json<ReconciliationResult>(await t.request('/api/commissions', { cookie: other.cookie }));
  expect(their.rows.find((x) => x.policy_id === theirs)!.received).toBe('0.00');
}

describe('reconciliation properties', () => {
  it('ties for random books and statements', async () => {
    for (const seed of [11, 42, 1234, 98765]) {
      const pro = await createUser(t, { tier: 'professional' });
      const other = await createUser(t, { tier: 'professional' });
      await round(seed, pro, other);
    }
  }, 120_000);
});
