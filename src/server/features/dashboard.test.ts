import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { DashboardData } from '#shared/dashboard.ts';
import { REMOVED_FROM_AGENCY_HEADER } from '#shared/team-header.ts';
import { agencyMembers, bookChanges, session, user } from '#server/db/schema.ts';
import { FOLD_AFTER_ROWS } from '#server/platform/book-version.ts';
import { createPolicy } from '#server/test/factories.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';
import { recordStatements } from '#server/test/query-scope.ts';
import { panelCache } from './dashboard-routes.ts';

let t: TestContext;
let business: TestUser;
let starter: TestUser;
let other: TestUser;
const statements: string[] = [];

beforeAll(async () => {
  t = await createTestContext({ onDatabase: (database) => recordStatements(database, statements) });
  business = await createUser(t, { tier: 'business' });
  starter = await createUser(t, { tier: 'starter' });
  other = await createUser(t, { tier: 'business' });
  await createPolicy(t.request, business.cookie, { insurance_company: 'Acme', premium_amount: '10.00' });
  await createPolicy(t.request, other.cookie, { insurance_company: 'Other Co', premium_amount: '9999.00' });
  await createPolicy(t.request, other.cookie, { insurance_company: 'Other Co', premium_amount: '1.00' });
});
afterAll(async () => {
  await t.close();
});

const get = async (u: TestUser) => json<DashboardData>(await t.request('/api/dashboard', { cookie: u.cookie }));
const getJson = async (u: TestUser, path: string) => json<unknown>(await t.request(path, { cookie: u.cookie }));

describe('GET /api/dashboard', () => {
  it('answers with what the per-card endpoints answer: usage, the first 10 activity lines, analytics', async () => {
    const d = await get(business);
    expect(d.usage).toEqual(await getJson(business, '/api/usage'));
    expect(d.recentActivity).toEqual(await getJson(business, '/api/activity?page=1&pageSize=10&kind=all'));
    expect(d.analytics).toEqual(await getJson(business, '/api/analytics'));
    expect(d.usage.policies.count).toBe(1);
    expect(d.analytics?.premiumByMonth.at(-1)).toMatchObject({ count: 1, premium: '10.00' });
  });

  it('leaves the analytics out below Business instead of failing the whole screen', async () => {
    const d = await get(starter);
    expect(d.analytics).toBeNull();
    expect(d.usage.policies.count).toBe(0);
    expect(d.recentActivity.rows).toEqual([]);
  });

  it("never includes another agency's data", async () => {
    const d = await get(business);
    expect(JSON.stringify(d)).not.toContain('Other Co');
    expect(d.analytics?.byCarrier).toEqual([{ key: 'Acme', label: 'Acme', count: 1, premium: '10.00' }]);
    expect(d.recentActivity.rows.length).toBeGreaterThan(0);
    const otherIds = new Set((await get(other)).recentActivity.rows.map((r) => r.id));
    expect(d.recentActivity.rows.some((r) => otherIds.has(r.id))).toBe(false);
  });

  it('401 without a session', async () => {
    expect((await t.request('/api/dashboard')).status).toBe(401);
  });
});

describe('one statement per request, and nothing stale (decision 074)', () => {
  const policyCount = (d: DashboardData) => d.analytics!.byStatus.reduce((n, s) => n + s.count, 0);

  it('answers an unchanged book from the identity statement alone', async () => {
    await get(business);
    statements.length = 0;
    const d = await get(business);
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/^select i\.\*, bv\.book_version/);
    expect(d.usage.policies.count).toBeGreaterThan(0);
    // /api/usage takes the plan's limits from the identity statement too: identity and the two counts
    statements.length = 0;
    await getJson(business, '/api/usage');
    expect(statements).toHaveLength(3);
  });

  it('shows a write on the next read: the usage, the activity line (as /api/activity has it) and the analytics', async () => {
    const before = await get(business);
    const policy = await createPolicy(t.request, business.cookie, { insurance_company: 'Fresh Mutual', premium_amount: '42.00' });
    const after = await get(business);
    expect(after.usage.policies.count).toBe(before.usage.policies.count + 1);
    // the policy's line and its new customer's
    expect(after.recentActivity.total).toBe(before.recentActivity.total + 2);
    expect(after.recentActivity.rows.slice(0, 2).find((r) => r.entity_id === policy.id)).toMatchObject({ kind: 'policy' });
    expect(after.recentActivity).toEqual(await getJson(business, '/api/activity?page=1&pageSize=10&kind=all'));
    expect(after.usage).toEqual(await getJson(business, '/api/usage'));
    expect(policyCount(after)).toBe(policyCount(before) + 1);
    expect(after.analytics?.byCarrier.map((c) => c.key)).toContain('Fresh Mutual');
    expect(JSON.stringify(await get(other))).not.toContain('Fresh Mutual');
  });

  it('shows an activity line written without a change of the book (a task) on the next read', async () => {
    const before = await get(business);
    const analyticsBefore = JSON.stringify(before.analytics);
    const task = await json<{ id: string }>(await t.request('/api/tasks', { cookie: business.cookie, json: { title: 'Dashboard follow-up', due_date: '2026-01-05', assignee_id: business.id } }));
    const after = await get(business);
    expect(after.recentActivity.rows[0]).toMatchObject({ kind: 'task', entity_id: task.id });
    expect(after.recentActivity.total).toBe(before.recentActivity.total + 1);
    expect(JSON.stringify(after.analytics)).toBe(analyticsBefore);
  });

  it("names the activity lines' actors as they are now (a renamed user at once)", async () => {
    const [me] = await t.db.select().from(user).where(eq(user.id, business.id));
    await t.db.update(user).set({ firstName: 'Renamed', lastName: 'Agent' }).where(eq(user.id, business.id));
    try {
      expect((await get(business)).recentActivity.rows[0].actor_name).toBe('Renamed Agent');
    } finally {
      await t.db.update(user).set({ firstName: me.firstName, lastName: me.lastName }).where(eq(user.id, business.id));
    }
  });

  it("stops a removed member's view of the agency and a revoked session at once; follows a plan change at once", async () => {
    const owner = await createUser(t, { tier: 'enterprise', permissions: ['manage_team'] });
    await createPolicy(t.request, owner.cookie, { insurance_company: 'Team Book Co', premium_amount: '5.00' });
    const agencyId = (await json<{ agency: { id: string } }>(await t.request('/api/me', { cookie: owner.cookie }))).agency.id;
    const member = await createUser(t);
    await t.db.insert(agencyMembers).values({ agencyId, userId: member.id, role: 'admin' });
    expect((await t.request('/api/agencies/active', { cookie: member.cookie, json: { agencyId } })).status).toBe(200);
    const seen = await get(member);
    expect(seen.usage.policies.count).toBe(1);
    expect(JSON.stringify(seen)).toContain('Team Book Co');
    // a role change: the member still reads the agency's dashboard, as its role allows
    await t.db.update(agencyMembers).set({ role: 'team_member' }).where(and(eq(agencyMembers.agencyId, agencyId), eq(agencyMembers.userId, member.id)));
    expect((await get(member)).usage.policies.count).toBe(1);
    // removed: the next answer is of the member's own (empty) agency, and says what they lost
    expect((await t.request(`/api/team/members/${member.id}`, { cookie: owner.cookie, method: 'DELETE' })).status).toBe(200);
    const res = await t.request('/api/dashboard', { cookie: member.cookie });
    expect(res.headers.get(REMOVED_FROM_AGENCY_HEADER)).toBeTruthy();
    const after = await json<DashboardData>(res);
    expect(after.usage.policies.count).toBe(0);
    expect(JSON.stringify(after)).not.toContain('Team Book Co');
    // the owner's plan moves down below analytics, and back
    expect((await get(owner)).analytics).not.toBeNull();
    await t.db.update(user).set({ subscriptionTier: 'professional' }).where(eq(user.id, owner.id));
    expect((await get(owner)).analytics).toBeNull();
    await t.db.update(user).set({ subscriptionTier: 'enterprise' }).where(eq(user.id, owner.id));
    expect((await get(owner)).analytics).not.toBeNull();
    // a revoked session
    await t.db.delete(session).where(eq(session.userId, owner.id));
    expect((await t.request('/api/dashboard', { cookie: owner.cookie })).status).toBe(401);
  });

  it('answers 304 to the browser holding the current answer, and the new answer after a write', async () => {
    const first = await t.request('/api/dashboard', { cookie: business.cookie });
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const again = await t.request('/api/dashboard', { cookie: business.cookie, headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    // another agency's answer never matches this validator
    expect((await t.request('/api/dashboard', { cookie: other.cookie, headers: { 'if-none-match': etag } })).status).toBe(200);
    await createPolicy(t.request, business.cookie, { premium_amount: '7.00' });
    const changed = await t.request('/api/dashboard', { cookie: business.cookie, headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    // without a session, no validator helps
    expect((await t.request('/api/dashboard', { headers: { 'if-none-match': etag } })).status).toBe(401);
  });

  it("folds the agency's book_changes rows once they have piled up, as a version read does, keeping the answer", async () => {
    const agencyId = (await json<{ agency: { id: string } }>(await t.request('/api/me', { cookie: business.cookie }))).agency.id;
    for (let i = 0; i <= FOLD_AFTER_ROWS; i += 1) await t.db.execute(sql`update customers set notes = ${String(i)} where agency_id = ${agencyId}`);
    const rows = () => t.db.select().from(bookChanges).where(eq(bookChanges.agencyId, agencyId));
    expect((await rows()).length).toBeGreaterThan(FOLD_AFTER_ROWS);
    const d = await get(business);
    expect(await rows()).toHaveLength(1);
    expect(await get(business)).toEqual(d);
  });

  it('computes the book once for the reads that arrive together after a write', async () => {
    await createPolicy(t.request, business.cookie, { premium_amount: '8.00' });
    const before = panelCache.computes;
    const answers = await Promise.all(Array.from({ length: 5 }, () => get(business)));
    expect(panelCache.computes).toBe(before + 1);
    expect(new Set(answers.map((d) => JSON.stringify(d))).size).toBe(1);
  });
});
