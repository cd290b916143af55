import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { TEAM_TEXT, INVITATION_VALID_DAYS } from '#shared/team.ts';
import { ACCESS_TEXT } from '#shared/access.ts';
import { agencies, agencyMembers, rateLimit, userInvitations } from '#server/db/schema.ts';
import { createTestContext, createUser, json, linkIn, pathOf, waitForMail, type TestContext, type TestUser } from '#server/test/harness.ts';
import { hashInvitationToken } from '#server/platform/invitation-tokens.ts';

let t: TestContext;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestContext();
  owner = await createUser(t, { tier: 'enterprise', permissions: ['manage_team'], company: 'Harbor Insurance' });
});
afterAll(async () => t.close());

const unique = (p: string) => `${p}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** The user's role in the agency owned by ownerId (undefined when not a member). */
async function roleIn(ownerId: string, userId: string) {
  const [row] = await t.db
    .select({ role: agencyMembers.role })
    .from(agencyMembers)
    .innerJoin(agencies, eq(agencies.id, agencyMembers.agencyId))
    .where(and(eq(agencies.ownerId, ownerId), eq(agencyMembers.userId, userId)));
  return row?.role;
}

async function invite(cookie: string, email: string, role?: string) {
  return t.request('/api/team/invitations', { cookie, json: { email, ...(role ? { role } : {}) } });
}

/** Invites, reads the e-mailed token, signs the invitee up and accepts: a member of the owner's agency. */
async function addMember(by: TestUser, role: 'team_member' | 'admin' = 'team_member') {
  const email = unique('member');
  expect((await invite(by.cookie, email, role)).status).toBe(201);
  const token = pathOf(linkIn(await waitForMail(t, email, /invited/))).split('/').pop()!;
  const member = await createUser(t, { email });
  const res = await t.request(`/api/invitations/${token}/accept`, { cookie: member.cookie, method: 'POST' });
  expect(res.status).toBe(200);
  return member;
}

describe('POST /api/team/invitations', () => {
  it('stores a pending invitation with a hashed token, a 7-day expiry, and e-mails the accept link', async () => {
    const email = unique('Invitee').toUpperCase();
    const before = Date.now();
    const res = await invite(owner.cookie, email);
    expect(res.status).toBe(201);
    const { invitation } = await json(res);
    expect(invitation.email).toBe(email.toLowerCase());
    expect(invitation.role).toBe('team_member');
    expect(invitation.status).toBe('pending');
    const days = (new Date(invitation.expires_at).getTime() - before) / 86_400_000;
    expect(days).toBeGreaterThan(INVITATION_VALID_DAYS - 0.01);
    expect(days).toBeLessThan(INVITATION_VALID_DAYS + 0.01);

    const mail = await waitForMail(t, email.toLowerCase(), /invited to join Harbor Insurance/);
    const link = linkIn(mail);
    expect(link).toMatch(/^http:\/\/localhost:3000\/accept-invitation\/[A-Za-z0-9_-]{43}$/);
    const token = link.split('/').pop()!;
    const [row] = await t.db.select().from(userInvitations).where(eq(userInvitations.id, invitation.id));
    expect(row.tokenHash).toBe(hashInvitationToken(token));
    expect(row.tokenHash).not.toContain(token);
    expect(row.invitedBy).toBe(owner.id);
  });

  it('accepts role admin', async () => {
    const res = await invite(owner.cookie, unique('adm'), 'admin');
    expect(res.status).toBe(201);
    expect((await json(res)).invitation.role).toBe('admin');
  });

  it("answers 'Email is required' for a missing or blank e-mail, and rejects a malformed one or an unknown role", async () => {
    for (const body of [{}, { email: '' }, { email: '   ' }]) {
      const res = await t.request('/api/team/invitations', { cookie: owner.cookie, json: body });
      expect(res.status).toBe(400);
      const { error } = await json(res);
      expect(error.message).toBe('Email is required');
      expect(error.fields.email).toBe('Email is required');
    }
    const bad = await invite(owner.cookie, 'not an email');
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.fields.email).toBe('Please enter a valid email address.');
    const role = await invite(owner.cookie, unique('r'), 'owner');
    expect(role.status).toBe(400);
    expect((await json(role)).error.fields.role).toBe('Choose a role.');
  });

  it('refuses an address that already has a pending invitation, and one that is already a member', async () => {
    const email = unique('twice');
    expect((await invite(owner.cookie, email)).status).toBe(201);
    const again = await invite(owner.cookie, email);
    expect(again.status).toBe(409);
    expect((await json(again)).error.message).toBe(TEAM_TEXT.alreadyInvited);

    const member = await addMember(owner);
    const res = await invite(owner.cookie, member.email);
    expect(res.status).toBe(409);
    expect((await json(res)).error).toMatchObject({ code: 'ALREADY_MEMBER', message: TEAM_TEXT.alreadyMember });
    const self = await invite(owner.cookie, owner.email);
    expect((await json(self)).error.message).toBe(TEAM_TEXT.alreadyMember);
  });

  it('lets a new invitation replace an expired one', async () => {
    const email = unique('late');
    const { invitation } = await json(await invite(owner.cookie, email));
    await t.db.update(userInvitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(userInvitations.id, invitation.id));
    const team = await json(await t.request('/api/team', { cookie: owner.cookie }));
    expect(team.entries.find((e: any) => e.email === email)).toMatchObject({ kind: 'invitation', status: 'Expired' });
    const res = await invite(owner.cookie, email);
    expect(res.status).toBe(201);
    const [old] = await t.db.select().from(userInvitations).where(eq(userInvitations.id, invitation.id));
    expect(old.status).toBe('expired');
  });
});

describe('invitation e-mail budget', () => {
  it('refuses new and resent invitations once an agency has sent its hourly budget, and sends nothing', async () => {
    const o = await createUser(t, { tier: 'enterprise', permissions: ['manage_team'] });
    const { invitation } = await json(await invite(o.cookie, unique('before')));
    const agencyId = (await json(await t.request('/api/me', { cookie: o.cookie }))).agency.id;
    await t.db.update(rateLimit).set({ count: 50, windowStart: Date.now() }).where(eq(rateLimit.key, `invite:agency:${agencyId}`));
    const email = unique('over');
    const res = await invite(o.cookie, email);
    expect(res.status).toBe(429);
    expect((await json(res)).error.message).toBe(TEAM_TEXT.tooManyInvitations);
    const resend = await t.request(`/api/team/invitations/${invitation.id}/resend`, { method: 'POST', cookie: o.cookie });
    expect(resend.status).toBe(429);
    expect(await t.db.select().from(userInvitations).where(eq(userInvitations.email, email))).toHaveLength(0);
    // Another agency has its own budget.
    expect((await invite(owner.cookie, unique('other'))).status).toBe(201);
  });
});

describe('access to the team routes', () => {
  it("answers 401 'Not logged in' without a session", async () => {
    for (const [method, path] of [
      ['GET', '/api/team'],
      ['POST', '/api/team/invitations'],
    ] as const) {
      const res = await t.request(path, { method, ...(method === 'POST' ? { json: { email: 'a@b.co' } } : {}) });
      expect(res.status).toBe(401);
      expect((await json(res)).error.message).toBe('Not logged in');
    }
  });

  it('refuses a non-enterprise owner (403, Upgrade Required text) and sends nothing', async () => {
    const business = await createUser(t, { tier: 'business', permissions: ['manage_team'] });
    const email = unique('nope');
    const res = await invite(business.cookie, email);
    expect(res.status).toBe(403);
    expect((await json(res)).error.message).toBe(ACCESS_TEXT.tierDenied('enterprise', 'business'));
    expect((await t.request('/api/team', { cookie: business.cookie })).status).toBe(403);
    const rows = await t.db.select().from(userInvitations).where(eq(userInvitations.email, email));
    expect(rows).toHaveLength(0);
  });

  it('refuses an enterprise owner without manage_team', async () => {
    const ent = await createUser(t, { tier: 'enterprise' });
    const res = await invite(ent.cookie, unique('x'));
    expect(res.status).toBe(403);
    expect((await json(res)).error.message).toBe(ACCESS_TEXT.permissionDenied('manage_team'));
  });

  it('refuses a team_member on every team route (403) and changes nothing', async () => {
    const member = await addMember(owner);
    const other = await addMember(owner);
    const { invitation } = await json(await invite(owner.cookie, unique('pending')));
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/team'],
      ['POST', '/api/team/invitations', { email: unique('m') }],
      ['POST', `/api/team/invitations/${invitation.id}/resend`],
      ['DELETE', `/api/team/invitations/${invitation.id}`],
      ['PATCH', `/api/team/members/${other.id}`, { role: 'admin' }],
      ['DELETE', `/api/team/members/${other.id}`],
    ];
    for (const [method, path, body] of calls) {
      const res = await t.request(path, { method, cookie: member.cookie, ...(body ? { json: body } : {}) });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect((await json(res)).error.message).toBe(TEAM_TEXT.teamRoleDenied);
    }
    expect(await roleIn(owner.id, other.id)).toBe('team_member');
    const [inv] = await t.db.select().from(userInvitations).where(eq(userInvitations.id, invitation.id));
    expect(inv.status).toBe('pending');
  });

  it("lets an agency admin manage the team under the owner's plan and permission", async () => {
    const adminMember = await addMember(owner, 'admin');
    const res = await invite(adminMember.cookie, unique('by-admin'));
    expect(res.status).toBe(201);
    const team = await json(await t.request('/api/team', { cookie: adminMember.cookie }));
    expect(team.your_role).toBe('admin');
  });
});

describe('GET /api/team', () => {
  it('lists members and pending invitations sorted by status, then e-mail', async () => {
    const o = await createUser(t, { tier: 'enterprise', permissions: ['manage_team'] });
    await invite(o.cookie, 'zed@example.com');
    await invite(o.cookie, 'amy@example.com', 'admin');
    const member = await addMember(o);
    const team = await json(await t.request('/api/team', { cookie: o.cookie }));
    expect(team.your_role).toBe('owner');
    const rows = team.entries.map((e: any) => [e.status, e.email, e.role, e.kind]);
    const members = [
      ['Active', o.email, 'owner', 'member'],
      ['Active', member.email, 'team_member', 'member'],
    ].sort((a, b) => a[1].localeCompare(b[1]));
    expect(rows).toEqual([...members, ['Pending', 'amy@example.com', 'admin', 'invitation'], ['Pending', 'zed@example.com', 'team_member', 'invitation']]);
    expect(team.entries.find((e: any) => e.email === o.email).is_you).toBe(true);
  });
});

describe('cancel, resend, change role, remove', () => {
  it('cancels a pending invitation: its link stops working', async () => {
    const email = unique('cancel');
    const { invitation } = await json(await invite(owner.cookie, email));
    const token = linkIn(await waitForMail(t, email)).split('/').pop()!;
    const res = await t.request(`/api/team/invitations/${invitation.id}`, { method: 'DELETE', cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect((await json(res)).invitation.status).toBe('cancelled');
    const view = await t.request(`/api/invitations/${token}`);
    expect(view.status).toBe(410);
    expect((await json(view)).error.message).toBe(TEAM_TEXT.cancelled);
    const again = await t.request(`/api/team/invitations/${invitation.id}`, { method: 'DELETE', cookie: owner.cookie });
    expect(again.status).toBe(409);
  });

  it('resends with a new token and a new expiry; the old link stops working', async () => {
    const email = unique('resend');
    const { invitation } = await json(await invite(owner.cookie, email));
    const oldToken = linkIn(await waitForMail(t, email)).split('/').pop()!;
    await t.db.update(userInvitations).set({ expiresAt: new Date(Date.now() + 1000) }).where(eq(userInvitations.id, invitation.id));
    t.mail.sent.length = 0;
    const res = await t.request(`/api/team/invitations/${invitation.id}/resend`, { method: 'POST', cookie: owner.cookie });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(new Date(body.invitation.expires_at).getTime()).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);
    const newToken = linkIn(await waitForMail(t, email)).split('/').pop()!;
    expect(newToken).not.toBe(oldToken);
    expect((await t.request(`/api/invitations/${oldToken}`)).status).toBe(404);
    expect((await t.request(`/api/invitations/${newToken}`)).status).toBe(200);
  });

  it("changes a member's role, and never the owner's or your own", async () => {
    const member = await addMember(owner);
    const res = await t.request(`/api/team/members/${member.id}`, { method: 'PATCH', cookie: owner.cookie, json: { role: 'admin' } });
    expect(res.status).toBe(200);
    expect(await roleIn(owner.id, member.id)).toBe('admin');
    const ownerChange = await t.request(`/api/team/members/${owner.id}`, { method: 'PATCH', cookie: member.cookie, json: { role: 'team_member' } });
    expect(ownerChange.status).toBe(403);
    expect((await json(ownerChange)).error.message).toBe(TEAM_TEXT.ownerUntouchable);
    const self = await t.request(`/api/team/members/${member.id}`, { method: 'DELETE', cookie: member.cookie });
    expect(self.status).toBe(400);
    expect((await json(self)).error.message).toBe(TEAM_TEXT.notYourself);
    const badRole = await t.request(`/api/team/members/${member.id}`, { method: 'PATCH', cookie: owner.cookie, json: { role: 'owner' } });
    expect(badRole.status).toBe(400);
  });

  it('removes a member: their open session falls back to their own agency on the next request', async () => {
    const member = await addMember(owner);
    const before = await json(await t.request('/api/me', { cookie: member.cookie }));
    expect(before.agency.ownerId).toBe(owner.id);
    expect(before.agency.role).toBe('team_member');
    const res = await t.request(`/api/team/members/${member.id}`, { method: 'DELETE', cookie: owner.cookie });
    expect(res.status).toBe(200);
    const after = await json(await t.request('/api/me', { cookie: member.cookie }));
    expect(after.agency.ownerId).toBe(member.id);
    expect(after.agency.role).toBe('owner');
    expect(after.agencies.map((a: any) => a.id)).not.toContain(before.agency.id);
    const switchBack = await t.request('/api/agencies/active', { cookie: member.cookie, json: { agencyId: before.agency.id } });
    expect(switchBack.status).toBe(404);
    expect(await roleIn(owner.id, member.id)).toBeUndefined();
    const gone = await t.request(`/api/team/members/${member.id}`, { method: 'DELETE', cookie: owner.cookie });
    expect(gone.status).toBe(404);
  });

  it("answers 404 for another agency's invitation or member, and for ids that are not ids", async () => {
    const other = await createUser(t, { tier: 'enterprise', permissions: ['manage_team'] });
    const theirMember = await addMember(other);
    const { invitation } = await json(await invite(other.cookie, unique('theirs')));
    const calls: [string, string, unknown?][] = [
      ['POST', `/api/team/invitations/${invitation.id}/resend`],
      ['DELETE', `/api/team/invitations/${invitation.id}`],
      ['PATCH', `/api/team/members/${theirMember.id}`, { role: 'admin' }],
      ['DELETE', `/api/team/members/${theirMember.id}`],
      ['DELETE', '/api/team/invitations/not-a-uuid'],
      ['POST', '/api/team/invitations/123/resend'],
      ['DELETE', `/api/team/members/${encodeURIComponent("x' or 1=1")}`],
    ];
    for (const [method, path, body] of calls) {
      const res = await t.request(path, { method, cookie: owner.cookie, ...(body ? { json: body } : {}) });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const [inv] = await t.db.select().from(userInvitations).where(eq(userInvitations.id, invitation.id));
    expect(inv.status).toBe('pending');
    expect(await roleIn(other.id, theirMember.id)).toBe('team_member');
  });
});
