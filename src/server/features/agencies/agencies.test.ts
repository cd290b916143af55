import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEAM_TEXT } from '#shared/team.ts';
import { session } from '#server/db/schema.ts';
import { createTestContext, createUser, json, linkIn, waitForMail, type TestContext, type TestUser } from '#server/test/harness.ts';

let t: TestContext;
let owner: TestUser;
let member: TestUser;
let ownerAgencyId: string;
let memberAgencyId: string;

beforeAll(async () => {
  t = await createTestContext();
  owner = await createUser(t, { tier: 'enterprise', permissions: ['manage_team'], company: 'Zeta Brokers' });
  ownerAgencyId = (await json(await t.request('/api/me', { cookie: owner.cookie }))).agency.id;
  const email = `member-${Date.now()}@example.com`;
  member = await createUser(t, { email, company: 'Alpha Own Book' });
  memberAgencyId = (await json(await t.request('/api/me', { cookie: member.cookie }))).agency.id;
  await t.request('/api/team/invitations', { cookie: owner.cookie, json: { email } });
  const token = linkIn(await waitForMail(t, email)).split('/').pop()!;
  expect((await t.request(`/api/invitations/${token}/accept`, { method: 'POST', cookie: member.cookie })).status).toBe(200);
});
afterAll(async () => t.close());

const switchTo = (cookie: string, agencyId: unknown) => t.request('/api/agencies/active', { cookie, json: { agencyId } });

describe('agencies', () => {
  it("lists the user's agencies with role, plan and the current one", async () => {
    const res = await t.request('/api/agencies', { cookie: member.cookie });
    expect(res.status).toBe(200);
    const { agencies } = await json(res);
    expect(agencies.map((a: any) => [a.name, a.role, a.tier])).toEqual([
      ['Alpha Own Book', 'owner', 'starter'],
      ['Zeta Brokers', 'team_member', 'enterprise'],
    ]);
    expect(agencies.find((a: any) => a.current).id).toBe(ownerAgencyId);
  });

  it('switches between own agency and a membership; the choice lives in the session', async () => {
    const back = await switchTo(member.cookie, memberAgencyId);
    expect(back.status).toBe(200);
    expect((await json(back)).agency).toMatchObject({ id: memberAgencyId, role: 'owner' });
    let me = await json(await t.request('/api/me', { cookie: member.cookie }));
    expect(me.agency).toMatchObject({ id: memberAgencyId, role: 'owner', tier: 'starter' });
    const there = await switchTo(member.cookie, ownerAgencyId);
    expect(there.status).toBe(200);
    me = await json(await t.request('/api/me', { cookie: member.cookie }));
    expect(me.agency).toMatchObject({ id: ownerAgencyId, role: 'team_member', tier: 'enterprise' });
    const rows = await t.db.select().from(session).where(eq(session.userId, member.id));
    expect(rows.some((s) => s.activeAgencyId === ownerAgencyId)).toBe(true);
  });

  it("refuses an agency the user is not a member of (404), a malformed id, and changes nothing", async () => {
    const stranger = await createUser(t);
    for (const id of [ownerAgencyId, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await switchTo(stranger.cookie, id);
      expect(res.status).toBe(404);
      expect((await json(res)).error.message).toBe(TEAM_TEXT.agencyNotFound);
    }
    const [s] = await t.db.select().from(session).where(eq(session.userId, stranger.id));
    expect(s.activeAgencyId).toBeNull();
    const missing = await switchTo(stranger.cookie, '');
    expect(missing.status).toBe(400);
  });

  it("answers 401 'Not logged in' without a session", async () => {
    for (const res of [await t.request('/api/agencies'), await switchTo('', ownerAgencyId)]) {
      expect(res.status).toBe(401);
      expect((await json(res)).error.message).toBe('Not logged in');
    }
  });

  it('keeps a team_member out of the team routes while working in the agency', async () => {
    await switchTo(member.cookie, ownerAgencyId);
    const res = await t.request('/api/team', { cookie: member.cookie });
    expect(res.status).toBe(403);
    expect((await json(res)).error.message).toBe(TEAM_TEXT.teamRoleDenied);
  });
});
