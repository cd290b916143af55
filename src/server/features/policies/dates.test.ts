// Dates must be plausible (1900-01-01 to 2200-12-31) in every date field, with a clear message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATE_TEXT } from '#shared/money.ts';
import { paymentSubmissionSchema } from '#shared/payments.ts';
import { premiumPaymentSchema } from '#shared/premium-payments.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';

let t: TestContext;
let agent: TestUser;
beforeAll(async () => {
  t = await createTestContext();
  agent = await createUser(t, { tier: 'enterprise' });
});
afterAll(async () => {
  await t.close();
});

let seq = 0;
function carPolicy(start_date: string) {
  seq += 1;
  return {
    customer_name: 'Dana Date',
    customer_email: `dana${seq}@example.com`,
    policy_number: `DATE-${seq}-${Math.random().toString(36).slice(2, 7)}`,
    insurance_company: 'Acme Mutual',
    policy_type: 'car',
    premium_amount: '100',
    coverage_amount: '1000',
    deductible: '10',
    start_date,
    car_details: { vehicle_make: 'Toyota', vehicle_model: 'Corolla', vehicle_year: 2020, vin_number: 'VIN1', driver_license: 'DL-1' },
  };
}

describe('plausible dates', () => {
  it('refuses a policy start of 9999-12-31 or before 1900, and accepts the bounds', async () => {
    for (const start of ['9999-12-31', '1899-12-31', '2201-01-01']) {
      const res = await t.request('/api/policies', { cookie: agent.cookie, json: carPolicy(start) });
      expect(res.status, start).toBe(400);
      expect((await json(res)).error.fields.start_date).toBe(DATE_TEXT.outOfRange);
    }
    for (const start of ['1900-01-01', '2200-12-31']) {
      const res = await t.request('/api/policies', { cookie: agent.cookie, json: carPolicy(start) });
      expect(res.status, start).toBe(201);
    }
  });

  it('refuses a payment date before 1900 in the upgrade and premium payment schemas', () => {
    const upgrade = paymentSubmissionSchema.safeParse({ selected_tier: 'business', payment_method: 'PayPal', payment_date: '1800-01-01', agreed_to_terms: true });
    expect(upgrade.success).toBe(false);
    expect(upgrade.error?.issues.map((i) => i.message)).toContain(DATE_TEXT.outOfRange);
    const premium = premiumPaymentSchema.safeParse({ client_name: 'C', policy_number: 'P', amount: '1', payment_date: '0999-05-05', payment_method: 'cash' });
    expect(premium.error?.issues.map((i) => i.message)).toContain(DATE_TEXT.outOfRange);
  });
});
