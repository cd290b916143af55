// Who is calling, in one statement (issue 17): the cookie's signature is checked in memory as
// better-auth signs it, and nothing about the caller is cached, so a revoked session, a removed
// member and a role change are seen by the very next request — here on two app instances that share
// one database (the cluster test does the same across worker processes on PostgreSQL). The same
// holds for what the identity statement also reads for a create: the plan's limits and whether a
// webhook endpoint is enabled.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createApp } from './app.ts';
import { POLICY_TEXT } from '#shared/policies.ts';
import { agencyMembers, session, subscriptionLimits, user, webhookDeliveries, webhookEndpoints } from './db/schema.ts';
import { readCookie, verifySignedToken } from './identity.ts';
import { carPolicyPayload } from './test/factories.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from './test/harness.ts';

let t: TestContext;
let second: ReturnType<typeof createApp>;
let owner: TestUser;
let agencyId = '';
beforeAll(async () => {
  t = await createTestContext();
  // A second instance of the app over the same database (its own app object, no shared memory but the deps)
  second = createApp({ ...t.deps });
  owner = await createUser(t, { tier: 'enterprise', permissions: ['manage_team'], company: 'Identity Agency' });
  agencyId = (await json(await t.request('/api/me', { cookie: owner.cookie }))).agency.id;
});
afterAll(async () => {
  await t.close();
});

const instances = () => [
  (cookie: string) => t.request('/api/me', { cookie }),
  (cookie: string) => Promise.resolve(second.request('/api/me', { headers: { cookie } })),
];

describe('the session cookie is verified in memory, as better-auth signs it', () => {
  it('accepts the cookie better-auth set, and refuses it with any signature or token changed', async () => {
    const value = readCookie(owner.cookie, 'policydesk.session_token')!;
    const [token, signature] = [value.slice(0, value.lastIndexOf('.')), value.slice(value.lastIndexOf('.') + 1)];
    expect(signature).toBe(createHmac('sha256', t.config.authSecret).update(token).digest('base64'));
    expect(verifySignedToken(value, t.config.authSecret)).toBe(token);
    expect(verifySignedToken(value, `${t.config.authSecret}x`)).toBeNull();
    const flipped = signature[0] === 'A' ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    for (const bad of [`${token}.${flipped}`, `${token}x.${signature}`, token, `.${signature}`, `${token}.${signature.slice(0, 43)}`]) {
      expect(verifySignedToken(bad, t.config.authSecret)).toBeNull();
      const res = await t.request('/api/me', { cookie: `policydesk.session_token=${encodeURIComponent(bad)}` });
      expect(res.status).toBe(401);
    }
  });

  it('reads the cookie among others, URL-encoded or not', () => {
    expect(readCookie('a=1; policydesk.session_token=abc.def%3D; b=2', 'policydesk.session_token')).toBe('abc.def=');
    expect(readCookie('policydesk.session_token="abc"', 'policydesk.session_token')).toBe('abc');
    expect(readCookie('xpolicydesk.session_token=abc', 'policydesk.session_token')).toBeNull();
    expect(readCookie(null, 'policydesk.session_token')).toBeNull();
  });
});

/** POST /api/policies on either instance. */
const creators = [
  (cookie: string, body: unknown) => t.request('/api/policies', { cookie, json: body }),
  (cookie: string, body: unknown) =>
    Promise.resolve(second.request('/api/policies', { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) })),
];

describe('no stale identity: the next request on either instance sees the change', () => {
  it('a role change', async () => {
    const member = await createUser(t);
    await t.db.insert(agencyMembers).values({ agencyId, userId: member.id, role: 'admin' });
    expect((await t.request('/api/agencies/active', { cookie: member.cookie, json: { agencyId } })).status).toBe(200);
    for (const me of instances()) expect((await json(await me(member.cookie))).agency).toMatchObject({ id: agencyId, role: 'admin' });
    await t.db.update(agencyMembers).set({ role: 'team_member' }).where(and(eq(agencyMembers.agencyId, agencyId), eq(agencyMembers.userId, member.id)));
    for (const me of instances()) expect((await json(await me(member.cookie))).agency).toMatchObject({ id: agencyId, role: 'team_member' });
  });

  it('a removed member', async () => {
    const member = await createUser(t);
    await t.db.insert(agencyMembers).values({ agencyId, userId: member.id, role: 'team_member' });
    expect((await t.request('/api/agencies/active', { cookie: member.cookie, json: { agencyId } })).status).toBe(200);
    for (const me of instances()) expect((await json(await me(member.cookie))).agency.id).toBe(agencyId);
    const removed = await t.request(`/api/team/members/${member.id}`, { cookie: owner.cookie, method: 'DELETE' });
    expect(removed.status).toBe(200);
    for (const me of instances()) {
      const after = await json(await me(member.cookie));
      expect(after.agency.id).not.toBe(agencyId);
      expect(after.agency.role).toBe('owner');
    }
  });

  it('a revoked session', async () => {
    const member = await createUser(t);
    for (const me of instances()) expect((await me(member.cookie)).status).toBe(200);
    await t.db.delete(session).where(eq(session.userId, member.id));
    for (const me of instances()) expect((await me(member.cookie)).status).toBe(401);
  });

  it("a plan's limit changed by an admin, and a lapsed trial's limits", async () => {
    const agent = await createUser(t, { tier: 'professional' });
    const [professional] = await t.db.select().from(subscriptionLimits).where(eq(subscriptionLimits.tierName, 'professional'));
    const [starter] = await t.db.select().from(subscriptionLimits).where(eq(subscriptionLimits.tierName, 'starter'));
    const create = (request: (cookie: string, body: unknown) => Promise<Response>) => request(agent.cookie, carPolicyPayload());
    try {
      // the limits come with the identity: a lowered limit holds on the next request of either instance
      await t.db.update(subscriptionLimits).set({ maxPolicies: 1 }).where(eq(subscriptionLimits.tierName, 'professional'));
      expect((await create(creators[0])).status).toBe(201);
      for (const request of creators) {
        const refused = await create(request);
        expect(refused.status).toBe(403);
        expect((await json(refused)).error.message).toBe(POLICY_TEXT.limitMessage);
      }
      await t.db.update(subscriptionLimits).set({ maxPolicies: 2 }).where(eq(subscriptionLimits.tierName, 'professional'));
      expect((await create(creators[1])).status).toBe(201);
      // a lapsed trial works under starter's limits (3: room for one more)
      await t.db.update(subscriptionLimits).set({ maxPolicies: 10 }).where(eq(subscriptionLimits.tierName, 'professional'));
      await t.db.update(user).set({ subscriptionStatus: 'trialing', trialEndsAt: new Date(Date.now() - 1000) }).where(eq(user.id, agent.id));
      await t.db.update(subscriptionLimits).set({ maxPolicies: 3 }).where(eq(subscriptionLimits.tierName, 'starter'));
      expect((await create(creators[0])).status).toBe(201);
      for (const request of creators) expect((await create(request)).status).toBe(403);
    } finally {
      await t.db.update(subscriptionLimits).set({ maxPolicies: professional.maxPolicies }).where(eq(subscriptionLimits.tierName, 'professional'));
      await t.db.update(subscriptionLimits).set({ maxPolicies: starter.maxPolicies }).where(eq(subscriptionLimits.tierName, 'starter'));
    }
  });

  it('a webhook endpoint enabled or disabled', async () => {
    const agent = await createUser(t, { tier: 'enterprise' });
    const mine = (await json(await t.request('/api/me', { cookie: agent.cookie }))).agency.id as string;
    const queued = async () => (await t.db.select().from(webhookDeliveries).innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId)).where(eq(webhookEndpoints.agencyId, mine))).length;
    const [endpoint] = await t.db
      .insert(webhookEndpoints)
      .values({ agencyId: mine, url: 'https://hooks.example/identity', events: ['policy.created'], secret: 'whsec_identity', enabled: false })
      .returning();
    expect((await creators[0](agent.cookie, carPolicyPayload())).status).toBe(201);
    expect(await queued()).toBe(0);
    await t.db.update(webhookEndpoints).set({ enabled: true }).where(eq(webhookEndpoints.id, endpoint.id));
    for (const request of creators) expect((await request(agent.cookie, carPolicyPayload())).status).toBe(201);
    expect(await queued()).toBe(2);
    await t.db.update(webhookEndpoints).set({ enabled: false }).where(eq(webhookEndpoints.id, endpoint.id));
    for (const request of creators) expect((await request(agent.cookie, carPolicyPayload())).status).toBe(201);
    expect(await queued()).toBe(2);
  });

  it('an expired session is refused and removed', async () => {
    const member = await createUser(t);
    await t.db.update(session).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(session.userId, member.id));
    expect((await t.request('/api/me', { cookie: member.cookie })).status).toBe(401);
    expect(await t.db.select().from(session).where(eq(session.userId, member.id))).toEqual([]);
  });

  it('a session due for its daily refresh is moved forward by better-auth and keeps working', async () => {
    const member = await createUser(t);
    const soon = new Date(Date.now() + 10 * 86_400_000); // 20 days into a 30-day session
    await t.db.update(session).set({ expiresAt: soon }).where(eq(session.userId, member.id));
    expect((await t.request('/api/me', { cookie: member.cookie })).status).toBe(200);
    const [row] = await t.db.select().from(session).where(eq(session.userId, member.id));
    expect(row.expiresAt.getTime()).toBeGreaterThan(soon.getTime() + 86_400_000);
  });
});
