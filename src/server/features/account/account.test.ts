import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AUTH_TEXT } from '#shared/auth.ts';
import { user, verification } from '#server/db/schema.ts';
import { createTestContext, createUser, json, linkIn, pathOf, signIn, waitForMail, type TestContext, cookieFrom } from '#server/test/harness.ts';
import { totpFromUri } from '#server/test/totp.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

const registration = (over: Record<string, unknown> = {}) => ({
  company: 'Acme Insurance',
  full_name: 'Jane Quinn Doe',
  email: `jane-${Math.random().toString(36).slice(2, 8)}@example.com`,
  password: 'password123',
  confirmPassword: 'password123',
  termsAccepted: true,
  ...over,
});

async function register(over: Record<string, unknown> = {}) {
  const body = registration(over);
  // each simulated sign-up comes from its own client, so the per-client limit stays out of the way
  const res = await t.request('/api/account/register', { json: body, headers: { 'x-forwarded-for': `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` } });
  expect(res.status).toBe(200);
  return { res, body };
}

async function confirm(email: string) {
  const mail = await waitForMail(t, email, /Confirm/);
  const res = await t.request(pathOf(linkIn(mail)));
  expect(res.status).toBe(302);
  return res;
}

describe('registration', () => {
  it('creates the account and its profile, and e-mails a confirmation link', async () => {
    const { res, body } = await register({ email: 'New.Agent@Example.com' });
    expect(res.status).toBe(200);
    const [row] = await t.db.select().from(user).where(eq(user.email, 'new.agent@example.com'));
    expect(row).toMatchObject({
      firstName: 'Jane',
      lastName: 'Quinn Doe',
      company: 'Acme Insurance',
      role: 'user',
      subscriptionTier: 'starter',
      subscriptionStatus: 'active',
      emailVerified: false,
    });
    const mail = await waitForMail(t, 'new.agent@example.com', /Confirm/);
    expect(mail.subject).toContain('PolicyDesk');
    expect(mail.html).toContain('PolicyDesk');
    expect(linkIn(mail).startsWith(`${t.config.appUrl}/api/auth/verify-email?token=`)).toBe(true);
    expect(body.full_name).toBe('Jane Quinn Doe');
  });

  it('starts a 14-day trial for a paid plan and falls back to starter for anything else', async () => {
    const paid = await register({ plan: 'business' });
    expect(paid.res.status).toBe(200);
    const [row] = await t.db.select().from(user).where(eq(user.email, paid.body.email as string));
    expect(row.subscriptionTier).toBe('business');
    expect(row.subscriptionStatus).toBe('trialing');
    const days = (row.trialEndsAt!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);

    for (const plan of ['enterprise', 'starter', 'bogus']) {
      const other = await register({ plan });
      const [r] = await t.db.select().from(user).where(eq(user.email, other.body.email as string));
      expect(r.subscriptionTier).toBe('starter');
    }
  });

  it('answers every validation rule with the spec text', async () => {
    const res = await t.request('/api/account/register', {
      json: { company: ' ', full_name: '', email: 'not-an-email', password: 'short', confirmPassword: 'other', termsAccepted: false },
    });
    expect(res.status).toBe(400);
    const { error } = await json(res);
    expect(error.fields).toEqual({
      company: AUTH_TEXT.companyRequired,
      full_name: AUTH_TEXT.fullNameRequired,
      email: AUTH_TEXT.invalidEmail,
      password: AUTH_TEXT.passwordTooShortRegister,
      confirmPassword: AUTH_TEXT.passwordsDoNotMatch,
      termsAccepted: AUTH_TEXT.termsRequired,
    });
    expect(error.fields.company).toBe('Please enter your company name.');
    expect(error.fields.termsAccepted).toBe('You must accept the terms and conditions.');
  });

  it('answers a duplicate e-mail exactly like a new one, creates nothing and tells the owner', async () => {
    const first = await register();
    const again = await t.request('/api/account/register', { json: { ...first.body, company: 'Other', full_name: 'Mallory X' } });
    expect(again.status).toBe(200);
    expect(await json(again)).toEqual({ ok: true });
    const rows = await t.db.select().from(user).where(eq(user.email, first.body.email as string));
    expect(rows).toHaveLength(1);
    expect(rows[0].company).toBe('Acme Insurance');
    await waitForMail(t, first.body.email as string, /tried to create/);
  });

  it('stores names with markup and quotes as plain text', async () => {
    const name = `<script>alert("x")</script> O'Brien "Q"`;
    const { body } = await register({ full_name: name, company: `<b>Co</b>` });
    await confirm(body.email as string);
    const cookie = await signIn(t, body.email as string, 'password123');
    const me = await json(await t.request('/api/me', { cookie }));
    expect(me.profile.first_name).toBe('<script>alert("x")</script>');
    expect(me.profile.last_name).toBe(`O'Brien "Q"`);
    expect(me.profile.company).toBe('<b>Co</b>');
  });

  it('ignores role, tier and status sent at sign-up', async () => {
    const { body } = await register({ role: 'super_admin', subscriptionTier: 'enterprise', subscription_tier: 'enterprise', subscriptionStatus: 'active' });
    const [row] = await t.db.select().from(user).where(eq(user.email, body.email as string));
    expect(row.role).toBe('user');
    expect(row.subscriptionTier).toBe('starter');
  });

  it('refuses malformed JSON and bodies over 1 MB', async () => {
    const bad = await t.request('/api/account/register', { body: '{"company": ', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.code).toBe('INVALID_JSON');
    const big = await t.request('/api/account/register', { json: registration({ company: 'x'.repeat(1024 * 1024 + 10) }) });
    expect(big.status).toBe(413);
  });

  it('blocks direct calls to the wrapped better-auth endpoints', async () => {
    const res = await t.request('/api/auth/sign-up/email', { json: { name: 'X', email: 'direct@example.com', password: 'password123' } });
    expect(res.status).toBe(404);
    const update = await t.request('/api/auth/update-user', { json: { role: 'super_admin' } });
    expect(update.status).toBe(404);
  });
});

describe('sign-in', () => {
  it('requires a confirmed e-mail, then signs in', async () => {
    const { body } = await register();
    const before = await t.request('/api/account/sign-in', { json: { email: body.email, password: 'password123' } });
    expect(before.status).toBe(403);
    expect(await json(before)).toEqual({ error: { code: 'EMAIL_NOT_VERIFIED', message: 'Email not confirmed. Please check your inbox.' } });

    const redirect = await confirm(body.email as string);
    expect(redirect.headers.get('location')).toBe('/login?verified=1');
    const after = await t.request('/api/account/sign-in', { json: { email: body.email, password: 'password123' } });
    expect(after.status).toBe(200);
    const cookie = cookieFrom(after);
    const me = await t.request('/api/me', { cookie });
    expect(me.status).toBe(200);
    expect((await json(me)).profile.email).toBe(body.email);
  });

  it('brings the user back to a same-site page after confirming, never to another site', async () => {
    const { body } = await register({ redirect: '/accept-invitation/abc123' });
    const mail = await waitForMail(t, body.email as string, /Confirm/);
    const res = await t.request(pathOf(linkIn(mail)));
    expect(res.headers.get('location')).toBe('/login?verified=1&redirect=%2Faccept-invitation%2Fabc123');
    for (const evil of ['https://evil.example/x', '//evil.example/x', '/\\evil.example']) {
      const other = await register({ redirect: evil });
      const m = await waitForMail(t, other.body.email as string, /Confirm/);
      expect((await t.request(pathOf(linkIn(m)))).headers.get('location')).toBe('/login?verified=1');
    }
  });

  it('can send the confirmation link again', async () => {
    const { body } = await register();
    t.mail.sent.length = 0;
    const res = await t.request('/api/account/resend-verification', { json: { email: body.email } });
    expect(res.status).toBe(200);
    await confirm(body.email as string);
  });

  it('rejects a tampered confirmation token', async () => {
    const res = await t.request('/api/auth/verify-email?token=eyJhbGciOiJIUzI1NiJ9.e30.tampered&callbackURL=%2Flogin%3Fverified%3D1');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toContain('error=INVALID_TOKEN');
  });

  it('gives the same answer for a wrong password and an unknown e-mail', async () => {
    const u = await createUser(t);
    const wrong = await t.request('/api/account/sign-in', { json: { email: u.email, password: 'wrong-password' } });
    const unknown = await t.request('/api/account/sign-in', { json: { email: 'nobody-here@example.com', password: 'wrong-password' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const a = await json(wrong);
    expect(a).toEqual(await json(unknown));
    expect(a.error.message).toBe('Invalid credentials. Please try again.');
  });

  it('validates the login form on the server with the spec texts', async () => {
    const empty = await json(await t.request('/api/account/sign-in', { json: { email: '', password: '' } }));
    expect(empty.error.fields).toEqual({ email: 'Email is required.', password: 'Password is required.' });
    const invalid = await json(await t.request('/api/account/sign-in', { json: { email: 'nope', password: 'x' } }));
    expect(invalid.error.fields.email).toBe('Please enter a valid email address.');
  });

  it('keeps the session 30 days with remember me, and only for the browser session without', async () => {
    const u = await createUser(t);
    const remembered = await t.request('/api/account/sign-in', { json: { email: u.email, password: u.password, rememberMe: true } });
    const sessionCookie = remembered.headers.getSetCookie().find((c) => c.startsWith('policydesk.session_token='))!;
    const maxAge = Number(/Max-Age=(\d+)/i.exec(sessionCookie)?.[1]);
    expect(maxAge).toBe(30 * 24 * 60 * 60);
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);

    const forgetful = await t.request('/api/account/sign-in', { json: { email: u.email, password: u.password, rememberMe: false } });
    const browserOnly = forgetful.headers.getSetCookie().find((c) => c.startsWith('policydesk.session_token='))!;
    expect(browserOnly).not.toMatch(/Max-Age/i);
    expect(browserOnly).not.toMatch(/Expires/i);
  });

  it('limits repeated failed sign-ins per address', async () => {
    const u = await createUser(t);
    for (let i = 0; i < 5; i++) {
      const res = await t.request('/api/account/sign-in', { json: { email: u.email, password: 'bad-password' }, headers: { 'x-forwarded-for': `10.1.0.${i}` } });
      expect(res.status).toBe(401);
    }
    const blocked = await t.request('/api/account/sign-in', { json: { email: u.email, password: u.password }, headers: { 'x-forwarded-for': '10.1.0.99' } });
    expect(blocked.status).toBe(429);
    expect((await json(blocked)).error.message).toBe(AUTH_TEXT.tooManyAttempts);
  });

  it('limits sign-ups per client', async () => {
    const headers = { 'x-forwarded-for': '10.9.9.9' };
    for (let i = 0; i < 10; i++) {
      const res = await t.request('/api/account/register', { json: registration(), headers });
      expect(res.status).toBe(200);
    }
    const blocked = await t.request('/api/account/register', { json: registration(), headers });
    expect(blocked.status).toBe(429);
  });

  it('signs out', async () => {
    const u = await createUser(t);
    const out = await t.request('/api/account/sign-out', { json: {}, cookie: u.cookie });
    expect(out.status).toBe(200);
    expect((await t.request('/api/me', { cookie: u.cookie })).status).toBe(401);
  });
});

describe('password reset', () => {
  async function requestReset(email: string) {
    t.mail.sent.length = 0;
    const res = await t.request('/api/account/forgot-password', { json: { email } });
    expect(res.status).toBe(200);
    const mail = await waitForMail(t, email, /Reset/);
    const redirect = await t.request(pathOf(linkIn(mail)));
    expect(redirect.status).toBe(302);
    const location = new URL(redirect.headers.get('location')!);
    expect(location.pathname).toBe('/reset-password');
    return location.searchParams.get('token')!;
  }

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    t.mail.sent.length = 0;
    const res = await t.request('/api/account/forgot-password', { json: { email: 'ghost@example.com' } });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ ok: true });
    await new Promise((r) => setTimeout(r, 100));
    expect(t.mail.sent).toHaveLength(0);
  });

  it('resets with a single-use link', async () => {
    const u = await createUser(t);
    const token = await requestReset(u.email);
    const ok = await t.request('/api/account/reset-password', { json: { token, newPassword: 'newpass1' } });
    expect(ok.status).toBe(200);
    await signIn(t, u.email, 'newpass1');
    // the old session is ended by the reset
    expect((await t.request('/api/me', { cookie: u.cookie })).status).toBe(401);
    const reused = await t.request('/api/account/reset-password', { json: { token, newPassword: 'another1' } });
    expect(reused.status).toBe(400);
    expect((await json(reused)).error.code).toBe('INVALID_TOKEN');
  });

  it('refuses an expired or tampered link', async () => {
    const u = await createUser(t);
    const token = await requestReset(u.email);
    await t.db.update(verification).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verification.identifier, `reset-password:${token}`));
    const expired = await t.request('/api/account/reset-password', { json: { token, newPassword: 'newpass1' } });
    expect(expired.status).toBe(400);
    const tampered = await t.request('/api/account/reset-password', { json: { token: token + 'x', newPassword: 'newpass1' } });
    expect(tampered.status).toBe(400);
    const redirect = await t.request(`/api/auth/reset-password/${token}x?callbackURL=${encodeURIComponent(`${t.config.appUrl}/reset-password`)}`);
    expect(redirect.headers.get('location')).toContain('error=INVALID_TOKEN');
  });

  it('requires at least 6 characters', async () => {
    const res = await t.request('/api/account/reset-password', { json: { token: 'abc', newPassword: '12345' } });
    expect((await json(res)).error.fields.newPassword).toBe('Password must be at least 6 characters long.');
  });
});

describe('profile', () => {
  it('updates the four editable fields and never role, tier or e-mail', async () => {
    const u = await createUser(t);
    const res = await t.request('/api/profile', {
      method: 'PATCH',
      cookie: u.cookie,
      json: { first_name: 'Ann', last_name: 'Lee', phone: '555-0100', company: 'Lee & Co', role: 'super_admin', subscription_tier: 'enterprise', email: 'x@evil.com' },
    });
    expect(res.status).toBe(200);
    const { profile } = await json(res);
    expect(profile).toMatchObject({ first_name: 'Ann', last_name: 'Lee', phone: '555-0100', company: 'Lee & Co', role: 'user', subscription_tier: 'starter', email: u.email });
  });

  it('requires first and last name', async () => {
    const u = await createUser(t);
    const res = await t.request('/api/profile', { method: 'PATCH', cookie: u.cookie, json: { first_name: ' ', last_name: '' } });
    expect(res.status).toBe(400);
    expect((await json(res)).error.fields).toEqual({ first_name: 'First name is required.', last_name: 'Last name is required.' });
  });

  it('needs a session', async () => {
    expect((await t.request('/api/me')).status).toBe(401);
    expect((await t.request('/api/profile', { method: 'PATCH', json: { first_name: 'a', last_name: 'b' } })).status).toBe(401);
  });

  it('changes the password only with the current one', async () => {
    const u = await createUser(t);
    const wrong = await t.request('/api/account/change-password', { cookie: u.cookie, json: { currentPassword: 'nope-nope', newPassword: 'brandnew1' } });
    expect(wrong.status).toBe(400);
    const short = await t.request('/api/account/change-password', { cookie: u.cookie, json: { currentPassword: u.password, newPassword: '123' } });
    expect((await json(short)).error.fields.newPassword).toBe('Password must be at least 6 characters long.');
    const ok = await t.request('/api/account/change-password', { cookie: u.cookie, json: { currentPassword: u.password, newPassword: 'brandnew1' } });
    expect(ok.status).toBe(200);
    await signIn(t, u.email, 'brandnew1');
  });
});

describe('two-factor authentication', () => {
  it('is refused below the enterprise tier', async () => {
    const u = await createUser(t, { tier: 'business' });
    const res = await t.request('/api/account/two-factor/enable', { cookie: u.cookie, json: { password: u.password } });
    expect(res.status).toBe(403);
  });

  it('enables with a code, asks for it at sign-in, and disables with the password', async () => {
    const u = await createUser(t, { tier: 'enterprise' });
    const enable = await t.request('/api/account/two-factor/enable', { cookie: u.cookie, json: { password: u.password } });
    expect(enable.status).toBe(200);
    const { totpURI, backupCodes } = await json(enable);
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/PolicyDesk/);
    expect(backupCodes.length).toBeGreaterThanOrEqual(8);

    const badCode = await t.request('/api/account/two-factor/confirm', { cookie: u.cookie, json: { code: '000000' } });
    expect(badCode.status).toBe(400);
    const confirmRes = await t.request('/api/account/two-factor/confirm', { cookie: u.cookie, json: { code: totpFromUri(totpURI) } });
    expect(confirmRes.status).toBe(200);

    const first = await t.request('/api/account/sign-in', { json: { email: u.email, password: u.password } });
    expect(await json(first)).toEqual({ ok: true, twoFactorRedirect: true });
    const pendingCookie = cookieFrom(first);
    expect((await t.request('/api/me', { cookie: pendingCookie })).status).toBe(401);
    const verified = await t.request('/api/account/two-factor/sign-in', { cookie: pendingCookie, json: { code: totpFromUri(totpURI) } });
    expect(verified.status).toBe(200);
    const cookie = cookieFrom(verified);
    expect((await t.request('/api/me', { cookie })).status).toBe(200);

    const disable = await t.request('/api/account/two-factor/disable', { cookie, json: { password: u.password } });
    expect(disable.status).toBe(200);
    const plain = await t.request('/api/account/sign-in', { json: { email: u.email, password: u.password } });
    expect((await json(plain)).twoFactorRedirect).toBe(false);
  });
});

describe('cross-site requests', () => {
  it('refuses a state-changing request from another origin', async () => {
    const u = await createUser(t);
    const res = await t.request('/api/profile', {
      method: 'PATCH',
      cookie: u.cookie,
      headers: { origin: 'https://evil.example' },
      json: { first_name: 'Evil', last_name: 'Corp' },
    });
    expect(res.status).toBe(403);
    expect((await json(res)).error.code).toBe('CSRF');
    const sameSite = await t.request('/api/profile', {
      method: 'PATCH',
      cookie: u.cookie,
      headers: { origin: t.config.appUrl },
      json: { first_name: 'Good', last_name: 'Person' },
    });
    expect(sameSite.status).toBe(200);
  });
});

describe('health', () => {
  it('names the database', async () => {
    const res = await t.request('/api/health');
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ status: 'ok', databaseReachable: true });
  });
});
