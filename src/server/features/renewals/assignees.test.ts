// Assignees: the default, the form and the cockpit's assign, non-members, "My renewals" for a team
// member, a removed member's terms falling back to the owner, and a logged contact moving the state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { RENEWAL_TEXT } from '#shared/renewals.ts';
import { policies } from '#server/db/schema.ts';
import { carPolicyPayload, createPolicy } from '#server/test/factories.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';
import { joinAgency } from '#server/test/team.ts';

let t: TestContext;
let owner: TestUser;
let member: TestUser;
let outsider: TestUser;

const join = (by: TestUser) => joinAgency(t, by);

beforeAll(async () => {
  t = await createTestContext();
  owner = await createUser(t, { tier: 'enterprise', permissions: ['manage_team'] });
  outsider = await createUser(t, { tier: 'enterprise' });
  member = await join(owner);
});
afterAll(async () => t.close());

const assign = (u: TestUser, id: string, assignee_id: string) =>
  t.request(`/api/renewals/${id}/assignee`, { method: 'PUT', cookie: u.cookie, json: { assignee_id } });

describe('assignees', () => {
  it('defaults to the creator; the form can choose a member, never an outsider', async () => {
    const mine = await createPolicy(t.request, owner.cookie);
    expect(mine.assignee_id).toBe(owner.id);
    const theirs = await createPolicy(t.request, owner.cookie, { assignee_id: member.id });
    expect(theirs).toMatchObject({ assignee_id: member.id, assignee_name: expect.any(String) });
    const refused = await t.request('/api/policies', { cookie: owner.cookie, json: carPolicyPayload({ assignee_id: outsider.id }) });
    expect(refused.status).toBe(400);
    expect((await json(refused)).error.fields.assignee_id).toBe(RENEWAL_TEXT.notMember);
    const members = await json(await t.request('/api/assignees', { cookie: member.cookie }));
    expect(members.members.map((m: { id: string }) => m.id).sort()).toEqual([owner.id, member.id].sort());
  });

  it('assigns from the cockpit, refuses a non-member (400) and another agency’s policy (404), and notifies the assignee once', async () => {
    const p = await createPolicy(t.request, owner.cookie);
    expect((await assign(owner, p.id, outsider.id)).status).toBe(400);
    expect((await assign(owner, p.id, 'no-such-user')).status).toBe(400);
    const foreign = await createPolicy(t.request, outsider.cookie);
    expect((await assign(owner, foreign.id, member.id)).status).toBe(404);
    const res = await assign(owner, p.id, member.id);
    expect(res.status).toBe(200);
    expect((await json(res)).assignee_id).toBe(member.id);
    const bell = await json(await t.request('/api/notifications', { cookie: member.cookie }));
    const mine = bell.rows.filter((n: { link: string }) => n.link === `/dashboard/policies/${p.id}`);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ kind: 'policy_assigned', read: false });
    expect(bell.unread).toBeGreaterThanOrEqual(1);
    // assigning again to the same person is no new event
    await assign(owner, p.id, member.id);
    const again = await json(await t.request('/api/notifications', { cookie: member.cookie }));
    expect(again.rows.filter((n: { link: string }) => n.link === `/dashboard/policies/${p.id}`)).toHaveLength(1);
  });

  it('shows a team member "My renewals" by default, and the whole agency on request', async () => {
    const a = await createPolicy(t.request, owner.cookie, { assignee_id: member.id });
    const b = await createPolicy(t.request, owner.cookie);
    for (const p of [a, b]) await t.db.update(policies).set({ endDate: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10) }).where(eq(policies.id, p.id));
    const mine = await json(await t.request('/api/renewals', { cookie: member.cookie }));
    expect(mine.assignee).toBe('me');
    const ids = mine.rows.map((r: { id: string }) => r.id);
    expect(ids).toContain(a.id);
    expect(ids).not.toContain(b.id);
    const all = await json(await t.request('/api/renewals?assignee=all', { cookie: member.cookie }));
    expect(all.rows.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    const list = await json(await t.request('/api/policies?assignee=me', { cookie: member.cookie }));
    expect(list.rows.every((r: { assignee_id: string }) => r.assignee_id === member.id)).toBe(true);
  });

  it('hands a removed member’s terms to the owner in the same step, and loses nothing', async () => {
    const leaving = await join(owner);
    const p1 = await createPolicy(t.request, leaving.cookie);
    const p2 = await createPolicy(t.request, owner.cookie, { assignee_id: leaving.id });
    expect(p1.assignee_id).toBe(leaving.id);
    const res = await t.request(`/api/team/members/${leaving.id}`, { method: 'DELETE', cookie: owner.cookie });
    expect(res.status).toBe(200);
    const rows = await t.db.select().from(policies).where(eq(policies.assigneeId, owner.id));
    expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining([p1.id, p2.id]));
    const [kept] = await t.db.select().from(policies).where(eq(policies.id, p1.id));
    expect(kept.createdBy).toBe(leaving.id);
  });

  it('moves Not started to Contacted when a communication with the customer is logged', async () => {
    const p = await createPolicy(t.request, owner.cookie);
    const far = await createPolicy(t.request, owner.cookie, { customer_id: p.customer_id });
    await t.db.update(policies).set({ endDate: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10) }).where(eq(policies.id, p.id));
    await t.db.update(policies).set({ endDate: new Date(Date.now() + 300 * 86_400_000).toISOString().slice(0, 10) }).where(eq(policies.id, far.id));
    const res = await t.request(`/api/customers/${p.customer_id}/communications`, { cookie: owner.cookie, json: { type: 'phone', content: 'Called about the renewal' } });
    expect(res.status).toBe(201);
    const [near] = await t.db.select().from(policies).where(eq(policies.id, p.id));
    const [later] = await t.db.select().from(policies).where(eq(policies.id, far.id));
    expect(near.renewalState).toBe('contacted');
    // a term outside the cockpit's window is not part of this renewal yet
    expect(later.renewalState).toBe('not_started');
  });

  it('sets Quoted by hand, never over Renewed', async () => {
    const p = await createPolicy(t.request, owner.cookie);
    const quoted = await t.request(`/api/renewals/${p.id}/state`, { method: 'PUT', cookie: owner.cookie, json: { state: 'quoted' } });
    expect((await json(quoted)).renewal_state).toBe('quoted');
    const bad = await t.request(`/api/renewals/${p.id}/state`, { method: 'PUT', cookie: owner.cookie, json: { state: 'renewed' } });
    expect(bad.status).toBe(400);
    await t.request(`/api/renewals/${p.id}/renew`, { cookie: owner.cookie, json: { premium_amount: '1300' } });
    const after = await t.request(`/api/renewals/${p.id}/state`, { method: 'PUT', cookie: owner.cookie, json: { state: 'contacted' } });
    expect(after.status).toBe(409);
  });
});
