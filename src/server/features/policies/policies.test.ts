import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { MONEY_TEXT } from '#shared/money.ts';
import { POLICY_TEXT } from '#shared/policies.ts';
import { activityLog, customers, policies, subscriptionLimits } from '#server/db/schema.ts';
import { carPolicyPayload, FIRE_DETAILS } from '#server/test/factories.ts';
import { createUser, twoAgencies, json, type TestContext, type TestUser } from '#server/test/harness.ts';
import { searchMatches } from '#server/entities/policies/list.ts';

let t: TestContext, agent: TestUser, other: TestUser;
beforeAll(async () => void ({ t, agent, other } = await twoAgencies()));
afterAll(() => t.close());

export const carPolicy = carPolicyPayload;
const fireDetails = FIRE_DETAILS;

const post = (u: TestUser, body: unknown) => t.request('/api/policies', { cookie: u.cookie, json: body });

describe('creating a policy', () => {
  it('stores the policy with exact money, end = start + 12 months, its car details and an auto-created customer', async () => {
    const body = carPolicy({ end_date: '2030-12-31', customer_email: 'Auto.Customer@Example.com' });
    const res = await post(agent, body);
    expect(res.status).toBe(201);
    const created = await json(res);
    expect(created).toMatchObject({
      policy_number: body.policy_number,
      premium_amount: '1234.50',
      coverage_amount: '50000.00',
      deductible: '500.00',
      start_date: '2025-01-05',
      end_date: '2026-01-05',
      // the term has ended: Expired whatever the agent chose (issue 29)
      status: 'expired',
      bound: true,
      customer_email: 'auto.customer@example.com',
      car_details: { vehicle_make: 'Toyota', vehicle_year: 2020, coverage_type: 'collision' },
      fire_details: null,
      customer: { name: 'Jane Doe', email: 'auto.customer@example.com', phone: '555-0100' },
    });
    const [customer] = await t.db.select().from(customers).where(eq(customers.id, created.customer_id));
    expect(customer.customerType).toBe('individual');
    const log = await t.db.select().from(activityLog).where(eq(activityLog.entityId, created.id));
    expect(log.map((l) => [l.kind, l.action])).toEqual([['policy', 'created']]);
    // the answer comes from the inserts' RETURNING (one statement for policy and details): as a read gives it
    expect(created).toEqual(await json(await t.request(`/api/policies/${created.id}`, { cookie: agent.cookie })));
  });

  it('reuses the agency customer with the same e-mail instead of creating a second one', async () => {
    const first = await json(await post(agent, carPolicy({ customer_email: 'reuse@example.com' })));
    const second = await json(await post(agent, carPolicy({ customer_email: 'REUSE@example.com' })));
    expect(second.customer_id).toBe(first.customer_id);
  });

  it('links a chosen customer of the agency', async () => {
    const c = await json(await t.request('/api/customers', { cookie: agent.cookie, json: { name: 'Chosen One', email: 'chosen@example.com' } }));
    const res = await post(agent, carPolicy({ customer_id: c.id, customer_email: 'different@example.com' }));
    expect(res.status).toBe(201);
    expect((await json(res)).customer).toMatchObject({ id: c.id, name: 'Chosen One' });
  });

  it('creates a fire policy with its property details (optional contents coverage)', async () => {
    const res = await post(agent, carPolicy({ policy_type: 'fire', car_details: undefined, fire_details: fireDetails, start_date: '2024-02-29' }));
    expect(res.status).toBe(201);
    const created = await json(res);
    expect(created.end_date).toBe('2025-02-28');
    expect(created.fire_details).toEqual({ ...fireDetails, construction_year: 1990, contents_coverage: null });
    expect(created.car_details).toBeNull();
    expect(created).toEqual(await json(await t.request(`/api/policies/${created.id}`, { cookie: agent.cookie })));
  });

  it('answers every required field with its message, and keeps nothing', async () => {
    const before = await t.db.select().from(policies);
    const res = await post(agent, { policy_type: 'car', car_details: {} });
    expect(res.status).toBe(400);
    const { error } = await json(res);
    expect(error.message).toBe('Please correct the highlighted fields.');
    expect(error.fields).toEqual({
      customer_name: 'Customer Name is required.',
      customer_email: 'Customer Email is required.',
      policy_number: 'Policy Number is required.',
      insurance_company: 'Insurance Company is required.',
      premium_amount: 'Premium Amount is required.',
      coverage_amount: 'Coverage Amount is required.',
      deductible: 'Deductible is required.',
      start_date: 'Start Date is required.',
      'car_details.vehicle_make': 'Vehicle Make is required.',
      'car_details.vehicle_model': 'Vehicle Model is required.',
      'car_details.vehicle_year': 'Vehicle Year is required.',
      'car_details.vin_number': 'VIN Number is required.',
      'car_details.driver_license': 'Driver License is required.',
    });
    const fire = await json(await post(agent, carPolicy({ policy_type: 'fire', fire_details: {} })));
    expect(fire.error.fields).toEqual({
      'fire_details.property_address': 'Property Address is required.',
      'fire_details.property_type': 'Property Type is required.',
      'fire_details.construction_year': 'Construction Year is required.',
      'fire_details.property_value': 'Property Value is required.',
    });
    const car = await json(await post(agent, carPolicy({ car_details: { vehicle_make: ' ' } })));
    expect(car.error.fields).toEqual({
      'car_details.vehicle_make': 'Vehicle Make is required.',
      'car_details.vehicle_model': 'Vehicle Model is required.',
      'car_details.vehicle_year': 'Vehicle Year is required.',
      'car_details.vin_number': 'VIN Number is required.',
      'car_details.driver_license': 'Driver License is required.',
    });
    expect(await t.db.select().from(policies)).toHaveLength(before.length);
  });

  it('refuses a bad e-mail, negative or non-numeric money and a year out of range', async () => {
    const bad = await json(
      await post(
        agent,
        carPolicy({
          customer_email: 'not an email',
          premium_amount: '-5',
          coverage_amount: 'lots',
          deductible: 1e300,
          start_date: '2025-02-30',
          car_details: { ...carPolicy().car_details, vehicle_year: 1800 },
        }),
      ),
    );
    const year = new Date().getFullYear() + 1;
    expect(bad.error.fields).toEqual({
      customer_email: 'Please enter a valid email address.',
      premium_amount: MONEY_TEXT.negative,
      coverage_amount: MONEY_TEXT.invalid,
      deductible: MONEY_TEXT.invalid,
      start_date: 'Please enter a valid date.',
      'car_details.vehicle_year': `Please enter a year between 1900 and ${year}.`,
    });
    const future = await json(await post(agent, carPolicy({ car_details: { ...carPolicy().car_details, vehicle_year: year + 1 } })));
    expect(future.error.fields).toEqual({ 'car_details.vehicle_year': `Please enter a year between 1900 and ${year}.` });
    const fire = await json(await post(agent, carPolicy({ policy_type: 'fire', fire_details: { ...fireDetails, construction_year: 'abc', property_value: '1.234' } })));
    expect(fire.error.fields['fire_details.construction_year']).toMatch(/^Please enter a year between 1800 and \d{4}\.$/);
    expect(fire.error.fields['fire_details.property_value']).toBe(MONEY_TEXT.invalid);
  });

  it('answers a duplicate policy number as a field error, not a 500', async () => {
    const body = carPolicy();
    expect((await post(agent, body)).status).toBe(201);
    const res = await post(agent, { ...body, customer_email: 'someone.else@example.com' });
    expect(res.status).toBe(409);
    expect((await json(res)).error).toMatchObject({ message: POLICY_TEXT.duplicateNumber, fields: { policy_number: POLICY_TEXT.duplicateNumber } });
    const [nobody] = await t.db.select().from(customers).where(eq(customers.email, 'someone.else@example.com'));
    expect(nobody).toBeUndefined();
    // another agency may use the same number
    expect((await post(other, body)).status).toBe(201);
  });

  it("answers another agency's customer_id with 404 and creates nothing", async () => {
    const theirs = await json(await t.request('/api/customers', { cookie: other.cookie, json: { name: 'Theirs', email: 'theirs@example.com' } }));
    const body = carPolicy({ customer_id: theirs.id });
    const res = await post(agent, body);
    expect(res.status).toBe(404);
    expect(await t.db.select().from(policies).where(eq(policies.policyNumber, body.policy_number))).toHaveLength(0);
    expect(await t.db.select().from(customers).where(eq(customers.email, body.customer_email))).toHaveLength(0);
  });

  it('needs a session: User not authenticated', async () => {
    const res = await t.request('/api/policies', { json: carPolicy() });
    expect(res.status).toBe(401);
    expect((await json(res)).error.message).toBe('User not authenticated');
    expect((await t.request('/api/policies')).status).toBe(401);
  });
});

describe('the policy limit', () => {
  it('lets exactly 20 of 21 parallel creates through on the starter plan', async () => {
    const starter = await createUser(t);
    const results = await Promise.all(Array.from({ length: 21 }, () => post(starter, carPolicy({ customer_email: 'same.customer@example.com' }))));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.filter((s) => s === 403)).toHaveLength(1);
    const refused = results.find((r) => r.status === 403)!;
    expect((await json(refused)).error).toMatchObject({ code: 'POLICY_LIMIT_REACHED', message: 'Please upgrade your plan to add more policies.' });
    const usage = await json(await t.request('/api/usage', { cookie: starter.cookie }));
    expect(usage).toEqual({ policies: { count: 20, limit: 20 }, customers: { count: 1, limit: 10 }, tier: 'starter' });
  });

  it('reads the limit from subscription_limits, and a null limit is unlimited', async () => {
    const pro = await createUser(t, { tier: 'professional' });
    await t.db.update(subscriptionLimits).set({ maxPolicies: 1 }).where(eq(subscriptionLimits.tierName, 'professional'));
    try {
      expect((await post(pro, carPolicy())).status).toBe(201);
      expect((await post(pro, carPolicy())).status).toBe(403);
      await t.db.update(subscriptionLimits).set({ maxPolicies: null }).where(eq(subscriptionLimits.tierName, 'professional'));
      expect((await post(pro, carPolicy())).status).toBe(201);
      expect((await json(await t.request('/api/usage', { cookie: pro.cookie }))).policies).toEqual({ count: 2, limit: null });
    } finally {
      await t.db.update(subscriptionLimits).set({ maxPolicies: 100 }).where(eq(subscriptionLimits.tierName, 'professional'));
    }
  });

  it('an auto-created customer counts against the customer limit (nothing is created past it)', async () => {
    const starter = await createUser(t);
    for (let i = 0; i < 10; i += 1)
      expect((await t.request('/api/customers', { cookie: starter.cookie, json: { name: `C${i}`, email: `c${i}@example.com` } })).status).toBe(201);
    const body = carPolicy();
    const res = await post(starter, body);
    expect(res.status).toBe(403);
    expect((await json(res)).error).toMatchObject({ code: 'CUSTOMER_LIMIT_REACHED', message: 'Please upgrade your plan to add more customers.' });
    expect(await t.db.select().from(policies).where(eq(policies.policyNumber, body.policy_number))).toHaveLength(0);
    // an existing customer's e-mail still works
    expect((await post(starter, carPolicy({ customer_email: 'c1@example.com' }))).status).toBe(201);
  });
});

describe('reading, listing and searching', () => {
  let lister: TestUser;
  beforeAll(async () => {
    lister = await createUser(t, { tier: 'enterprise' });
    // the status follows the dates (issue 29): an expired term is one that ended, a cancelled one is cancelled
    const today = new Date().toISOString().slice(0, 10);
    const make = async (n: string, name: string, company: string, type: 'car' | 'fire', status: string) => {
      const res = await post(
        lister,
        carPolicy({
          policy_number: n,
          customer_name: name,
          insurance_company: company,
          policy_type: type,
          status: status === 'pending' ? 'pending' : 'active',
          start_date: status === 'expired' ? '2020-01-01' : today,
          fire_details: type === 'fire' ? fireDetails : undefined,
        }),
      );
      if (status !== 'cancelled') return res;
      const id = (await json(res.clone())).id;
      const cancel = { effective_date: today, reason: 'client_request', method: 'pro_rata' };
      expect((await t.request(`/api/policies/${id}/cancel`, { cookie: lister.cookie, json: cancel })).status).toBe(200);
      return res;
    };
    const rows: [string, string, string, 'car' | 'fire', string][] = [
      ['P-100', 'Ann Smith', 'Acme', 'car', 'active'],
      ['P-101', 'Bob 100% Jones', 'Zenith', 'fire', 'pending'],
      ['P_102', "O'Brien", 'Acme', 'car', 'expired'],
      ['P-103', 'Back\\slash', 'Globe', 'fire', 'cancelled'],
    ];
    for (const args of rows) expect((await make(...args)).status).toBe(201);
  });
  const list = async (query: string) => json(await t.request(`/api/policies?${query}`, { cookie: lister.cookie }));

  it('lists newest first with an exact total and pages', async () => {
    const all = await list('');
    expect(all).toMatchObject({ total: 4, page: 1, pageSize: 25 });
    expect(all.rows.map((r: { policy_number: string }) => r.policy_number)).toEqual(['P-103', 'P_102', 'P-101', 'P-100']);
    const page2 = await list('page=2&pageSize=3');
    expect(page2).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(page2.rows).toHaveLength(1);
    expect((await list('page=abc&pageSize=-1')).page).toBe(1);
  });

  it('searches number, customer and company case-insensitively, with %, _, quotes, backslashes and SQL taken literally', async () => {
    const numbers = async (q: string) => (await list(`search=${encodeURIComponent(q)}`)).rows.map((r: { policy_number: string }) => r.policy_number).sort();
    expect(await numbers('acme')).toEqual(['P-100', 'P_102']);
    expect(await numbers('ann SMITH')).toEqual(['P-100']);
    expect(await numbers('p-10')).toEqual(['P-100', 'P-101', 'P-103']);
    expect(await numbers('%')).toEqual(['P-101']);
    expect(await numbers('_')).toEqual(['P_102']);
    expect(await numbers("o'brien")).toEqual(['P_102']);
    expect(await numbers('\\')).toEqual(['P-103']);
    expect(await numbers("'; drop table policies; --")).toEqual([]);
    expect((await list('search=zenith')).total).toBe(1);
  });

  it('a search of one or two characters reads its page without counting: exact on the last page, "about" before it', async () => {
    // "p-" matches P-100, P-101 and P-103; "%" only P-101; "zz" nothing
    expect(await list('search=p-')).toMatchObject({ total: 3, totalIsEstimate: false });
    expect(await list('search=%25')).toMatchObject({ total: 1, totalIsEstimate: false });
    expect(await list('search=zz')).toMatchObject({ total: 0, totalIsEstimate: false, rows: [] });
    // a full page may have more after it: the total is then an estimate, never below what was read + 1
    const first = await list('search=p-&pageSize=2');
    expect(first.rows).toHaveLength(2);
    expect(first.totalIsEstimate).toBe(true);
    expect(first.total).toBeGreaterThanOrEqual(3);
    const last = await list('search=p-&pageSize=2&page=2');
    expect(last).toMatchObject({ total: 3, totalIsEstimate: false });
    expect(last.rows).toHaveLength(1);
  });

  it('the search is the expression of the agency-scoped trigram index, so PostgreSQL can answer it from the index (agency scoping: search.pg.test.ts)', async () => {
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const query = tx.select({ id: policies.id }).from(policies).where(and(searchMatches('acme')));
      const result = (await tx.execute(sql`explain ${query}`)) as unknown as { rows: Record<string, string>[] };
      return result.rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('policies_agency_search_trgm_idx');
  });

  it('filters by type and status (all ignores the filter; unknown values fall back to all)', async () => {
    expect((await list('type=fire')).total).toBe(2);
    expect((await list('type=car&status=expired')).rows.map((r: { policy_number: string }) => r.policy_number)).toEqual(['P_102']);
    expect((await list('status=all&type=all')).total).toBe(4);
    expect((await list('status=bogus')).total).toBe(4);
  });

  it('answers a non-UUID id and an unknown id with 404', async () => {
    for (const id of ['not-a-uuid', "1' or '1'='1", '00000000-0000-4000-8000-000000000000']) {
      const res = await t.request(`/api/policies/${encodeURIComponent(id)}`, { cookie: lister.cookie });
      expect(res.status).toBe(404);
    }
    expect((await t.request('/api/policies/xyz', { cookie: lister.cookie, method: 'DELETE' })).status).toBe(404);
    expect((await t.request('/api/policies/xyz', { cookie: lister.cookie, method: 'PUT', json: carPolicy() })).status).toBe(404);
  });
});

describe('editing and deleting', () => {
  it('car → fire replaces the details; the end date follows the new start; the old details stay in the activity log', async () => {
    const created = await json(await post(agent, carPolicy()));
    const res = await t.request(`/api/policies/${created.id}`, {
      cookie: agent.cookie,
      method: 'PUT',
      json: { ...carPolicy({ policy_number: created.policy_number, customer_email: created.customer_email }), policy_type: 'fire', fire_details: fireDetails, start_date: '2025-03-31', end_date: '1999-01-01' },
    });
    expect(res.status).toBe(200);
    const updated = await json(res);
    expect(updated).toMatchObject({ policy_type: 'fire', end_date: '2026-03-31', car_details: null, fire_details: { property_type: 'House' } });
    const [row] = await t.db.select({ details: policies.details }).from(policies).where(eq(policies.id, created.id));
    expect(row.details).toMatchObject({ property_type: 'House' });
    expect(row.details).not.toHaveProperty('vehicle_make');
    const log = await t.db.select().from(activityLog).where(eq(activityLog.entityId, created.id));
    const change = log.find((l) => l.action === 'updated')!.summary;
    expect(change).toContain('line changed from Car to Fire');
    expect(change).toContain(`Make: ${created.car_details.vehicle_make}`);
  });

  it('refuses to rename to a number already used in the agency', async () => {
    const a = await json(await post(agent, carPolicy()));
    const b = await json(await post(agent, carPolicy()));
    const res = await t.request(`/api/policies/${b.id}`, { cookie: agent.cookie, method: 'PUT', json: carPolicy({ policy_number: a.policy_number }) });
    expect(res.status).toBe(409);
    expect((await json(res)).error.fields.policy_number).toBe(POLICY_TEXT.duplicateNumber);
  });

  it('deletes a policy with its details and logs it', async () => {
    const created = await json(await post(agent, carPolicy()));
    expect((await t.request(`/api/policies/${created.id}`, { cookie: agent.cookie, method: 'DELETE' })).status).toBe(200);
    expect((await t.request(`/api/policies/${created.id}`, { cookie: agent.cookie })).status).toBe(404);
    const log = await t.db.select().from(activityLog).where(eq(activityLog.entityId, created.id));
    expect(log.map((l) => l.action).sort()).toEqual(['created', 'deleted']);
  });
});

describe('tenant isolation', () => {
  it("another agency can neither see, change nor delete a policy: 404 and nothing changes", async () => {
    const mine = await json(await post(agent, carPolicy()));
    expect((await t.request(`/api/policies/${mine.id}`, { cookie: other.cookie })).status).toBe(404);
    const put = await t.request(`/api/policies/${mine.id}`, { cookie: other.cookie, method: 'PUT', json: carPolicy({ policy_number: 'HIJACK' }) });
    expect(put.status).toBe(404);
    expect((await t.request(`/api/policies/${mine.id}`, { cookie: other.cookie, method: 'DELETE' })).status).toBe(404);
    const [row] = await t.db.select().from(policies).where(eq(policies.id, mine.id));
    expect(row.policyNumber).toBe(mine.policy_number);
    const theirList = await json(await t.request(`/api/policies?search=${mine.policy_number}`, { cookie: other.cookie }));
    expect(theirList.total).toBe(0);
  });
});

describe('a broad search in a large agency', () => {
  it('reads its page newest first without counting and gives the estimate ("about N"); a narrow term is still counted exactly', async () => {
    const big = await createUser(t, { tier: 'enterprise' });
    const me = await json(await t.request('/api/me', { cookie: big.cookie }));
    await t.db.execute(sql`
      insert into policies (agency_id, policy_number, insurance_company, policy_type, customer_name, customer_email,
                            premium_amount, coverage_amount, deductible, start_date, end_date, status, created_at)
      select ${me.agency.id}, 'BRD-' || lpad(g::text, 5, '0'), case when g % 100 = 0 then 'Rarefied Mutual' else 'Broadway Insurance' end, 'car',
             'Customer ' || g, 'c' || g || '@example.com', 100, 1000, 0, date '2026-01-01', date '2027-01-01', 'active',
             timestamptz '2026-01-01' + g * interval '1 minute'
      from generate_series(1, 3000) g`);
    await t.db.execute(sql`analyze policies`);
    const list = async (query: string) => json(await t.request(`/api/policies?${query}`, { cookie: big.cookie }));
    const broad = await list('search=broadway');
    expect(broad.totalIsEstimate).toBe(true);
    expect(broad.total).toBeGreaterThan(1000);
    // newest first: 3000 is Rarefied, so 2999 down to 2975
    const newest = Array.from({ length: 25 }, (_, i) => `BRD-0${2999 - i}`);
    expect(broad.rows.map((r: { policy_number: string }) => r.policy_number)).toEqual(newest);
    const narrow = await list('search=rarefied');
    expect(narrow).toMatchObject({ total: 30, totalIsEstimate: false });
    expect(narrow.rows[0].policy_number).toBe('BRD-03000');
  });
});
