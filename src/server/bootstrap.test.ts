import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { seedEssentials } from './bootstrap.ts';
import { ConfigError, loadConfig } from './config.ts';
import { account, session, subscriptionLimits, user } from './db/schema.ts';
import { createTestContext, createUser, signIn, type TestContext } from './test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ env: { ADMIN_EMAIL: 'Boss@Example.com', ADMIN_PASSWORD: 'boss-password-1' } });
});
afterAll(() => t.close());

describe('start-up data', () => {
  it('ensures one confirmed super admin, idempotently, without mailing it', async () => {
    await seedEssentials(t.deps);
    await seedEssentials(t.deps);
    const rows = await t.db.select().from(user).where(eq(user.email, 'boss@example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ role: 'super_admin', emailVerified: true, subscriptionTier: 'enterprise' });
    expect(t.mail.sent.filter((m) => m.to === 'boss@example.com')).toHaveLength(0);
    const cookie = await signIn(t, 'boss@example.com', 'boss-password-1');
    const me = await (await t.request('/api/me', { cookie })).json();
    expect(me.profile.role).toBe('super_admin');
  });

  it('restores the super_admin role if it was taken away', async () => {
    await t.db.update(user).set({ role: 'user' }).where(eq(user.email, 'boss@example.com'));
    await seedEssentials(t.deps);
    const [row] = await t.db.select().from(user).where(eq(user.email, 'boss@example.com'));
    expect(row.role).toBe('super_admin');
  });

  it('seeds the advertised plan limits once and keeps edits', async () => {
    const limits = await t.db.select().from(subscriptionLimits);
    const byTier = Object.fromEntries(limits.map((l) => [l.tierName, l]));
    expect(byTier.starter).toMatchObject({ maxClients: 10, maxPolicies: 20 });
    expect(byTier.professional).toMatchObject({ maxClients: 50, maxPolicies: 100 });
    expect(byTier.business).toMatchObject({ maxClients: 100, maxPolicies: 250 });
    expect(byTier.enterprise).toMatchObject({ maxClients: null, maxPolicies: null });
    await t.db.update(subscriptionLimits).set({ maxClients: 12 }).where(eq(subscriptionLimits.tierName, 'starter'));
    await seedEssentials(t.deps);
    const [starter] = await t.db.select().from(subscriptionLimits).where(eq(subscriptionLimits.tierName, 'starter'));
    expect(starter.maxClients).toBe(12);
    await t.db.update(subscriptionLimits).set({ maxClients: 10 }).where(eq(subscriptionLimits.tierName, 'starter'));
  });
});

describe('ADMIN_EMAIL naming an existing account', () => {
  const withAdmin = (email: string, password: string) => ({ ...t.deps, config: { ...t.deps.config, ADMIN_EMAIL: email, ADMIN_PASSWORD: password } });
  const signInStatus = async (email: string, password: string) =>
    (await t.request('/api/account/sign-in', { json: { email, password }, headers: { 'x-forwarded-for': '10.77.0.1' } })).status;

  it('takes over an unconfirmed account: the registrant\'s password and sessions end, ADMIN_PASSWORD signs in', async () => {
    const email = 'operator@example.com';
    const res = await t.request('/api/account/register', {
      json: { company: 'Mallory Ltd', full_name: 'Mallory Attacker', email, password: 'attacker-pass-1', confirmPassword: 'attacker-pass-1', termsAccepted: true },
      headers: { 'x-forwarded-for': '10.77.0.2' },
    });
    expect(res.status).toBe(200);
    const [before] = await t.db.select().from(user).where(eq(user.email, email));
    expect(before.emailVerified).toBe(false);
    const ctx = await t.deps.auth.$context;
    await ctx.internalAdapter.createSession(before.id);
    expect(await t.db.select().from(session).where(eq(session.userId, before.id))).toHaveLength(1);

    await seedEssentials(withAdmin(email, 'operator-password-1'));

    const [after] = await t.db.select().from(user).where(eq(user.email, email));
    expect(after).toMatchObject({ id: before.id, role: 'super_admin', emailVerified: true, company: null, firstName: 'Super' });
    expect(await t.db.select().from(session).where(eq(session.userId, before.id))).toHaveLength(0);
    expect(await t.db.select().from(account).where(eq(account.userId, before.id))).toHaveLength(1);
    expect(await signInStatus(email, 'attacker-pass-1')).toBe(401);
    const cookie = await signIn(t, email, 'operator-password-1');
    expect((await (await t.request('/api/me', { cookie })).json()).profile.role).toBe('super_admin');
  });

  it('refuses to start when a confirmed account of someone else holds the address, and changes nothing', async () => {
    const someone = await createUser(t, { email: 'colleague@example.com', password: 'colleague-pass-1' });
    await expect(seedEssentials(withAdmin(someone.email, 'operator-password-1'))).rejects.toThrow(ConfigError);
    await expect(seedEssentials(withAdmin(someone.email, 'operator-password-1'))).rejects.toThrow(/ADMIN_EMAIL \(colleague@example.com\)/);
    const [row] = await t.db.select().from(user).where(eq(user.email, someone.email));
    expect(row.role).toBe('user');
    expect(await signInStatus(someone.email, 'colleague-pass-1')).toBe(200);
    expect(await signInStatus(someone.email, 'operator-password-1')).toBe(401);
  });

  it('leaves an existing super admin\'s password alone (ADMIN_PASSWORD does not reset it)', async () => {
    const cookie = await signIn(t, 'boss@example.com', 'boss-password-1');
    const changed = await t.request('/api/account/change-password', { cookie, json: { currentPassword: 'boss-password-1', newPassword: 'boss-password-2' } });
    expect(changed.status).toBe(200);
    await seedEssentials(t.deps);
    expect(await signInStatus('boss@example.com', 'boss-password-1')).toBe(401);
    expect(await signInStatus('boss@example.com', 'boss-password-2')).toBe(200);
    const [row] = await t.db.select().from(user).where(eq(user.email, 'boss@example.com'));
    expect(row.role).toBe('super_admin');
  });
});

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', DATA_DIR: './data', databaseKind: 'pglite', appUrl: 'http://localhost:3000' });
  });

  it('names every bad value', () => {
    let message = '';
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://mail', ADMIN_EMAIL: 'not-an-email', APP_URL: 'nope' });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      message = (err as Error).message;
    }
    for (const name of ['PORT', 'DATABASE_URL', 'SMTP_URL', 'ADMIN_EMAIL', 'APP_URL']) expect(message).toContain(name);
  });

  it('requires ADMIN_EMAIL and ADMIN_PASSWORD together, and a secret in production on PostgreSQL', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.co' })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://h/db' })).toThrow(/AUTH_SECRET/);
    expect(loadConfig({ PORT: '8080', APP_URL: 'https://app.example.com/', AUTH_SECRET: 'x'.repeat(32) }).appUrl).toBe('https://app.example.com');
  });
});

describe('social sign-in', () => {
  it('reports which providers are configured and redirects to the provider when set', async () => {
    const plain = await (await t.request('/api/config')).json();
    expect(plain.socialProviders).toEqual({ google: false, microsoft: false });

    const g = await createTestContext({ env: { GOOGLE_CLIENT_ID: 'client-id', GOOGLE_CLIENT_SECRET: 'client-secret' } });
    try {
      expect((await (await g.request('/api/config')).json()).socialProviders.google).toBe(true);
      const res = await g.request('/api/auth/sign-in/social', { json: { provider: 'google', callbackURL: '/dashboard' } });
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(new URL(body.url).hostname).toBe('accounts.google.com');
      expect(new URL(body.url).searchParams.get('client_id')).toBe('client-id');
    } finally {
      await g.close();
    }
  });
});
