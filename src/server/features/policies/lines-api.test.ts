// The new lines through the API (decision 051): each is created with realistic details and read back,
// refused with its field named, and another agency's policy of it is a 404. An umbrella links only
// the same customer's policies in the same agency.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { activityLog } from '#server/db/schema.ts';
import { carPolicyPayload, createPolicy } from '#server/test/factories.ts';
import { twoAgencies, json, type TestContext, type TestUser } from '#server/test/harness.ts';
import { UNDERLYING_TEXT } from '#server/entities/policies/lines.ts';

let t: TestContext, agent: TestUser, other: TestUser;
beforeAll(async () => void ({ t, agent, other } = await twoAgencies()));
afterAll(() => t.close());

const post = (u: TestUser, body: unknown) => t.request('/api/policies', { cookie: u.cookie, json: body });
const payload = (line: string, details: Record<string, unknown>, over: Record<string, unknown> = {}) => {
  const { car_details: _car, ...base } = carPolicyPayload();
  return { ...base, policy_number: `${line.toUpperCase()}-${Math.random().toString(36).slice(2, 10)}`, policy_type: line, [`${line}_details`]: details, ...over };
};

const CASES: { line: string; details: Record<string, unknown>; stored: Record<string, unknown>; bad: Record<string, unknown>; field: string; message: string }[] = [
  {
    line: 'home',
    details: { property_address: '12 Oak Lane', dwelling_coverage: '350000', contents_coverage: '120000', construction: 'masonry', year_built: '1988', roof_year: '2019' },
    stored: { dwelling_coverage: '350000.00', contents_coverage: '120000.00', construction: 'masonry', year_built: 1988, roof_year: 2019 },
    bad: { property_address: '12 Oak Lane', dwelling_coverage: '350000', construction: 'masonry', year_built: '1988', roof_year: '1950' },
    field: 'home_details.roof_year',
    message: 'Roof Year cannot be before the Year Built.',
  },
  {
    line: 'renters',
    details: { property_address: '4B Elm Court', contents_coverage: '30000', liability_limit: '300000' },
    stored: { contents_coverage: '30000.00', liability_limit: '300000.00', loss_of_use: null },
    bad: { property_address: '4B Elm Court', liability_limit: '300000' },
    field: 'renters_details.contents_coverage',
    message: 'Contents Coverage is required.',
  },
  {
    line: 'cgl',
    details: { business_name: 'Lee Bakery LLC', class_code: '10100', annual_revenue: '850000', occurrence_limit: '1000000', aggregate_limit: '2000000' },
    stored: { business_name: 'Lee Bakery LLC', class_code: '10100', aggregate_limit: '2000000.00' },
    bad: { business_name: 'Lee Bakery LLC', class_code: '10100', annual_revenue: '850000', occurrence_limit: '1000000', aggregate_limit: '500000' },
    field: 'cgl_details.aggregate_limit',
    message: 'General Aggregate Limit cannot be below the Each Occurrence Limit.',
  },
  {
    line: 'life',
    details: {
      life_type: 'whole',
      face_amount: '250000',
      beneficiaries: [
        { name: 'Bo Lee', relationship: 'Spouse', share_percent: '50' },
        { name: 'Cy Lee', relationship: 'Son', share_percent: 50 },
      ],
    },
    stored: { life_type: 'whole', face_amount: '250000.00', term_years: null, beneficiaries: [{ name: 'Bo Lee', relationship: 'Spouse', share_percent: 50 }, { name: 'Cy Lee', relationship: 'Son', share_percent: 50 }] },
    bad: { life_type: 'term', face_amount: '250000', beneficiaries: [{ name: 'Bo Lee', relationship: 'Spouse', share_percent: '100' }] },
    field: 'life_details.term_years',
    message: 'Term Years is required for term life.',
  },
];

describe.each(CASES)('$line', ({ line, details, stored, bad, field, message }) => {
  it('is created with its details, read back the same, and listed under its type', async () => {
    const res = await post(agent, payload(line, details));
    expect(res.status).toBe(201);
    const created = await json(res);
    expect(created).toMatchObject({ policy_type: line, [`${line}_details`]: stored, car_details: null, fire_details: null });
    expect(await json(await t.request(`/api/policies/${created.id}`, { cookie: agent.cookie }))).toEqual(created);
    const listed = await json(await t.request(`/api/policies?type=${line}`, { cookie: agent.cookie }));
    expect(listed.rows.map((r: { id: string }) => r.id)).toContain(created.id);
  });

  it('refuses details that do not fit, naming the field, and writes nothing', async () => {
    const body = payload(line, bad);
    const res = await post(agent, body);
    expect(res.status).toBe(400);
    expect((await json(res)).error.fields[field]).toBe(message);
    const listed = await json(await t.request(`/api/policies?search=${body.policy_number}`, { cookie: agent.cookie }));
    expect(listed.rows).toEqual([]);
  });

  it("is a 404 for another agency, read, changed or deleted", async () => {
    const created = await json(await post(agent, payload(line, details)));
    expect((await t.request(`/api/policies/${created.id}`, { cookie: other.cookie })).status).toBe(404);
    expect((await t.request(`/api/policies/${created.id}`, { cookie: other.cookie, method: 'PUT', json: payload(line, details) })).status).toBe(404);
    expect((await t.request(`/api/policies/${created.id}`, { cookie: other.cookie, method: 'DELETE' })).status).toBe(404);
  });
});

describe('umbrella', () => {
  it('links the same customer’s policies, refuses another customer’s or agency’s, and is a 404 elsewhere', async () => {
    const auto = await createPolicy(t.request, agent.cookie, { customer_email: 'umbrella.owner@example.com' });
    const home = await json(await post(agent, payload('home', CASES[0].details, { customer_id: auto.customer_id })));
    const body = payload('umbrella', { umbrella_limit: '1000000', underlying_policy_ids: [auto.id, home.id] }, { customer_id: auto.customer_id });
    const res = await post(agent, body);
    expect(res.status).toBe(201);
    const umbrella = await json(res);
    expect(umbrella.umbrella_details).toEqual({ umbrella_limit: '1000000.00', retained_limit: null, underlying_policy_ids: [auto.id, home.id] });

    // another customer's policy in the same agency
    const stranger = await createPolicy(t.request, agent.cookie, { customer_email: 'someone.else@example.com' });
    const foreign = await post(agent, payload('umbrella', { umbrella_limit: '1000000', underlying_policy_ids: [stranger.id] }, { customer_id: auto.customer_id }));
    expect(foreign.status).toBe(400);
    expect((await json(foreign)).error.fields['umbrella_details.underlying_policy_ids']).toBe(UNDERLYING_TEXT.notTheCustomers);
    // another agency's policy
    const elsewhere = await createPolicy(t.request, other.cookie);
    const cross = await post(agent, payload('umbrella', { umbrella_limit: '1000000', underlying_policy_ids: [elsewhere.id] }, { customer_id: auto.customer_id }));
    expect(cross.status).toBe(400);
    // none linked: the schema's message
    const none = await post(agent, payload('umbrella', { umbrella_limit: '1000000', underlying_policy_ids: [] }, { customer_id: auto.customer_id }));
    expect((await json(none)).error.fields['umbrella_details.underlying_policy_ids']).toBe('Please link at least one of the customer’s policies as underlying policies.');
    // an umbrella cannot sit over itself on an edit
    const self = await t.request(`/api/policies/${umbrella.id}`, {
      cookie: agent.cookie,
      method: 'PUT',
      json: { ...body, umbrella_details: { umbrella_limit: '1000000', underlying_policy_ids: [umbrella.id] } },
    });
    expect(self.status).toBe(400);

    expect((await t.request(`/api/policies/${umbrella.id}`, { cookie: other.cookie })).status).toBe(404);
  });

  it('a change of line keeps the old details in the activity log', async () => {
    const created = await json(await post(agent, payload('home', CASES[0].details)));
    const res = await t.request(`/api/policies/${created.id}`, {
      cookie: agent.cookie,
      method: 'PUT',
      json: payload('renters', CASES[1].details, { policy_number: created.policy_number, customer_email: created.customer_email }),
    });
    expect(res.status).toBe(200);
    expect((await json(res)).home_details).toBeNull();
    const log = await t.db.select().from(activityLog).where(eq(activityLog.entityId, created.id));
    const summary = log.find((l) => l.action === 'updated')!.summary;
    expect(summary).toContain('line changed from Home to Renters');
    expect(summary).toContain('Dwelling Coverage: $350,000.00');
    expect(summary).toContain('Roof Year: 2019');
  });
});
