// Settings › Notifications (issue 16): each user's own in-app switches per kind and the daily
// digest's e-mail; notify() skips what a user switched off; the digest follows the switch.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { NOTIFICATION_KINDS } from '#shared/notifications.ts';
import { addDays } from '#shared/time.ts';
import { notifications, policies, user } from '#server/db/schema.ts';
import { createPolicy } from '#server/test/factories.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';
import { notify } from '#server/platform/notify.ts';
import { runDigest } from '../renewals/digest.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t.close());

const ALL_ON = { in_app: Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, true])), digest_email: true };
const getPrefs = async (u: TestUser) => {
  const res = await t.request('/api/settings/notifications', { cookie: u.cookie });
  expect(res.status).toBe(200);
  return (await json(res)).preferences;
};
const putPrefs = (u: TestUser, body: unknown) => t.request('/api/settings/notifications', { method: 'PUT', cookie: u.cookie, json: body });

describe('Settings › Notifications', () => {
  it('starts with everything on; a user changes their own switches and no one else’s', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    expect(await getPrefs(a)).toEqual(ALL_ON);
    const mine = { in_app: { ...ALL_ON.in_app, policy_assigned: false, renewal_lapsed: false }, digest_email: false };
    // a user id in the body is not a field: the session decides whose preferences these are
    const res = await putPrefs(a, { ...mine, user_id: b.id });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await json(res)).preferences).toEqual(mine);
    expect(await getPrefs(a)).toEqual(mine);
    expect(await getPrefs(b)).toEqual(ALL_ON);
    const [row] = await t.db.select({ optOut: user.digestOptOut }).from(user).where(eq(user.id, b.id));
    expect(row.optOut).toBe(false);
    // and back on
    expect((await json(await putPrefs(a, ALL_ON))).preferences).toEqual(ALL_ON);
  });

  it('refuses a body without every kind, or with a non-boolean, with 400; without a session 401', async () => {
    const a = await createUser(t);
    const { policy_assigned: _dropped, ...partial } = ALL_ON.in_app;
    expect((await putPrefs(a, { ...ALL_ON, in_app: partial })).status).toBe(400);
    expect((await putPrefs(a, { ...ALL_ON, digest_email: 'no' })).status).toBe(400);
    expect((await putPrefs(a, { ...ALL_ON, in_app: { ...ALL_ON.in_app, unknown_kind: true } })).status).toBe(400);
    expect(await getPrefs(a)).toEqual(ALL_ON);
    expect((await t.request('/api/settings/notifications')).status).toBe(401);
  });

  it('notify() records nothing for a kind the user switched off, and the other kinds as before', async () => {
    const a = await createUser(t);
    expect((await putPrefs(a, { ...ALL_ON, in_app: { ...ALL_ON.in_app, policy_assigned: false } })).status).toBe(200);
    const base = { userId: a.id, title: 'x', link: '/dashboard' };
    expect(await notify(t.db, { ...base, kind: 'policy_assigned', dedupeKey: `off:${a.id}` })).toBe(false);
    expect(await notify(t.db, { ...base, kind: 'renewal_window', dedupeKey: `on:${a.id}` })).toBe(true);
    const rows = await t.db.select({ kind: notifications.kind }).from(notifications).where(eq(notifications.userId, a.id));
    expect(rows.map((r) => r.kind)).toEqual(['renewal_window']);
    // switched on again, the kind is recorded
    await putPrefs(a, ALL_ON);
    expect(await notify(t.db, { ...base, kind: 'policy_assigned', dedupeKey: `on-again:${a.id}` })).toBe(true);
    const again = await t.db.select().from(notifications).where(and(eq(notifications.userId, a.id), eq(notifications.kind, 'policy_assigned')));
    expect(again).toHaveLength(1);
  });

  it('the daily digest e-mail switch is the digest opt-out: off here, no digest', async () => {
    const off = await createUser(t, { tier: 'professional' });
    const on = await createUser(t, { tier: 'professional' });
    const now = new Date('2026-09-01T08:00:00Z');
    for (const u of [off, on]) {
      const p = await createPolicy(t.request, u.cookie);
      await t.db.update(policies).set({ endDate: addDays('2026-09-01', 20) }).where(eq(policies.id, p.id));
    }
    expect((await putPrefs(off, { ...ALL_ON, digest_email: false })).status).toBe(200);
    const [row] = await t.db.select({ optOut: user.digestOptOut }).from(user).where(eq(user.id, off.id));
    expect(row.optOut).toBe(true);
    await runDigest(t.deps, now);
    const digests = (u: TestUser) => t.mail.sent.filter((m) => m.to === u.email && /Your renewals for/.test(m.subject));
    expect(digests(on)).toHaveLength(1);
    expect(digests(off)).toHaveLength(0);
  });
});
