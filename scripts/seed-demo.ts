// npm run seed:demo: a confirmed demo account on the Business plan with customers, car and fire
// policies and a communication log, created through the app's own API (same validation, limits
// and activity log as a user's clicks). Uses DATA_DIR or DATABASE_URL like the server; refuses a
// PGlite folder that a running server holds. Run it again to add nothing twice.
import { eq } from 'drizzle-orm';
import { createApp } from '#server/app.ts';
import { buildDeps, openDatabase, prepareDatabase, seedEssentials } from '#server/bootstrap.ts';
import { loadConfig } from '#server/config.ts';
import { acquireDataDirLock } from '#server/db/lock.ts';
import { user } from '#server/db/schema.ts';
import { createLogger } from '#server/logger.ts';
import { createCustomer, createPolicy, sessionCookie, type Call } from '#server/test/factories.ts';

const EMAIL = process.env.DEMO_EMAIL ?? 'demo@policydesk.local';
const PASSWORD = process.env.DEMO_PASSWORD ?? 'demo-password';

const config = loadConfig();
const release = config.DATABASE_URL ? () => {} : acquireDataDirLock(config.DATA_DIR);
const database = await openDatabase(config);
try {
  await prepareDatabase(database);
  const deps = buildDeps(config, database, createLogger('warn'));
  await seedEssentials(deps);
  const app = createApp(deps);
  const call: Call = async (path, init = {}) => {
    const res = await app.request(path, {
      method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
      headers: { 'content-type': 'application/json', ...(init.cookie ? { cookie: init.cookie } : {}) },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
    if (res.status >= 400) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res;
  };

  const [existing] = await deps.db.select().from(user).where(eq(user.email, EMAIL));
  if (!existing) {
    await deps.auth.api.signUpEmail({ body: { name: 'Dana Demo', email: EMAIL, password: PASSWORD, company: 'Demo Insurance Agency' } });
  }
  await deps.db.update(user).set({ emailVerified: true, subscriptionTier: 'business', subscriptionStatus: 'active', trialEndsAt: null }).where(eq(user.email, EMAIL));
  const signIn = await call('/api/account/sign-in', { json: { email: EMAIL, password: PASSWORD } });
  const cookie = sessionCookie(signIn);

  const existingPolicies = (await (await call('/api/policies?page=1&pageSize=1', { cookie })).json()) as { total: number };
  if (existingPolicies.total > 0) {
    console.log(`demo data already present for ${EMAIL}`);
  } else {
    const people = [
      ['Maria Gonzalez', 'maria.gonzalez@example.com', '555-0101', 'Austin'],
      ['James Carter', 'james.carter@example.com', '555-0102', 'Denver'],
      ['Priya Shah', 'priya.shah@example.com', '555-0103', 'Seattle'],
      ['Tom Becker', 'tom.becker@example.com', '555-0104', 'Chicago'],
      ['Lena Fischer', 'lena.fischer@example.com', null, 'Boston'],
    ] as const;
    // the agent chooses Pending or Active; the dates make the fourth term Expired and the fifth is cancelled (issue 29)
    const statuses = ['active', 'active', 'pending', 'active', 'active'] as const;
    for (const [i, [name, email, phone, city]] of people.entries()) {
      const customer = await createCustomer(call, cookie, {
        name,
        email,
        phone,
        address: `${100 + i} Main Street`,
        city,
        postal_code: `7870${i}`,
        customer_type: i === 3 ? 'business' : 'individual',
        notes: i === 0 ? 'Prefers e-mail. Renewal review every spring.' : '',
      });
      const start = new Date(Date.now() - (i === 3 ? 400 : i * 40) * 86_400_000).toISOString().slice(0, 10);
      const forCustomer = { customer_id: customer.id, customer_name: name, customer_email: email, customer_phone: phone, start_date: start };
      const car = await createPolicy(call, cookie, {
        ...forCustomer,
        policy_number: `CAR-2026-${1001 + i}`,
        insurance_company: ['Allstate', 'Progressive', 'State Farm', 'GEICO', 'Travelers'][i],
        premium_amount: (850 + i * 112.5).toFixed(2),
        coverage_amount: '50000.00',
        deductible: '500.00',
        status: statuses[i],
        car_details: { vehicle_make: ['Toyota', 'Ford', 'Honda', 'Tesla', 'Subaru'][i], vehicle_model: ['Camry', 'F-150', 'Civic', 'Model 3', 'Outback'][i], vehicle_year: 2018 + i, vin_number: `1HGCM82633A00${4350 + i}`, driver_license: `D${9000 + i}`, coverage_type: 'comprehensive' },
      });
      if (i === 4)
        await call(`/api/policies/${car.id}/cancel`, { cookie, json: { effective_date: start, reason: 'client_request', method: 'pro_rata' } });
      if (i < 2)
        await createPolicy(call, cookie, {
          ...forCustomer,
          policy_type: 'fire',
          policy_number: `FIRE-2026-${2001 + i}`,
          insurance_company: 'Chubb',
          premium_amount: '1234.50',
          coverage_amount: '350000.00',
          deductible: '1000.00',
          status: 'active',
          fire_details: { property_address: `${100 + i} Main Street, ${city}`, property_type: 'Single-family home', construction_year: 1995 + i, property_value: '420000.00', contents_coverage: '60000.00' },
        });
      await call(`/api/customers/${customer.id}/communications`, {
        cookie,
        json: { type: 'phone', subject: 'Annual review', content: `Called ${name.split(' ')[0]} to review coverage and discuss the renewal.` },
      });
    }
    console.log(`demo data created for ${EMAIL}`);
  }
  console.log(`sign in at ${config.appUrl}/login with ${EMAIL} / ${PASSWORD}`);
  // The address comes from PORT / APP_URL: a server started with other settings listens elsewhere.
  if (!process.env.PORT && !process.env.APP_URL)
    console.log(`(a server started with PORT or APP_URL set is at that address instead; run this with the same settings)`);
} finally {
  await database.close();
  release();
}
