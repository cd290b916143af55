// Agency roles decide what a member may do in someone else's agency (issue 6 §5): the
// agency permission manage_team is its owner's, billing and plans are the owner's only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';
import { inviteAndAccept } from '#server/test/team.ts';

let t: TestContext;
let owner: TestUser;
let member: TestUser;
let admin: TestUser;

const join = (who: TestUser, role: 'team_member' | 'admin') => inviteAndAccept(t, owner, who, role);

beforeAll(async () => {
  t = await createTestContext();
  owner = await createUser(t, { tier: 'enterprise', permissions: ['manage_team'], company: 'Owner Agency' });
  // the member runs an enterprise agency of their own, with manage_team there
  member = await createUser(t, { tier: 'enterprise', permissions: ['manage_team'] });
  admin = await createUser(t);
  await join(member, 'team_member');
  await join(admin, 'admin');
});
afterAll(() => t.close());

const me = async (u: TestUser) => json(await t.request('/api/me', { cookie: u.cookie }));

describe('permissions inside an agency', () => {
  it("an agency admin works with the owner's manage_team; a team member does not carry their own into it", async () => {
    const a = await me(admin);
    expect(a.agency.role).toBe('admin');
    expect(a.permissions).toContain('manage_team');
    expect((await t.request('/api/team', { cookie: admin.cookie })).status).toBe(200);

    const m = await me(member);
    expect(m.agency.role).toBe('team_member');
    expect(m.permissions).not.toContain('manage_team');
    expect((await t.request('/api/team', { cookie: member.cookie })).status).toBe(403);

    // back in their own agency, their own permission counts again
    const own = m.agencies.find((x: { role: string }) => x.role === 'owner');
    expect((await t.request('/api/agencies/active', { cookie: member.cookie, json: { agencyId: own.id } })).status).toBe(200);
    expect((await me(member)).permissions).toContain('manage_team');
    const back = m.agencies.find((x: { role: string }) => x.role === 'team_member');
    expect((await t.request('/api/agencies/active', { cookie: member.cookie, json: { agencyId: back.id } })).status).toBe(200);
  });
});

describe('billing and plans are the owner’s', () => {
  it('refuses payment submissions and billing history to members working in another agency', async () => {
    for (const who of [member, admin]) {
      const history = await t.request('/api/payment-submissions', { cookie: who.cookie });
      expect(history.status).toBe(403);
      expect((await json(history)).error.code).toBe('DENIED_AGENCYROLE');
      const form = new FormData();
      form.set('selected_tier', 'business');
      const submit = await t.request('/api/payment-submissions', { cookie: who.cookie, body: form });
      expect(submit.status).toBe(403);
    }
    expect((await t.request('/api/payment-submissions', { cookie: owner.cookie })).status).toBe(200);
  });
});

describe('enterprise set by an admin', () => {
  it('grants manage_team with the plan, like an approved payment', async () => {
    const root = await createUser(t, { role: 'super_admin' });
    const user = await createUser(t);
    const res = await t.request(`/api/admin/users/${user.id}`, { method: 'PATCH', cookie: root.cookie, json: { subscription_tier: 'enterprise' } });
    expect(res.status).toBe(200);
    const after = await me(user);
    expect(after.profile.subscription_tier).toBe('enterprise');
    expect(after.permissions).toContain('manage_team');
    expect((await t.request('/api/team', { cookie: user.cookie })).status).toBe(200);
  });
});
