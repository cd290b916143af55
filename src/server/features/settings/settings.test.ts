// Settings › Agency and Security: who may edit the agency, the time zone rule, one's own sessions
// only, and the sign-in history of every attempt on one's own account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { USER_SETTINGS_TEXT } from '#shared/settings.ts';
import { agencies, agencyMembers, session, signInAttempts, user } from '#server/db/schema.ts';
import { cookieFrom, createTestContext, createUser, json, signIn, type TestContext, type TestUser } from '#server/test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

async function agencyOf(u: TestUser): Promise<string> {
  // the personal agency is made on the user's first signed-in request
  expect((await t.request('/api/me', { cookie: u.cookie })).status).toBe(200);
  const [row] = await t.db.select({ id: agencies.id }).from(agencies).where(eq(agencies.ownerId, u.id));
  return row.id;
}

/** Makes `u` a member of owner's agency with that role, working in it. */
async function joinAs(owner: TestUser, u: TestUser, role: 'admin' | 'team_member') {
  const agencyId = await agencyOf(owner);
  await t.db.insert(agencyMembers).values({ agencyId, userId: u.id, role });
  expect((await t.request('/api/agencies/active', { cookie: u.cookie, json: { agencyId } })).status).toBe(200);
}

const AGENCY = { name: 'Harbor Insurance', address: '1 Quay Street, Portsmouth', phone: '+44 23 9200 0000', email: 'Office@Harbor.example', timezone: 'Europe/London' };
const putAgency = (u: TestUser, body: unknown) => t.request('/api/settings/agency', { method: 'PUT', json: body, cookie: u.cookie });

describe('Settings › Agency', () => {
  it('the owner reads and saves the agency details; the time zone defaults to UTC', async () => {
    const owner = await createUser(t);
    let res = await t.request('/api/settings/agency', { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect((await json(res)).agency).toMatchObject({ timezone: 'UTC', can_edit: true, address: null });
    res = await putAgency(owner, AGENCY);
    expect(res.status).toBe(200);
    expect((await json(res)).agency).toMatchObject({ ...AGENCY, email: 'office@harbor.example' });
    res = await putAgency(owner, { name: 'Harbor Insurance' });
    expect((await json(res)).agency).toMatchObject({ name: 'Harbor Insurance', timezone: 'UTC', address: null, phone: null, email: null });
  });

  it('an agency admin may edit; a team member reads it and gets 403 on save', async () => {
    const owner = await createUser(t, { tier: 'enterprise' });
    const admin = await createUser(t);
    const member = await createUser(t);
    await joinAs(owner, admin, 'admin');
    await joinAs(owner, member, 'team_member');
    expect((await putAgency(admin, { ...AGENCY, name: 'Admin Renamed' })).status).toBe(200);
    const read = await json(await t.request('/api/settings/agency', { cookie: member.cookie }));
    expect(read.agency).toMatchObject({ name: 'Admin Renamed', can_edit: false });
    const res = await putAgency(member, { ...AGENCY, name: 'Member Renamed' });
    expect(res.status).toBe(403);
    expect((await json(res)).error.message).toBe(USER_SETTINGS_TEXT.agencyEditDenied);
    const [row] = await t.db.select().from(agencies).where(eq(agencies.id, await agencyOf(owner)));
    expect(row.name).toBe('Admin Renamed');
  });

  it('refuses an unknown time zone, an offset, a bad e-mail and an empty name; nobody signed in is 401', async () => {
    const owner = await createUser(t);
    for (const timezone of ['Mars/Olympus_Mons', '+05:00', 'not a zone', ''])
      expect((await json(await putAgency(owner, { ...AGENCY, timezone }))).error.fields.timezone, timezone).toBe(USER_SETTINGS_TEXT.invalidTimezone);
    expect((await putAgency(owner, { ...AGENCY, timezone: 'America/Argentina/Buenos_Aires' })).status).toBe(200);
    expect((await json(await putAgency(owner, { ...AGENCY, email: 'nope' }))).error.fields.email).toBeTruthy();
    expect((await json(await putAgency(owner, { ...AGENCY, name: '  ' }))).error.fields.name).toBe(USER_SETTINGS_TEXT.nameRequired);
    expect((await t.request('/api/settings/agency', { method: 'PUT', json: AGENCY })).status).toBe(401);
  });
});

const CHROME_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

async function signInWith(u: TestUser, ua: string, ip: string): Promise<string> {
  const res = await t.request('/api/account/sign-in', { json: { email: u.email, password: u.password }, headers: { 'user-agent': ua, 'x-forwarded-for': ip } });
  expect(res.status).toBe(200);
  return cookieFrom(res);
}

describe('Settings › Security: sessions', () => {
  it('lists the caller’s sessions with device, browser, address, and marks this one', async () => {
    const u = await createUser(t);
    const laptop = await signInWith(u, CHROME_UA, '203.0.113.5');
    await signInWith(u, IPHONE_UA, '203.0.113.6');
    const { sessions } = await json(await t.request('/api/settings/sessions', { cookie: laptop }));
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(sessions.find((s: { current: boolean }) => s.current)).toMatchObject({ device: 'Linux', browser: 'Chrome', ip_address: '203.0.113.5' });
    expect(sessions).toContainEqual(expect.objectContaining({ device: 'iPhone', browser: 'Safari', ip_address: '203.0.113.6', current: false }));
  });

  it('signs one session out: that cookie is then signed out, this one is not', async () => {
    const u = await createUser(t);
    const phone = await signInWith(u, IPHONE_UA, '203.0.113.9');
    const { sessions } = await json(await t.request('/api/settings/sessions', { cookie: u.cookie }));
    const target = sessions.find((s: { ip_address: string }) => s.ip_address === '203.0.113.9');
    expect((await t.request(`/api/settings/sessions/${target.id}`, { method: 'DELETE', cookie: u.cookie })).status).toBe(200);
    expect((await t.request('/api/me', { cookie: phone })).status).toBe(401);
    expect((await t.request('/api/me', { cookie: u.cookie })).status).toBe(200);
    expect((await t.request(`/api/settings/sessions/${target.id}`, { method: 'DELETE', cookie: u.cookie })).status).toBe(404);
  });

  it('another user’s session is a 404 and stays signed in', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const [bSession] = await t.db.select({ id: session.id }).from(session).where(eq(session.userId, b.id));
    const res = await t.request(`/api/settings/sessions/${bSession.id}`, { method: 'DELETE', cookie: a.cookie });
    expect(res.status).toBe(404);
    expect((await json(res)).error.message).toBe(USER_SETTINGS_TEXT.sessionNotFound);
    expect((await t.request('/api/me', { cookie: b.cookie })).status).toBe(200);
  });

  it('"Sign out all other sessions" ends only the caller’s other sessions', async () => {
    const u = await createUser(t);
    const other = await createUser(t);
    const second = await signInWith(u, IPHONE_UA, '203.0.113.10');
    const third = await signInWith(u, CHROME_UA, '203.0.113.11');
    const res = await t.request('/api/settings/sessions/sign-out-others', { method: 'POST', cookie: u.cookie });
    expect((await json(res)).signed_out).toBe(2);
    for (const cookie of [second, third]) expect((await t.request('/api/me', { cookie })).status).toBe(401);
    expect((await t.request('/api/me', { cookie: u.cookie })).status).toBe(200);
    expect((await t.request('/api/me', { cookie: other.cookie })).status).toBe(200);
  });

  it('the current session is not signed out from this list (the menu does that)', async () => {
    const u = await createUser(t);
    const { sessions } = await json(await t.request('/api/settings/sessions', { cookie: u.cookie }));
    const res = await t.request(`/api/settings/sessions/${sessions[0].id}`, { method: 'DELETE', cookie: u.cookie });
    expect(res.status).toBe(400);
    expect((await t.request('/api/me', { cookie: u.cookie })).status).toBe(200);
  });
});

describe('Settings › Security: sign-in history', () => {
  const attempt = (email: string, password: string, ip = '198.51.100.40') =>
    t.request('/api/account/sign-in', { json: { email, password }, headers: { 'user-agent': CHROME_UA, 'x-forwarded-for': ip } });
  const history = async (u: TestUser) => (await json(await t.request('/api/settings/sign-in-history', { cookie: u.cookie }))).attempts;

  it('records success and a wrong password, newest first, with address and device', async () => {
    const u = await createUser(t);
    expect((await attempt(u.email, 'wrong-password', '198.51.100.41')).status).toBe(401);
    expect((await attempt(u.email, u.password, '198.51.100.42')).status).toBe(200);
    const rows = await history(u);
    expect(rows.slice(0, 2)).toMatchObject([
      { outcome: 'success', ip_address: '198.51.100.42', device: 'Linux', browser: 'Chrome' },
      { outcome: 'wrong_password', ip_address: '198.51.100.41' },
    ]);
  });

  it('records an unconfirmed account’s attempt and a locked-out one', async () => {
    const u = await createUser(t);
    await t.db.update(user).set({ emailVerified: false }).where(eq(user.id, u.id));
    expect((await attempt(u.email, u.password)).status).toBe(403);
    await t.db.update(user).set({ emailVerified: true }).where(eq(user.id, u.id));
    for (let i = 0; i < 5; i++) await attempt(u.email, 'wrong-password');
    expect((await attempt(u.email, u.password)).status).toBe(429);
    const outcomes = (await history(u)).map((r: { outcome: string }) => r.outcome);
    expect(outcomes[0]).toBe('locked_out');
    expect(outcomes).toContain('unconfirmed');
    expect(outcomes.filter((o: string) => o === 'wrong_password')).toHaveLength(5);
  });

  it('never shows another user’s attempts; unknown e-mails store nothing', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    await attempt(b.email, 'wrong-password', '192.0.2.77');
    const before = await t.db.select().from(signInAttempts);
    await attempt('nobody-here@example.com', 'whatever1');
    expect(await t.db.select().from(signInAttempts)).toHaveLength(before.length);
    const rows = await history(a);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r: { ip_address: string }) => r.ip_address === '192.0.2.77')).toBe(false);
  });

  it('shows 90 days; a successful sign-in removes the user’s older rows', async () => {
    const u = await createUser(t);
    const old = new Date(Date.now() - 91 * 86_400_000);
    await t.db.insert(signInAttempts).values({ userId: u.id, ipAddress: '192.0.2.1', userAgent: CHROME_UA, outcome: 'success', createdAt: old });
    expect((await history(u)).some((r: { ip_address: string }) => r.ip_address === '192.0.2.1')).toBe(false);
    await signIn(t, u.email, u.password);
    expect(await t.db.select().from(signInAttempts).where(eq(signInAttempts.ipAddress, '192.0.2.1'))).toHaveLength(0);
  });
});
