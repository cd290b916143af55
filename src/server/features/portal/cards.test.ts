// The generated card is kept per process by the facts drawn on it (issue 32's 100 ms p99): a second
// download is the same bytes, and any change to what the card shows — written by this process or by
// another instance straight into the database — gives a new card, never the kept one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { agencies, agencyBranding, customers, policies, user } from '#server/db/schema.ts';
import { setClock } from '#server/platform/clock.ts';
import { createCustomer, createPolicy } from '#server/test/factories.ts';
import { createTestContext, createUser, type TestContext, type TestUser } from '#server/test/harness.ts';
import { pdfText } from '#server/test/pdf-text.ts';

let t: TestContext;
let agent: TestUser;
let carId: string;
/** a day around today (the card needs a term in force: issue 32) */
const daysFromNow = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
let customerId: string;

const card = async () => {
  const res = await t.request(`/api/policies/${carId}/card`, { cookie: agent.cookie });
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
};
const agencyIdOf = async (u: TestUser) => (await t.db.select({ id: agencies.id }).from(agencies).where(eq(agencies.ownerId, u.id)))[0].id;

beforeAll(async () => {
  t = await createTestContext();
  agent = await createUser(t, { tier: 'business', company: 'Cached Cards Agency' });
  const customer = await createCustomer(t.request, agent.cookie, { name: 'Cora Cache', address: '5 Elm St', city: 'Springfield', postal_code: '11111' });
  customerId = customer.id;
  carId = (await createPolicy(t.request, agent.cookie, { customer_id: customer.id, customer_name: customer.name, customer_email: customer.email, policy_number: 'CAR-CACHE-1', start_date: daysFromNow(-30) })).id;
});
afterAll(async () => {
  setClock(null);
  await t.close();
});

describe('ID card cache', () => {
  it('gives the same bytes for the same facts', async () => {
    const first = await card();
    expect(Buffer.from(await card()).equals(Buffer.from(first))).toBe(true);
    expect(await pdfText(first)).toContain('CAR-CACHE-1');
  });

  it('draws a new card when the policy, the customer, the agency, the brand or the day changes in the database', async () => {
    await card();
    const [policy] = await t.db.select().from(policies).where(eq(policies.id, carId));
    await t.db
      .update(policies)
      .set({ details: { ...policy.details, vin_number: 'VIN-CHANGED-9' } })
      .where(eq(policies.id, carId));
    let text = await pdfText(await card());
    expect(text).toContain('VIN-CHANGED-9');
    expect(text).not.toContain('VIN123');

    await t.db.update(customers).set({ address: '9 Oak Ave' }).where(eq(customers.id, customerId));
    await t.db.update(policies).set({ policyType: 'fire', details: { property_address: '9 Oak Ave', property_type: 'House' } }).where(eq(policies.id, carId));
    text = await pdfText(await card());
    expect(text).toContain('EVIDENCE OF PROPERTY INSURANCE');
    expect(text).toContain('9 Oak Ave, 11111 Springfield');
    await t.db.update(policies).set({ policyType: 'car', details: policy.details }).where(eq(policies.id, carId));

    const agencyId = await agencyIdOf(agent);
    await t.db.update(agencies).set({ name: 'Renamed Agency', phone: '555-0199' }).where(eq(agencies.id, agencyId));
    text = await pdfText(await card());
    expect(text).toContain('Renamed Agency');
    expect(text).toContain('555-0199');

    // the white label applies on Enterprise: the plan and the brand row are both in what the card is made of
    await t.db.insert(agencyBranding).values({ agencyId, displayName: 'Brand Name Insurance', supportPhone: '555-0111' });
    expect(await pdfText(await card())).toContain('Renamed Agency');
    await t.db.update(user).set({ subscriptionTier: 'enterprise' }).where(eq(user.id, agent.id));
    text = await pdfText(await card());
    expect(text).toContain('Brand Name Insurance');
    expect(text).toContain('555-0111');
    await t.db.update(agencyBranding).set({ displayName: 'Brand Name Two' }).where(eq(agencyBranding.agencyId, agencyId));
    expect(await pdfText(await card())).toContain('Brand Name Two');

    for (const day of [daysFromNow(1), daysFromNow(2)]) {
      setClock(new Date(`${day}T15:00:00Z`));
      expect(await pdfText(await card())).toContain(`Issued ${day}`);
    }
  });
});
