// Access ends when membership ends (issue 26 §2): what a member leaves behind in an agency — API
// keys, document links, invitations, webhook endpoints, sessions — stops acting for them the moment
// they are removed (or, for keys, no longer an admin).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { API_TEXT } from '#shared/api-keys.ts';
import { TEAM_TEXT } from '#shared/team.ts';
import { activityLog, agencyMembers, session as sessionTable, user, userInvitations } from '#server/db/schema.ts';
import { createCustomer, createPolicy, type Call } from '#server/test/factories.ts';
import { createTestContext, createUser, json, linkIn, pathOf, waitForMail, type TestContext, type TestUser } from '#server/test/harness.ts';
import { PDF } from '../payments/fixtures.ts';

let t: TestContext;
let call: Call;
let owner: TestUser;
let agencyId: string;

const READ = { customers: 'read', policies: 'read', communications: 'none' };

/** A user who joins the owner's agency in `role` and works in it. */
async function member(role: 'admin' | 'team_member', name = 'Ada Admin'): Promise<TestUser> {
  const [firstName, lastName] = name.split(' ');
  const u = await createUser(t, { name });
  await t.db.update(user).set({ firstName, lastName }).where(eq(user.id, u.id));
  await t.db.insert(agencyMembers).values({ agencyId, userId: u.id, role });
  await t.db.update(sessionTable).set({ activeAgencyId: agencyId }).where(eq(sessionTable.userId, u.id));
  return u;
}

async function keyOf(u: TestUser, name: string): Promise<string> {
  const res = await t.request('/api/api-keys', { cookie: u.cookie, json: { name, scopes: READ } });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json(res)).key;
}

function upload(cookie: string, policyId: string) {
  const fd = new FormData();
  fd.append('policy_id', policyId);
  fd.append('file', new File([PDF as BlobPart], 'schedule.pdf', { type: 'application/pdf' }));
  return t.request('/api/documents/upload', { method: 'POST', body: fd, cookie });
}

const readBook = (key: string) => t.request('/api/v1/customers', { headers: { authorization: `Bearer ${key}` } });
const remove = (u: TestUser) => t.request(`/api/team/members/${u.id}`, { method: 'DELETE', cookie: owner.cookie });

beforeAll(async () => {
  // endpoints on this machine's loopback are accepted, so no DNS lookup is needed
  t = await createTestContext({ env: { WEBHOOKS_ALLOW_PRIVATE: '1' } });
  call = (p, init) => t.request(p, init);
  owner = await createUser(t, { tier: 'enterprise', permissions: ['manage_team'] });
  agencyId = (await json(await t.request('/api/me', { cookie: owner.cookie }))).agency.id;
  await createCustomer(call, owner.cookie, { name: 'Carla Client' });
});
afterAll(async () => {
  await t.close();
});

describe("a removed member's API keys", () => {
  it('answer 401 once the admin who created them is removed; logged, and the owner is told why', async () => {
    const admin = await member('admin', 'Ada Admin');
    const key = await keyOf(admin, 'Ada zap');
    const ownersKey = await keyOf(owner, 'Owner zap');
    expect((await readBook(key)).status).toBe(200);

    expect((await remove(admin)).status).toBe(200);
    const res = await readBook(key);
    expect(res.status).toBe(401);
    expect((await json(res)).error.message).toBe(API_TEXT.invalidKey);
    // the owner's own key is untouched
    expect((await readBook(ownersKey)).status).toBe(200);

    const list = await json(await t.request('/api/api-keys', { cookie: owner.cookie }));
    expect(list.keys.map((k: { name: string }) => k.name)).toEqual(['Owner zap']);
    expect(list.revoked).toEqual([expect.objectContaining({ name: 'Ada zap', reason: API_TEXT.revokedRemoved('Ada Admin') })]);
    const entries = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.agencyId, agencyId), like(activityLog.summary, 'Revoked API key Ada zap%')));
    expect(entries).toHaveLength(1);
    expect(entries[0].summary).toContain('Ada Admin was removed from the team.');
  });

  it('answer 401 once their admin becomes a team member (only the owner and admins hold keys)', async () => {
    const admin = await member('admin', 'Dora Demoted');
    const key = await keyOf(admin, 'Dora zap');
    const res = await t.request(`/api/team/members/${admin.id}`, { method: 'PATCH', cookie: owner.cookie, json: { role: 'team_member' } });
    expect(res.status).toBe(200);
    expect((await readBook(key)).status).toBe(401);
    const list = await json(await t.request('/api/api-keys', { cookie: owner.cookie }));
    expect(list.revoked.find((k: { name: string }) => k.name === 'Dora zap')?.reason).toBe(API_TEXT.revokedDemoted('Dora Demoted'));
    // made admin again, the old key stays revoked
    await t.request(`/api/team/members/${admin.id}`, { method: 'PATCH', cookie: owner.cookie, json: { role: 'admin' } });
    expect((await readBook(key)).status).toBe(401);
  });

  it("another agency's keys are not touched by this agency's removal", async () => {
    const rival = await createUser(t, { tier: 'enterprise', permissions: ['manage_team'] });
    const rivalKey = await keyOf(rival, 'Rival zap');
    const admin = await member('admin', 'Otto Other');
    expect((await remove(admin)).status).toBe(200);
    expect((await readBook(rivalKey)).status).toBe(200);
    const rivalList = await json(await t.request('/api/api-keys', { cookie: rival.cookie }));
    expect(rivalList.revoked).toEqual([]);
  });
});

describe("a removed member's other traces", () => {
  it('document links issued to them stop working; the owner still opens the document', async () => {
    const m = await member('team_member', 'Lena Links');
    const policy = await createPolicy(call, owner.cookie, { policy_number: 'MEM-1', customer_name: 'Carla Client' });
    const up = await upload(m.cookie, policy.id);
    expect(up.status).toBe(201);
    const doc = (await json(up)).document;
    const links = await Promise.all(
      ['inline', 'attachment'].map(async (d) => (await json(await t.request(`/api/documents/${doc.id}/link?disposition=${d}`, { cookie: m.cookie }))).url as string),
    );
    for (const url of links) expect((await t.request(url, { cookie: m.cookie })).status).toBe(200);

    expect((await remove(m)).status).toBe(200);
    // back in their own (Starter) agency: no documents there at all, and none of this agency's
    for (const url of links) expect([403, 404]).toContain((await t.request(url, { cookie: m.cookie })).status);
    expect([403, 404]).toContain((await t.request(`/api/documents/${doc.id}/link`, { cookie: m.cookie })).status);
    // even on a plan with documents, the link is bound to the agency it was made in
    await t.db.update(user).set({ subscriptionTier: 'business', subscriptionStatus: 'active' }).where(eq(user.id, m.id));
    for (const url of links) expect((await t.request(url, { cookie: m.cookie })).status).toBe(404);
    const ownerLink = (await json(await t.request(`/api/documents/${doc.id}/link?disposition=attachment`, { cookie: owner.cookie }))).url;
    expect((await t.request(ownerLink, { cookie: owner.cookie })).status).toBe(200);
  });

  it('invitations they sent are cancelled (the link answers "cancelled"), logged; the owner\'s stay pending', async () => {
    const admin = await member('admin', 'Ivo Inviter');
    const sent = await t.request('/api/team/invitations', { cookie: admin.cookie, json: { email: 'friend-of-ivo@example.com', role: 'admin' } });
    expect(sent.status).toBe(201);
    const token = pathOf(linkIn(await waitForMail(t, 'friend-of-ivo@example.com'))).split('/').pop()!;
    const ownerSent = await t.request('/api/team/invitations', { cookie: owner.cookie, json: { email: 'owners-pick@example.com', role: 'team_member' } });
    expect(ownerSent.status).toBe(201);
    expect((await t.request(`/api/invitations/${token}`)).status).toBe(200);

    expect((await remove(admin)).status).toBe(200);
    const res = await t.request(`/api/invitations/${token}`);
    expect(res.status).toBe(410);
    expect((await json(res)).error.message).toBe(TEAM_TEXT.cancelled);
    const rows = await t.db.select().from(userInvitations).where(eq(userInvitations.agencyId, agencyId));
    expect(rows.find((r) => r.email === 'friend-of-ivo@example.com')?.status).toBe('cancelled');
    expect(rows.find((r) => r.email === 'owners-pick@example.com')?.status).toBe('pending');
    const [entry] = await t.db.select().from(activityLog).where(like(activityLog.summary, 'Cancelled the invitation of friend-of-ivo@example.com%'));
    expect(entry.summary).toContain('Ivo Inviter');
  });

  it('webhook endpoints they added stay with the agency and say who added them', async () => {
    const admin = await member('admin', 'Wren Webhook');
    const made = await t.request('/api/webhooks', {
      cookie: admin.cookie,
      json: { url: 'http://127.0.0.1:9/in', events: ['customer.created'], enabled: true, description: 'CRM sync' },
    });
    expect(made.status, await made.clone().text()).toBe(201);
    expect(await json(made)).toMatchObject({ created_by_name: 'Wren Webhook', created_by_left: false });

    expect((await remove(admin)).status).toBe(200);
    const list = await json(await t.request('/api/webhooks', { cookie: owner.cookie }));
    const endpoint = list.rows.find((e: { url: string }) => e.url === 'http://127.0.0.1:9/in');
    expect(endpoint).toMatchObject({ enabled: true, created_by_name: 'Wren Webhook', created_by_left: true });
    expect((await t.request('/api/webhooks', { cookie: admin.cookie })).status).toBe(403);
  });

  it('their sessions in the agency end there: every open session falls back to their own agency', async () => {
    const m = await member('team_member', 'Sam Sessions');
    const second = await t.request('/api/account/sign-in', { json: { email: m.email, password: m.password } });
    expect(second.status).toBe(200);
    await t.db.update(sessionTable).set({ activeAgencyId: agencyId }).where(eq(sessionTable.userId, m.id));
    expect((await json(await t.request('/api/me', { cookie: m.cookie }))).agency.id).toBe(agencyId);

    expect((await remove(m)).status).toBe(200);
    const sessions = await t.db.select().from(sessionTable).where(eq(sessionTable.userId, m.id));
    expect(sessions.length).toBeGreaterThanOrEqual(2);
    expect(sessions.every((s) => s.activeAgencyId !== agencyId)).toBe(true);
    const me = await json(await t.request('/api/me', { cookie: m.cookie }));
    expect(me.agency.id).not.toBe(agencyId);
    expect((await t.request('/api/customers', { cookie: m.cookie })).status).toBe(200);
    const book = await json(await t.request('/api/customers', { cookie: m.cookie }));
    expect(JSON.stringify(book)).not.toContain('Carla Client');
  });
});
