// A platform admin's reach: never their own plan or permissions; a super admin only by a super admin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ADMIN_TEXT } from '#shared/admin.ts';
import { user, userPermissions } from '#server/db/schema.ts';
import { contextWith, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';

let t: TestContext, superAdmin: TestUser, admin: TestUser;
beforeAll(async () => void ({ t, superAdmin, admin } = await contextWith({ superAdmin: { role: 'super_admin' }, admin: { role: 'admin' } })));
afterAll(() => t.close());

const setPlan = (actor: TestUser, id: string, tier: string) =>
  t.request(`/api/admin/users/${id}`, { method: 'PATCH', json: { subscription_tier: tier }, cookie: actor.cookie });
const permission = (actor: TestUser, id: string, method: 'POST' | 'DELETE') =>
  t.request(`/api/admin/users/${id}/permissions/manage_team`, { method, cookie: actor.cookie });
const tierOf = async (id: string) => (await t.db.select().from(user).where(eq(user.id, id)))[0].subscriptionTier;
const permissionsOf = async (id: string) =>
  (await t.db.select().from(userPermissions).where(eq(userPermissions.userId, id))).map((p) => p.permissionName);

describe("an admin's reach", () => {
  it('an admin cannot set their own plan (nor can a super admin)', async () => {
    let res = await setPlan(admin, admin.id, 'enterprise');
    expect(res.status).toBe(403);
    expect((await json(res)).error.message).toBe(ADMIN_TEXT.cannotChangeOwnPlan);
    expect(await tierOf(admin.id)).toBe('starter');
    res = await setPlan(superAdmin, superAdmin.id, 'enterprise');
    expect(res.status).toBe(403);
  });

  it('an admin cannot grant or revoke their own permissions', async () => {
    let res = await permission(admin, admin.id, 'POST');
    expect(res.status).toBe(403);
    expect((await json(res)).error.message).toBe(ADMIN_TEXT.cannotChangeOwnPermissions);
    expect(await permissionsOf(admin.id)).toEqual([]);
    await t.db.insert(userPermissions).values({ userId: admin.id, permissionName: 'manage_team' });
    res = await permission(admin, admin.id, 'DELETE');
    expect(res.status).toBe(403);
    expect(await permissionsOf(admin.id)).toEqual(['manage_team']);
  });

  it("only a super admin changes a super admin's plan and permissions", async () => {
    const other = await createUser(t, { role: 'super_admin' });
    let res = await setPlan(admin, other.id, 'enterprise');
    expect(res.status).toBe(403);
    expect((await json(res)).error.message).toBe(ADMIN_TEXT.superAdminOnly);
    res = await permission(admin, other.id, 'POST');
    expect(res.status).toBe(403);
    expect((await json(res)).error.message).toBe(ADMIN_TEXT.superAdminOnly);
    expect(await tierOf(other.id)).toBe('starter');
    expect(await permissionsOf(other.id)).toEqual([]);

    res = await setPlan(superAdmin, other.id, 'enterprise');
    expect(res.status).toBe(200);
    res = await permission(superAdmin, other.id, 'POST');
    expect(res.status).toBe(200);
    // an admin still manages plain users and other admins
    const plain = await createUser(t);
    expect((await setPlan(admin, plain.id, 'business')).status).toBe(200);
    expect((await permission(admin, plain.id, 'POST')).status).toBe(200);
  });
});
