// A member removed from an agency is told so on their next request, once, instead of silently
// landing in their own book.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { REMOVED_FROM_AGENCY_HEADER, TEAM_TEXT } from '#shared/team.ts';
import { agencies, agencyMembers, session } from '#server/db/schema.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';

let t: TestContext;
let owner: TestUser;
let agency: { id: string; name: string };
beforeAll(async () => {
  t = await createTestContext();
  owner = await createUser(t, { tier: 'enterprise', permissions: ['manage_team'], company: 'Notice & Partners' });
  agency = (await json(await t.request('/api/me', { cookie: owner.cookie }))).agency;
});
afterAll(async () => {
  await t.close();
});

/** A new user who is a member of the owner's agency and works in it. */
async function joinedMember(): Promise<TestUser> {
  const member = await createUser(t);
  // signed up normally: their first request makes their own agency (one who signs up through an
  // invitation has none, and works in the agency they joined)
  await t.request('/api/me', { cookie: member.cookie });
  await t.db.insert(agencyMembers).values({ agencyId: agency.id, userId: member.id, role: 'team_member' });
  expect((await t.request('/api/agencies/active', { cookie: member.cookie, json: { agencyId: agency.id } })).status).toBe(200);
  return member;
}

describe('a removed member is told on their next request', () => {
  it('every answer names the lost agency in a header until /api/me hands the notice out, once', async () => {
    const member = await joinedMember();
    const before = await t.request('/api/policies', { cookie: member.cookie });
    expect(before.headers.get(REMOVED_FROM_AGENCY_HEADER)).toBeNull();
    expect((await t.request(`/api/team/members/${member.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(200);

    const next = await t.request('/api/policies', { cookie: member.cookie });
    expect(next.status).toBe(200);
    expect(decodeURIComponent(next.headers.get(REMOVED_FROM_AGENCY_HEADER) ?? '')).toBe('Notice & Partners');
    const me = await t.request('/api/me', { cookie: member.cookie });
    const body = await json(me);
    expect(body.removed_from_agency).toBe('Notice & Partners');
    expect(body.agency.ownerId).toBe(member.id);
    expect(TEAM_TEXT.removedFromAgency(body.removed_from_agency)).toBe(
      'You were removed from Notice & Partners. You are now working in your own agency.',
    );

    const again = await t.request('/api/me', { cookie: member.cookie });
    expect(again.headers.get(REMOVED_FROM_AGENCY_HEADER)).toBeNull();
    expect((await json(again)).removed_from_agency).toBeNull();
    expect((await t.request('/api/policies', { cookie: member.cookie })).headers.get(REMOVED_FROM_AGENCY_HEADER)).toBeNull();
  });

  it('a membership lost another way (not through removeMember) is noticed and told too', async () => {
    const member = await joinedMember();
    await t.db.delete(agencyMembers).where(eq(agencyMembers.userId, member.id));
    const [own] = await t.db.select().from(agencies).where(eq(agencies.ownerId, member.id));
    const res = await t.request('/api/me', { cookie: member.cookie });
    const body = await json(res);
    expect(body.agency.id).toBe(own.id);
    expect(body.removed_from_agency).toBe('Notice & Partners');
    const rows = await t.db.select().from(session).where(eq(session.userId, member.id));
    expect(rows.every((s) => s.activeAgencyId === null && s.removedFromAgency === null)).toBe(true);
  });

  it("a member who was never removed, or the owner, sees no notice", async () => {
    const member = await joinedMember();
    for (const cookie of [member.cookie, owner.cookie]) {
      const res = await t.request('/api/me', { cookie });
      expect(res.headers.get(REMOVED_FROM_AGENCY_HEADER)).toBeNull();
      expect((await json(res)).removed_from_agency).toBeNull();
    }
  });
});
