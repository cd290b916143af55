// The commission reports (issue 31) against the reconciliation, property-style: for random books and
// random statements, expected − received = outstanding per carrier, per producer, per month and in
// total, the aged buckets add up to it, and every report total is the reconciliation's for the same
// terms. Also: the CSV's totals line, the feature gate, bad input, and another agency's book.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ProducerReport } from '#shared/commission-splits.ts';
import type { ReconciliationResult } from '#shared/commissions.ts';
import { REPORT_TEXT, type ReportResult } from '#shared/reports.ts';
import { agencyMembers, commissionTermSplits, policies } from '#server/db/schema.ts';
import { agencyOf as agencyIn, insertTerm as insertSpec } from '#server/features/commissions/fixtures.ts';
import { fileTestContext, createUser, json, type TestUser } from '#server/test/harness.ts';
import { cents, money, random } from '#server/test/random.ts';

const t = fileTestContext();

const sum = (rows: ReportResult['rows'], key: string) => rows.reduce((s, r) => s + cents(r[key]), 0n);

const CARRIERS = ['Acme Mutual', 'Blue Shield', 'Cedar Re'];

const agencyOf = (u: TestUser) => agencyIn(t, u);
const insertTerm = (agencyId: string, n: string, carrier: string, line: string, premium: string, start: string, renewedFromId: string | null) =>
  insertSpec(t, agencyId, { number: n, carrier, line, premium, start, renewedFromId });

const get = async <T,>(u: TestUser, url: string) => {
  const res = await t.request(url, { cookie: u.cookie });
  expect(res.status, url).toBe(200);
  return json<T>(res);
};

async function randomBook(seed: number, pro: TestUser) {
  const rnd = random(seed);
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  const agency = await agencyOf(pro);
  for (const carrier of CARRIERS)
    for (const line of ['car', 'fire'])
      for (const business of ['new', 'renewal']) {
        if (rnd() < 0.2) continue;
        const rate = `${Math.floor(rnd() * 20)}.${String(Math.floor(rnd() * 10000)).padStart(4, '0')}`;
        expect((await t.request('/api/commissions/rates', { cookie: pro.cookie, json: { carrier, line, business, rate, effective_from: '2020-01-01' } })).status).toBe(201);
      }
  const member = await createUser(t);
  await t.db.insert(agencyMembers).values({ agencyId: agency, userId: member.id, role: 'team_member' });
  const ids: string[] = [];
  const numbers: string[] = [];
  const count = 10 + Math.floor(rnd() * 20);
  for (let i = 0; i < count; i += 1) {
    // terms from last year to this one, so each age bucket gets some
    const start = `202${5 + Math.floor(rnd() * 2)}-${String(1 + Math.floor(rnd() * 12)).padStart(2, '0')}-1${Math.floor(rnd() * 9)}`;
    const n = `R${seed}-${i}`;
    const id = await insertTerm(agency, n, pick(CARRIERS), pick(['car', 'fire']), money(BigInt(Math.floor(rnd() * 500_000))), start, ids.length && rnd() < 0.3 ? ids[ids.length - 1] : null);
    const assignee = pick([pro.id, member.id, null]);
    await t.db.update(policies).set({ assigneeId: assignee }).where(eq(policies.id, id));
    if (rnd() < 0.4) {
      const share = `${1 + Math.floor(rnd() * 98)}.${String(Math.floor(rnd() * 100)).padStart(2, '0')}`;
      await t.db.insert(commissionTermSplits).values({ agencyId: agency, policyId: id, producerId: assignee === pro.id ? member.id : pro.id, share });
    }
    ids.push(id);
    numbers.push(n);
  }
  for (const id of [pro.id, member.id])
    expect((await t.request(`/api/commissions/producers/${id}`, { cookie: pro.cookie, method: 'PUT', json: { new_business: String(Math.floor(rnd() * 60)), renewal: '12.5' } })).status).toBe(200);
  const lines = ['Policy Number,Commission,Statement Date'];
  for (const n of numbers) if (rnd() < 0.6) lines.push(`${n},${money(BigInt(Math.floor(rnd() * 30_000) - 2000))},2026-03-0${1 + Math.floor(rnd() * 9)}`);
  const fd = new FormData();
  fd.append('carrier', 'Mixed');
  fd.append('period', '2026-03');
  fd.append('file', new File([lines.join('\n')], `r${seed}.csv`, { type: 'text/csv' }));
  expect((await t.request('/api/commissions/statements', { cookie: pro.cookie, method: 'POST', body: fd })).status).toBe(201);
}

/** The report's totals and its rows tie to the reconciliation of the same terms. */
async function assertTies(pro: TestUser, reportQuery: string, reconQuery: string) {
  const recon = await get<ReconciliationResult>(pro, `/api/commissions${reconQuery}`);
  const total = { expected: recon.totals.expected, received: recon.totals.received, outstanding: recon.totals.difference };
  const byCarrier = await get<ReportResult>(pro, `/api/reports/commission?group=carrier${reportQuery}`);
  const byMonth = await get<ReportResult>(pro, `/api/reports/commission?group=month${reportQuery}`);
  const byProducer = await get<ReportResult>(pro, `/api/reports/commission?group=producer${reportQuery}`);
  const aging = await get<ReportResult>(pro, `/api/reports/commission-aging?x=1${reportQuery}`);
  for (const r of [byCarrier, byMonth, byProducer]) {
    expect(r.totals.cells).toMatchObject(total);
    expect(r.totals.count).toBe(recon.total);
    for (const row of r.rows) expect(cents(row.expected) - cents(row.received)).toBe(cents(row.outstanding));
    for (const key of ['expected', 'received', 'outstanding']) expect(money(sum(r.rows, key))).toBe(r.totals.cells![key]);
  }
  // per carrier, the reconciliation's own carrier rows
  expect(byCarrier.rows.map((r) => ({ carrier: r.carrier, expected: r.expected, received: r.received, outstanding: r.outstanding, count: r.count }))).toEqual(
    recon.by_carrier.map((c) => ({ carrier: c.carrier, expected: c.expected, received: c.received, outstanding: c.difference, count: c.terms })),
  );
  // per producer, the commissions page's producer report
  const producers = await get<ProducerReport>(pro, `/api/commissions/producer-report${reconQuery}`);
  expect(byProducer.rows.map((r) => [r.producer, r.outstanding, r.earned])).toEqual(producers.rows.map((p) => [p.name, p.difference, p.earned]));
  expect(money(sum(byProducer.rows, 'earned'))).toBe(byProducer.totals.cells!.earned);
  // aged: the buckets are the reconciliation's and add up to the outstanding total
  expect(aging.totals.cells).toMatchObject({ d0: recon.aging['0-30'], d31: recon.aging['31-60'], d61: recon.aging['61-90'], d91: recon.aging['90+'], outstanding: total.outstanding });
  for (const row of aging.rows) expect(cents(row.d0) + cents(row.d31) + cents(row.d61) + cents(row.d91)).toBe(cents(row.outstanding));
  expect(money(sum(aging.rows, 'outstanding'))).toBe(total.outstanding);
}

describe('commission reports', () => {
  it('tie to the reconciliation for random books and statements', async () => {
    for (const seed of [7, 2024, 31337]) {
      const pro = await createUser(t, { tier: 'professional' });
      await randomBook(seed, pro);
      await assertTies(pro, '', '');
      await assertTies(pro, '&from=2026-03-01&to=2026-03-31', '?month=2026-03');
      await assertTies(pro, '&carrier=ACME%20MUTUAL', '?carrier=acme%20mutual');
    }
  }, 300_000);

  it('writes the CSV with the same rows and its totals line', async () => {
    const pro = await createUser(t, { tier: 'professional' });
    await randomBook(99, pro);
    const report = await get<ReportResult>(pro, '/api/reports/commission?group=carrier');
    const res = await t.request('/api/reports/commission/csv?group=carrier', { cookie: pro.cookie });
    expect(res.headers.get('content-disposition')).toMatch(/commission-report-/);
    const lines = (await res.text()).replace('\uFEFF', '').trim().split(/\r?\n/);
    expect(lines[0]).toBe('Carrier,Terms,Premium,Expected,Received,Outstanding,No rate');
    expect(lines).toHaveLength(report.rows.length + 2);
    const c = report.totals.cells!;
    expect(lines.at(-1)).toBe(`Total,${report.totals.count},${report.totals.premium},${c.expected},${c.received},${c.outstanding},${c.noRate}`);
    const aging = await (await t.request('/api/reports/commission-aging/csv', { cookie: pro.cookie })).text();
    expect(aging).toContain('Carrier,Terms,0–30 days,31–60 days,61–90 days,Over 90 days,Outstanding');
  }, 120_000);

  it('is behind the plan, refuses a bad range with the field named, and shows only the agency’s own book', async () => {
    const starter = await createUser(t, { tier: 'starter' });
    for (const kind of ['commission', 'commission-aging']) expect((await t.request(`/api/reports/${kind}`, { cookie: starter.cookie })).status).toBe(403);
    expect((await t.request('/api/reports/commission')).status).toBe(401);
    const pro = await createUser(t, { tier: 'professional' });
    const bad = await t.request('/api/reports/commission?from=2026-05-01&to=2026-04-01', { cookie: pro.cookie });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.fields).toMatchObject({ to: REPORT_TEXT.rangeOrder });
    const badDate = await t.request('/api/reports/commission-aging?from=2026-13-45', { cookie: pro.cookie });
    expect(badDate.status).toBe(400);
    expect((await json(badDate)).error.fields).toMatchObject({ from: REPORT_TEXT.invalidDate });
    // another agency with a paid book: this agency's reports stay empty
    const other = await createUser(t, { tier: 'professional' });
    await randomBook(5, other);
    for (const url of ['/api/reports/commission', '/api/reports/commission?group=producer', '/api/reports/commission-aging']) {
      const mine = await get<ReportResult>(pro, url);
      expect(mine.totals.count).toBe(0);
      expect(mine.rows.filter((r) => r.producer !== 'No producer' || r.count !== 0)).toEqual([]);
    }
    expect((await get<ReportResult>(other, '/api/reports/commission')).totals.count).toBeGreaterThan(0);
  }, 120_000);
});
