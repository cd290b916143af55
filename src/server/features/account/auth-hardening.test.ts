// Issue 18: the sign-in failure limit under parallel attempts, account discovery at register and
// resend, parallel sign-ups of one address, the session token and the sign-up limit setting.
// Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL (where requests truly run in parallel).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { AUTH_TEXT } from '#shared/auth.ts';
import { user } from '#server/db/schema.ts';
import { RATE_RULES } from '#server/rate-limit.ts';
import { createTestContext, createUser, json, type TestContext } from '#server/test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  vi.restoreAllMocks();
  await t.close();
});

let client = 0;
/** A new client address per call, so only the per-address rules apply unless a test says otherwise. */
const nextClient = () => {
  client += 1;
  return `10.${Math.floor(client / 250) % 250}.${client % 250}.${7 + (client % 3)}`;
};
const signInFrom = (ip: string, email: string, password: string) =>
  t.request('/api/account/sign-in', { json: { email, password }, headers: { 'x-forwarded-for': ip } });
const registration = (email: string, password = 'password123') => ({
  company: 'Acme Insurance',
  full_name: 'Jane Doe',
  email,
  password,
  confirmPassword: password,
  termsAccepted: true,
});

/** Counts the passwords better-auth checks (a known account's verify, or the stand-in hash for an unknown one). */
async function countPasswordChecks() {
  const ctx = await t.deps.auth.$context;
  const verify = vi.spyOn(ctx.password, 'verify');
  const hash = vi.spyOn(ctx.password, 'hash');
  return {
    count: () => verify.mock.calls.length + hash.mock.calls.length,
    hashedPasswords: () => hash.mock.calls.map((c) => c[0]),
    restore: () => {
      verify.mockRestore();
      hash.mockRestore();
    },
  };
}

describe('the sign-in failure limit under parallel attempts', () => {
  it('60 parallel attempts, one with the right password started last: none signs in, at most 5 passwords are checked', async () => {
    const u = await createUser(t);
    const checks = await countPasswordChecks();
    try {
      const attempts = Array.from({ length: 60 }, (_, i) => (i === 59 ? u.password : `wrong-password-${i}`));
      const answers = await Promise.all(attempts.map((password) => signInFrom(nextClient(), u.email, password)));
      const statuses = answers.map((r) => r.status);
      expect(statuses).not.toContain(200);
      expect(statuses.at(-1)).toBe(429);
      expect(statuses.filter((s) => s === 401)).toHaveLength(RATE_RULES.signInFailuresPerEmail.limit);
      expect(statuses.filter((s) => s === 429)).toHaveLength(60 - RATE_RULES.signInFailuresPerEmail.limit);
      expect(checks.count()).toBe(RATE_RULES.signInFailuresPerEmail.limit);
      const refused = await json(answers.at(-1)!);
      expect(refused.error.message).toBe(AUTH_TEXT.tooManyAttempts);
    } finally {
      checks.restore();
    }
    expect((await signInFrom(nextClient(), u.email, u.password)).status).toBe(429);
  });

  it('200 parallel attempts on one address check at most the limit\'s number of passwords', async () => {
    const u = await createUser(t);
    const checks = await countPasswordChecks();
    try {
      const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => signInFrom(nextClient(), u.email, `guess-${i}`)));
      expect(checks.count()).toBeLessThanOrEqual(RATE_RULES.signInFailuresPerEmail.limit);
      expect(answers.filter((r) => r.status === 401)).toHaveLength(checks.count());
    } finally {
      checks.restore();
    }
  });

  it('200 parallel attempts from one client on many addresses check at most the per-client limit', async () => {
    const ip = nextClient();
    const checks = await countPasswordChecks();
    try {
      const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => signInFrom(ip, `spray-${i}@example.com`, 'password123')));
      expect(checks.count()).toBeLessThanOrEqual(RATE_RULES.signInFailuresPerClient.limit);
      expect(answers.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(200 - RATE_RULES.signInFailuresPerClient.limit);
    } finally {
      checks.restore();
    }
  });

  it('a successful or unconfirmed sign-in does not use up an attempt', async () => {
    const ip = nextClient();
    const u = await createUser(t);
    for (let i = 0; i < RATE_RULES.signInFailuresPerClient.limit + 2; i++) expect((await signInFrom(ip, u.email, u.password)).status).toBe(200);
    const email = `unconfirmed-${client}@example.com`;
    expect((await t.request('/api/account/register', { json: registration(email), headers: { 'x-forwarded-for': nextClient() } })).status).toBe(200);
    for (let i = 0; i < RATE_RULES.signInFailuresPerEmail.limit + 2; i++)
      expect((await signInFrom(nextClient(), email, 'password123')).status).toBe(403);
    // four failures, then the right password: signed in, and the count starts again
    for (let i = 0; i < RATE_RULES.signInFailuresPerEmail.limit - 1; i++) expect((await signInFrom(nextClient(), u.email, 'nope-nope')).status).toBe(401);
    expect((await signInFrom(nextClient(), u.email, u.password)).status).toBe(200);
    expect((await signInFrom(nextClient(), u.email, 'nope-nope')).status).toBe(401);
    // about 40 password hashes: a busy machine needs more than the default 30 s
  }, 120_000);
});

describe('account discovery', () => {
  it('register hashes the password for an existing address too (the same work as a new account)', async () => {
    const email = `twice-${client}@example.com`;
    const checks = await countPasswordChecks();
    try {
      expect((await t.request('/api/account/register', { json: registration(email, 'first-pass-1'), headers: { 'x-forwarded-for': nextClient() } })).status).toBe(200);
      expect(checks.hashedPasswords()).toContain('first-pass-1');
      const again = await t.request('/api/account/register', { json: registration(email, 'second-pass-2'), headers: { 'x-forwarded-for': nextClient() } });
      expect(await json(again)).toEqual({ ok: true });
      expect(checks.hashedPasswords()).toContain('second-pass-2');
    } finally {
      checks.restore();
    }
  });

  it('resend-verification takes the same path for an unknown address and an unconfirmed account', async () => {
    const unconfirmed = `resend-${client}@example.com`;
    expect((await t.request('/api/account/register', { json: registration(unconfirmed), headers: { 'x-forwarded-for': nextClient() } })).status).toBe(200);
    const handler = vi.spyOn(t.deps.auth, 'handler');
    try {
      for (const email of [unconfirmed, `nobody-${client}@example.com`]) {
        handler.mockClear();
        const res = await t.request('/api/account/resend-verification', { json: { email }, headers: { 'x-forwarded-for': nextClient() } });
        expect(await json(res)).toEqual({ ok: true });
        await vi.waitFor(() => {
          const paths = handler.mock.calls.map(([req]) => new URL(req.url).pathname);
          expect(paths).toEqual(['/api/auth/send-verification-email']);
        });
      }
    } finally {
      handler.mockRestore();
    }
  });

  it('resend-verification is limited per client address', async () => {
    const ip = nextClient();
    for (let i = 0; i < RATE_RULES.verificationPerClient.limit; i++) {
      const res = await t.request('/api/account/resend-verification', { json: { email: `probe-${i}@example.com` }, headers: { 'x-forwarded-for': ip } });
      expect(res.status).toBe(200);
    }
    const blocked = await t.request('/api/account/resend-verification', { json: { email: 'probe-last@example.com' }, headers: { 'x-forwarded-for': ip } });
    expect(blocked.status).toBe(429);
    expect((await json(blocked)).error.message).toBe(AUTH_TEXT.tooManyAttempts);
  });
});

describe('parallel sign-ups of one address', () => {
  it('all six get the neutral answer and one account exists', async () => {
    const email = `race-${client}@example.com`;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => t.request('/api/account/register', { json: registration(email), headers: { 'x-forwarded-for': nextClient() } })),
    );
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(await json(res)).toEqual({ ok: true });
    }
    expect(await t.db.select().from(user).where(eq(user.email, email))).toHaveLength(1);
  });
});

describe('the session token', () => {
  it('is not handed to JavaScript by get-session', async () => {
    const u = await createUser(t);
    const raw = decodeURIComponent(/policydesk\.session_token=([^;]+)/.exec(u.cookie)![1]);
    const token = raw.split('.')[0];
    const res = await t.request('/api/auth/get-session', { cookie: u.cookie });
    expect(res.status).toBe(200);
    const text = await res.text();
    const body = JSON.parse(text);
    expect(body.user.email).toBe(u.email);
    expect(body.session.userId).toBe(u.id);
    expect(body.session).not.toHaveProperty('token');
    expect(text).not.toContain(token);
    // signed out it still answers null
    expect(await (await t.request('/api/auth/get-session')).json()).toBeNull();
  });
});

describe('SIGNUP_RATE_LIMIT', () => {
  it('sets how many sign-ups one client may make per hour', async () => {
    const strict = await createTestContext({ env: { SIGNUP_RATE_LIMIT: '2' } });
    try {
      const headers = { 'x-forwarded-for': '10.250.0.1' };
      for (let i = 0; i < 2; i++)
        expect((await strict.request('/api/account/register', { json: registration(`limit-${i}-${client}@example.com`), headers })).status).toBe(200);
      const blocked = await strict.request('/api/account/register', { json: registration(`limit-x-${client}@example.com`), headers });
      expect(blocked.status).toBe(429);
    } finally {
      await strict.close();
    }
  });
});

