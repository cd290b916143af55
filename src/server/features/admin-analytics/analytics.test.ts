// System Analytics: each figure against rows made for it, and exact money.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { SystemAnalytics } from '#shared/admin-analytics.ts';
import { activityLog, agencies, paymentSubmissions, user } from '#server/db/schema.ts';
import { fileOf, PDF } from '../payments/fixtures.ts';
import { contextWith, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';

let t: TestContext, superAdmin: TestUser;
beforeAll(async () => void ({ t, superAdmin } = await contextWith({ superAdmin: { role: 'super_admin' } })));
afterAll(() => t.close());

const analytics = async (): Promise<SystemAnalytics> => {
  const res = await t.request('/api/admin/analytics', { cookie: superAdmin.cookie });
  expect(res.status).toBe(200);
  return json<SystemAnalytics>(res);
};

async function submit(u: TestUser, tier: string): Promise<string> {
  const fd = new FormData();
  for (const [k, v] of Object.entries({ selected_tier: tier, payment_method: 'PayPal', payment_date: new Date().toISOString().slice(0, 10), agreed_to_terms: 'true' }))
    fd.append(k, v);
  fd.append('receipt', fileOf(PDF, 'r.pdf'));
  const res = await t.request('/api/payment-submissions', { method: 'POST', body: fd, cookie: u.cookie });
  expect(res.status).toBe(201);
  return (await json(res)).submission.id;
}

const approve = (id: string) => t.request(`/api/admin/payment-submissions/${id}/approve`, { method: 'POST', json: {}, cookie: superAdmin.cookie });

describe('system analytics', () => {
  it('counts sign-ups per week (confirmed and unconfirmed), plans, trials ending, MRR and pending age', async () => {
    const before = await analytics();
    expect(before.signups_per_week).toHaveLength(12);

    // an unconfirmed sign-up this week
    await t.deps.auth.api.signUpEmail({ body: { name: 'Una Confirmed', email: `una-${Date.now()}@example.com`, password: 'password123' } });
    // two paying accounts (9.99 and 29.99) and one approved then downgraded by an admin (not paying any more)
    const a = await createUser(t);
    const b = await createUser(t);
    expect((await approve(await submit(a, 'business'))).status).toBe(200);
    expect((await approve(await submit(b, 'enterprise'))).status).toBe(200);
    // a pending submission four days old
    const c = await createUser(t);
    const pendingId = await submit(c, 'professional');
    await t.db.update(paymentSubmissions).set({ createdAt: new Date(Date.now() - 4 * 86_400_000) }).where(eq(paymentSubmissions.id, pendingId));
    // a trial still running that ends in the current week: halfway between now and the week's end,
    // whatever day and hour it is (a fixed mid-week instant was already past on Thursday afternoons)
    const trial = await createUser(t);
    await t.request('/api/me', { cookie: trial.cookie }); // the agency is made on first use
    const now = new Date();
    const monday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - ((now.getUTCDay() + 6) % 7) * 86_400_000;
    const weekEnd = monday + 7 * 86_400_000;
    const trialEnds = new Date(now.getTime() + Math.floor((weekEnd - now.getTime()) / 2));
    await t.db.update(user).set({ subscriptionTier: 'business', subscriptionStatus: 'trialing', trialEndsAt: trialEnds }).where(eq(user.id, trial.id));

    const after = await analytics();
    const thisWeek = (s: SystemAnalytics) => s.signups_per_week[11];
    expect(thisWeek(after).unconfirmed - thisWeek(before).unconfirmed).toBe(1);
    expect(thisWeek(after).confirmed - thisWeek(before).confirmed).toBe(4);
    expect(after.mrr.total).toBe('39.98');
    expect(after.mrr.by_plan).toEqual([
      { tier: 'professional', accounts: 0, revenue: '0.00' },
      { tier: 'business', accounts: 1, revenue: '9.99' },
      { tier: 'enterprise', accounts: 1, revenue: '29.99' },
    ]);
    expect(after.trials_ending_this_week.rows.map((r) => r.email)).toEqual([trial.email]);
    expect(after.trials_ending_this_week.count).toBe(1);
    expect(after.pending_verifications.count).toBe(1);
    expect(after.pending_verifications.by_age.find((x) => x.bucket === '3–7 days')?.count).toBe(1);
    expect(new Date(after.pending_verifications.oldest_submitted_at!).getTime()).toBeLessThan(Date.now() - 3 * 86_400_000);
    const plan = (s: SystemAnalytics, tier: string) => s.agencies_per_plan.find((p) => p.tier === tier)!;
    expect(plan(after, 'enterprise').agencies).toBe(1);
    expect(plan(after, 'business')).toEqual({ tier: 'business', agencies: 2, trialing: 1 });

    // an admin moving a paying account to starter removes it from MRR
    await t.request(`/api/admin/users/${a.id}`, { method: 'PATCH', json: { subscription_tier: 'starter' }, cookie: superAdmin.cookie });
    expect((await analytics()).mrr.total).toBe('29.99');
  });

  it('active agencies: a book change or a member sign-in within the period', async () => {
    const quiet = await createUser(t);
    await t.request('/api/me', { cookie: quiet.cookie });
    await t.db.update(user).set({ lastLoginAt: new Date(Date.now() - 60 * 86_400_000) }).where(eq(user.id, quiet.id));
    const base = await analytics();
    const [agency] = await t.db.select().from(agencies).where(eq(agencies.ownerId, quiet.id));
    await t.db.insert(activityLog).values({ agencyId: agency.id, kind: 'customer', action: 'created', summary: 'x', createdAt: new Date(Date.now() - 10 * 86_400_000) });
    const later = await analytics();
    expect(later.active_agencies.last_30_days - base.active_agencies.last_30_days).toBe(1);
    expect(later.active_agencies.last_7_days).toBe(base.active_agencies.last_7_days);
    expect(later.active_agencies.total).toBe(base.active_agencies.total);
  });
});
