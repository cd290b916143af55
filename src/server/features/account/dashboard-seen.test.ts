// "Welcome" on the first view of the dashboard, "Welcome back" after it: the first view is recorded once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, createUser, json, type TestContext } from '#server/test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

describe('the first view of the dashboard', () => {
  it('is unrecorded for a new account, recorded once, and kept on later views', async () => {
    const u = await createUser(t);
    const before = await json(await t.request('/api/me', { cookie: u.cookie }));
    expect(before.profile.dashboard_seen_at).toBeNull();

    expect((await t.request('/api/account/dashboard-seen', { method: 'POST', cookie: u.cookie })).status).toBe(200);
    const first = (await json(await t.request('/api/me', { cookie: u.cookie }))).profile.dashboard_seen_at;
    expect(first).toEqual(expect.any(String));

    expect((await t.request('/api/account/dashboard-seen', { method: 'POST', cookie: u.cookie })).status).toBe(200);
    expect((await json(await t.request('/api/me', { cookie: u.cookie }))).profile.dashboard_seen_at).toBe(first);
  });

  it('is recorded only for the caller, and needs a session', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    await t.request('/api/account/dashboard-seen', { method: 'POST', cookie: a.cookie });
    expect((await json(await t.request('/api/me', { cookie: b.cookie }))).profile.dashboard_seen_at).toBeNull();
    expect((await t.request('/api/account/dashboard-seen', { method: 'POST' })).status).toBe(401);
  });
});
