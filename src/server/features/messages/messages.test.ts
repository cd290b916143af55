import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '#server/db/schema.ts';
import { createTestContext, createUser, json, type TestContext } from '#server/test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

describe('contact inbox', () => {
  it('lists newest first with the unread count; an admin marks read and unread; others are refused', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const plain = await createUser(t);
    const [older] = await t.db
      .insert(contactMessages)
      .values({ name: 'Olga Old', email: 'olga@example.com', contactReason: 'sales', subject: 'Pricing', message: 'How much?', createdAt: new Date(Date.now() - 60_000) })
      .returning();
    const [newer] = await t.db
      .insert(contactMessages)
      .values({ name: 'Ned New', email: 'ned@example.com', company: 'Ned Co', contactReason: 'support', subject: 'Help', message: 'It broke' })
      .returning();
    let body = await json(await t.request('/api/admin/messages', { cookie: admin.cookie }));
    expect(body.rows.map((r: { id: string }) => r.id)).toEqual([newer.id, older.id]);
    expect(body).toMatchObject({ total: 2, unread: 2, page: 1 });
    expect(body.rows[0]).toMatchObject({ name: 'Ned New', company: 'Ned Co', contact_reason: 'support', subject: 'Help', message: 'It broke', read_at: null });

    let res = await t.request(`/api/admin/messages/${older.id}/read`, { method: 'POST', cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect((await json(res)).message.read_at).toBeTruthy();
    body = await json(await t.request('/api/admin/messages', { cookie: admin.cookie }));
    expect(body.unread).toBe(1);
    res = await t.request(`/api/admin/messages/${older.id}/read`, { method: 'DELETE', cookie: admin.cookie });
    expect((await json(res)).message.read_at).toBeNull();

    expect((await t.request('/api/admin/messages/not-a-uuid/read', { method: 'POST', cookie: admin.cookie })).status).toBe(404);
    expect((await t.request('/api/admin/messages/00000000-0000-4000-8000-000000000000/read', { method: 'POST', cookie: admin.cookie })).status).toBe(404);
    res = await t.request(`/api/admin/messages/${newer.id}/read`, { method: 'POST', cookie: plain.cookie });
    expect(res.status).toBe(403);
    expect((await json(res)).error.message).toBe('Permission denied');
    expect((await t.request('/api/admin/messages', { cookie: plain.cookie })).status).toBe(403);
  });
});
