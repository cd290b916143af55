// Deleting a whole account (the super admin's delete, or its owner's "Delete my account") hands its work
// back in every agency it was a member of as removing the member does: tasks and opportunities lose
// their assignee and terms fall back to the owner — each with updated_at moved, one event and one
// change-feed entry (issue 34 §2), not the foreign key's silent SET NULL. The log entries and premium
// payments it wrote stay, by no one — also where it had left already (decision 083).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import {
  agencies,
  agencyMembers,
  changeFeed,
  customerCommunications,
  documents,
  opportunities,
  opportunityStageHistory,
  policies,
  premiumPayments,
  session as sessionTable,
  tasks,
  user,
} from '#server/db/schema.ts';
import { createCustomer, createPolicy, type Call } from '#server/test/factories.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';

let t: TestContext;
let call: Call;
let owner: TestUser;
let agencyId: string;

async function member(name: string): Promise<TestUser> {
  const u = await createUser(t, { name, company: `${name} Own Agency` });
  await t.request('/api/me', { cookie: u.cookie }); // their own agency, which goes with them
  await t.db.insert(agencyMembers).values({ agencyId, userId: u.id, role: 'team_member' });
  await t.db.update(sessionTable).set({ activeAgencyId: agencyId }).where(eq(sessionTable.userId, u.id));
  return u;
}

/** A task, an opportunity and a term of the owner's agency assigned to `u`, dated in the past. */
async function workOf(u: TestUser) {
  const customer = await createCustomer(call, owner.cookie);
  const task = await json(await t.request('/api/tasks', { cookie: owner.cookie, json: { title: 'Call back', due_date: '2026-01-05', assignee_id: u.id } }));
  const opp = await json(await t.request('/api/opportunities', { cookie: owner.cookie, json: { prospect_name: 'Pat Prospect', line: 'car', assignee_id: u.id } }));
  const policy = await createPolicy(call, owner.cookie, { customer_id: customer.id, assignee_id: u.id });
  const past = new Date('2020-01-01T00:00:00Z');
  await t.db.update(tasks).set({ updatedAt: past }).where(eq(tasks.id, task.id));
  await t.db.update(opportunities).set({ updatedAt: past }).where(eq(opportunities.id, opp.id));
  await t.db.update(policies).set({ updatedAt: past }).where(eq(policies.id, policy.id));
  return { taskId: task.id as string, oppId: opp.id as string, policyId: policy.id, since: past };
}

async function expectHandedBack(w: Awaited<ReturnType<typeof workOf>>) {
  const [task] = await t.db.select().from(tasks).where(eq(tasks.id, w.taskId));
  const [opp] = await t.db.select().from(opportunities).where(eq(opportunities.id, w.oppId));
  const [policy] = await t.db.select().from(policies).where(eq(policies.id, w.policyId));
  expect(task.assigneeId).toBeNull();
  expect(opp.assigneeId).toBeNull();
  expect(policy.assigneeId).toBe(owner.id);
  for (const row of [task, opp, policy]) expect(row.updatedAt.getTime()).toBeGreaterThan(w.since.getTime());
  const feed = await t.db
    .select({ entity: changeFeed.entity, entityId: changeFeed.entityId, type: changeFeed.eventType })
    .from(changeFeed)
    .where(and(eq(changeFeed.agencyId, agencyId), inArray(changeFeed.entityId, [w.taskId, w.oppId, w.policyId]), eq(changeFeed.op, 'updated')));
  // exactly one entry each: the hand-back (the creations are `created`)
  expect(feed.map((f) => f.type).sort()).toEqual(['opportunity.updated', 'policy.updated', 'task.updated']);
}

beforeAll(async () => {
  t = await createTestContext();
  call = (p, init) => t.request(p, init);
  owner = await createUser(t, { tier: 'enterprise', permissions: ['manage_team'] });
  agencyId = (await json(await t.request('/api/me', { cookie: owner.cookie }))).agency.id;
});
afterAll(async () => {
  await t.close();
});

describe('a deleted account leaves the agencies it was a member of', () => {
  it('by the super admin: its tasks, opportunities and terms are handed back with events and feed entries', async () => {
    const admin = await createUser(t, { role: 'super_admin', name: 'Sue Super' });
    const gone = await member('Gina Gone');
    const w = await workOf(gone);
    expect((await t.request(`/api/admin/users/${gone.id}`, { method: 'DELETE', cookie: admin.cookie })).status).toBe(200);
    expect(await t.db.select().from(user).where(eq(user.id, gone.id))).toHaveLength(0);
    await expectHandedBack(w);
  });

  it('by its owner (Delete my account): the same', async () => {
    const gone = await member('Olga Outgoing');
    const w = await workOf(gone);
    const [own] = await t.db.select().from(agencies).where(eq(agencies.ownerId, gone.id));
    await t.db.update(sessionTable).set({ activeAgencyId: own.id }).where(eq(sessionTable.userId, gone.id));
    const res = await t.request('/api/settings/delete-account', { cookie: gone.cookie, json: { password: gone.password, agency_name: own.name } });
    expect(res.status, await res.clone().text()).toBe(200);
    await expectHandedBack(w);
  });

  it('what it wrote (log entries, premium payments, stage moves, uploads) stays, by no one, also where it left since: updated_at, one entry each', async () => {
    const admin = await createUser(t, { role: 'super_admin', name: 'Sam Super' });
    const gone = await member('Wanda Writer');
    const customer = await createCustomer(call, owner.cookie);
    const policy = await createPolicy(call, owner.cookie, { customer_id: customer.id });
    const past = new Date('2020-01-01T00:00:00Z');
    const [entry] = await t.db
      .insert(customerCommunications)
      .values({ agencyId, customerId: customer.id, type: 'phone', content: 'Called', createdBy: gone.id, updatedAt: past })
      .returning();
    const [payment] = await t.db
      .insert(premiumPayments)
      .values({ agencyId, policyId: policy.id, clientName: 'Carla', policyNumber: policy.policy_number, amount: '20.00', paymentDate: '2026-01-05', paymentMethod: 'cash', createdBy: gone.id, updatedAt: past })
      .returning();
    const deal = await json(await t.request('/api/opportunities', { cookie: owner.cookie, json: { prospect_name: 'Moved Once', line: 'car' } }));
    await t.db.insert(opportunityStageHistory).values({ agencyId, opportunityId: deal.id, fromStage: 'new_lead', toStage: 'contacted', changedBy: gone.id });
    await t.db.update(opportunities).set({ updatedAt: past }).where(eq(opportunities.id, deal.id));
    const [doc] = await t.db
      .insert(documents)
      .values({ agencyId, name: 'scan.pdf', storageName: 'scan.pdf', storageKey: `gone/${gone.id}`, contentType: 'application/pdf', size: 1, status: 'ready', customerId: customer.id, uploadedBy: gone.id, updatedAt: past })
      .returning();
    // it had left the agency before its account went
    await t.db.delete(agencyMembers).where(and(eq(agencyMembers.agencyId, agencyId), eq(agencyMembers.userId, gone.id)));
    expect((await t.request(`/api/admin/users/${gone.id}`, { method: 'DELETE', cookie: admin.cookie })).status).toBe(200);
    const [entryAfter] = await t.db.select().from(customerCommunications).where(eq(customerCommunications.id, entry.id));
    const [paymentAfter] = await t.db.select().from(premiumPayments).where(eq(premiumPayments.id, payment.id));
    const [dealAfter] = await t.db.select().from(opportunities).where(eq(opportunities.id, deal.id));
    const [docAfter] = await t.db.select().from(documents).where(eq(documents.id, doc.id));
    for (const row of [entryAfter, paymentAfter]) expect(row.createdBy).toBeNull();
    expect(docAfter.uploadedBy).toBeNull();
    expect((await t.db.select().from(opportunityStageHistory).where(eq(opportunityStageHistory.opportunityId, deal.id))).map((h) => h.changedBy)).not.toContain(gone.id);
    for (const row of [entryAfter, paymentAfter, dealAfter, docAfter]) expect(row.updatedAt.getTime()).toBeGreaterThan(past.getTime());
    const feed = await t.db
      .select({ type: changeFeed.eventType })
      .from(changeFeed)
      .where(and(eq(changeFeed.agencyId, agencyId), inArray(changeFeed.entityId, [entry.id, payment.id, deal.id, doc.id]), eq(changeFeed.op, 'updated')));
    expect(feed.map((f) => f.type).sort()).toEqual(['communication.updated', 'document.updated', 'opportunity.updated', 'premium_payment.updated']);
  });
});
