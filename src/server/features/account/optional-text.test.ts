// Forms may send an empty optional text as null (what they read back): every such schema accepts it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, createUser, json, type TestContext } from '#server/test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

describe('optional text fields accept null as well as an empty string', () => {
  it('saves a profile with Phone and Company empty or null', async () => {
    const u = await createUser(t);
    let res = await t.request('/api/profile', { method: 'PATCH', cookie: u.cookie, json: { first_name: 'Ann', last_name: 'Lee', phone: null, company: null } });
    expect(res.status, await res.clone().text()).toBe(200);
    let me = await json(await t.request('/api/me', { cookie: u.cookie }));
    expect(me.profile).toMatchObject({ first_name: 'Ann', phone: null, company: null });
    res = await t.request('/api/profile', { method: 'PATCH', cookie: u.cookie, json: { first_name: 'Ann', last_name: 'Lee', phone: ' 555 ', company: '' } });
    expect(res.status).toBe(200);
    me = await json(await t.request('/api/me', { cookie: u.cookie }));
    expect(me.profile).toMatchObject({ phone: '555', company: null });
  });

  it('accepts a contact message whose company is null', async () => {
    const res = await t.request('/api/contact', {
      json: { name: 'Ann', email: 'ann@example.com', company: null, contactReason: 'sales', subject: 'Hi', message: 'Hello' },
    });
    expect(res.status, await res.clone().text()).toBe(201);
  });
});
