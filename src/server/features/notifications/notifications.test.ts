// The bell's API: each event once, only the user's own, unread count, mark one and all read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { notifications } from '#server/db/schema.ts';
import { createTestContext, createUser, json, linkIn, waitForMail, type TestContext, type TestUser } from '#server/test/harness.ts';
import { fileOf, PDF } from '../payments/fixtures.ts';
import { notify } from '#server/platform/notify.ts';

let t: TestContext;
let u: TestUser;
let someoneElse: TestUser;
beforeAll(async () => {
  t = await createTestContext();
  u = await createUser(t);
  someoneElse = await createUser(t);
});
afterAll(async () => t.close());

const bell = async (who: TestUser) => json(await t.request('/api/notifications', { cookie: who.cookie }));

describe('notifications', () => {
  it('creates one row per dedupe key however often the event is reported', async () => {
    const event = { userId: u.id, kind: 'renewal_window' as const, title: 'CAR-1 ends in 30 days', link: '/dashboard/policies/x', dedupeKey: `test:${u.id}:1` };
    const results = await Promise.all([notify(t.db, event), notify(t.db, event), notify(t.db, event)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const rows = await t.db.select().from(notifications).where(eq(notifications.dedupeKey, event.dedupeKey));
    expect(rows).toHaveLength(1);
  });

  it('lists only the user’s own, counts unread, and marks one and then all read', async () => {
    await notify(t.db, { userId: u.id, kind: 'policy_assigned', title: 'A', link: '/a', dedupeKey: `test:${u.id}:a` });
    await notify(t.db, { userId: someoneElse.id, kind: 'policy_assigned', title: 'B', link: '/b', dedupeKey: `test:${someoneElse.id}:b` });
    const mine = await bell(u);
    expect(mine.unread).toBe(2);
    expect(mine.rows.map((r: { title: string }) => r.title)).not.toContain('B');
    const first = mine.rows[0];
    // another user's notification is not found
    const theirs = (await bell(someoneElse)).rows[0];
    expect((await t.request(`/api/notifications/${theirs.id}/read`, { method: 'POST', cookie: u.cookie })).status).toBe(404);
    expect((await t.request(`/api/notifications/${first.id}/read`, { method: 'POST', cookie: u.cookie })).status).toBe(200);
    expect((await bell(u)).unread).toBe(1);
    expect((await t.request('/api/notifications/read-all', { method: 'POST', cookie: u.cookie })).status).toBe(200);
    const after = await bell(u);
    expect(after.unread).toBe(0);
    expect(after.rows.every((r: { read: boolean }) => r.read)).toBe(true);
    expect((await bell(someoneElse)).unread).toBe(1);
    expect((await t.request('/api/notifications', {})).status).toBe(401);
  });

  it('tells the inviter when an invitation is accepted', async () => {
    const owner = await createUser(t, { tier: 'enterprise', permissions: ['manage_team'] });
    const email = `inv-${Math.random().toString(36).slice(2, 8)}@example.com`;
    await t.request('/api/team/invitations', { cookie: owner.cookie, json: { email, role: 'team_member' } });
    const token = linkIn(await waitForMail(t, email)).split('/').pop()!;
    const joiner = await createUser(t, { email });
    await t.request(`/api/invitations/${token}/accept`, { method: 'POST', cookie: joiner.cookie });
    const rows = (await bell(owner)).rows;
    expect(rows).toEqual([expect.objectContaining({ kind: 'invitation_accepted', title: `${email} accepted your invitation`, link: '/dashboard/team-management' })]);
  });

  it('tells the submitter when a payment is approved or rejected', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const submitter = await createUser(t);
    const submit = async () => {
      const fd = new FormData();
      const fields = { selected_tier: 'business', payment_method: 'Bank Transfer', payment_date: new Date().toISOString().slice(0, 10), agreed_to_terms: 'true' };
      for (const [k, v] of Object.entries(fields)) fd.append(k, v);
      fd.append('receipt', fileOf(PDF, 'receipt.pdf'));
      const res = await t.request('/api/payment-submissions', { method: 'POST', body: fd, cookie: submitter.cookie });
      expect(res.status).toBe(201);
      return (await json(res)).submission.id as string;
    };
    // one pending submission per user: the first is decided before the second is sent
    const a = await submit();
    expect((await t.request(`/api/admin/payment-submissions/${a}/reject`, { json: { notes: 'Blurry' }, cookie: admin.cookie })).status).toBe(200);
    const b = await submit();
    expect((await t.request(`/api/admin/payment-submissions/${b}/approve`, { json: {}, cookie: admin.cookie })).status).toBe(200);
    const kinds = (await bell(submitter)).rows.map((r: { kind: string }) => r.kind).sort();
    expect(kinds).toEqual(['payment_approved', 'payment_rejected']);
  });
});
