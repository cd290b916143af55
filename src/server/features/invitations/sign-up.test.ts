// Sign-up through an invitation link (issue 30 §4.4): no company, no agency of one's own; the new
// account joins the inviting agency with the invited role.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { AUTH_TEXT } from '#shared/auth.ts';
import { TEAM_TEXT } from '#shared/team.ts';
import { agencies, agencyMembers, user, userInvitations } from '#server/db/schema.ts';
import { createUser, json, linkIn, pathOf, signIn, waitForMail, type TestContext, type TestUser } from '#server/test/harness.ts';
import { harborAgency, unique } from './fixtures.ts';

let t: TestContext, owner: TestUser, ownerAgencyId: string;
beforeAll(async () => void ({ t, owner, ownerAgencyId } = await harborAgency()));
afterAll(() => t.close());
let ip = 0;

async function invite(email: string, role = 'team_member', by = owner) {
  const res = await t.request('/api/team/invitations', { cookie: by.cookie, json: { email, role } });
  expect(res.status, await res.clone().text()).toBe(201);
  const { invitation } = await json(res);
  return { token: linkIn(await waitForMail(t, email, /invited/)).split('/').pop()!, id: invitation.id as string };
}

function signUp(body: Record<string, unknown>) {
  ip += 1;
  return t.request('/api/account/register', {
    json: { full_name: 'Ivy Invitee', password: 'password123', confirmPassword: 'password123', termsAccepted: true, ...body },
    headers: { 'x-forwarded-for': `10.30.${Math.floor(ip / 250)}.${ip % 250}` },
  });
}

async function confirmAndSignIn(email: string) {
  const confirm = await t.request(pathOf(linkIn(await waitForMail(t, email, /Confirm/))));
  expect(confirm.status).toBe(302);
  return signIn(t, email, 'password123');
}

describe('POST /api/account/register with an invitation', () => {
  it('needs no company, makes no agency of its own, and works in the inviting agency with the invited role', async () => {
    const email = unique('joiner');
    const { token, id } = await invite(email, 'admin');
    const res = await signUp({ email, invitation: token });
    expect(res.status, await res.clone().text()).toBe(200);
    const [created] = await t.db.select().from(user).where(eq(user.email, email));
    expect(created.company).toBeNull();
    const [inv] = await t.db.select().from(userInvitations).where(eq(userInvitations.id, id));
    expect(inv).toMatchObject({ status: 'accepted', acceptedBy: created.id });

    const cookie = await confirmAndSignIn(email);
    const me = await json(await t.request('/api/me', { cookie }));
    expect(me.agency).toMatchObject({ id: ownerAgencyId, name: 'Harbor Insurance', role: 'admin' });
    expect(me.agencies).toEqual([{ id: ownerAgencyId, name: 'Harbor Insurance', role: 'admin' }]);
    // still no agency of their own after a few requests
    await t.request('/api/policies', { cookie });
    expect(await t.db.select().from(agencies).where(eq(agencies.ownerId, created.id))).toHaveLength(0);
    // the owner sees the new member on the team page
    const team = await json(await t.request('/api/team', { cookie: owner.cookie }));
    expect(team.entries.find((e: { email: string }) => e.email === email)).toMatchObject({ kind: 'member', role: 'admin', status: 'Active' });
  });

  it('refuses another e-mail than the invited one on the email field, and creates nothing', async () => {
    const email = unique('invited');
    const { token, id } = await invite(email);
    const other = unique('other');
    const res = await signUp({ email: other, invitation: token });
    expect(res.status).toBe(400);
    const { error } = await json(res);
    expect(error.fields).toEqual({ email: AUTH_TEXT.invitationEmailMismatch(email) });
    expect(await t.db.select().from(user).where(eq(user.email, other))).toHaveLength(0);
    const [inv] = await t.db.select().from(userInvitations).where(eq(userInvitations.id, id));
    expect(inv.status).toBe('pending');
  });

  it('refuses a made-up, a cancelled and a used link with their messages', async () => {
    const made = await signUp({ email: unique('made'), invitation: 'A'.repeat(43) });
    expect(made.status).toBe(404);
    expect((await json(made)).error.message).toBe(TEAM_TEXT.invalid);

    const cancelledEmail = unique('cancelled');
    const cancelled = await invite(cancelledEmail);
    await t.request(`/api/team/invitations/${cancelled.id}`, { method: 'DELETE', cookie: owner.cookie });
    const r1 = await signUp({ email: cancelledEmail, invitation: cancelled.token });
    expect(r1.status).toBe(410);
    expect((await json(r1)).error.message).toBe(TEAM_TEXT.cancelled);
    expect(await t.db.select().from(user).where(eq(user.email, cancelledEmail))).toHaveLength(0);

    const usedEmail = unique('used');
    const used = await invite(usedEmail);
    expect((await signUp({ email: usedEmail, invitation: used.token })).status).toBe(200);
    const again = await signUp({ email: usedEmail, invitation: used.token });
    expect(again.status).toBe(410);
    expect((await json(again)).error.message).toBe(TEAM_TEXT.used);
  });

  it('names each missing field: the invitation, full name, password and terms; never the company', async () => {
    const res = await t.request('/api/account/register', { json: { invitation: '', email: 'x@example.com' } });
    expect(res.status).toBe(400);
    const { error } = await json(res);
    expect(error.fields).toMatchObject({
      invitation: AUTH_TEXT.invitationMissing,
      full_name: AUTH_TEXT.fullNameRequired,
      password: AUTH_TEXT.passwordTooShortRegister,
      termsAccepted: AUTH_TEXT.termsRequired,
    });
    expect(error.fields.company).toBeUndefined();
    // a normal sign-up still needs its company (the spec's text)
    const normal = await t.request('/api/account/register', { json: { email: 'y@example.com' } });
    expect((await json(normal)).error.fields.company).toBe(AUTH_TEXT.companyRequired);
  });

  it("joins only the inviting agency: another agency's owner sees nothing of the member", async () => {
    const other = await createUser(t, { tier: 'enterprise', permissions: ['manage_team'], company: 'Other Agency' });
    const email = unique('isolated');
    const { token } = await invite(email);
    expect((await signUp({ email, invitation: token })).status).toBe(200);
    const [created] = await t.db.select().from(user).where(eq(user.email, email));
    const otherAgencyId = (await json(await t.request('/api/me', { cookie: other.cookie }))).agency.id;
    const rows = await t.db
      .select()
      .from(agencyMembers)
      .where(and(eq(agencyMembers.agencyId, otherAgencyId), eq(agencyMembers.userId, created.id)));
    expect(rows).toHaveLength(0);
    const team = await json(await t.request('/api/team', { cookie: other.cookie }));
    expect(team.entries.map((e: { email: string }) => e.email)).not.toContain(email);
  });

  it('refuses when the inviting agency has left Enterprise', async () => {
    const lapsing = await createUser(t, { tier: 'enterprise', permissions: ['manage_team'], company: 'Lapsing Agency' });
    const email = unique('lapsed');
    const { token } = await invite(email, 'team_member', lapsing);
    await t.db.update(user).set({ subscriptionTier: 'business' }).where(eq(user.id, lapsing.id));
    const res = await signUp({ email, invitation: token });
    expect(res.status).toBe(403);
    expect((await json(res)).error.message).toBe(TEAM_TEXT.planNoLongerIncludesTeams);
    expect(await t.db.select().from(user).where(eq(user.email, email))).toHaveLength(0);
  });
});
