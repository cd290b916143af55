// The customer timeline (issue 14): every source newest first, the kind filter, keyset pages,
// append-only corrections, tenant isolation; and the digest's tasks-due-today section.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { COMMUNICATION_TEXT } from '#shared/communications.ts';
import { addDays, agencyToday } from '#shared/time.ts';
import { customerCommunications, documents, opportunities, opportunityStageHistory, policies } from '#server/db/schema.ts';
import { createCustomer, createPolicy } from '#server/test/factories.ts';
import { createUser, twoAgencies, json, type TestContext, type TestUser } from '#server/test/harness.ts';
import { runDigest } from '../renewals/digest.ts';

let t: TestContext, agent: TestUser, other: TestUser;

beforeAll(async () => void ({ t, agent, other } = await twoAgencies()));
afterAll(async () => t.close());

const timeline = async (u: TestUser, customerId: string, query = '') => {
  const res = await t.request(`/api/customers/${customerId}/timeline${query}`, { cookie: u.cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return json(res);
};

describe('customer timeline', () => {
  it('lists two entries logged for the same minute in the order they were written, newest first', async () => {
    const c = await createCustomer(t.request, agent.cookie, { name: 'Same Minute' });
    for (const content of ['First note', 'Second note', 'Third note'])
      await t.request(`/api/customers/${c.id}/communications`, { cookie: agent.cookie, json: { type: 'phone', content, communication_date: '2026-02-01T09:00' } });
    const body = await timeline(agent, c.id, '?kind=communication');
    expect(body.rows.map((r: { detail: string }) => r.detail)).toEqual(['Third note', 'Second note', 'First note']);
  });

  it('shows documents stored for the customer or their policies, not reservations or the Trash', async () => {
    const c = await createCustomer(t.request, agent.cookie, { name: 'Doc Line' });
    const p = await createPolicy(t.request, agent.cookie, { customer_id: c.id, customer_name: 'Doc Line', customer_email: c.email, policy_number: 'DL-1' });
    const me = await json(await t.request('/api/me', { cookie: agent.cookie }));
    const doc = (name: string, over: Partial<typeof documents.$inferInsert>) =>
      t.db.insert(documents).values({ agencyId: me.agency.id, name, storageName: name, storageKey: `k/${name}-${c.id}`, contentType: 'application/pdf', size: 10, status: 'ready', uploadedBy: agent.id, ...over });
    await doc('declarations.pdf', { customerId: c.id });
    await doc('id-card.pdf', { policyId: p.id });
    await doc('uploading.pdf', { customerId: c.id, status: 'pending' });
    await doc('trashed.pdf', { customerId: c.id, deletedAt: new Date() });
    const body = await timeline(agent, c.id, '?kind=document');
    expect(body.rows.map((r: { title: string }) => r.title).sort()).toEqual(['Document added: declarations.pdf', 'Document added: id-card.pdf']);
  });

  it('shows communications, tasks created and done, opportunities and stage moves, policies created, renewed and cancelled, newest first', async () => {
    const c = await createCustomer(t.request, agent.cookie, { name: 'Tim Line' });
    const comm = await json(
      await t.request(`/api/customers/${c.id}/communications`, {
        cookie: agent.cookie,
        json: { type: 'phone', subject: 'First call', content: 'Talked about car', communication_date: '2026-01-01T09:00' },
      }),
    );
    const task = await json(await t.request('/api/tasks', { cookie: agent.cookie, json: { title: 'Send quote', due_date: '2026-01-05', assignee_id: agent.id, customer_id: c.id } }));
    await t.request(`/api/tasks/${task.id}/done`, { method: 'POST', cookie: agent.cookie });
    const p = await createPolicy(t.request, agent.cookie, { customer_id: c.id, customer_name: 'Tim Line', customer_email: c.email, policy_number: 'TL-1' });
    const [opp] = await t.db
      .insert(opportunities)
      .values({ agencyId: (await t.db.select({ a: policies.agencyId }).from(policies).where(eq(policies.id, p.id)))[0].a, customerId: c.id, line: 'fire', source: 'Referral', createdBy: agent.id })
      .returning();
    await t.db.insert(opportunityStageHistory).values({ agencyId: opp.agencyId, opportunityId: opp.id, fromStage: 'new_lead', toStage: 'quoted', changedBy: agent.id });
    // a renewal term and a cancelled policy
    const renewed = await createPolicy(t.request, agent.cookie, { customer_id: c.id, customer_name: 'Tim Line', customer_email: c.email, policy_number: 'TL-2' });
    await t.db.update(policies).set({ renewedFromId: p.id }).where(eq(policies.id, renewed.id));
    await t.db.update(policies).set({ status: 'cancelled', updatedAt: new Date(Date.now() + 60_000) }).where(eq(policies.id, p.id));

    const page = await timeline(agent, c.id);
    const events = page.rows.map((r: { event: string }) => r.event);
    expect(new Set(events)).toEqual(
      new Set(['communication', 'task_created', 'task_done', 'policy_created', 'policy_renewed', 'policy_cancelled', 'opportunity_created', 'stage_moved']),
    );
    const times = page.rows.map((r: { at: string }) => Date.parse(r.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // the communication of 2026-01-01 is the oldest
    expect(page.rows.at(-1)).toMatchObject({ event: 'communication', ref_id: comm.id, title: 'Phone: First call', detail: 'Talked about car' });
    const titles = page.rows.map((r: { title: string }) => r.title);
    expect(titles).toEqual(
      expect.arrayContaining([
        'Task created: Send quote',
        'Task done: Send quote',
        'Policy TL-1 created',
        'Policy TL-2 renewed',
        'Policy TL-1 cancelled',
        'Opportunity created (Fire)',
        'Opportunity (Fire) moved from New lead to Quoted',
      ]),
    );
    expect(page.next_cursor).toBeNull();

    // filter by kind
    const onlyTasks = await timeline(agent, c.id, '?kind=task');
    expect(onlyTasks.rows.map((r: { event: string }) => r.event).sort()).toEqual(['task_created', 'task_done']);
    expect((await timeline(agent, c.id, '?kind=document')).rows).toEqual([]);
  });

  it('pages with a keyset cursor: no entry twice, none lost', async () => {
    const c = await createCustomer(t.request, agent.cookie);
    for (let i = 0; i < 7; i++)
      await t.request(`/api/customers/${c.id}/communications`, {
        cookie: agent.cookie,
        // two entries share each moment: the key breaks the tie
        json: { content: `Note ${i}`, communication_date: `2026-03-0${1 + Math.floor(i / 2)}T10:00` },
      });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = (await timeline(
        agent,
        c.id,
        `?limit=3${cursor ? `&cursor=${cursor}` : ''}`,
      )) as { rows: { key: string; detail: string }[]; next_cursor: string | null };
      expect(page.rows.length).toBeLessThanOrEqual(3);
      seen.push(...page.rows.map((r) => r.detail));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    expect((await t.request(`/api/customers/${c.id}/timeline?cursor=garbage`, { cookie: agent.cookie })).status).toBe(400);
  });

  it('corrections are new entries linked to the one they correct; nothing is edited or deleted', async () => {
    const c = await createCustomer(t.request, agent.cookie);
    const first = await json(await t.request(`/api/customers/${c.id}/communications`, { cookie: agent.cookie, json: { type: 'email', subject: 'Quote', content: 'Sent 500' } }));
    const res = await t.request(`/api/customers/${c.id}/communications/${first.id}/corrections`, {
      cookie: agent.cookie,
      json: { type: 'email', subject: 'Quote', content: 'Sent 600, not 500' },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const fix = await json(res);
    expect(fix).toMatchObject({ corrects_id: first.id, content: 'Sent 600, not 500' });
    const [original] = await t.db.select().from(customerCommunications).where(eq(customerCommunications.id, first.id));
    expect(original.content).toBe('Sent 500');
    const page = await timeline(agent, c.id, '?kind=communication');
    expect(page.rows[0]).toMatchObject({ event: 'correction', corrects_id: first.id, title: 'Correction: Email: Quote' });
    // a correction needs content like any entry; a communication of another customer is a 404
    const empty = await t.request(`/api/customers/${c.id}/communications/${first.id}/corrections`, { cookie: agent.cookie, json: { content: '' } });
    expect((await json(empty)).error.fields.content).toBe(COMMUNICATION_TEXT.contentRequired);
    const c2 = await createCustomer(t.request, agent.cookie);
    const wrong = await t.request(`/api/customers/${c2.id}/communications/${first.id}/corrections`, { cookie: agent.cookie, json: { content: 'x' } });
    expect(wrong.status).toBe(404);
    // no edit or delete route exists
    expect((await t.request(`/api/customers/${c.id}/communications/${first.id}`, { method: 'DELETE', cookie: agent.cookie })).status).toBe(404);
  });

  it("keeps tenants apart: another agency's customer timeline is a 404, and its corrections too", async () => {
    const c = await createCustomer(t.request, agent.cookie);
    const first = await json(await t.request(`/api/customers/${c.id}/communications`, { cookie: agent.cookie, json: { content: 'Secret' } }));
    expect((await t.request(`/api/customers/${c.id}/timeline`, { cookie: other.cookie })).status).toBe(404);
    const mine = await createCustomer(t.request, other.cookie);
    expect((await t.request(`/api/customers/${mine.id}/communications/${first.id}/corrections`, { cookie: other.cookie, json: { content: 'x' } })).status).toBe(404);
    expect((await timeline(other, mine.id)).rows).toEqual([]);
  });
});

describe('the daily digest: tasks due today', () => {
  it("lists an agent's open tasks due today, not tomorrow's or done ones", async () => {
    const u = await createUser(t, { tier: 'business' });
    const now = new Date(`${addDays(agencyToday('UTC'), 40)}T08:00:00Z`);
    const day = agencyToday('UTC', now);
    const mk = async (title: string, due_date: string) =>
      json(await t.request('/api/tasks', { cookie: u.cookie, json: { title, due_date, due_time: '10:15', assignee_id: u.id } }));
    await mk('Due today', day);
    await mk('Due tomorrow', addDays(day, 1));
    const done = await mk('Done today', day);
    await t.request(`/api/tasks/${done.id}/done`, { method: 'POST', cookie: u.cookie });
    const starter = await createUser(t, { tier: 'starter' });
    await runDigest(t.deps, now);
    const mail = t.mail.sent.filter((m) => m.to === u.email && /^Your (tasks|renewals) for/.test(m.subject));
    expect(mail).toHaveLength(1);
    expect(mail[0].subject).toBe(`Your tasks for ${day}: 1 due today`);
    expect(mail[0].text).toContain('Tasks due today (1):');
    expect(mail[0].text).toContain('10:15 — Due today');
    expect(mail[0].text).not.toContain('Due tomorrow');
    expect(mail[0].text).not.toContain('Done today');
    expect(mail[0].text).toContain('/dashboard/crm/tasks');
    expect(t.mail.sent.filter((m) => m.to === starter.email && /^Your/.test(m.subject))).toHaveLength(0);
  });
});
