import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POLICY_TYPE_LABEL, type PolicyType } from '#shared/lines/index.ts';
import { sql } from 'drizzle-orm';
import { todayIso } from '#shared/money.ts';
import type { Policy } from '#shared/policies.ts';
import type { Customer } from '#shared/customers.ts';
import { REPORT_KINDS, REPORT_TEXT, reportSearch, type ReportGroup, type ReportKind, type ReportQueryInput, type ReportResult } from '#shared/reports.ts';
import { lastMonths, type Analytics } from '#shared/analytics.ts';
import type { RenewalCockpit } from '#shared/renewals.ts';
import { agencyMembers, policies } from '#server/db/schema.ts';
import { createCustomer, createPolicy } from '#server/test/factories.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';

let t: TestContext;
let agent: TestUser;
let other: TestUser;
let starter: TestUser;
let lonely: Customer;
let member: TestUser;
let outsider: TestUser;
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
  await createPolicy(call, agent.cookie, { ...shared, insurance_company: 'Acme Mutual', premium_amount: '0.10', start_date: '2026-01-05' });
  await createPolicy(call, agent.cookie, { ...shared, policy_type: 'fire', insurance_company: 'Acme Mutual', premium_amount: '0.20', start_date: '2026-03-01' });
  await createPolicy(call, agent.cookie, { ...carOnly, insurance_company: 'acme mutual', premium_amount: '999999999999.99', start_date: '2024-06-30' });
  await createPolicy(call, agent.cookie, { ...carOnly, insurance_company: 'Blue Shield', premium_amount: '1234.56', start_date: '2025-07-15', status: 'pending' });
  await createPolicy(call, agent.cookie, { ...fireOnly, policy_type: 'fire', insurance_company: 'Blue Shield', premium_amount: '77.07', start_date: '2026-02-01' });
  // statuses follow the dates (issue 29): the 2024 term has expired, this one is cancelled
  const cinder = await createPolicy(call, agent.cookie, { ...fireOnly, policy_type: 'fire', insurance_company: 'Cinder Re', premium_amount: '10.01', start_date: '2025-12-31' });
  const cancelled = await call(`/api/policies/${cinder.id}/cancel`, { cookie: agent.cookie, json: { effective_date: '2026-01-01', reason: 'client_request', method: 'pro_rata' } });
  expect(cancelled.status).toBe(200);
  lonely = await createCustomer(call, agent.cookie, { name: '=HYPERLINK("x")', email: 'lonely@example.com' });
  // A member of the agency with a term of their own, renewed: the renewal term (renewed_from_id set)
  // is a renewal in production; one policy has no assignee.
  member = await addMember(agent, 'Mia Member');
  const first = await createPolicy(call, agent.cookie, { ...carOnly, insurance_company: 'Delta Re', premium_amount: '500.00', start_date: '2025-04-01', assignee_id: member.id });
  const renewed = await call(`/api/renewals/${first.id}/renew`, { cookie: agent.cookie, json: { premium_amount: '550.00', policy_number: 'DELTA-2' } });
  expect(renewed.status, await renewed.clone().text()).toBe(201);
  await t.db.update(policies).set({ assigneeId: null }).where(sql`${policies.insuranceCompany} = 'Cinder Re'`);
  // Another agency's book, with the same carrier names, never shows up; nor does its member.
  outsider = await addMember(other, 'Oscar Outsider');
  await createPolicy(call, other.cookie, { insurance_company: 'Acme Mutual', premium_amount: '5000.00', assignee_id: outsider.id });
  await createCustomer(call, other.cookie, { name: 'Other lonely' });
});

/** A user made a member of `owner`'s agency (the row the invitation's accept writes). */
async function addMember(owner: TestUser, name: string): Promise<TestUser> {
  const u = await createUser(t, { name });
  const me = await json<{ agency: { id: string } }>(await t.request('/api/me', { cookie: owner.cookie }));
  await t.db.insert(agencyMembers).values({ agencyId: me.agency.id, userId: u.id, role: 'team_member' });
  return u;
}
afterAll(async () => {
  await t.close();
});

async function report(u: TestUser, kind: ReportKind, q: ReportQueryInput = {}): Promise<ReportResult> {
  const res = await t.request(`/api/reports/${kind}?${reportSearch(kind, q)}`, { cookie: u.cookie });
  expect(res.status).toBe(200);
  return json<ReportResult>(res);
}

/** Every policy through the list endpoint (its own type and status filters), page by page. */
async function listedPolicies(u: TestUser, q: { type?: string; status?: string; assignee?: string } = {}): Promise<Policy[]> {
  const out: Policy[] = [];
  for (let page = 1; ; page += 1) {
    const params = new URLSearchParams({ page: String(page), pageSize: '100', type: q.type ?? 'all', status: q.status ?? 'all', assignee: q.assignee ?? 'all' });
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
    const day = (p: Policy) => p.start_date;
    const listed = (await listedPolicies(agent, q)).filter(
      (p) => sameCarrier(p, q.carrier) && (!q.from || day(p) >= q.from) && (!q.to || day(p) <= q.to),
    );
    expect(result.totals.count).toBe(listed.length);
    expect(result.totals.premium).toBe(sumMoney(listed.map((p) => p.premium_amount)));
    expect(sumMoney(result.rows.map((r) => String(r.premium)))).toBe(result.totals.premium);
  });

  it('production groups by the month each term starts', async () => {
    const result = await report(agent, 'production');
    const months = [...new Set((await listedPolicies(agent)).map((p) => p.start_date.slice(0, 7)))].sort();
    expect(result.rows.map((r) => r.month)).toEqual(months);
    expect(result.totals.count).toBe(8);
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

  it.each(['lacks-fire', 'lacks-car', 'lacks-home'] as const)('cross-sell %s: customers with policies and none of that line (any registered line)', async (direction) => {
    const lacking = direction.slice('lacks-'.length);
    const result = await report(agent, 'cross-sell', { direction });
    const byCustomer = new Map<string, Policy[]>();
    for (const p of await listedPolicies(agent)) byCustomer.set(p.customer_id ?? '', [...(byCustomer.get(p.customer_id ?? '') ?? []), p]);
    const matching = [...byCustomer.values()].filter((ps) => !ps.some((p) => p.policy_type === lacking));
    expect(matching.length).toBeGreaterThan(0);
    expect(result.rows.map((r) => r.email).sort()).toEqual(matching.map((ps) => ps[0].customer_email).sort());
    expect(result.totals.count).toBe(matching.flat().length);
    expect(new Set(result.rows.map((r) => r.missing))).toEqual(new Set([POLICY_TYPE_LABEL[lacking as PolicyType]]));
    for (const row of result.rows) expect(String(row.has)).not.toContain(POLICY_TYPE_LABEL[lacking as PolicyType]);
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
    // nothing to add up but the customers: the totals line counts them (issue 30: it was "Total,,,,")
    expect(text.trimEnd().split('\r\n').at(-1)).toBe('Total: 1 customer,,,,');
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
    expect([...carriers].sort()).toEqual(['Acme Mutual', 'Blue Shield', 'Cinder Re', 'Delta Re', 'acme mutual'].sort());
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

const assigneeOf = (p: Policy) => p.assignee_id ?? 'unassigned';

describe('production: new business against renewals', () => {
  const cases: ReportQueryInput[] = [{}, { carrier: 'Delta Re' }, { type: 'car', status: 'active' }, { from: todayIso(new Date()) }, { to: '2000-01-01' }];
  const groups: ReportGroup[] = ['month', 'carrier', 'assignee'];

  it.each(cases.flatMap((q) => groups.map((group) => ({ ...q, group }))))('new + renewal totals tie to the policies list %o', async (q) => {
    const result = await report(agent, 'production', q);
    const day = (p: Policy) => p.start_date;
    const listed = (await listedPolicies(agent, q)).filter((p) => sameCarrier(p, q.carrier) && (!q.from || day(p) >= q.from) && (!q.to || day(p) <= q.to));
    const renewals = listed.filter((p) => p.renewed_from_id);
    const fresh = listed.filter((p) => !p.renewed_from_id);
    expect(result.totals).toMatchObject({
      count: listed.length,
      premium: sumMoney(listed.map((p) => p.premium_amount)),
      cells: {
        newBusiness: fresh.length,
        newPremium: sumMoney(fresh.map((p) => p.premium_amount)),
        renewals: renewals.length,
        renewalPremium: sumMoney(renewals.map((p) => p.premium_amount)),
      },
    });
    // the rows add up to the totals, column by column, and each row's new + renewals = its policies
    for (const key of ['newPremium', 'renewalPremium', 'premium']) expect(sumMoney(result.rows.map((r) => String(r[key])))).toBe(key === 'premium' ? result.totals.premium : result.totals.cells![key]);
    for (const key of ['newBusiness', 'renewals', 'count']) expect(result.rows.reduce((n, r) => n + Number(r[key]), 0)).toBe(key === 'count' ? result.totals.count : result.totals.cells![key]);
    for (const r of result.rows) expect(Number(r.newBusiness) + Number(r.renewals)).toBe(r.count);
    expect(result.columns[0].key).toBe(q.group);
  });

  it('counts the renewal term as a renewal, by carrier and by assignee', async () => {
    const byCarrier = await report(agent, 'production', { group: 'carrier' });
    expect(byCarrier.columns.map((c) => c.label)).toEqual(['Carrier', 'New business', 'New business premium', 'Renewals', 'Renewal premium', 'Policies', 'Premium']);
    expect(byCarrier.rows.find((r) => r.carrier === 'Delta Re')).toMatchObject({ newBusiness: 1, newPremium: '500.00', renewals: 1, renewalPremium: '550.00', count: 2, premium: '1050.00' });
    const byAssignee = await report(agent, 'production', { group: 'assignee' });
    // Renew keeps the term's assignee: both Delta Re terms are Mia's
    expect(byAssignee.rows.find((r) => r.assignee === 'Mia Member')).toMatchObject({ newBusiness: 1, renewals: 1, premium: '1050.00' });
    expect(byAssignee.rows.at(-1)).toMatchObject({ assignee: REPORT_TEXT.unassigned, newBusiness: 1, renewals: 0, premium: '10.01' });
  });

  it('writes the new and renewal totals on the CSV totals line', async () => {
    const text = await (await t.request('/api/reports/production/csv?group=carrier&carrier=Delta+Re', { cookie: agent.cookie })).text();
    expect(text.trimEnd().split('\r\n')).toEqual([
      'Carrier,New business,New business premium,Renewals,Renewal premium,Policies,Premium',
      'Delta Re,1,500.00,1,550.00,2,1050.00',
      'Total,1,500.00,1,550.00,2,1050.00',
    ]);
  });
});

describe('production counts a term in the month it starts', () => {
  it('a term entered in March that starts in May is May’s production, not March’s', async () => {
    const u = await createUser(t, { tier: 'professional' });
    const may = await createPolicy(t.request, u.cookie, { premium_amount: '300.00', start_date: '2025-05-10', term: '6_months' });
    await t.db.update(policies).set({ createdAt: new Date('2025-03-14T12:00:00Z') }).where(sql`${policies.id} = ${may.id}`);
    const byMonth = await report(u, 'production');
    expect(byMonth.rows).toEqual([expect.objectContaining({ month: '2025-05', newBusiness: 1, count: 1, premium: '300.00' })]);
    expect((await report(u, 'production', { from: '2025-03-01', to: '2025-03-31' })).totals.count).toBe(0);
    expect((await report(u, 'production', { from: '2025-05-01', to: '2025-05-31' })).totals).toMatchObject({ count: 1, premium: '300.00' });
    // its renewal starts when it ends, in November, whatever day Renew is pressed
    const renewed = await t.request(`/api/renewals/${may.id}/renew`, { cookie: u.cookie, json: { premium_amount: '320.00' } });
    expect(renewed.status).toBe(201);
    const after = await report(u, 'production');
    expect(after.rows.map((r) => [r.month, r.newBusiness, r.renewals])).toEqual([
      ['2025-05', 1, 0],
      ['2025-11', 0, 1],
    ]);
  });

  it('is read from the (agency_id, start_date) index', async () => {
    const rows = await t.db.execute(sql`
      select indexdef from pg_indexes where tablename = 'policies' and indexname = 'policies_agency_start_idx'`);
    expect(JSON.stringify(rows)).toContain('(agency_id, start_date');
  });
});

describe('book of business by assignee', () => {
  const cases: ReportQueryInput[] = [{}, { type: 'fire' }, { carrier: 'Cinder Re' }, { from: '2026-01-01', status: 'active' }];

  it.each(cases)('ties to the book and to the policies list per assignee %o', async (q) => {
    const [byAssignee, book] = await Promise.all([report(agent, 'book', { ...q, group: 'assignee' }), report(agent, 'book', q)]);
    expect(byAssignee.columns.map((c) => c.label)).toEqual(['Assignee', 'Policies', 'Premium']);
    // the same count and premium (totals.rows is the number of groups, which differs)
    expect(byAssignee.totals).toMatchObject({ count: book.totals.count, premium: book.totals.premium, rows: byAssignee.rows.length });
    expect(sumMoney(byAssignee.rows.map((r) => String(r.premium)))).toBe(book.totals.premium);
    const listed = (await listedPolicies(agent, q)).filter((p) => sameCarrier(p, q.carrier) && overlaps(p, q.from, q.to));
    const ids = [...new Set(listed.map(assigneeOf))];
    expect(byAssignee.rows.map((r) => r.assignee_id ?? 'unassigned').sort()).toEqual(ids.sort());
    for (const row of byAssignee.rows) {
      const mine = (await listedPolicies(agent, { ...q, assignee: String(row.assignee_id ?? 'unassigned') })).filter((p) => sameCarrier(p, q.carrier) && overlaps(p, q.from, q.to));
      expect(row).toMatchObject({ count: mine.length, premium: sumMoney(mine.map((p) => p.premium_amount)) });
    }
  });

  it('names assignees from the agency’s members only, shows Unassigned last, and never another agency’s member', async () => {
    const result = await report(agent, 'book', { group: 'assignee' });
    const members = await json<{ members: { id: string; name: string }[] }>(await t.request('/api/assignees', { cookie: agent.cookie }));
    const names = new Map(members.members.map((m) => [m.id, m.name]));
    for (const row of result.rows.slice(0, -1)) expect(row.assignee).toBe(names.get(String(row.assignee_id)));
    expect(result.rows.map((r) => r.assignee)).toContain('Mia Member');
    expect(result.rows.at(-1)).toMatchObject({ assignee: 'Unassigned', assignee_id: null, count: 1, premium: '10.01' });
    expect(JSON.stringify(result)).not.toContain('Oscar Outsider');
    const csv = await (await t.request('/api/reports/book/csv?group=assignee', { cookie: agent.cookie })).text();
    expect(csv).not.toContain('Oscar Outsider');
    expect(csv).toContain('\r\nUnassigned,1,10.01\r\n');
    // the other agency sees its own member, and none of ours
    const theirs = await report(other, 'book', { group: 'assignee' });
    expect(theirs.rows).toEqual([{ assignee: 'Oscar Outsider', assignee_id: outsider.id, count: 1, premium: '5000.00' }]);
    expect(JSON.stringify(await report(other, 'production', { group: 'assignee' }))).not.toContain('Mia Member');
  });

  it('falls back to the default grouping for one the report does not offer', async () => {
    const result = await report(agent, 'book', { group: 'month' });
    expect(result.columns.map((c) => c.key)).toEqual(['type', 'carrier', 'status', 'count', 'premium']);
    expect(reportSearch('book', { group: 'type-carrier-status' })).toBe('report=book');
    expect(reportSearch('production', { group: 'assignee' })).toBe('report=production&group=assignee');
  });
});

describe('plan gating', () => {
  it('reports need Professional and analytics Business, as before', async () => {
    const business = await createUser(t, { tier: 'business' });
    expect((await t.request('/api/reports/production?group=assignee', { cookie: agent.cookie })).status).toBe(200);
    expect((await t.request('/api/reports/production', { cookie: business.cookie })).status).toBe(200);
    expect((await t.request('/api/analytics', { cookie: agent.cookie })).status).toBe(403);
    expect((await t.request('/api/analytics', { cookie: business.cookie })).status).toBe(200);
    expect((await t.request('/api/analytics', { cookie: starter.cookie })).status).toBe(403);
    expect((await t.request('/api/reports/production?group=assignee', { cookie: starter.cookie })).status).toBe(403);
  });
});

describe('analytics: retention per month', () => {
  it('counts, per month of end date, the renewed share of the decided terms with the cockpit’s rule', async () => {
    const biz = await createUser(t, { tier: 'business' });
    const neighbour = await createUser(t, { tier: 'business' });
    const months = lastMonths(new Date());
    // a term ending on the 15th of `month` starts on the 15th a year before
    const startFor = (month: string) => `${Number(month.slice(0, 4)) - 1}${month.slice(4)}-15`;
    const term = (month: string, over: Record<string, string> = {}) => createPolicy(t.request, biz.cookie, { start_date: startFor(month), ...over });
    const renew = async (id: string) => expect((await t.request(`/api/renewals/${id}/renew`, { cookie: biz.cookie, json: { premium_amount: '100.00' } })).status).toBe(201);
    const lose = async (id: string) => expect((await t.request(`/api/renewals/${id}/lost`, { cookie: biz.cookie, json: { reason: 'price' } })).status).toBe(200);
    const [a, b] = [months[9], months[10]];
    // a (two months ago): renewed, lost, lapsed, and a cancelled term that is left out → 1 / 3
    await renew((await term(a)).id);
    await lose((await term(a)).id);
    await term(a);
    const cancelled = await term(a);
    const cancel = { effective_date: startFor(a), reason: 'client_request', method: 'flat' };
    expect((await t.request(`/api/policies/${cancelled.id}/cancel`, { cookie: biz.cookie, json: cancel })).status).toBe(200);
    // b (last month): two renewed, one lost → 2 / 3
    await renew((await term(b)).id);
    await renew((await term(b)).id);
    await lose((await term(b)).id);
    // the neighbour's lost term in month a never counts here
    const theirs = await createPolicy(t.request, neighbour.cookie, { start_date: startFor(a) });
    expect((await t.request(`/api/renewals/${theirs.id}/lost`, { cookie: neighbour.cookie, json: { reason: 'price' } })).status).toBe(200);

    const analytics = await json<Analytics>(await t.request('/api/analytics', { cookie: biz.cookie }));
    expect(analytics.retentionByMonth.map((p) => p.month)).toEqual(months);
    const at = (m: string) => analytics.retentionByMonth.find((p) => p.month === m);
    expect(at(a)).toEqual({ month: a, renewed: 1, lost: 1, lapsed: 1, open: 0, rate: 33.3 });
    expect(at(b)).toEqual({ month: b, renewed: 2, lost: 1, lapsed: 0, open: 0, rate: 66.7 });
    expect(at(months[8])).toEqual({ month: months[8], renewed: 0, lost: 0, lapsed: 0, open: 0, rate: null });
    // the renewal terms end a year later, outside the 12 months; every other month is empty
    expect(analytics.retentionByMonth.filter((p) => p.month !== a && p.month !== b).every((p) => p.renewed + p.lost + p.lapsed + p.open === 0)).toBe(true);
    // the same counts as the renewal cockpit's 12-month retention over these terms
    const cockpit = await json<RenewalCockpit>(await t.request('/api/renewals', { cookie: biz.cookie }));
    expect(cockpit.retention).toEqual({ renewed: 3, lost: 2, lapsed: 1, rate: 50 });
    const theirsNow = await json<Analytics>(await t.request('/api/analytics', { cookie: neighbour.cookie }));
    expect(theirsNow.retentionByMonth.find((p) => p.month === a)).toMatchObject({ renewed: 0, lost: 1, lapsed: 0, rate: 0 });
  });
});
