import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ADMIN_TEXT } from '#shared/admin.ts';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { account, agencies, paymentSubmissions, session, storedFiles, user, userPermissions } from '#server/db/schema.ts';
import { fileOf, PDF } from '../payments/fixtures.ts';
import { contextWith, createUser, json, signIn, type TestContext, type TestUser } from '#server/test/harness.ts';

let t: TestContext, superAdmin: TestUser, admin: TestUser, plain: TestUser;
beforeAll(async () => void ({ t, superAdmin, admin, plain } = await contextWith({ superAdmin: { role: 'super_admin', name: 'Sue Super' }, admin: { role: 'admin', name: 'Adam Admin' }, plain: { name: 'Paula Plain', company: 'Plainfield Mutual' } })));
afterAll(() => t.close());

const patch = (u: TestUser, id: string, body: unknown) => t.request(`/api/admin/users/${id}`, { method: 'PATCH', json: body, cookie: u.cookie });

describe('admin guard', () => {
  it("answers 'Permission denied' to a non-admin on every admin route, and 401 without a session", async () => {
    const target = await createUser(t);
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/users'],
      ['PATCH', `/api/admin/users/${target.id}`, { subscription_tier: 'enterprise' }],
      ['POST', `/api/admin/users/${target.id}/permissions/manage_team`],
      ['DELETE', `/api/admin/users/${target.id}/permissions/manage_team`],
      ['DELETE', `/api/admin/users/${target.id}`],
      ['GET', '/api/admin/payment-submissions'],
      ['POST', '/api/admin/payment-submissions/00000000-0000-4000-8000-000000000000/approve', {}],
      ['POST', '/api/admin/payment-submissions/00000000-0000-4000-8000-000000000000/reject', { notes: 'x' }],
      ['GET', '/api/admin/messages'],
      ['POST', '/api/admin/messages/00000000-0000-4000-8000-000000000000/read', {}],
    ];
    for (const [method, path, body] of calls) {
      const res = await t.request(path, { method, json: body, cookie: plain.cookie });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect((await json(res)).error.message).toBe(ADMIN_TEXT.permissionDenied);
      const anon = await t.request(path, { method, json: body });
      expect(anon.status, `${method} ${path} anonymous`).toBe(401);
    }
    const [row] = await t.db.select().from(user).where(eq(user.id, target.id));
    expect(row.subscriptionTier).toBe('starter');
  });
});

describe('user list', () => {
  it('searches name, e-mail and company case-insensitively, filters by role and tier, 25 a page', async () => {
    const marker = `zq${Math.random().toString(36).slice(2, 7)}`;
    const a = await createUser(t, { name: `Ann ${marker.toUpperCase()}`, tier: 'business' });
    const b = await createUser(t, { email: `${marker}-b@example.com` });
    const c = await createUser(t, { company: `The ${marker} Group`, tier: 'business' });
    let res = await t.request(`/api/admin/users?search=${marker.toUpperCase()}`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    let body = await json(res);
    expect(body.total).toBe(3);
    expect(body.rows.map((r: { id: string }) => r.id).sort()).toEqual([a.id, b.id, c.id].sort());
    expect(body.rows.find((r: { id: string }) => r.id === a.id)).toMatchObject({ first_name: 'Ann', last_name: marker.toUpperCase(), role: 'user', subscription_tier: 'business', permissions: [] });

    res = await t.request(`/api/admin/users?search=${marker}&tier=business`, { cookie: admin.cookie });
    body = await json(res);
    expect(body.rows.map((r: { id: string }) => r.id).sort()).toEqual([a.id, c.id].sort());

    res = await t.request('/api/admin/users?role=super_admin', { cookie: admin.cookie });
    body = await json(res);
    expect(body.rows.every((r: { role: string }) => r.role === 'super_admin')).toBe(true);
    expect(body.rows.some((r: { id: string }) => r.id === superAdmin.id)).toBe(true);

    // LIKE wildcards in the search box are literal characters
    res = await t.request('/api/admin/users?search=%25', { cookie: admin.cookie });
    expect((await json(res)).total).toBe(0);

    // rows straight into the table: paging needs many users, not many sign-ups
    await t.db.insert(user).values(
      Array.from({ length: 24 }, (_, i) => ({
        id: `paging${marker}${i}`,
        name: `Page User${i}`,
        firstName: 'Page',
        lastName: `User${i}`,
        email: `paging-${marker}-${i}@example.com`,
        company: `Paging ${marker}`,
        emailVerified: true,
      })),
    );
    res = await t.request(`/api/admin/users?search=${marker}&page=2`, { cookie: admin.cookie });
    body = await json(res);
    expect(body).toMatchObject({ total: 27, page: 2, pageSize: 25 });
    expect(body.rows).toHaveLength(2);
    // nonsense paging falls back to page 1
    res = await t.request(`/api/admin/users?search=${marker}&page=abc&role=nope`, { cookie: admin.cookie });
    expect((await json(res)).page).toBe(1);
  });
});

describe('role and tier changes', () => {
  it('changes a tier (status active, trial over) and a role', async () => {
    const target = await createUser(t);
    await t.db.update(user).set({ subscriptionStatus: 'trialing', subscriptionTier: 'business', trialEndsAt: new Date(Date.now() + 86_400_000) }).where(eq(user.id, target.id));
    let res = await patch(admin, target.id, { subscription_tier: 'enterprise' });
    expect(res.status).toBe(200);
    expect((await json(res)).user).toMatchObject({ subscription_tier: 'enterprise', effective_tier: 'enterprise', subscription_status: 'active', trial_ends_at: null });
    res = await patch(superAdmin, target.id, { role: 'admin' });
    expect(res.status).toBe(200);
    expect((await json(res)).user.role).toBe('admin');
    const me = await json(await t.request('/api/me', { cookie: target.cookie }));
    expect(me.profile).toMatchObject({ role: 'admin', subscription_tier: 'enterprise' });
  });

  it('validates the body and refuses ids that do not exist', async () => {
    const target = await createUser(t);
    let res = await patch(admin, target.id, { role: 'god' });
    expect(res.status).toBe(400);
    expect((await json(res)).error.fields.role).toBe(ADMIN_TEXT.invalidRole);
    res = await patch(admin, target.id, { subscription_tier: 'platinum' });
    expect((await json(res)).error.fields.subscription_tier).toBe(ADMIN_TEXT.invalidTier);
    res = await patch(admin, target.id, {});
    expect(res.status).toBe(400);
    expect((await json(res)).error.message).toBe(ADMIN_TEXT.nothingToUpdate);
    res = await patch(admin, 'no-such-user-id', { role: 'user' });
    expect(res.status).toBe(404);
    res = await patch(admin, '../../etc', { role: 'user' });
    expect(res.status).toBe(404);
  });

  it('an admin cannot change their own role nor grant a role above their own', async () => {
    let res = await patch(admin, admin.id, { role: 'user' });
    expect(res.status).toBe(403);
    expect((await json(res)).error.message).toBe(ADMIN_TEXT.cannotChangeOwnRole);
    res = await patch(admin, admin.id, { role: 'super_admin' });
    expect(res.status).toBe(403);

    const target = await createUser(t);
    for (const role of ['admin', 'super_admin']) {
      res = await patch(admin, target.id, { role });
      expect(res.status).toBe(403);
      expect((await json(res)).error.message).toBe(ADMIN_TEXT.roleAboveOwn);
    }
    res = await patch(admin, superAdmin.id, { role: 'user' });
    expect(res.status).toBe(403);
    expect((await json(res)).error.message).toBe(ADMIN_TEXT.targetOutranks);
    const [row] = await t.db.select().from(user).where(eq(user.id, superAdmin.id));
    expect(row.role).toBe('super_admin');
  });

  it('a super admin can grant super_admin, but the last super admin cannot be demoted', async () => {
    let res = await patch(superAdmin, superAdmin.id, { role: 'admin' });
    expect(res.status).toBe(403);
    const second = await createUser(t);
    res = await patch(superAdmin, second.id, { role: 'super_admin' });
    expect(res.status).toBe(200);
    // the second demotes the first: fine, one is left
    res = await patch(second, superAdmin.id, { role: 'admin' });
    expect(res.status).toBe(200);
    // the remaining super admin is now the last: the first (an admin now) cannot touch them
    res = await patch(superAdmin, second.id, { role: 'user' });
    expect(res.status).toBe(403);
    // restore
    await t.db.update(user).set({ role: 'super_admin' }).where(eq(user.id, superAdmin.id));
    await t.db.update(user).set({ role: 'user' }).where(eq(user.id, second.id));
  });

  it('refuses to demote the last super admin even when asked by another route of the rules', async () => {
    const supers = await t.db.select().from(user).where(eq(user.role, 'super_admin'));
    expect(supers).toHaveLength(1);
    // Two super admins demote each other at the same moment, several times over (on PostgreSQL the
    // row locks once deadlocked now and then and the loser got a 500).
    for (let round = 0; round < 6; round++) {
      const other = await createUser(t, { role: 'super_admin' });
      const [r1, r2] = await Promise.all([patch(other, superAdmin.id, { role: 'user' }), patch(superAdmin, other.id, { role: 'user' })]);
      // exactly one wins: the other is refused as the last super admin, or no longer has the role to act
      expect([r1.status, r2.status].filter((s) => s === 200)).toHaveLength(1);
      const loser = r1.status === 200 ? r2 : r1;
      expect([403, 409]).toContain(loser.status);
      const left = await t.db.select().from(user).where(eq(user.role, 'super_admin'));
      expect(left).toHaveLength(1);
      // put the original back as the only super admin for the next round
      await t.db.update(user).set({ role: 'super_admin' }).where(eq(user.id, superAdmin.id));
      await t.db.update(user).set({ role: 'user' }).where(eq(user.id, other.id));
    }
  });
});

describe('permissions', () => {
  it('grants and revokes manage_team; unknown permissions are 404', async () => {
    const target = await createUser(t, { tier: 'enterprise' });
    let res = await t.request(`/api/admin/users/${target.id}/permissions/manage_team`, { method: 'POST', cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect((await json(res)).user.permissions).toEqual(['manage_team']);
    // granting twice is harmless
    res = await t.request(`/api/admin/users/${target.id}/permissions/manage_team`, { method: 'POST', cookie: admin.cookie });
    expect(res.status).toBe(200);
    const rows = await t.db.select().from(userPermissions).where(eq(userPermissions.userId, target.id));
    expect(rows).toMatchObject([{ permissionName: 'manage_team', grantedBy: admin.id }]);
    const me = await json(await t.request('/api/me', { cookie: target.cookie }));
    expect(me.permissions).toEqual(['manage_team']);
    res = await t.request(`/api/admin/users/${target.id}/permissions/manage_team`, { method: 'DELETE', cookie: admin.cookie });
    expect((await json(res)).user.permissions).toEqual([]);
    res = await t.request(`/api/admin/users/${target.id}/permissions/launch_missiles`, { method: 'POST', cookie: admin.cookie });
    expect(res.status).toBe(404);
    res = await t.request(`/api/admin/users/nobody-here-123/permissions/manage_team`, { method: 'POST', cookie: admin.cookie });
    expect(res.status).toBe(404);
  });
});

describe('delete', () => {
  it('removes the user, their sign-in, sessions and agency in one go; they can no longer sign in', async () => {
    const target = await createUser(t, { permissions: ['manage_team'] });
    await t.request('/api/me', { cookie: target.cookie }); // creates the personal agency
    const res = await t.request(`/api/admin/users/${target.id}`, { method: 'DELETE', cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(await t.db.select().from(user).where(eq(user.id, target.id))).toHaveLength(0);
    expect(await t.db.select().from(account).where(eq(account.userId, target.id))).toHaveLength(0);
    expect(await t.db.select().from(session).where(eq(session.userId, target.id))).toHaveLength(0);
    expect(await t.db.select().from(agencies).where(eq(agencies.ownerId, target.id))).toHaveLength(0);
    expect((await t.request('/api/me', { cookie: target.cookie })).status).toBe(401);
    await expect(signIn(t, target.email, target.password)).rejects.toThrow(/401/);
    const again = await t.request(`/api/admin/users/${target.id}`, { method: 'DELETE', cookie: admin.cookie });
    expect(again.status).toBe(404);
  });

  it('also removes the payment submissions, premium receipts and stored files the user owns', async () => {
    const target = await createUser(t);
    const fd = new FormData();
    for (const [k, v] of Object.entries({ selected_tier: 'business', payment_method: 'Other', payment_date: '2026-01-02', agreed_to_terms: 'true' })) fd.append(k, v);
    fd.append('receipt', fileOf(PDF, 'r.pdf'));
    const res = await t.request('/api/payment-submissions', { method: 'POST', body: fd, cookie: target.cookie });
    expect(res.status).toBe(201);
    const dir = path.join(t.config.DATA_DIR, 'files', target.id);
    expect(readdirSync(dir)).toHaveLength(1);
    const del = await t.request(`/api/admin/users/${target.id}`, { method: 'DELETE', cookie: admin.cookie });
    expect(del.status).toBe(200);
    expect(await t.db.select().from(paymentSubmissions).where(eq(paymentSubmissions.userId, target.id))).toHaveLength(0);
    expect(await t.db.select().from(storedFiles).where(eq(storedFiles.ownerId, target.id))).toHaveLength(0);
    expect(readdirSync(dir)).toHaveLength(0);
  });

  it('refuses to delete yourself, an admin (unless super admin) and the last super admin', async () => {
    let res = await t.request(`/api/admin/users/${admin.id}`, { method: 'DELETE', cookie: admin.cookie });
    expect(res.status).toBe(403);
    expect((await json(res)).error.message).toBe(ADMIN_TEXT.cannotDeleteSelf);
    res = await t.request(`/api/admin/users/${superAdmin.id}`, { method: 'DELETE', cookie: admin.cookie });
    expect(res.status).toBe(403);
    expect((await json(res)).error.message).toBe(ADMIN_TEXT.targetOutranks);
    res = await t.request(`/api/admin/users/${superAdmin.id}`, { method: 'DELETE', cookie: superAdmin.cookie });
    expect(res.status).toBe(403);
    const other = await createUser(t, { role: 'super_admin' });
    // other deletes the original while both exist: allowed; then other is the last one
    const victim = await createUser(t, { role: 'super_admin' });
    res = await t.request(`/api/admin/users/${victim.id}`, { method: 'DELETE', cookie: other.cookie });
    expect(res.status).toBe(200);
    await t.db.update(user).set({ role: 'user' }).where(eq(user.id, other.id));
  });
});
