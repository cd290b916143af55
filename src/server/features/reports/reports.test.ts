import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { todayIso } from '#shared/money.ts';
import type { Policy } from '#shared/policies.ts';
import type { Customer } from '#shared/customers.ts';
import { REPORT_KINDS, REPORT_TEXT, reportSearch, type ReportKind, type ReportQueryInput, type ReportResult } from '#shared/reports.ts';
import { policies } from '#server/db/schema.ts';
import { createCustomer, createPolicy } from '#server/test/factories.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';

let t: TestContext;
let agent: TestUser;
let other: TestUser;
let starter: TestUser;
let lonely: Customer;
const shared = { customer_name: 'Both Types', customer_email: 'both@example.com' };
const carOnly = { customer_name: 'Car Only', customer_email: 'car-only@example.com' };
const fireOnly = { customer_name: 'Fire Only', customer_email: 'fire-only@example.com' };

beforeAll(async () => {
  t = await createTestContext();
  agent = await createUser(t, { tier: 'professional' });
  other = await createUser(t, { tier: 'professional' });
  starter = await createUser(t, { tier: 'starter' });
  const call = t.request;
  // Amounts whose float sum is not exact (0.1 + 0.2), spread over carriers, types, statuses and terms.
  await createPolicy(call, agent.cookie, { ...shared, insurance_company: 'Acme Mutual', premium_amount: '0.10', start_date: '2025-01-05' });
  await createPolicy(call, agent.cookie, { ...shared, policy_type: 'fire', insurance_company: 'Acme Mutual', premium_amount: '0.20', start_date: '2025-03-01' });
  await createPolicy(call, agent.cookie, { ...carOnly, insurance_company: 'acme mutual', premium_amount: '999999999999.99', start_date: '2024-06-30', status: 'expired' });
  await createPolicy(call, agent.cookie, { ...carOnly, insurance_company: 'Blue Shield', premium_amount: '1234.56', start_date: '2025-07-15', status: 'pending' });
  await createPolicy(call, agent.cookie, { ...fireOnly, policy_type: 'fire', insurance_company: 'Blue Shield', premium_amount: '77.07', start_date: '2026-02-01' });
  await createPolicy(call, agent.cookie, { ...fireOnly, policy_type: 'fire', insurance_company: 'Cinder Re', premium_amount: '10.01', start_date: '2025-12-31', status: 'cancelled' });
  lonely = await createCustomer(call, agent.cookie, { name: '=HYPERLINK("x")', email: 'lonely@example.com' });
  // Another agency's book, with the same carrier names, never shows up.
  await createPolicy(call, other.cookie, { insurance_company: 'Acme Mutual', premium_amount: '5000.00' });
  await createCustomer(call, other.cookie, { name: 'Other lonely' });
});
afterAll(async () => {
  await t.close();
});

async function report(u: TestUser, kind: ReportKind, q: ReportQueryInput = {}): Promise<ReportResult> {
  const res = await t.request(`/api/reports/${kind}?${reportSearch(kind, q)}`, { cookie: u.cookie });
  expect(res.status).toBe(200);
  return json<ReportResult>(res);
}

/** Every policy through the list endpoint (its own type and status filters), page by page. */
async function listedPolicies(u: TestUser, q: { type?: string; status?: string } = {}): Promise<Policy[]> {
  const out: Policy[] = [];
  for (let page = 1; ; page += 1) {
    const params = new URLSearchParams({ page: String(page), pageSize: '100', type: q.type ?? 'all', status: q.status ?? 'all' });
    const body = await json<{ rows: Policy[]; total: number }>(await t.request(`/api/policies?${params}`, { cookie: u.cookie }));
    out.push(...body.rows);
    if (out.length >= body.total || body.rows.length === 0) return out;
  }
}

async function listedCustomers(u: TestUser): Promise<Customer[]> {
  const body = await json<{ rows: Customer[] }>(await t.request('/api/customers?pageSize=100', { cookie: u.cookie }));
  return body.rows;
}

/** Exact decimal sum in cents: the test's own arithmetic never uses floats either. */
function sumMoney(values: string[]): string {
  const cents = values.reduce((acc, v) => {
    const [whole, frac = ''] = v.split('.');
    return acc + BigInt(whole) * 100n + BigInt(frac.padEnd(2, '0'));
  }, 0n);
  return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
}

const overlaps = (p: Policy, from?: string, to?: string) => (!to || p.start_date <= to) && (!from || p.end_date >= from);
const sameCarrier = (p: Policy, carrier?: string) => !carrier || p.insurance_company.toLowerCase() === carrier.toLowerCase();

describe('totals tie to the policies list with the same filters', () => {
  const cases: ReportQueryInput[] = [
    {},
    { type: 'car' },
    { status: 'active' },
    { carrier: 'ACME MUTUAL' },
    { from: '2025-06-01', to: '2025-12-31', type: 'fire' },
    { from: '2026-01-01', carrier: 'Blue Shield', status: 'pending' },
  ];

  it.each(cases)('book of business %o', async (q) => {
    const result = await report(agent, 'book', q);
    const listed = (await listedPolicies(agent, q)).filter((p) => sameCarrier(p, q.carrier) && overlaps(p, q.from, q.to));
    expect(result.totals.count).toBe(listed.length);
    expect(result.totals.premium).toBe(sumMoney(listed.map((p) => p.premium_amount)));
    // the listed groups add up to the totals too
    expect(sumMoney(result.rows.map((r) => String(r.premium)))).toBe(result.totals.premium);
    expect(result.rows.reduce((n, r) => n + Number(r.count), 0)).toBe(result.totals.count);
  });

  it.each(cases)('expiring %o', async (q) => {
    const result = await report(agent, 'expiring', q);
    const listed = (await listedPolicies(agent, q)).filter(
      (p) => sameCarrier(p, q.carrier) && (!q.from || p.end_date >= q.from) && (!q.to || p.end_date <= q.to),
    );
    expect(result.totals.count).toBe(listed.length);
    expect(result.totals.premium).toBe(sumMoney(listed.map((p) => p.premium_amount)));
    expect(result.rows.map((r) => r.policyNumber).sort()).toEqual(listed.map((p) => p.policy_number).sort());
  });

  it.each(cases)('production %o', async (q) => {
    const result = await report(agent, 'production', q);
    const day = (p: Policy) => p.created_at.slice(0, 10);
    const listed = (await listedPolicies(agent, q)).filter(
      (p) => sameCarrier(p, q.carrier) && (!q.from || day(p) >= q.from) && (!q.to || day(p) <= q.to),
    );
    expect(result.totals.count).toBe(listed.length);
    expect(result.totals.premium).toBe(sumMoney(listed.map((p) => p.premium_amount)));
    expect(sumMoney(result.rows.map((r) => String(r.premium)))).toBe(result.totals.premium);
  });

  it('production groups by UTC month of entry', async () => {
    const result = await report(agent, 'production', { from: todayIso(new Date(Date.now() - 86_400_000)) });
    expect(result.rows.every((r) => /^\d{4}-\d{2}$/.test(String(r.month)))).toBe(true);
    expect(result.totals.count).toBe(6);
  });

  it.each(['both', 'car-no-fire', 'fire-no-car'] as const)('cross-sell %s', async (direction) => {
    const result = await report(agent, 'cross-sell', { direction });
    const byCustomer = new Map<string, Policy[]>();
    for (const p of await listedPolicies(agent)) byCustomer.set(p.customer_id ?? '', [...(byCustomer.get(p.customer_id ?? '') ?? []), p]);
    const matching = [...byCustomer.values()].filter((ps) => {
      const car = ps.some((p) => p.policy_type === 'car');
      const fire = ps.some((p) => p.policy_type === 'fire');
      return direction === 'car-no-fire' ? car && !fire : direction === 'fire-no-car' ? fire && !car : car !== fire;
    });
    expect(result.totals.rows).toBe(matching.length);
    expect(result.totals.count).toBe(matching.flat().length);
    expect(result.totals.premium).toBe(sumMoney(matching.flat().map((p) => p.premium_amount)));
    expect(result.rows.map((r) => r.email).sort()).toEqual(matching.map((ps) => ps[0].customer_email).sort());
    // each row names its customer (not a column): the pipeline's "Create opportunity" shortcut
    expect(result.rows.map((r) => r.customer_id).sort()).toEqual(matching.map((ps) => ps[0].customer_id).sort());
  });

  it('customers without a policy', async () => {
    const result = await report(agent, 'no-policy');
    const withPolicy = new Set((await listedPolicies(agent)).map((p) => p.customer_id));
    const without = (await listedCustomers(agent)).filter((c) => !withPolicy.has(c.id));
    expect(result.totals.count).toBe(without.length);
    expect(result.rows.map((r) => r.email)).toEqual([lonely.email]);
  });
});

describe('amounts are exact decimals', () => {
  it('sums 0.10 + 0.20 to 0.30 and keeps 12-digit premiums exact', async () => {
    const small = await report(agent, 'book', { carrier: 'Acme Mutual', status: 'active' });
    expect(small.totals.premium).toBe('0.30');
    const all = await report(agent, 'book', { carrier: 'acme mutual' });
    expect(all.totals.premium).toBe('1000000000000.29');
  });
});

describe('CSV download', () => {
  it('writes the shown columns and rows, a totals line, and escapes formula-like cells', async () => {
    const res = await t.request('/api/reports/no-policy/csv', { cookie: agent.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    // decoded keeping the byte-order mark (Response.text() drops it)
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
    expect(text.startsWith('\uFEFFCustomer,Email,Phone,Type,Added\r\n')).toBe(true);
    expect(text).toContain(`"'=HYPERLINK(""x"")",lonely@example.com,,Individual,${todayIso(new Date()).slice(0, 4)}`);
    expect(text.trimEnd().split('\r\n').at(-1)).toBe('Total,,,,');
  });

  it('book CSV totals line carries the exact premium', async () => {
    const text = await (await t.request('/api/reports/book/csv?carrier=acme+mutual', { cookie: agent.cookie })).text();
    expect(text.trimEnd().split('\r\n').at(-1)).toBe('Total,,,3,1000000000000.29');
  });
});

describe('access and validation', () => {
  it.each([...REPORT_KINDS, 'carriers'])('a starter user gets 403 on %s', async (kind) => {
    const res = await t.request(`/api/reports/${kind}`, { cookie: starter.cookie });
    expect(res.status).toBe(403);
  });

  it('needs a session', async () => {
    expect((await t.request('/api/reports/book')).status).toBe(401);
  });

  it('another agency sees only its own book', async () => {
    const mine = await report(other, 'book');
    expect(mine.totals).toMatchObject({ count: 1, premium: '5000.00' });
    const carriers = await json<string[]>(await t.request('/api/reports/carriers', { cookie: agent.cookie }));
    expect([...carriers].sort()).toEqual(['Acme Mutual', 'Blue Shield', 'Cinder Re', 'acme mutual'].sort());
    const noPolicy = await report(other, 'no-policy');
    expect(noPolicy.rows.map((r) => r.name)).toEqual(['Other lonely']);
  });

  it('refuses a reversed range and an invalid date with the readable message', async () => {
    const res = await t.request('/api/reports/book?from=2025-02-01&to=2025-01-01', { cookie: agent.cookie });
    expect(res.status).toBe(400);
    expect((await json(res)).error.message).toBe(REPORT_TEXT.rangeOrder);
    const bad = await t.request('/api/reports/book?from=2025-02-30', { cookie: agent.cookie });
    expect((await json(bad)).error.message).toBe(REPORT_TEXT.invalidDate);
  });

  it('an unknown report is a 404', async () => {
    expect((await t.request('/api/reports/nope', { cookie: agent.cookie })).status).toBe(404);
  });

  it('the database holds the premiums as numeric', async () => {
    const [row] = await t.db.select({ kind: sql<string>`pg_typeof(${policies.premiumAmount})::text` }).from(policies).limit(1);
    expect(row.kind).toBe('numeric');
  });
});
