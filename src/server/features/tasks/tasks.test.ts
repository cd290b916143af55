// Tasks (issue 14): create/edit/done/reopen/delete, every validation message, assignees from the
// agency only, links of the same agency only (another's: 404, nothing created), the tier gate, My
// tasks' groups in the agency's day, notifications and tenant isolation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { TASK_TEXT } from '#shared/tasks.ts';
import { zonedInstant } from '#shared/time.ts';
import { addDays, agencyToday } from '#shared/time.ts';
import { activityLog, agencies, notifications, tasks } from '#server/db/schema.ts';
import { createCustomer, createPolicy } from '#server/test/factories.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';
import { joinAgency } from '#server/test/team.ts';

let t: TestContext;
let owner: TestUser;
let member: TestUser;
let outsider: TestUser;

const join = (by: TestUser) => joinAgency(t, by);

const today = () => agencyToday('UTC');
const body = (over: Record<string, unknown> = {}) => ({ title: 'Call back', due_date: today(), due_time: '15:30', priority: 'high', assignee_id: owner.id, ...over });
const post = (u: TestUser, json: unknown) => t.request('/api/tasks', { cookie: u.cookie, json });
const taskCount = async () => (await t.db.select({ n: count() }).from(tasks))[0].n;

beforeAll(async () => {
  t = await createTestContext();
  owner = await createUser(t, { tier: 'enterprise', permissions: ['manage_team'] });
  outsider = await createUser(t, { tier: 'business' });
  member = await join(owner);
});
afterAll(async () => t.close());

describe('tasks', () => {
  it('creates a task linked to a customer, with an activity entry, and lists it on the customer', async () => {
    const c = await createCustomer(t.request, owner.cookie, { name: 'Tina Task' });
    const res = await post(owner, body({ customer_id: c.id, description: 'About the fire policy' }));
    expect(res.status, await res.clone().text()).toBe(201);
    const task = await json(res);
    expect(task).toMatchObject({
      title: 'Call back',
      description: 'About the fire policy',
      due_date: today(),
      due_time: '15:30',
      priority: 'high',
      assignee_id: owner.id,
      customer_id: c.id,
      customer_name: 'Tina Task',
      completed_at: null,
    });
    expect(task.due_at).toBe(new Date(`${today()}T15:30:00Z`).toISOString());
    const listed = await json(await t.request(`/api/tasks?customer_id=${c.id}`, { cookie: owner.cookie }));
    expect(listed.rows.map((r: { id: string }) => r.id)).toEqual([task.id]);
    const log = await t.db.select().from(activityLog).where(and(eq(activityLog.kind, 'task'), eq(activityLog.entityId, task.id)));
    expect(log.map((l) => l.summary)).toEqual(['Created task "Call back" for Tina Task']);
  });

  it('keeps optional fields empty: no description, no link, the default time and priority', async () => {
    const res = await post(owner, { title: 'Plain', due_date: today(), assignee_id: owner.id, description: '', customer_id: '' });
    expect(res.status).toBe(201);
    expect(await json(res)).toMatchObject({ description: null, customer_id: null, policy_id: null, opportunity_id: null, due_time: '09:00', priority: 'normal' });
  });

  it('links to a policy of the agency', async () => {
    const p = await createPolicy(t.request, owner.cookie);
    const task = await json(await post(owner, body({ policy_id: p.id })));
    expect(task).toMatchObject({ policy_id: p.id, policy_number: p.policy_number });
    expect((await json(await t.request(`/api/tasks?policy_id=${p.id}`, { cookie: owner.cookie }))).rows).toHaveLength(1);
  });

  it('answers every validation message as a field error', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: '' }, 'title', TASK_TEXT.titleRequired],
      [{ due_date: 'next tuesday' }, 'due_date', TASK_TEXT.dueDateInvalid],
      [{ due_date: '2026-02-30' }, 'due_date', TASK_TEXT.dueDateInvalid],
      [{ due_date: undefined }, 'due_date', TASK_TEXT.dueDateInvalid],
      [{ due_time: '25:00' }, 'due_time', TASK_TEXT.dueTimeInvalid],
      [{ priority: 'urgent' }, 'priority', TASK_TEXT.priorityInvalid],
      [{ assignee_id: '' }, 'assignee_id', TASK_TEXT.assigneeRequired],
      [{ customer_id: crypto.randomUUID(), policy_id: crypto.randomUUID() }, 'customer_id', TASK_TEXT.oneLink],
    ];
    const before = await taskCount();
    for (const [over, field, message] of cases) {
      const res = await post(owner, body(over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect((await json(res)).error.fields[field]).toBe(message);
    }
    expect(await taskCount()).toBe(before);
  });

  it('refuses an assignee outside the agency (a field error), and creates nothing', async () => {
    const before = await taskCount();
    const res = await post(owner, body({ assignee_id: outsider.id }));
    expect(res.status).toBe(400);
    expect((await json(res)).error.fields.assignee_id).toBe(TASK_TEXT.notMember);
    expect(await taskCount()).toBe(before);
  });

  it("linking to another agency's customer, policy or opportunity is a 404 and creates nothing", async () => {
    const theirs = await createCustomer(t.request, outsider.cookie);
    const theirPolicy = await createPolicy(t.request, outsider.cookie);
    const before = await taskCount();
    for (const link of [{ customer_id: theirs.id }, { policy_id: theirPolicy.id }, { opportunity_id: crypto.randomUUID() }, { customer_id: 'not-a-uuid' }]) {
      const res = await post(owner, body(link));
      expect(res.status, JSON.stringify(link)).toBe(404);
      expect((await json(res)).error.message).toBe(TASK_TEXT.linkNotFound);
    }
    expect(await taskCount()).toBe(before);
  });

  it('starter and professional agents get 403 on every tasks route', async () => {
    for (const tier of ['starter', 'professional']) {
      const u = await createUser(t, { tier });
      expect((await post(u, { ...body(), assignee_id: u.id })).status).toBe(403);
      expect((await t.request('/api/tasks/mine', { cookie: u.cookie })).status).toBe(403);
      const c = await createCustomer(t.request, u.cookie);
      expect((await t.request(`/api/customers/${c.id}/timeline`, { cookie: u.cookie })).status).toBe(403);
    }
  });

  it('assigning to someone else notifies them once; assigning to oneself notifies no one', async () => {
    const task = await json(await post(owner, body({ title: 'For the member', assignee_id: member.id })));
    const told = await t.db.select().from(notifications).where(and(eq(notifications.userId, member.id), eq(notifications.kind, 'task_assigned')));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ title: 'Task "For the member" was assigned to you', link: `/dashboard/crm/tasks?task=${task.id}` });
    // editing without changing the assignee tells no one again
    expect((await t.request(`/api/tasks/${task.id}`, { method: 'PUT', cookie: owner.cookie, json: body({ title: 'For the member', assignee_id: member.id, priority: 'low' }) })).status).toBe(200);
    await json(await post(member, body({ title: 'Mine', assignee_id: member.id })));
    const again = await t.db.select().from(notifications).where(and(eq(notifications.userId, member.id), eq(notifications.kind, 'task_assigned')));
    expect(again).toHaveLength(1);
  });

  it('respects a switched-off task_assigned preference', async () => {
    const current = (await json(await t.request('/api/settings/notifications', { cookie: member.cookie }))).preferences;
    const off = await t.request('/api/settings/notifications', {
      method: 'PUT',
      cookie: member.cookie,
      json: { ...current, in_app: { ...current.in_app, task_assigned: false } },
    });
    expect(off.status, await off.clone().text()).toBe(200);
    expect((await post(owner, body({ title: 'Quiet', assignee_id: member.id }))).status).toBe(201);
    const told = await t.db.select().from(notifications).where(and(eq(notifications.userId, member.id), eq(notifications.title, 'Task "Quiet" was assigned to you')));
    expect(told).toHaveLength(0);
    await t.request('/api/settings/notifications', { method: 'PUT', cookie: member.cookie, json: current });
  });

  it('marks done and reopens, and groups My tasks by the agency day', async () => {
    const u = await createUser(t, { tier: 'business' });
    const day = today();
    const [overdue, dueToday, upcoming] = await Promise.all(
      [addDays(day, -2), day, addDays(day, 3)].map(async (d, i) => json(await post(u, { title: `T${i}`, due_date: d, due_time: '12:00', assignee_id: u.id }))),
    );
    let mine = await json(await t.request('/api/tasks/mine', { cookie: u.cookie }));
    expect(mine.groups.overdue.rows.map((r: { id: string }) => r.id)).toEqual([overdue.id]);
    expect(mine.groups.today.rows.map((r: { id: string }) => r.id)).toEqual([dueToday.id]);
    expect(mine.groups.upcoming.rows.map((r: { id: string }) => r.id)).toEqual([upcoming.id]);
    expect(mine.groups.done.rows).toEqual([]);
    const done = await json(await t.request(`/api/tasks/${dueToday.id}/done`, { method: 'POST', cookie: u.cookie }));
    expect(done.completed_at).not.toBeNull();
    mine = await json(await t.request('/api/tasks/mine', { cookie: u.cookie }));
    expect(mine.groups.today.rows).toEqual([]);
    expect(mine.groups.done.rows.map((r: { id: string }) => r.id)).toEqual([dueToday.id]);
    const reopened = await json(await t.request(`/api/tasks/${dueToday.id}/done`, { method: 'DELETE', cookie: u.cookie }));
    expect(reopened.completed_at).toBeNull();
    // deleting
    expect((await t.request(`/api/tasks/${upcoming.id}`, { method: 'DELETE', cookie: u.cookie })).status).toBe(204);
    expect((await t.request(`/api/tasks/${upcoming.id}`, { cookie: u.cookie })).status).toBe(404);
  });

  it("uses the agency's timezone for the due moment and for today", async () => {
    const u = await createUser(t, { tier: 'business' });
    const me = await json(await t.request('/api/tasks/mine', { cookie: u.cookie }));
    await t.db.update(agencies).set({ timezone: 'Pacific/Auckland' }).where(eq(agencies.ownerId, u.id));
    const day = agencyToday('Pacific/Auckland');
    const task = await json(await post(u, { title: 'Kiwi', due_date: day, due_time: '23:30', assignee_id: u.id }));
    expect(task).toMatchObject({ due_date: day, due_time: '23:30' });
    expect(task.due_at).toBe(zonedInstant(day, '23:30', 'Pacific/Auckland').toISOString());
    const mine = await json(await t.request('/api/tasks/mine', { cookie: u.cookie }));
    expect(mine).toMatchObject({ today: day, time_zone: 'Pacific/Auckland', assignee_id: me.assignee_id });
    expect(mine.groups.today.rows.map((r: { id: string }) => r.id)).toEqual([task.id]);
  });

  it('answers each My tasks row exactly as the task itself reads, in a zone with daylight saving', async () => {
    const u = await createUser(t, { tier: 'business', name: 'Row Checker' });
    await t.request('/api/tasks/mine', { cookie: u.cookie }); // the agency exists
    await t.db.update(agencies).set({ timezone: 'America/New_York' }).where(eq(agencies.ownerId, u.id));
    const customer = await createCustomer(t.request, u.cookie, { name: 'Linked Customer' });
    const policy = await createPolicy(t.request, u.cookie, { policy_number: 'ROW-1' });
    const day = agencyToday('America/New_York');
    const made = [
      await json(await post(u, { title: 'With customer', description: 'Bring the "forms", too', due_date: addDays(day, -1), due_time: '08:05', priority: 'low', assignee_id: u.id, customer_id: customer.id })),
      await json(await post(u, { title: 'With policy', due_date: day, due_time: '23:59', priority: 'normal', assignee_id: u.id, policy_id: policy.id })),
      // past the next change of daylight saving time, whichever way it goes
      await json(await post(u, { title: 'Far ahead', due_date: addDays(day, 200), due_time: '00:30', priority: 'high', assignee_id: u.id })),
    ];
    await t.request(`/api/tasks/${made[1].id}/done`, { method: 'POST', cookie: u.cookie });
    const mine = await json(await t.request('/api/tasks/mine', { cookie: u.cookie }));
    const listed = [...mine.groups.overdue.rows, ...mine.groups.today.rows, ...mine.groups.upcoming.rows, ...mine.groups.done.rows];
    expect(listed.map((r: { title: string }) => r.title).sort()).toEqual(['Far ahead', 'With customer', 'With policy']);
    for (const row of listed) expect(row).toEqual(await json(await t.request(`/api/tasks/${row.id}`, { cookie: u.cookie })));
    expect(listed.find((r: { title: string }) => r.title === 'Far ahead')).toMatchObject({ due_date: addDays(day, 200), due_time: '00:30' });
  });

  it('stops each My tasks group at its limit, says there are more, and keeps due order', async () => {
    const u = await createUser(t, { tier: 'business' });
    const me = await json(await t.request('/api/me', { cookie: u.cookie }));
    const base = Date.parse(`${addDays(today(), -10)}T12:00:00Z`);
    await t.db.insert(tasks).values(
      Array.from({ length: 53 }, (_, i) => ({
        agencyId: me.agency.id,
        title: `Old ${i}`,
        dueAt: new Date(base + (i % 7) * 3_600_000),
        priority: 'normal',
        assigneeId: u.id,
        createdBy: u.id,
      })),
    );
    const mine = await json(await t.request('/api/tasks/mine', { cookie: u.cookie }));
    expect(mine.groups.overdue.rows).toHaveLength(50);
    expect(mine.groups.overdue.more).toBe(true);
    const keys = mine.groups.overdue.rows.map((r: { due_at: string; id: string }) => [r.due_at, r.id]);
    expect(keys).toEqual([...keys].sort((a: string[], b: string[]) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : 1) : a[0] < b[0] ? -1 : 1)));
    expect(mine.groups.today).toEqual({ rows: [], more: false });
  });

  it("shows a chosen member's tasks; a non-member's are refused", async () => {
    const mine = await json(await t.request(`/api/tasks/mine?assignee=${member.id}`, { cookie: owner.cookie }));
    expect(mine.assignee_id).toBe(member.id);
    expect([...mine.groups.today.rows].map((r: { title: string }) => r.title)).toContain('For the member');
    expect((await t.request(`/api/tasks/mine?assignee=${outsider.id}`, { cookie: owner.cookie })).status).toBe(400);
  });

  it("keeps tenants apart: another agency's task is a 404 to read, edit, complete or delete", async () => {
    const task = await json(await post(owner, body({ title: 'Private' })));
    const calls = [
      t.request(`/api/tasks/${task.id}`, { cookie: outsider.cookie }),
      t.request(`/api/tasks/${task.id}`, { method: 'PUT', cookie: outsider.cookie, json: body({ assignee_id: outsider.id }) }),
      t.request(`/api/tasks/${task.id}/done`, { method: 'POST', cookie: outsider.cookie }),
      t.request(`/api/tasks/${task.id}`, { method: 'DELETE', cookie: outsider.cookie }),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(404);
    const [row] = await t.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(row).toMatchObject({ title: 'Private', completedAt: null });
    const theirs = await json(await t.request('/api/tasks/mine', { cookie: outsider.cookie }));
    expect(Object.values(theirs.groups).flatMap((g) => (g as { rows: { id: string }[] }).rows.map((r) => r.id))).not.toContain(task.id);
  });
});
