// Settings › Data › Delete my account: the password and the agency name, the book and files go,
// members keep their accounts, two deletions at once, and the last super admin is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { USER_SETTINGS_TEXT } from '#shared/settings.ts';
import { agencies, agencyMembers, auditLog, customers, session, storedFiles, user } from '#server/db/schema.ts';
import { createCustomer } from '#server/test/factories.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

async function agencyOf(u: TestUser) {
  expect((await t.request('/api/me', { cookie: u.cookie })).status).toBe(200);
  const [row] = await t.db.select().from(agencies).where(eq(agencies.ownerId, u.id));
  return row;
}

const remove = (u: TestUser, body: unknown) => t.request('/api/settings/delete-account', { json: body, cookie: u.cookie });
const exists = async (id: string) => (await t.db.select({ id: user.id }).from(user).where(eq(user.id, id))).length === 1;

describe('Delete my account', () => {
  it('refuses a wrong password and a wrong agency name, and deletes nothing', async () => {
    const owner = await createUser(t, { company: 'Exact Name Agency' });
    const agency = await agencyOf(owner);
    let res = await remove(owner, { password: 'not-my-password', agency_name: agency.name });
    expect(res.status).toBe(400);
    expect((await json(res)).error.fields.password).toBe(USER_SETTINGS_TEXT.wrongPassword);
    for (const agency_name of ['exact name agency', 'Exact Name', 'Another Agency']) {
      res = await remove(owner, { password: owner.password, agency_name });
      expect(res.status, agency_name).toBe(400);
      expect((await json(res)).error.fields.agency_name).toBe(USER_SETTINGS_TEXT.wrongAgencyName);
    }
    res = await remove(owner, { password: '', agency_name: '' });
    expect((await json(res)).error.fields).toMatchObject({ password: USER_SETTINGS_TEXT.passwordRequired, agency_name: USER_SETTINGS_TEXT.agencyNameRequired });
    expect(await exists(owner.id)).toBe(true);
    expect((await t.request('/api/me', { cookie: owner.cookie })).status).toBe(200);
  });

  it('wrong passwords are limited like failed sign-ins: the sixth try is refused even with the right one', async () => {
    const owner = await createUser(t, { company: 'Guessed Agency' });
    await agencyOf(owner);
    for (let i = 0; i < 5; i++) expect((await remove(owner, { password: `guess-${i}`, agency_name: 'Guessed Agency' })).status).toBe(400);
    expect((await remove(owner, { password: owner.password, agency_name: 'Guessed Agency' })).status).toBe(429);
    expect(await exists(owner.id)).toBe(true);
  });

  it('deletes the user, the agency, its book, files and sessions; audited as user.deleted_self', async () => {
    const owner = await createUser(t, { company: 'Gone Agency', tier: 'professional' });
    const agency = await agencyOf(owner);
    const call = (p: string, init?: { method?: string; json?: unknown; cookie?: string }) => t.request(p, init);
    await createCustomer(call, owner.cookie);
    const key = `test/${agency.id}/receipt.pdf`;
    await t.deps.storage.put(key, new TextEncoder().encode('%PDF-1.4'), 'application/pdf');
    await t.db.insert(storedFiles).values({ ownerId: owner.id, agencyId: agency.id, storageKey: key, fileName: 'r.pdf', contentType: 'application/pdf', size: 8 });
    const res = await remove(owner, { password: owner.password, agency_name: 'Gone Agency' });
    expect(res.status).toBe(200);
    expect(await exists(owner.id)).toBe(false);
    expect(await t.db.select().from(agencies).where(eq(agencies.id, agency.id))).toHaveLength(0);
    expect(await t.db.select().from(customers).where(eq(customers.agencyId, agency.id))).toHaveLength(0);
    expect(await t.db.select().from(session).where(eq(session.userId, owner.id))).toHaveLength(0);
    expect(await t.deps.storage.get(key)).toBeNull();
    expect((await t.request('/api/me', { cookie: owner.cookie })).status).toBe(401);
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'user.deleted_self'), eq(auditLog.targetId, owner.id)));
    expect(entry).toMatchObject({ actorId: owner.id, actorEmail: owner.email, targetLabel: owner.email, before: { agency: 'Gone Agency' } });
  });

  it('members of the deleted agency keep their accounts and their own agencies', async () => {
    const owner = await createUser(t, { company: 'Team Agency', tier: 'enterprise' });
    const member = await createUser(t, { company: 'Member Own Agency' });
    const agency = await agencyOf(owner);
    const own = await agencyOf(member);
    await t.db.insert(agencyMembers).values({ agencyId: agency.id, userId: member.id, role: 'admin' });
    expect((await t.request('/api/agencies/active', { cookie: member.cookie, json: { agencyId: agency.id } })).status).toBe(200);
    expect((await remove(owner, { password: owner.password, agency_name: 'Team Agency' })).status).toBe(200);
    expect(await exists(member.id)).toBe(true);
    const me = await t.request('/api/me', { cookie: member.cookie });
    expect(me.status).toBe(200);
    const agencyNow = await json(await t.request('/api/settings/agency', { cookie: member.cookie }));
    expect(agencyNow.agency).toMatchObject({ id: own.id, name: 'Member Own Agency' });
  });

  it('a member working in someone else’s agency cannot delete that agency', async () => {
    const owner = await createUser(t, { company: 'Not Yours', tier: 'enterprise' });
    const member = await createUser(t);
    const agency = await agencyOf(owner);
    await t.db.insert(agencyMembers).values({ agencyId: agency.id, userId: member.id, role: 'admin' });
    expect((await t.request('/api/agencies/active', { cookie: member.cookie, json: { agencyId: agency.id } })).status).toBe(200);
    const res = await remove(member, { password: member.password, agency_name: 'Not Yours' });
    expect(res.status).toBe(403);
    expect(await exists(owner.id)).toBe(true);
    expect(await exists(member.id)).toBe(true);
  });

  it('two deletions at once: exactly one succeeds, the other is refused cleanly', async () => {
    const owner = await createUser(t, { company: 'Twice Agency' });
    await agencyOf(owner);
    const body = { password: owner.password, agency_name: 'Twice Agency' };
    const statuses = (await Promise.all([remove(owner, body), remove(owner, body)])).map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    expect([401, 404]).toContain(statuses[1]);
    expect(await exists(owner.id)).toBe(false);
    expect(await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'user.deleted_self'), eq(auditLog.targetId, owner.id)))).toHaveLength(1);
  });

  it('the last super admin cannot delete themselves; with another super admin they can', async () => {
    const supers = await t.db.select({ id: user.id }).from(user).where(eq(user.role, 'super_admin'));
    // this file's database starts with whatever super admins the harness seeds: demote them for the test
    for (const s of supers) await t.db.update(user).set({ role: 'user' }).where(eq(user.id, s.id));
    const boss = await createUser(t, { role: 'super_admin', company: 'Boss Agency' });
    await agencyOf(boss);
    const res = await remove(boss, { password: boss.password, agency_name: 'Boss Agency' });
    expect(res.status).toBe(409);
    expect((await json(res)).error.message).toBe(USER_SETTINGS_TEXT.lastSuperAdmin);
    expect(await exists(boss.id)).toBe(true);
    await createUser(t, { role: 'super_admin' });
    expect((await remove(boss, { password: boss.password, agency_name: 'Boss Agency' })).status).toBe(200);
    for (const s of supers) await t.db.update(user).set({ role: 'super_admin' }).where(eq(user.id, s.id));
  });
});
