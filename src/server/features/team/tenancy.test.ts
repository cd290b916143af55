// Tenant isolation with agencies of several members: members share their agency's book, nobody
// reaches another agency's rows, and a removed member loses the book on the next request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { customers, policies } from '#server/db/schema.ts';
import { carPolicyPayload } from '#server/test/factories.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';
import { joinAgency } from '#server/test/team.ts';

let t: TestContext;
let ownerA: TestUser;
let memberA: TestUser;
let adminA: TestUser;
let ownerB: TestUser;
let memberB: TestUser;
let agencyA: string;

const join = (owner: TestUser, role: 'team_member' | 'admin') => joinAgency(t, owner, role);

let seq = 0;
function carPolicy(over: Record<string, unknown> = {}) {
  seq += 1;
  return carPolicyPayload(over);
}

const createPolicy = async (u: TestUser, over: Record<string, unknown> = {}) => {
  const res = await t.request('/api/policies', { cookie: u.cookie, json: carPolicy(over) });
  expect(res.status, await res.clone().text()).toBe(201);
  const body = await json(res);
  return (body.policy ?? body) as { id: string; customer_id: string; policy_number: string };
};

beforeAll(async () => {
  t = await createTestContext();
  ownerA = await createUser(t, { tier: 'enterprise', permissions: ['manage_team'], company: 'Agency A' });
  ownerB = await createUser(t, { tier: 'enterprise', permissions: ['manage_team'], company: 'Agency B' });
  agencyA = (await json(await t.request('/api/me', { cookie: ownerA.cookie }))).agency.id;
  memberA = await join(ownerA, 'team_member');
  adminA = await join(ownerA, 'admin');
  memberB = await join(ownerB, 'team_member');
});
afterAll(async () => t.close());

describe('a book shared by the members of one agency', () => {
  it("a member's policy is in the agency's book, seen by the owner and the admin, and records who made it", async () => {
    const policy = await createPolicy(memberA);
    for (const u of [ownerA, adminA]) {
      const list = await json(await t.request(`/api/policies?search=${policy.policy_number}`, { cookie: u.cookie }));
      expect(list.rows.map((r: any) => r.id)).toEqual([policy.id]);
      expect((await t.request(`/api/policies/${policy.id}`, { cookie: u.cookie })).status).toBe(200);
    }
    const [row] = await t.db.select().from(policies).where(eq(policies.id, policy.id));
    expect(row).toMatchObject({ agencyId: agencyA, createdBy: memberA.id });
    const [customer] = await t.db.select().from(customers).where(eq(customers.id, row.customerId!));
    expect(customer).toMatchObject({ agencyId: agencyA, createdBy: memberA.id });
    const activity = await json(await t.request('/api/activity?kind=policy', { cookie: ownerA.cookie }));
    expect(activity.rows.some((a: any) => a.actor_id === memberA.id)).toBe(true);
  });

  it("the owner edits a member's policy; a team member works on customers too", async () => {
    const policy = await createPolicy(memberA);
    const put = await t.request(`/api/policies/${policy.id}`, { method: 'PUT', cookie: ownerA.cookie, json: carPolicy({ policy_number: policy.policy_number, status: 'pending' }) });
    expect(put.status).toBe(200);
    const created = await t.request('/api/customers', { cookie: memberA.cookie, json: { name: 'Team Customer', email: `tc-${seq}@example.com`, customer_type: 'individual' } });
    expect(created.status).toBe(201);
  });
});

describe('isolation between agencies with several members', () => {
  it("another agency's member gets 404 on A's policy and customer by id, and changes nothing", async () => {
    const policy = await createPolicy(memberA);
    for (const u of [memberB, ownerB]) {
      expect((await t.request(`/api/policies/${policy.id}`, { cookie: u.cookie })).status).toBe(404);
      expect((await t.request(`/api/customers/${policy.customer_id}`, { cookie: u.cookie })).status).toBe(404);
      const put = await t.request(`/api/policies/${policy.id}`, { method: 'PUT', cookie: u.cookie, json: carPolicy({ status: 'pending' }) });
      expect(put.status).toBe(404);
      expect((await t.request(`/api/policies/${policy.id}`, { method: 'DELETE', cookie: u.cookie })).status).toBe(404);
      expect((await t.request(`/api/customers/${policy.customer_id}`, { method: 'DELETE', cookie: u.cookie })).status).toBe(404);
      const list = await json(await t.request(`/api/policies?search=${policy.policy_number}`, { cookie: u.cookie }));
      expect(list.total).toBe(0);
    }
    const [row] = await t.db.select().from(policies).where(eq(policies.id, policy.id));
    expect(row.bound).toBe(true);
    const [customer] = await t.db.select().from(customers).where(eq(customers.id, policy.customer_id));
    expect(customer).toBeDefined();
  });

  it("a member working in their own agency doesn't see the team's book", async () => {
    const policy = await createPolicy(memberA);
    const me = await json(await t.request('/api/me', { cookie: memberA.cookie }));
    const own = me.agencies.find((a: any) => a.role === 'owner');
    expect((await t.request('/api/agencies/active', { cookie: memberA.cookie, json: { agencyId: own.id } })).status).toBe(200);
    expect((await t.request(`/api/policies/${policy.id}`, { cookie: memberA.cookie })).status).toBe(404);
    const mine = await createPolicy(memberA);
    expect((await t.request(`/api/policies/${mine.id}`, { cookie: ownerA.cookie })).status).toBe(404);
    expect((await t.request('/api/agencies/active', { cookie: memberA.cookie, json: { agencyId: agencyA } })).status).toBe(200);
    expect((await t.request(`/api/policies/${policy.id}`, { cookie: memberA.cookie })).status).toBe(200);
  });

  it("a removed member's open session loses the agency's book on the very next request", async () => {
    const leaver = await join(ownerA, 'team_member');
    const policy = await createPolicy(leaver);
    expect((await t.request(`/api/policies/${policy.id}`, { cookie: leaver.cookie })).status).toBe(200);
    expect((await t.request(`/api/team/members/${leaver.id}`, { method: 'DELETE', cookie: ownerA.cookie })).status).toBe(200);
    expect((await t.request(`/api/policies/${policy.id}`, { cookie: leaver.cookie })).status).toBe(404);
    const put = await t.request(`/api/policies/${policy.id}`, { method: 'PUT', cookie: leaver.cookie, json: carPolicy({ status: 'pending' }) });
    expect(put.status).toBe(404);
    const list = await json(await t.request(`/api/policies?search=${policy.policy_number}`, { cookie: leaver.cookie }));
    expect(list.total).toBe(0);
    // What they made stays in the agency.
    expect((await t.request(`/api/policies/${policy.id}`, { cookie: ownerA.cookie })).status).toBe(200);
  });
});
