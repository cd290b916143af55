// GET /api/dashboard's performance panel: the commission line (issue 31) and the per-process cache
// under the agency's book version (decision 070).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { DashboardData } from '#shared/dashboard.ts';
import { createApp } from '#server/app.ts';
import { agencies, bookChanges } from '#server/db/schema.ts';
import { FOLD_AFTER_ROWS, foldBookChanges, readBookVersion } from '#server/platform/book-version.ts';
import { tenant } from '#server/tenant.ts';
import { setClock } from '#server/platform/clock.ts';
import { createPolicy } from '#server/test/factories.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';
import { agencyOf, insertTerm, rateBody } from './commissions/fixtures.ts';
import { panelCache } from './dashboard-routes.ts';

let t: TestContext;
let pro: TestUser;
let business: TestUser;
let other: TestUser;
let starter: TestUser;
const ids: Record<string, string> = {};

// mid-month at noon: the same day (2026-03-15) in every agency time zone
const NOW = new Date('2026-03-15T12:00:00Z');

beforeAll(async () => {
  setClock(NOW);
  t = await createTestContext();
  pro = await createUser(t, { tier: 'professional' });
  business = await createUser(t, { tier: 'business' });
  other = await createUser(t, { tier: 'professional' });
  starter = await createUser(t, { tier: 'starter' });
  const agency = await agencyOf(t, pro);
  const otherAgency = await agencyOf(t, other);
  for (const u of [pro, other]) {
    expect((await t.request('/api/commissions/rates', { cookie: u.cookie, method: 'POST', json: rateBody({ effective_from: '2024-01-01' }) })).status).toBe(201);
  }
  ids.march = await insertTerm(t, agency, { number: 'DSH-1', premium: '1000.00', start: '2026-03-01' });
  ids.late = await insertTerm(t, agency, { number: 'DSH-2', premium: '250.50', start: '2026-03-31' });
  await insertTerm(t, agency, { number: 'DSH-3', premium: '9000.00', start: '2026-04-01' }); // next month: not counted
  await insertTerm(t, agency, { number: 'DSH-4', premium: '9000.00', start: '2026-02-28' }); // last month: not counted
  ids.lastYear = await insertTerm(t, agency, { number: 'DSH-5', premium: '600.00', start: '2025-03-10' });
  await insertTerm(t, otherAgency, { number: 'OTH-1', premium: '77777.00', start: '2026-03-02' });
  const receipt = (u: TestUser, policy_id: string, amount: string) =>
    t.request('/api/commissions/receipts', { cookie: u.cookie, method: 'POST', json: { policy_id, amount, received_on: '2026-03-12' } });
  expect((await receipt(pro, ids.march, '90.00')).status).toBe(201);
  expect((await receipt(pro, ids.lastYear, '60.00')).status).toBe(201);
});
afterAll(async () => {
  setClock(null);
  await t.close();
});

const dashboard = async (u: TestUser, request = t.request) => json<DashboardData>(await request('/api/dashboard', { cookie: u.cookie }));

describe('the dashboard’s commission line (issue 31)', () => {
  it('sums expected and received of the terms starting this month and in the same month last year, as the reconciliation view does', async () => {
    const d = await dashboard(pro);
    // 10 % of 1,000.00 and of 250.50 (rounded per term, as the view does); received: the one receipt
    expect(d.commission).toEqual({
      thisMonth: { month: '2026-03', terms: 2, expected: '125.05', received: '90.00', difference: '35.05' },
      lastYear: { month: '2025-03', terms: 1, expected: '60.00', received: '60.00', difference: '0.00' },
    });
    const view = await json<{ totals: { expected: string; received: string } }>(await t.request('/api/commissions?month=2026-03', { cookie: pro.cookie }));
    expect(view.totals).toMatchObject({ expected: d.commission!.thisMonth.expected, received: d.commission!.thisMonth.received });
    // Professional has commissions but not analytics
    expect(d.analytics).toBeNull();
  });

  it("never counts another agency's terms", async () => {
    const d = await dashboard(other);
    expect(d.commission?.thisMonth).toEqual({ month: '2026-03', terms: 1, expected: '7777.70', received: '0.00', difference: '7777.70' });
    expect(JSON.stringify(await dashboard(pro))).not.toContain('7777');
  });

  it('is left out below Professional, like the rest of commissions', async () => {
    expect((await dashboard(starter)).commission).toBeNull();
    expect((await dashboard(business)).commission).toEqual({
      thisMonth: { month: '2026-03', terms: 0, expected: '0.00', received: '0.00', difference: '0.00' },
      lastYear: { month: '2025-03', terms: 0, expected: '0.00', received: '0.00', difference: '0.00' },
    });
  });
});

describe('the performance panel’s cache (decision 070)', () => {
  afterEach(() => setClock(NOW));

  it('answers a second read from the cache, and recomputes after a write of this process', async () => {
    await dashboard(business);
    const before = panelCache.computes;
    expect((await dashboard(business)).analytics?.premiumByMonth.at(-1)?.count).toBe(0);
    expect(panelCache.computes).toBe(before);
    await createPolicy(t.request, business.cookie, { premium_amount: '10.00', start_date: '2026-03-01', end_date: '2027-03-01' });
    const after = await dashboard(business);
    expect(panelCache.computes).toBe(before + 1);
    expect(after.analytics?.byStatus.reduce((n, s) => n + s.count, 0)).toBe(1);
  });

  it('never shows stale counts after a write in another process (its own cache, its own handle)', async () => {
    // a second instance: same database, another handle, so another cache; it writes, the first one reads
    const second = createApp({ ...t.deps, db: Object.create(t.deps.db) as typeof t.deps.db });
    const secondRequest = (p: string, init: { cookie?: string; method?: string; json?: unknown } = {}) =>
      Promise.resolve(
        second.request(p, {
          method: init.method ?? (init.json ? 'POST' : 'GET'),
          headers: { ...(init.cookie ? { cookie: init.cookie } : {}), ...(init.json ? { 'content-type': 'application/json' } : {}) },
          body: init.json ? JSON.stringify(init.json) : undefined,
        }),
      );
    const count = (d: DashboardData) => d.analytics!.byStatus.reduce((n, s) => n + s.count, 0);
    const first = count(await dashboard(business));
    await dashboard(business, secondRequest);
    await createPolicy(secondRequest, business.cookie, { premium_amount: '20.00' });
    expect(count(await dashboard(business))).toBe(first + 1);
    // a write no event of this process saw: plain SQL, as a script or a restore would
    const agency = await agencyOf(t, business);
    await t.db.execute(sql`delete from policies where agency_id = ${agency} and premium_amount = 20.00`);
    expect(count(await dashboard(business))).toBe(first);
    // and the second instance, whose cache was filled before both writes, sees them too
    expect(count(await dashboard(business, secondRequest))).toBe(first);
  });

  it('recomputes when the commission rows change (a receipt) and when the day moves', async () => {
    expect((await dashboard(pro)).commission?.thisMonth.received).toBe('90.00');
    const res = await t.request('/api/commissions/receipts', { cookie: pro.cookie, method: 'POST', json: { policy_id: ids.late, amount: '25.05', received_on: '2026-03-13' } });
    expect(res.status).toBe(201);
    expect((await dashboard(pro)).commission?.thisMonth.received).toBe('115.05');
    setClock(new Date('2026-04-15T12:00:00Z'));
    expect((await dashboard(pro)).commission?.thisMonth).toMatchObject({ month: '2026-04', terms: 1, expected: '900.00' });
  });
});

describe('book_changes (the book version, decision 070)', () => {
  const rowsOf = async (agency: string) => t.db.select().from(bookChanges).where(eq(bookChanges.agencyId, agency));

  it('adds one row per writing transaction, whatever its statements, and folding keeps the version', async () => {
    const agency = await agencyOf(t, business);
    const scoped = tenant(t.db, { agency: { id: agency } });
    const before = await readBookVersion(scoped);
    // one transaction, three statements on two tables: one row, the version moves by one
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`update policies set customer_phone = customer_phone where agency_id = ${agency}`);
      await tx.execute(sql`update policies set updated_at = updated_at where agency_id = ${agency}`);
      await tx.execute(sql`update customers set notes = 'b' where agency_id = ${agency}`);
    });
    expect(await readBookVersion(scoped)).toBe(before + 1);
    // a statement touching no row of the agency adds nothing
    await t.db.execute(sql`update policies set customer_phone = 'c' where agency_id = ${agency} and false`);
    expect(await readBookVersion(scoped)).toBe(before + 1);
    expect((await rowsOf(agency)).length).toBeGreaterThan(1);
    await foldBookChanges(t.db);
    expect(await rowsOf(agency)).toHaveLength(1);
    expect(await readBookVersion(scoped)).toBe(before + 1);
    // a write after the fold still moves it, and the cached panel follows
    const d = await dashboard(business);
    await createPolicy(t.request, business.cookie, { premium_amount: '30.00' });
    expect(await readBookVersion(scoped)).toBe(before + 2);
    expect((await dashboard(business)).analytics!.byStatus.reduce((n, s) => n + s.count, 0)).toBe(d.analytics!.byStatus.reduce((n, s) => n + s.count, 0) + 1);
  });

  it('folds on read once an agency has gathered more than its bound, without moving the version', async () => {
    const agency = await agencyOf(t, business);
    const scoped = tenant(t.db, { agency: { id: agency } });
    for (let i = 0; i <= FOLD_AFTER_ROWS; i += 1) await t.db.execute(sql`update customers set notes = ${String(i)} where agency_id = ${agency}`);
    expect((await rowsOf(agency)).length).toBeGreaterThan(FOLD_AFTER_ROWS);
    const version = await readBookVersion(scoped);
    expect(await rowsOf(agency)).toHaveLength(1);
    expect(await readBookVersion(scoped)).toBe(version);
  });

  it("goes with its agency, whose deletion the triggers let through (its policies' triggers skip it)", async () => {
    const agency = await agencyOf(t, other);
    expect((await rowsOf(agency)).length).toBeGreaterThan(0);
    await t.db.delete(agencies).where(eq(agencies.id, agency));
    expect(await rowsOf(agency)).toEqual([]);
  });
});
