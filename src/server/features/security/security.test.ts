// /admin/security and /admin/analytics: super admin only; platform settings enforced where they apply.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SETTINGS_TEXT } from '#shared/platform-settings.ts';
import { auditLog, rateLimit, session, user } from '#server/db/schema.ts';
import { audit } from '../audit/audit.ts';
import { contextWith, createUser, json, signIn, type TestContext, type TestUser } from '#server/test/harness.ts';

let t: TestContext, superAdmin: TestUser, admin: TestUser, plain: TestUser;
beforeAll(async () => void ({ t, superAdmin, admin, plain } = await contextWith({ superAdmin: { role: 'super_admin' }, admin: { role: 'admin' }, plain: { tier: 'enterprise' } })));
afterAll(() => t.close());

const DEFAULTS = { min_password_length: 8, require_admin_two_factor: false, session_lifetime_days: 30, sign_up_limit_per_hour: 10 };
const putSettings = (body: unknown, cookie = superAdmin.cookie) => t.request('/api/admin/platform-settings', { method: 'PUT', json: body, cookie });

const SUPER_ONLY: [string, string, unknown?][] = [
  ['GET', '/api/admin/audit'],
  ['GET', '/api/admin/audit/export'],
  ['GET', '/api/admin/lockouts'],
  ['POST', '/api/admin/lockouts/unlock', { key: 'signin:email:nobody@example.com' }],
  ['GET', '/api/admin/platform-settings'],
  ['PUT', '/api/admin/platform-settings', DEFAULTS],
  ['GET', '/api/admin/analytics'],
];

describe('privileges', () => {
  it('super admin only: a plain admin and a user get 403, anonymous 401', async () => {
    for (const [method, path, body] of SUPER_ONLY) {
      for (const who of [admin, plain]) {
        const res = await t.request(path, { method, json: body, cookie: who.cookie });
        expect(res.status, `${method} ${path}`).toBe(403);
        expect((await json(res)).error.message).toBe('Permission denied');
      }
      expect((await t.request(path, { method, json: body })).status, `${method} ${path} anonymous`).toBe(401);
    }
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'settings.changed'));
    expect(row).toBeUndefined();
  });
});

describe('audit log list and CSV', () => {
  it('filters by actor, action, target and date range, and escapes formula-like cells in the CSV', async () => {
    const target = await createUser(t);
    await t.request(`/api/admin/users/${target.id}`, { method: 'PATCH', json: { subscription_tier: 'business' }, cookie: superAdmin.cookie });
    await t.request(`/api/admin/users/${target.id}`, { method: 'PATCH', json: { subscription_tier: 'professional' }, cookie: admin.cookie });
    const list = async (q: string) => json(await t.request(`/api/admin/audit?${q}`, { cookie: superAdmin.cookie }));
    let body = await list(`target=${encodeURIComponent(target.email.toUpperCase())}`);
    expect(body.rows).toHaveLength(2);
    expect(body.rows[0]).toMatchObject({ action: 'user.tier_changed', actor_email: admin.email, before: { subscription_tier: 'business' }, after: { subscription_tier: 'professional' } });
    body = await list(`target=${target.id}&actor=${encodeURIComponent(superAdmin.email)}`);
    expect(body.rows).toHaveLength(1);
    expect(body.rows[0].after.subscription_tier).toBe('business');
    body = await list(`target=${target.id}&action=user.deleted`);
    expect(body.total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`target=${target.id}&from=${today}&to=${today}`)).total).toBe(2);
    expect((await list(`target=${target.id}&to=2000-01-01`)).total).toBe(0);
    const bad = await t.request(`/api/admin/audit?from=${today}&to=2000-01-01`, { cookie: superAdmin.cookie });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.message).toBe('The end date must be on or after the start date.');

    // a label written by another feature (a page title, say) that a spreadsheet would run as a formula
    await audit(t.db, { actorId: null, actorEmail: '@attacker', ip: '-1', action: 'content.edited', targetType: 'page', targetId: target.id, targetLabel: '=HYPERLINK("http://evil")' });
    const csv = await t.request(`/api/admin/audit/export?target=${target.id}`, { cookie: superAdmin.cookie });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    const text = await csv.text();
    const lines = text.trim().split('\r\n');
    expect(lines).toHaveLength(4);
    // the one formula rule of every CSV (src/shared/csv.ts): quoted only when needed, plain numbers kept
    expect(lines[0]).toBe('time,actor,ip,action,target type,target,target id,before,after');
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(lines[1]).toContain(`'@attacker,-1,`);
    expect(lines[2]).toContain(target.email);
    expect(text).not.toMatch(/(^|,)"?([=+@]|-[^\d])/m);
  });
});

describe('sign-in lockouts', () => {
  it('lists accounts with repeated failures and unlocks one (audited), after which sign-in works again', async () => {
    const u = await createUser(t);
    for (let i = 0; i < 5; i++) await t.request('/api/account/sign-in', { json: { email: u.email, password: 'nope-nope' } });
    expect((await t.request('/api/account/sign-in', { json: { email: u.email, password: u.password } })).status).toBe(429);
    const list = await json(await t.request('/api/admin/lockouts', { cookie: superAdmin.cookie }));
    const row = list.rows.find((r: { subject: string }) => r.subject === u.email);
    expect(row).toMatchObject({ kind: 'email', failures: 5, locked: true, key: `signin:email:${u.email}` });
    const res = await t.request('/api/admin/lockouts/unlock', { json: { key: row.key }, cookie: superAdmin.cookie });
    expect(res.status).toBe(200);
    expect(await t.db.select().from(rateLimit).where(eq(rateLimit.key, row.key))).toHaveLength(0);
    expect((await t.request('/api/account/sign-in', { json: { email: u.email, password: u.password } })).status).toBe(200);
    const again = await t.request('/api/admin/lockouts/unlock', { json: { key: row.key }, cookie: superAdmin.cookie });
    expect(again.status).toBe(404);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'auth.unlock'));
    expect(entries.find((e) => e.targetLabel === u.email)).toMatchObject({ actorId: superAdmin.id, before: { failures: 5, locked: true } });
  });

  it('refuses a key that is not a sign-in counter', async () => {
    const res = await t.request('/api/admin/lockouts/unlock', { json: { key: 'signup:ip:1.2.3.4' }, cookie: superAdmin.cookie });
    expect(res.status).toBe(400);
  });
});

describe('platform settings', () => {
  it('reads the defaults, validates each field and records before and after', async () => {
    const res = await t.request('/api/admin/platform-settings', { cookie: superAdmin.cookie });
    expect((await json(res)).settings).toEqual(DEFAULTS);
    for (const [field, value, message] of [
      ['min_password_length', 7, SETTINGS_TEXT.passwordMin],
      ['min_password_length', 129, SETTINGS_TEXT.passwordMin],
      ['session_lifetime_days', 0, SETTINGS_TEXT.sessionLifetime],
      ['sign_up_limit_per_hour', 0, SETTINGS_TEXT.signUpLimit],
    ] as const) {
      const bad = await putSettings({ ...DEFAULTS, [field]: value });
      expect(bad.status, field).toBe(400);
      expect((await json(bad)).error.fields[field]).toBe(message);
    }
    const ok = await putSettings({ ...DEFAULTS, sign_up_limit_per_hour: 25 });
    expect((await json(ok)).settings.sign_up_limit_per_hour).toBe(25);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'settings.changed'));
    expect(entry).toMatchObject({ actorId: superAdmin.id, before: { sign_up_limit_per_hour: 10 }, after: { sign_up_limit_per_hour: 25 } });
    await putSettings(DEFAULTS);
  });

  it('minimum password length: applies to sign-up, reset and change once raised', async () => {
    expect((await putSettings({ ...DEFAULTS, min_password_length: 12 })).status).toBe(200);
    const signUp = await t.request('/api/account/register', {
      json: { company: 'A', full_name: 'Len Short', email: `len-${Date.now()}@example.com`, password: 'elevenchars', confirmPassword: 'elevenchars', termsAccepted: true },
    });
    expect(signUp.status).toBe(400);
    expect((await json(signUp)).error.fields.password).toBe('Password must be at least 12 characters long.');
    const u = await createUser(t, { password: 'long-enough-password' });
    const change = await t.request('/api/account/change-password', {
      json: { currentPassword: u.password, newPassword: 'short-pass' },
      cookie: u.cookie,
    });
    expect(change.status).toBe(400);
    expect((await json(change)).error.fields.newPassword).toBe('Password must be at least 12 characters long.');
    await putSettings(DEFAULTS);
    // back at the default, the spec's own minimums stand (6 for a change)
    const ok = await t.request('/api/account/change-password', { json: { currentPassword: u.password, newPassword: 'sixsix' }, cookie: u.cookie });
    expect(ok.status).toBe(200);
  });

  it('the sign-up rate limit is read from the settings', async () => {
    expect((await putSettings({ ...DEFAULTS, sign_up_limit_per_hour: 1 })).status).toBe(200);
    const register = (n: number) =>
      t.request('/api/account/register', {
        json: { company: 'A', full_name: 'Rate Limited', email: `rl${n}-${Date.now()}@example.com`, password: 'password123', confirmPassword: 'password123', termsAccepted: true },
        headers: { 'x-forwarded-for': '192.0.2.44' },
      });
    expect((await register(1)).status).toBe(200);
    expect((await register(2)).status).toBe(429);
    await putSettings(DEFAULTS);
  });

  it('session lifetime: a session older than the lifetime is signed out', async () => {
    const u = await createUser(t);
    expect((await t.request('/api/me', { cookie: u.cookie })).status).toBe(200);
    expect((await putSettings({ ...DEFAULTS, session_lifetime_days: 2 })).status).toBe(200);
    await t.db.update(session).set({ createdAt: new Date(Date.now() - 3 * 86_400_000) }).where(eq(session.userId, u.id));
    expect((await t.request('/api/me', { cookie: u.cookie })).status).toBe(401);
    expect(await t.db.select().from(session).where(eq(session.userId, u.id))).toHaveLength(0);
    const fresh = await signIn(t, u.email, u.password);
    expect((await t.request('/api/me', { cookie: fresh })).status).toBe(200);
    await putSettings(DEFAULTS);
  });

  it('two-factor for admins: refused to turn on without your own, then admins without it are stopped with the message', async () => {
    const refused = await putSettings({ ...DEFAULTS, require_admin_two_factor: true });
    expect(refused.status).toBe(400);
    expect((await json(refused)).error.message).toBe(SETTINGS_TEXT.ownTwoFactorFirst);
    // the acting super admin has two-factor (as if set up in the profile)
    await t.db.update(user).set({ twoFactorEnabled: true }).where(eq(user.id, superAdmin.id));
    expect((await putSettings({ ...DEFAULTS, require_admin_two_factor: true })).status).toBe(200);
    const blocked = await t.request('/api/admin/users', { cookie: admin.cookie });
    expect(blocked.status).toBe(403);
    expect((await json(blocked)).error).toEqual({ code: 'TWO_FACTOR_REQUIRED', message: SETTINGS_TEXT.twoFactorRequired });
    expect(await json(await t.request('/api/admin-gate', { cookie: admin.cookie }))).toEqual({ twoFactorRequired: true, message: SETTINGS_TEXT.twoFactorRequired });
    expect(await json(await t.request('/api/admin-gate', { cookie: plain.cookie }))).toEqual({ twoFactorRequired: false, message: null });
    expect((await t.request('/api/admin/users', { cookie: superAdmin.cookie })).status).toBe(200);
    // users are not admins: their own pages are untouched
    expect((await t.request('/api/me', { cookie: plain.cookie })).status).toBe(200);
    expect((await putSettings(DEFAULTS)).status).toBe(200);
    expect((await t.request('/api/admin/users', { cookie: admin.cookie })).status).toBe(200);
  });

  it('an admin on any plan can set up two-factor (so it can be required); a starter user still cannot', async () => {
    const starterAdmin = await createUser(t, { role: 'admin' });
    const res = await t.request('/api/account/two-factor/enable', { json: { password: starterAdmin.password }, cookie: starterAdmin.cookie });
    expect(res.status).toBe(200);
    expect((await json(res)).totpURI).toMatch(/^otpauth:\/\/totp\//);
    const starter = await createUser(t);
    const denied = await t.request('/api/account/two-factor/enable', { json: { password: starter.password }, cookie: starter.cookie });
    expect(denied.status).toBe(403);
    expect((await json(denied)).error.code).toBe('DENIED_TIER');
  });
});
