// The session hint (issue 30): a readable cookie that follows the HttpOnly session cookie, so the
// public pages skip GET /api/me when nobody is signed in; it grants nothing by itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_HINT_COOKIE } from '#shared/session-hint.ts';
import { createTestContext, createUser, type TestContext, type TestUser } from './test/harness.ts';

let t: TestContext;
let agent: TestUser;

beforeAll(async () => {
  t = await createTestContext();
  agent = await createUser(t);
});
afterAll(() => t.close());

const hintLine = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_HINT_COOKIE}=`));
const sessionOnly = (cookie: string) =>
  cookie
    .split('; ')
    .filter((c) => c.startsWith('policydesk.session_token='))
    .join('; ');

describe('session hint', () => {
  it('is set by a sign-in with the session cookie’s lifetime, readable by scripts, and cleared by the sign-out', async () => {
    const res = await t.request('/api/account/sign-in', { json: { email: agent.email, password: agent.password, rememberMe: true } });
    expect(res.status).toBe(200);
    const session = res.headers.getSetCookie().find((c) => c.startsWith('policydesk.session_token='))!;
    const hint = hintLine(res)!;
    expect(hint).toMatch(/^policydesk\.signed_in=1;/);
    expect(hint).toContain(session.match(/Max-Age=\d+/)![0]);
    expect(hint).toMatch(/Path=\//);
    expect(hint).toMatch(/SameSite=Lax/);
    expect(hint).not.toMatch(/HttpOnly/i);

    // without "Remember me" both last until the browser closes
    const forgetful = await t.request('/api/account/sign-in', { json: { email: agent.email, password: agent.password, rememberMe: false } });
    expect(hintLine(forgetful)).toMatch(/^policydesk\.signed_in=1;/);
    expect(hintLine(forgetful)).not.toMatch(/Max-Age|Expires/i);

    const cookie = `${sessionOnly(agent.cookie)}; ${SESSION_HINT_COOKIE}=1`;
    const out = await t.request('/api/account/sign-out', { method: 'POST', cookie });
    expect(out.status).toBe(200);
    expect(hintLine(out)).toMatch(/^policydesk\.signed_in=;.*Max-Age=0/);
  });

  it('a session cookie without the hint gets it (sessions from before the hint); a hint without a session loses it', async () => {
    const signedIn = await createUser(t);
    const page = await t.request('/pricing', { cookie: sessionOnly(signedIn.cookie) });
    expect(hintLine(page)).toMatch(/^policydesk\.signed_in=1;/);
    const stale = await t.request('/api/health', { cookie: `${SESSION_HINT_COOKIE}=1` });
    expect(hintLine(stale)).toMatch(/Max-Age=0/);
    // in step already: nothing is written
    expect(hintLine(await t.request('/api/health', { cookie: `${sessionOnly(signedIn.cookie)}; ${SESSION_HINT_COOKIE}=1` }))).toBeUndefined();
    expect(hintLine(await t.request('/api/health'))).toBeUndefined();
  });

  it('grants nothing: a hint alone is a 401 on /api/me, which clears it; so is a session the server refuses', async () => {
    const alone = await t.request('/api/me', { cookie: `${SESSION_HINT_COOKIE}=1` });
    expect(alone.status).toBe(401);
    expect(hintLine(alone)).toMatch(/Max-Age=0/);
    const revoked = await t.request('/api/me', { cookie: `policydesk.session_token=not-a-session; ${SESSION_HINT_COOKIE}=1` });
    expect(revoked.status).toBe(401);
    expect(hintLine(revoked)).toMatch(/Max-Age=0/);
  });
});
