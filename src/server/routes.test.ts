// The route guard matrix: every /api route the app registers, now and later, answers 401 without
// a session unless it is on the explicit public list below, and admin routes refuse a plain user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { agencyMembers, session as sessionTable } from './db/schema.ts';
import { createTestContext, createUser, json, waitForMail, type TestContext, type TestUser } from './test/harness.ts';

/** Routes that anyone may call. Adding one here is a security decision: say why. */
const PUBLIC_ROUTES = new Set([
  'GET /api/health', // load balancer probe
  'GET /api/config', // which sign-in buttons to show
  'POST /api/account/register',
  'POST /api/account/sign-in',
  'POST /api/account/two-factor/sign-in', // second step of sign-in, checked by better-auth's two-factor cookie
  'POST /api/account/resend-verification',
  'POST /api/account/forgot-password',
  'POST /api/account/reset-password', // checked by the e-mailed token
  'POST /api/account/sign-out', // harmless without a session
  'GET /api/invitations/:token', // the public accept-invitation page, checked by the token
  'POST /api/contact', // the public contact form (rate limited, honeypot)
  'GET /api/pages/:slug', // the public CMS pages (/about, /privacy …): published or starting text only
  'GET /api/blog/posts', // the public blog: published posts only
  'GET /api/blog/posts/:slug',
  'GET /api/blog/covers/:id', // a published post's cover; a draft's only for a super admin
  'GET /api/seo/meta', // a public page's title and meta, for the web app's document.title
  'GET /api/brand/:agencyId/:file', // an agency's white-label logo (in e-mails and on the invitation page); current one only
  'GET /api/v1/openapi.json', // the REST API's document: describes the API, holds no agency data (every other /api/v1 route needs a key)
  'GET /api/v1/sdk/README.md', // the SDK's README, linked from the API reference page: documentation, no agency data
  'GET /api/auth/*', // better-auth's own endpoints behind DIRECT_AUTH_PATHS (e-mail links)
  'POST /api/auth/*',
  'POST /api/portal/auth/code', // the client portal's sign-in: same answer for any address, rate limited (issue 32)
  'POST /api/portal/auth/verify', // checked by the e-mailed one-time code (5 tries, 10 minutes)
  'POST /api/portal/auth/sign-out', // harmless without a client session
]);

const SAMPLE_ID = '3f2a6b1c-0d4e-4f5a-8b9c-7d6e5f4a3b2c';

let t: TestContext;
let plainUser: TestUser;
let routes: { key: string; method: string; path: string }[];

beforeAll(async () => {
  t = await createTestContext();
  plainUser = await createUser(t, { tier: 'enterprise', permissions: ['manage_team'] });
  const seen = new Map<string, { key: string; method: string; path: string }>();
  for (const r of t.app.routes) {
    // middleware is registered as ALL; a route's handlers are listed once per handler
    if (r.method === 'ALL' || !r.path.startsWith('/api/')) continue;
    const key = `${r.method} ${r.path}`;
    seen.set(key, { key, method: r.method, path: r.path });
  }
  routes = [...seen.values()];
});
afterAll(async () => {
  await t.close();
});

/** A concrete URL for a route pattern: every parameter becomes a well-formed id. */
function concrete(pattern: string): string {
  return pattern.replace(/:[A-Za-z0-9_]+(\{[^}]*\})?/g, SAMPLE_ID).replace(/\*$/, 'get-session');
}

function call(route: { method: string; path: string }, cookie?: string) {
  const hasBody = !['GET', 'HEAD'].includes(route.method);
  return t.request(concrete(route.path), { method: route.method, cookie, json: hasBody ? {} : undefined });
}

describe('route guard matrix', () => {
  it('knows the routes (the matrix is not empty) and the public list has no stale entries', () => {
    const keys = routes.map((r) => r.key);
    expect(keys).toContain('GET /api/me');
    expect(keys).toContain('PATCH /api/profile');
    expect(routes.filter((r) => !PUBLIC_ROUTES.has(r.key)).length).toBeGreaterThan(5);
    for (const pub of PUBLIC_ROUTES) expect(keys, `${pub} is listed as public but no longer exists`).toContain(pub);
  });

  it('answers 401 with a readable error and no data to every non-public route without a session', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => !PUBLIC_ROUTES.has(r.key))) {
      const res = await call(route);
      const body = await res.json().catch(() => null);
      if (res.status !== 401 || body?.error?.code !== 'UNAUTHORIZED' || Object.keys(body).length !== 1)
        failures.push(`${route.key} → ${res.status} ${JSON.stringify(body)}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 401 to a forged or expired session cookie too', async () => {
    const forged = 'better-auth.session_token=forged.value; __Secure-better-auth.session_token=forged.value';
    const failures: string[] = [];
    for (const route of routes.filter((r) => !PUBLIC_ROUTES.has(r.key))) {
      const res = await call(route, forged);
      if (res.status !== 401) failures.push(`${route.key} → ${res.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('lets the public routes through without a session', async () => {
    expect((await t.request('/api/health')).status).toBe(200);
    expect((await t.request('/api/config')).status).toBe(200);
    // an unknown invitation is a 404, not a 401
    expect((await t.request(`/api/invitations/${SAMPLE_ID}`)).status).toBe(404);
  });

  it('refuses every admin route to a signed-in user without the admin role, whatever their plan', async () => {
    const adminRoutes = routes.filter((r) => r.path.startsWith('/api/admin/'));
    expect(adminRoutes.length).toBeGreaterThan(0);
    const failures: string[] = [];
    for (const route of adminRoutes) {
      const res = await call(route, plainUser.cookie);
      const body = await res.json().catch(() => null);
      if (res.status !== 403 || typeof body?.error?.message !== 'string') failures.push(`${route.key} → ${res.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('refuses a tier-gated route to a lower plan with the Upgrade Required text', async () => {
    const starter = await createUser(t);
    const res = await t.request('/api/account/two-factor/enable', { cookie: starter.cookie, json: { password: starter.password } });
    expect(res.status).toBe(403);
    expect((await json(res)).error).toEqual({
      code: 'DENIED_TIER',
      message: 'This feature requires an enterprise subscription or higher. Your current plan: starter',
    });
  });

  it("refuses a team member exactly what only the owner or an admin may do, before reading any body, and nothing else by role (issue 30 §3)", async () => {
    // What a member may not do, as the pages show it (src/shared/navigation.test.ts: member × every page):
    // API keys and webhooks (view only: the reference is theirs), the team, the white label's and the
    // agency's changes, and the plan's payments. Any other route answering a role denial fails here.
    const MANAGERS_ONLY = [
      /^\w+ \/api\/api-keys/,
      /^\w+ \/api\/webhooks/,
      /^\w+ \/api\/team(\/|$)/,
      /^(PUT|DELETE) \/api\/branding(\/logo)?$/,
      /^PUT \/api\/settings\/agency$/,
      /^\w+ \/api\/payment-submissions/,
      /^(PUT|DELETE) \/api\/commissions\/producers\//, // members' commission splits (issue 31)
      /^POST \/api\/settings\/delete-account$/, // an agency's owner deletes; a member's own account is deleted from their own agency
    ];
    // routes that would end the member's own session in the middle of the walk
    const SKIP = new Set(['POST /api/account/sign-out', 'POST /api/settings/sessions/sign-out-others', 'DELETE /api/settings/sessions/:id']);
    const owner = await createUser(t, { tier: 'enterprise', permissions: ['manage_team'] });
    const agencyId = (await json(await t.request('/api/me', { cookie: owner.cookie }))).agency.id;
    const member = await createUser(t, { tier: 'enterprise' });
    await t.db.insert(agencyMembers).values({ agencyId, userId: member.id, role: 'team_member' });
    await t.db.update(sessionTable).set({ activeAgencyId: agencyId }).where(eq(sessionTable.userId, member.id));
    const failures: string[] = [];
    const walked = routes.filter(
      (r) => !PUBLIC_ROUTES.has(r.key) && !r.path.startsWith('/api/admin/') && !r.path.startsWith('/api/v1/') && !r.path.startsWith('/api/portal/') && !SKIP.has(r.key),
    );
    for (const route of walked) {
      const res = await call(route, member.cookie);
      const body = await res.json().catch(() => null);
      const roleDenied = res.status === 403 && /^DENIED_AGENCY_?ROLE$/.test(body?.error?.code ?? '');
      const expected = MANAGERS_ONLY.some((rx) => rx.test(route.key));
      if (res.status >= 500 || res.status === 401 || roleDenied !== expected) failures.push(`${route.key} → ${res.status} ${body?.error?.code ?? ''}`);
    }
    expect(failures).toEqual([]);
    // the member is still signed in and working in the agency after the walk
    expect((await json(await t.request('/api/me', { cookie: member.cookie }))).agency.id).toBe(agencyId);
  });

  it('lets a client portal session reach /api/portal/* only, and an agency session never /api/portal/* (issue 32)', async () => {
    const agent = await createUser(t, { tier: 'business' });
    const created = await t.request('/api/customers', { cookie: agent.cookie, json: { name: 'Matrix Client', email: 'matrix-client@example.com' } });
    const customerId = (await json(created)).id;
    expect((await t.request(`/api/customers/${customerId}/portal/invite`, { method: 'POST', cookie: agent.cookie })).status).toBe(200);
    t.mail.sent.length = 0;
    await t.request('/api/portal/auth/code', { json: { email: 'matrix-client@example.com' } });
    const mail = await waitForMail(t, 'matrix-client@example.com', /sign-in code/);
    const code = /(\d{6})/.exec(mail.subject)![1];
    const verified = await t.request('/api/portal/auth/verify', { json: { email: 'matrix-client@example.com', code } });
    expect(verified.status).toBe(200);
    const client = verified.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    expect((await t.request('/api/portal/policies', { cookie: client })).status).toBe(200);
    const failures: string[] = [];
    for (const route of routes.filter((r) => !PUBLIC_ROUTES.has(r.key))) {
      const portal = route.path.startsWith('/api/portal/');
      // a client reaches only the portal; an agency user never reaches it
      const res = await call(route, portal ? agent.cookie : client);
      if (res.status !== 401) failures.push(`${route.key} → ${res.status} (${portal ? 'agency session' : 'client session'})`);
    }
    expect(failures).toEqual([]);
    // the walk signed nobody out: the client's session still works
    expect((await t.request('/api/portal/policies', { cookie: client })).status).toBe(200);
  });

  it('answers unknown /api paths with 404, never the web app', async () => {
    const res = await t.request('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect((await json(res)).error.code).toBe('NOT_FOUND');
  });
});
