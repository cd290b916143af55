// The list kit on the server: every list sorts by its whitelisted columns, in both directions,
// and refuses an unknown sort with a 400 that names the choices.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { activityLog, agencies, paymentSubmissions, storedFiles, user } from './db/schema.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from './test/harness.ts';

let t: TestContext;
let agent: TestUser;
let other: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestContext();
  agent = await createUser(t, { tier: 'business' });
  other = await createUser(t, { tier: 'business' });
  admin = await createUser(t, { role: 'admin' });
});
afterAll(async () => {
  await t.close();
});

let seq = 0;
/** The end date is the start + 12 months (agency.md), so the start sets it. */
function policy(premium: string, start: string) {
  seq += 1;
  return {
    customer_name: `Customer ${seq}`,
    customer_email: `list-customer${seq}@example.com`,
    policy_number: `LIST-${seq}`,
    insurance_company: 'Acme Mutual',
    policy_type: 'fire',
    premium_amount: premium,
    coverage_amount: '50000',
    deductible: '500',
    start_date: start,
    status: 'active',
    fire_details: { property_address: '1 Main St', property_type: 'House', construction_year: '1990', property_value: '250000.00', contents_coverage: '' },
  };
}

const get = (u: TestUser, path: string) => t.request(path, { cookie: u.cookie });
async function rowsOf<T>(u: TestUser, path: string): Promise<T[]> {
  const res = await get(u, path);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await json<{ rows: T[] }>(res)).rows;
}
async function expectUnknownSort(u: TestUser, path: string, allowed: string) {
  const res = await get(u, path);
  expect(res.status).toBe(400);
  const body = await json(res);
  expect(body.error.message).toBe(`Unknown sort "bogus.asc". Sort by one of: ${allowed} (add .asc or .desc).`);
  expect(body.error.fields).toEqual({ sort: body.error.message });
}

describe('policies list sort', () => {
  beforeAll(async () => {
    // premiums that sort differently as text and as numbers (900 < 1200 < 10000)
    for (const [premium, end] of [
      ['1200.00', '2027-03-01'],
      ['900.00', '2026-01-15'],
      ['10000.00', '2025-06-30'],
    ])
      expect((await t.request('/api/policies', { cookie: agent.cookie, json: policy(premium, end) })).status).toBe(201);
    // another agency's policy never shows up, whatever the sort
    expect((await t.request('/api/policies', { cookie: other.cookie, json: policy('1.00', '2024-01-01') })).status).toBe(201);
  });

  it('sorts by premium as money, in both directions', async () => {
    const asc = await rowsOf<{ premium_amount: string }>(agent, '/api/policies?sort=premium_amount.asc');
    expect(asc.map((r) => r.premium_amount)).toEqual(['900.00', '1200.00', '10000.00']);
    const desc = await rowsOf<{ premium_amount: string }>(agent, '/api/policies?sort=premium_amount.desc');
    expect(desc.map((r) => r.premium_amount)).toEqual(['10000.00', '1200.00', '900.00']);
  });

  it('sorts by end date and by creation; the default is newest first', async () => {
    const byEnd = await rowsOf<{ end_date: string }>(agent, '/api/policies?sort=end_date.asc');
    expect(byEnd.map((r) => r.end_date)).toEqual(['2026-06-30', '2027-01-15', '2028-03-01']);
    const created = await rowsOf<{ premium_amount: string }>(agent, '/api/policies?sort=created_at.asc');
    expect(created.map((r) => r.premium_amount)).toEqual(['1200.00', '900.00', '10000.00']);
    const byDefault = await rowsOf<{ premium_amount: string }>(agent, '/api/policies');
    expect(byDefault.map((r) => r.premium_amount)).toEqual(['10000.00', '900.00', '1200.00']);
  });

  it('pages through a sort without repeating or skipping a row', async () => {
    const first = await rowsOf<{ id: string }>(agent, '/api/policies?sort=end_date.desc&pageSize=2&page=1');
    const second = await rowsOf<{ id: string }>(agent, '/api/policies?sort=end_date.desc&pageSize=2&page=2');
    const all = await rowsOf<{ id: string }>(agent, '/api/policies?sort=end_date.desc');
    expect([...first, ...second].map((r) => r.id)).toEqual(all.map((r) => r.id));
  });

  it('refuses an unknown sort column or direction with a 400', async () => {
    await expectUnknownSort(agent, '/api/policies?sort=bogus.asc', 'created_at, end_date, premium_amount, commission');
    expect((await get(agent, '/api/policies?sort=premium_amount.sideways')).status).toBe(400);
    expect((await get(agent, '/api/policies?sort=customer_email.asc')).status).toBe(400);
  });
});

describe('customers list sort', () => {
  it('sorts by name and by creation', async () => {
    const names = await rowsOf<{ name: string }>(agent, '/api/customers?sort=name.desc');
    expect(names.map((r) => r.name)).toEqual(['Customer 3', 'Customer 2', 'Customer 1']);
    const created = await rowsOf<{ name: string }>(agent, '/api/customers?sort=created_at.asc');
    expect(created.map((r) => r.name)).toEqual(['Customer 1', 'Customer 2', 'Customer 3']);
  });

  it('refuses an unknown sort with a 400', async () => {
    await expectUnknownSort(agent, '/api/customers?sort=bogus.asc', 'created_at, name');
  });
});

describe('activity log sort', () => {
  it('sorts by time, oldest first on request', async () => {
    const newest = await rowsOf<{ id: string }>(agent, '/api/activity?sort=created_at.desc');
    const oldest = await rowsOf<{ id: string }>(agent, '/api/activity?sort=created_at.asc');
    expect(newest.length).toBeGreaterThan(1);
    expect(oldest.map((r) => r.id)).toEqual([...newest].reverse().map((r) => r.id));
    const [agency] = await t.db.select({ id: agencies.id }).from(agencies).where(eq(agencies.ownerId, agent.id));
    const rows = await t.db.select({ id: activityLog.id }).from(activityLog).where(eq(activityLog.agencyId, agency.id));
    expect(oldest).toHaveLength(rows.length);
  });

  it('refuses an unknown sort with a 400', async () => {
    await expectUnknownSort(agent, '/api/activity?sort=bogus.asc', 'created_at');
  });
});

describe('admin users list sort', () => {
  it('sorts by name and by e-mail', async () => {
    await t.db.update(user).set({ firstName: 'Zed', lastName: 'Last' }).where(eq(user.id, agent.id));
    await t.db.update(user).set({ firstName: 'Abe', lastName: 'First' }).where(eq(user.id, other.id));
    const search = `&search=example.com`;
    const byName = await rowsOf<{ id: string; first_name: string }>(admin, `/api/admin/users?sort=name.asc${search}`);
    const ids = byName.map((r) => r.id);
    expect(ids.indexOf(other.id)).toBeLessThan(ids.indexOf(agent.id));
    const names = byName.map((r) => r.first_name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const byEmail = await rowsOf<{ email: string }>(admin, `/api/admin/users?sort=email.desc${search}`);
    const emails = byEmail.map((r) => r.email);
    expect(emails).toEqual([...emails].sort().reverse());
  });

  it('refuses an unknown sort with a 400', async () => {
    await expectUnknownSort(admin, '/api/admin/users?sort=bogus.asc', 'created_at, name, email');
  });
});

describe('payment submissions sort (billing history and payment verification)', () => {
  beforeAll(async () => {
    const agencyId: string = (await json(await t.request('/api/me', { cookie: agent.cookie }))).agency.id;
    // one user has at most one Pending submission: the older two were decided
    for (const [paid, n, status] of [
      ['2026-02-01', 1, 'Approved'],
      ['2026-01-01', 2, 'Rejected'],
      ['2026-03-01', 3, 'Pending'],
    ] as const) {
      const [file] = await t.db
        .insert(storedFiles)
        .values({ ownerId: agent.id, agencyId, storageKey: `list-test-${n}-${seq}`, fileName: `r${n}.pdf`, contentType: 'application/pdf', size: 10 })
        .returning();
      await t.db.insert(paymentSubmissions).values({
        userId: agent.id,
        selectedTier: 'enterprise',
        paymentMethod: 'Bank Transfer',
        paymentDate: paid,
        receiptFileId: file.id,
        status,
        createdAt: new Date(Date.UTC(2026, 3, n)),
      });
    }
  });

  it('sorts the billing history by payment date and by submission time', async () => {
    const byPaid = await rowsOf<{ payment_date: string }>(agent, '/api/payment-submissions?sort=payment_date.asc');
    expect(byPaid.map((r) => r.payment_date)).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
    const newest = await rowsOf<{ payment_date: string }>(agent, '/api/payment-submissions');
    expect(newest.map((r) => r.payment_date)).toEqual(['2026-03-01', '2026-01-01', '2026-02-01']);
  });

  it('sorts the verification queue by payment date', async () => {
    const rows = await rowsOf<{ payment_date: string; user_id: string }>(admin, '/api/admin/payment-submissions?status=all&sort=payment_date.desc');
    const mine = rows.filter((r) => r.user_id === agent.id).map((r) => r.payment_date);
    expect(mine).toEqual(['2026-03-01', '2026-02-01', '2026-01-01']);
    const all = rows.map((r) => r.payment_date);
    expect(all).toEqual([...all].sort().reverse());
  });

  it('refuses an unknown sort with a 400 on both lists', async () => {
    await expectUnknownSort(agent, '/api/payment-submissions?sort=bogus.asc', 'created_at, payment_date');
    await expectUnknownSort(admin, '/api/admin/payment-submissions?sort=bogus.asc', 'created_at, payment_date');
  });
});
