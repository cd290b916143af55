import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { TEAM_TEXT } from '#shared/team.ts';
import { agencies, agencyMembers, session, user, userInvitations } from '#server/db/schema.ts';
import { createUser, json, linkIn, waitForMail, type TestContext, type TestUser } from '#server/test/harness.ts';
import { harborAgency, unique } from './fixtures.ts';

let t: TestContext, owner: TestUser, ownerAgencyId: string;
beforeAll(async () => void ({ t, owner, ownerAgencyId } = await harborAgency()));
afterAll(() => t.close());

async function inviteToken(email: string, role = 'team_member') {
  const res = await t.request('/api/team/invitations', { cookie: owner.cookie, json: { email, role } });
  expect(res.status).toBe(201);
  const { invitation } = await json(res);
  const token = linkIn(await waitForMail(t, email)).split('/').pop()!;
  return { token, id: invitation.id as string };
}

const accept = (token: string, cookie?: string) => t.request(`/api/invitations/${token}/accept`, { method: 'POST', cookie });

describe('GET /api/invitations/:token', () => {
  it("shows the inviter's company, the role and the invited e-mail, without a session", async () => {
    const email = unique('view');
    const { token } = await inviteToken(email, 'admin');
    const res = await t.request(`/api/invitations/${token}`);
    expect(res.status).toBe(200);
    const { invitation } = await json(res);
    expect(invitation).toMatchObject({ email, role: 'admin', company: 'Harbor Insurance', agency_name: 'Harbor Insurance', inviter_name: 'Olivia Owner' });
    expect(JSON.stringify(invitation)).not.toContain(token);
  });

  it("answers 'Invitation Invalid' text for a made-up token and a malformed one", async () => {
    for (const token of ['A'.repeat(43), 'nope', "x' or '1'='1"]) {
      const res = await t.request(`/api/invitations/${encodeURIComponent(token)}`);
      expect(res.status).toBe(404);
      expect((await json(res)).error).toEqual({ code: 'INVITATION_INVALID', message: TEAM_TEXT.invalid });
    }
  });

  it('refuses an expired invitation', async () => {
    const { token, id } = await inviteToken(unique('exp'));
    await t.db.update(userInvitations).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(userInvitations.id, id));
    const res = await t.request(`/api/invitations/${token}`);
    expect(res.status).toBe(410);
    expect((await json(res)).error).toEqual({ code: 'INVITATION_EXPIRED', message: TEAM_TEXT.expired });
  });
});

describe('POST /api/invitations/:token/accept', () => {
  it("answers 401 'Not logged in' without a session", async () => {
    const { token } = await inviteToken(unique('anon'));
    const res = await accept(token);
    expect(res.status).toBe(401);
    expect((await json(res)).error.message).toBe('Not logged in');
  });

  it('makes the invited user a member with the invited role, spends the invitation and switches the session', async () => {
    const email = unique('joiner');
    const { token, id } = await inviteToken(email, 'admin');
    const joiner = await createUser(t, { email });
    const res = await accept(token, joiner.cookie);
    expect(res.status).toBe(200);
    expect((await json(res)).agency).toEqual({ id: ownerAgencyId, name: 'Harbor Insurance', role: 'admin' });
    const [member] = await t.db
      .select()
      .from(agencyMembers)
      .where(and(eq(agencyMembers.agencyId, ownerAgencyId), eq(agencyMembers.userId, joiner.id)));
    expect(member.role).toBe('admin');
    const [inv] = await t.db.select().from(userInvitations).where(eq(userInvitations.id, id));
    expect(inv).toMatchObject({ status: 'accepted', acceptedBy: joiner.id });
    const me = await json(await t.request('/api/me', { cookie: joiner.cookie }));
    expect(me.agency).toMatchObject({ id: ownerAgencyId, role: 'admin', tier: 'enterprise', ownerId: owner.id });
    expect(me.agencies.map((a: any) => a.id)).toContain(ownerAgencyId);

    // Used: the same link can't be used again, by anyone.
    const again = await accept(token, joiner.cookie);
    expect(again.status).toBe(410);
    expect((await json(again)).error).toEqual({ code: 'INVITATION_USED', message: TEAM_TEXT.used });
    const view = await t.request(`/api/invitations/${token}`);
    expect((await json(view)).error.message).toBe(TEAM_TEXT.used);
  });

  it('refuses an account with another e-mail address and changes nothing', async () => {
    const email = unique('right');
    const { token, id } = await inviteToken(email);
    const intruder = await createUser(t);
    const res = await accept(token, intruder.cookie);
    expect(res.status).toBe(403);
    expect((await json(res)).error).toEqual({ code: 'WRONG_ACCOUNT', message: TEAM_TEXT.wrongAccount(email) });
    const rows = await t.db
      .select()
      .from(agencyMembers)
      .where(and(eq(agencyMembers.agencyId, ownerAgencyId), eq(agencyMembers.userId, intruder.id)));
    expect(rows).toHaveLength(0);
    const [inv] = await t.db.select().from(userInvitations).where(eq(userInvitations.id, id));
    expect(inv.status).toBe('pending');
    const [s] = await t.db.select().from(session).where(eq(session.userId, intruder.id));
    expect(s.activeAgencyId).toBeNull();
  });

  it('refuses expired, cancelled and made-up tokens', async () => {
    const expiredEmail = unique('expired');
    const expired = await inviteToken(expiredEmail);
    await t.db.update(userInvitations).set({ expiresAt: new Date(Date.now() - 1) }).where(eq(userInvitations.id, expired.id));
    const u1 = await createUser(t, { email: expiredEmail });
    const r1 = await accept(expired.token, u1.cookie);
    expect(r1.status).toBe(410);
    expect((await json(r1)).error.message).toBe(TEAM_TEXT.expired);

    const cancelledEmail = unique('cancelled');
    const cancelled = await inviteToken(cancelledEmail);
    await t.request(`/api/team/invitations/${cancelled.id}`, { method: 'DELETE', cookie: owner.cookie });
    const u2 = await createUser(t, { email: cancelledEmail });
    const r2 = await accept(cancelled.token, u2.cookie);
    expect(r2.status).toBe(410);
    expect((await json(r2)).error.message).toBe(TEAM_TEXT.cancelled);

    const r3 = await accept('B'.repeat(43), u2.cookie);
    expect(r3.status).toBe(404);
    expect((await json(r3)).error.message).toBe(TEAM_TEXT.invalid);

    for (const u of [u1, u2]) {
      const rows = await t.db
        .select()
        .from(agencyMembers)
        .innerJoin(agencies, eq(agencies.id, agencyMembers.agencyId))
        .where(and(eq(agencies.ownerId, owner.id), eq(agencyMembers.userId, u.id)));
      expect(rows).toHaveLength(0);
    }
  });

  it('lets only one of two parallel accepts of one link through', async () => {
    const email = unique('race');
    const { token } = await inviteToken(email);
    const u = await createUser(t, { email });
    const second = await t.request('/api/account/sign-in', { json: { email, password: u.password } });
    const cookie2 = second.headers.getSetCookie().map((c) => c.split(';')[0]).filter((c) => !c.endsWith('=')).join('; ');
    const results = await Promise.all([accept(token, u.cookie), accept(token, cookie2)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 410]);
  });
});

describe('an agency whose plan no longer includes teams', () => {
  it('cannot add members through an invitation sent before the plan lapsed', async () => {
    const lapsing = await createUser(t, { tier: 'enterprise', permissions: ['manage_team'], company: 'Lapsing Co' });
    const email = unique('late');
    const res = await t.request('/api/team/invitations', { cookie: lapsing.cookie, json: { email, role: 'team_member' } });
    expect(res.status).toBe(201);
    const token = linkIn(await waitForMail(t, email)).split('/').pop()!;
    await t.db.update(user).set({ subscriptionTier: 'business' }).where(eq(user.id, lapsing.id));
    const invitee = await createUser(t, { email });
    const refused = await accept(token, invitee.cookie);
    expect(refused.status).toBe(403);
    expect((await json(refused)).error).toEqual({ code: 'TEAM_NOT_IN_PLAN', message: TEAM_TEXT.planNoLongerIncludesTeams });
    const agencyId = (await json(await t.request('/api/me', { cookie: lapsing.cookie }))).agency.id;
    const members = await t.db.select().from(agencyMembers).where(and(eq(agencyMembers.agencyId, agencyId), eq(agencyMembers.userId, invitee.id)));
    expect(members).toHaveLength(0);
  });
});
