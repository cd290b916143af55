// Bulk actions (issue 13): preview, run, undo, the job path, deletes that restore their links, the
// bad inputs of the issue (another agency's ids, undo after an edit, starter), tenant isolation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { BULK_TEXT } from '#shared/bulk.ts';
import { RENEWAL_TEXT } from '#shared/renewals.ts';
import {
  activityLog,
  bulkActions,
  bulkJournal,
  changeFeed,
  commissionOverrides,
  customerCommunications,
  customers,
  documents,
  jobs,
  policies,
  portalAccess,
  portalMessages,
  premiumPayments,
  signatureRequests,
  subscriptionLimits,
  tasks,
} from '#server/db/schema.ts';
import { createCustomer, createPolicy, FIRE_DETAILS } from '#server/test/factories.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';
import { claimJobs, renew } from '#server/jobs/queue.ts';
import { workOnce } from '#server/jobs/runner.ts';
import { bulkJob, LEASE_MS, purgeBulkJournals, runBulkBatch } from './service.ts';

let t: TestContext;
let biz: TestUser;
let other: TestUser;
let starter: TestUser;
let pro: TestUser;
let bigAgency: { user: TestUser; agencyId: string };

const agencyOf = async (u: TestUser) => (await json(await t.request('/api/me', { cookie: u.cookie }))).agency.id as string;

beforeAll(async () => {
  t = await createTestContext();
  biz = await createUser(t, { tier: 'business' });
  other = await createUser(t, { tier: 'business' });
  starter = await createUser(t, { tier: 'starter' });
  pro = await createUser(t, { tier: 'professional' });
  const big = await createUser(t, { tier: 'enterprise' });
  bigAgency = { user: big, agencyId: await agencyOf(big) };
});
afterAll(async () => t.close());

const post = (u: TestUser, path: string, body: unknown) => t.request(path, { cookie: u.cookie, json: body });
const statusReq = (ids: string[], status = 'active') => ({ entity: 'policies', action: { kind: 'set_status', status }, selection: { all: false, ids } });
const statusOf = async (id: string) => (await t.db.select({ s: policies.status }).from(policies).where(eq(policies.id, id)))[0]?.s;

async function policiesFor(u: TestUser, n: number, over: Record<string, unknown> = {}) {
  const out = [];
  // terms in force today: a status is the agent's choice only within its term (issue 29)
  for (let i = 0; i < n; i++) out.push(await createPolicy(t.request, u.cookie, { status: 'pending', start_date: new Date().toISOString().slice(0, 10), ...over }));
  return out;
}

/** Policies inserted with SQL (the job tests need more than the plan and the API would make quickly). */
async function seedPolicies(agencyId: string, n: number, prefix: string) {
  await t.db.execute(sql`
    insert into policies (agency_id, policy_number, insurance_company, policy_type, customer_name, customer_email,
                          premium_amount, coverage_amount, deductible, start_date, end_date, status)
    select ${agencyId}, ${prefix} || lpad(g::text, 6, '0'), 'Acme', 'car', 'Customer ' || g, 'c' || g || '@example.com',
           100, 1000, 0, date '2026-01-01', date '2027-01-01', 'pending'
    from generate_series(1, ${n}) g`);
  const rows = await t.db.select({ id: policies.id }).from(policies).where(and(eq(policies.agencyId, agencyId), sql`${policies.policyNumber} like ${prefix + '%'}`));
  return rows.map((r) => r.id);
}

async function waitDone(u: TestUser, id: string) {
  for (let i = 0; i < 600; i++) {
    const info = await json(await t.request(`/api/bulk/${id}`, { cookie: u.cookie }));
    if (info.state !== 'running') return info;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('bulk job did not finish');
}

describe('access', () => {
  it('refuses starter and professional agencies (403) on every bulk endpoint', async () => {
    for (const u of [starter, pro]) {
      expect((await post(u, '/api/bulk/preview', statusReq([crypto.randomUUID()]))).status).toBe(403);
      expect((await post(u, '/api/bulk', statusReq([crypto.randomUUID()]))).status).toBe(403);
      expect((await post(u, '/api/bulk/export', { entity: 'policies', selection: { all: true, filter: {} } })).status).toBe(403);
      expect((await t.request('/api/bulk', { cookie: u.cookie })).status).toBe(403);
    }
    expect((await t.request('/api/bulk')).status).toBe(401);
  });
});

describe('validation', () => {
  const bad = async (body: unknown) => {
    const res = await post(biz, '/api/bulk/preview', body);
    expect(res.status).toBe(400);
    return (await json(res)).error.message as string;
  };
  it('answers each wrong input with its message', async () => {
    const id = crypto.randomUUID();
    expect(await bad({ entity: 'policies', action: { kind: 'set_status' }, selection: { all: false, ids: [id] } })).toBe(BULK_TEXT.chooseStatus);
    expect(await bad({ entity: 'policies', action: { kind: 'set_status', status: 'gone' }, selection: { all: false, ids: [id] } })).toBe(BULK_TEXT.chooseStatus);
    expect(await bad({ entity: 'policies', action: { kind: 'assign', assignee_id: ' ' }, selection: { all: false, ids: [id] } })).toBe(BULK_TEXT.chooseAssignee);
    expect(await bad({ entity: 'policies', action: { kind: 'assign' }, selection: { all: false, ids: [id] } })).toBe(BULK_TEXT.chooseAssignee);
    expect(await bad({ entity: 'customers', action: { kind: 'set_type', customer_type: 'vip' }, selection: { all: false, ids: [id] } })).toBe(BULK_TEXT.chooseType);
    expect(await bad(statusReq([]))).toBe(BULK_TEXT.noSelection);
    expect(await bad(statusReq(Array.from({ length: 10_001 }, () => id)))).toBe(BULK_TEXT.tooManyIds);
    const notMember = await post(biz, '/api/bulk/preview', { entity: 'policies', action: { kind: 'assign', assignee_id: other.id }, selection: { all: false, ids: [id] } });
    expect(notMember.status).toBe(400);
    expect((await json(notMember)).error.fields.assignee_id).toBe(RENEWAL_TEXT.notMember);
  });
});

describe('preview and run', () => {
  it('previews without writing: counts, the first ten before → after, unchanged with why, and another agency’s ids ignored and reported', async () => {
    const mine = await policiesFor(biz, 12);
    const already = await policiesFor(biz, 2, { status: 'active' });
    const foreign = (await policiesFor(other, 1))[0];
    const ids = [...mine, ...already].map((p) => p.id);
    const res = await post(biz, '/api/bulk/preview', statusReq([...ids, foreign.id, 'not-an-id']));
    expect(res.status).toBe(200);
    const preview = await json(res);
    expect(preview).toMatchObject({ selected: 14, changes: 12, unchanged_count: 2, ignored_count: 2, mode: 'now', summary: 'Change status to Active' });
    expect(preview.sample).toHaveLength(10);
    expect(preview.sample[0]).toMatchObject({ before: 'Pending', after: 'Active' });
    expect(preview.unchanged.map((u: { reason: string }) => u.reason)).toEqual([BULK_TEXT.unchanged('Active'), BULK_TEXT.unchanged('Active')]);
    expect(preview.ignored.sort()).toEqual([foreign.id, 'not-an-id'].sort());
    // nothing was written
    for (const p of mine) expect(await statusOf(p.id)).toBe('pending');
    expect(await statusOf(foreign.id)).toBe('pending');

    const run = await post(biz, '/api/bulk', statusReq([...ids, foreign.id]));
    expect(run.status).toBe(201);
    const info = await json(run);
    expect(info).toMatchObject({ state: 'done', total: 14, changed: 12, unchanged_count: 2, ignored_count: 1, can_undo: true });
    for (const p of mine) expect(await statusOf(p.id)).toBe('active');
    expect(await statusOf(foreign.id)).toBe('pending');

    // one activity entry, with its count, linking to the details
    const log = await t.db.select().from(activityLog).where(and(eq(activityLog.kind, 'bulk'), eq(activityLog.entityId, info.id)));
    expect(log).toHaveLength(1);
    expect(log[0].summary).toBe('Bulk action: Change status to Active (12 policies)');
    const journal = await json(await t.request(`/api/bulk/${info.id}/journal?pageSize=100`, { cookie: biz.cookie }));
    expect(journal.total).toBe(12);
    expect(journal.rows[0]).toMatchObject({ before: 'Pending', after: 'Active' });
    const recent = await json(await t.request('/api/bulk', { cookie: biz.cookie }));
    expect(recent.rows[0].id).toBe(info.id);

    // undo in one step
    const undo = await post(biz, `/api/bulk/${info.id}/undo`, {});
    expect(undo.status).toBe(200);
    expect((await json(undo)).state).toBe('undone');
    for (const p of mine) expect(await statusOf(p.id)).toBe('pending');
    for (const p of already) expect(await statusOf(p.id)).toBe('active');
    const again = await post(biz, `/api/bulk/${info.id}/undo`, {});
    expect(again.status).toBe(409);
    expect((await json(again)).error.message).toBe(BULK_TEXT.undoAlready);
  });

  it('refuses a selection where nothing would change, and writes no action', async () => {
    const [p] = await policiesFor(biz, 1, { status: 'active' });
    const before = (await t.db.select().from(bulkActions)).length;
    const res = await post(biz, '/api/bulk', statusReq([p.id]));
    expect(res.status).toBe(400);
    expect((await json(res)).error.message).toBe(BULK_TEXT.nothingToChange);
    expect((await t.db.select().from(bulkActions)).length).toBe(before);
  });

  it('resolves "all that match" on the server, inside the agency', async () => {
    const agent = await createUser(t, { tier: 'business' });
    await policiesFor(agent, 3, { policy_type: 'fire' });
    await policiesFor(agent, 2);
    await policiesFor(other, 2, { policy_type: 'fire' });
    const preview = await json(await post(agent, '/api/bulk/preview', { entity: 'policies', action: { kind: 'set_status', status: 'active' }, selection: { all: true, filter: { type: 'fire' } } }));
    expect(preview).toMatchObject({ selected: 3, changes: 3, ignored_count: 0 });
  });

  it('refuses undo naming the record edited since, and changes nothing', async () => {
    const ps = await policiesFor(biz, 3);
    const info = await json(await post(biz, '/api/bulk', statusReq(ps.map((p) => p.id), 'active')));
    const edited = ps[1];
    const detail = await json(await t.request(`/api/policies/${edited.id}`, { cookie: biz.cookie }));
    const put = await t.request(`/api/policies/${edited.id}`, { method: 'PUT', cookie: biz.cookie, json: { ...detail, status: 'pending' } });
    expect(put.status).toBe(200);
    const undo = await post(biz, `/api/bulk/${info.id}/undo`, {});
    expect(undo.status).toBe(409);
    expect((await json(undo)).error.message).toBe(BULK_TEXT.changedSince([edited.policy_number], 0));
    expect(await statusOf(ps[0].id)).toBe('active');
    expect(await statusOf(edited.id)).toBe('pending');
  });

  it('assigns to a member and undoes it', async () => {
    const ps = await policiesFor(biz, 2);
    const member = await createUser(t, { tier: 'business' });
    // a member of biz's agency: add the row the invitation flow would write
    await t.db.execute(sql`insert into agency_members (agency_id, user_id, role) values (${await agencyOf(biz)}, ${member.id}, 'team_member')`);
    const preview = await json(await post(biz, '/api/bulk/preview', { entity: 'policies', action: { kind: 'assign', assignee_id: member.id }, selection: { all: false, ids: ps.map((p) => p.id) } }));
    expect(preview.changes).toBe(2);
    expect(preview.sample[0].after).not.toBe('Another agent');
    const info = await json(await post(biz, '/api/bulk', { entity: 'policies', action: { kind: 'assign', assignee_id: member.id }, selection: { all: false, ids: ps.map((p) => p.id) } }));
    expect(info.changed).toBe(2);
    const [row] = await t.db.select({ a: policies.assigneeId }).from(policies).where(eq(policies.id, ps[0].id));
    expect(row.a).toBe(member.id);
    // the new assignee is told once, for the whole action; the starter is not told of their own action
    const bell = await json(await t.request('/api/notifications', { cookie: member.cookie }));
    expect(bell.rows.filter((n: { kind: string }) => n.kind === 'policy_assigned').map((n: { title: string; link: string }) => [n.title, n.link])).toEqual([
      ['2 policies were assigned to you', '/dashboard/policies?assignee=me'],
    ]);
    const self = await json(await post(biz, '/api/bulk', { entity: 'policies', action: { kind: 'assign', assignee_id: biz.id }, selection: { all: false, ids: [ps[0].id] } }));
    expect(self.changed).toBe(1);
    expect((await json(await t.request('/api/notifications', { cookie: biz.cookie }))).rows.some((n: { kind: string }) => n.kind === 'policy_assigned')).toBe(false);
    expect((await post(biz, `/api/bulk/${self.id}/undo`, {})).status).toBe(200);
    expect((await post(biz, `/api/bulk/${info.id}/undo`, {})).status).toBe(200);
    const [back] = await t.db.select({ a: policies.assigneeId }).from(policies).where(eq(policies.id, ps[0].id));
    expect(back.a).toBe(biz.id);
  });
});

describe('deletes', () => {
  it('deletes policies and undo restores them with the same ids, their details and links', async () => {
    const [car] = await policiesFor(biz, 1);
    const fire = await createPolicy(t.request, biz.cookie, { policy_type: 'fire' });
    const agencyId = await agencyOf(biz);
    await t.db.insert(tasks).values({ agencyId, title: 'Call back', dueAt: new Date(), policyId: car.id });
    const [doc] = await t.db
      .insert(documents)
      .values({ agencyId, name: 'dec.pdf', storageName: 'dec.pdf', storageKey: `bulk/${car.id}`, contentType: 'application/pdf', size: 1, status: 'ready', policyId: car.id })
      .returning();
    const info = await json(await post(biz, '/api/bulk', { entity: 'policies', action: { kind: 'delete' }, selection: { all: false, ids: [car.id, fire.id] } }));
    expect(info.changed).toBe(2);
    expect((await t.request(`/api/policies/${car.id}`, { cookie: biz.cookie })).status).toBe(404);
    expect(await t.db.select().from(tasks).where(eq(tasks.policyId, car.id))).toHaveLength(0);
    // its document went to the Trash, as a single delete does
    const [trashed] = await t.db.select().from(documents).where(eq(documents.id, doc.id));
    expect(trashed.deletedAt).not.toBeNull();

    expect((await post(biz, `/api/bulk/${info.id}/undo`, {})).status).toBe(200);
    const restored = await json(await t.request(`/api/policies/${car.id}`, { cookie: biz.cookie }));
    expect(restored).toMatchObject({ id: car.id, policy_number: car.policy_number, customer_id: car.customer_id });
    expect(restored.car_details).toEqual(car.car_details);
    const fireBack = await json(await t.request(`/api/policies/${fire.id}`, { cookie: biz.cookie }));
    expect(fireBack.policy_type).toBe('fire');
    expect(fireBack.fire_details).toEqual(fire.fire_details);
    expect(await t.db.select().from(tasks).where(eq(tasks.policyId, car.id))).toHaveLength(1);
    const [back] = await t.db.select().from(documents).where(eq(documents.id, doc.id));
    expect(back).toMatchObject({ policyId: car.id, deletedAt: null });
  });

  it('undo restores the details of a delete journaled before migration 0030 (car and fire details as child rows)', async () => {
    const car = await createPolicy(t.request, biz.cookie);
    const fire = await createPolicy(t.request, biz.cookie, { policy_type: 'fire', fire_details: { ...FIRE_DETAILS, contents_coverage: '60000' } });
    const info = await json(await post(biz, '/api/bulk', { entity: 'policies', action: { kind: 'delete' }, selection: { all: false, ids: [car.id, fire.id] } }));
    // the journal as 0029 wrote it: no details in the row; car and fire rows as to_jsonb gave them (numeric as a JSON number)
    await t.db.execute(sql`update bulk_journal set snapshot = (snapshot #- '{row,details}') || jsonb_build_object(
        'car', jsonb_build_array(jsonb_build_object('policy_id', record_id, 'agency_id', agency_id, 'vehicle_make', 'Toyota', 'vehicle_model', 'Corolla',
          'vehicle_year', 2020, 'vin_number', 'VIN-OLD', 'driver_license', 'DL-OLD', 'coverage_type', 'collision')),
        'fire', '[]'::jsonb)
      where bulk_id = ${info.id} and record_id = ${car.id}`);
    await t.db.execute(sql`update bulk_journal set snapshot = (snapshot #- '{row,details}') || jsonb_build_object(
        'car', '[]'::jsonb,
        'fire', jsonb_build_array(jsonb_build_object('policy_id', record_id, 'agency_id', agency_id, 'property_address', '1 Main St', 'property_type', 'House',
          'construction_year', 1990, 'property_value', 250000.00, 'contents_coverage', 60000.00)))
      where bulk_id = ${info.id} and record_id = ${fire.id}`);
    expect((await post(biz, `/api/bulk/${info.id}/undo`, {})).status).toBe(200);
    const carBack = await json(await t.request(`/api/policies/${car.id}`, { cookie: biz.cookie }));
    expect(carBack.car_details).toEqual({ vehicle_make: 'Toyota', vehicle_model: 'Corolla', vehicle_year: 2020, vin_number: 'VIN-OLD', driver_license: 'DL-OLD', coverage_type: 'collision' });
    const fireBack = await json(await t.request(`/api/policies/${fire.id}`, { cookie: biz.cookie }));
    expect(fireBack.fire_details).toEqual({ property_address: '1 Main St', property_type: 'House', construction_year: 1990, property_value: '250000.00', contents_coverage: '60000.00' });
  });

  it('deletes customers keeping their policies (unlinked), and undo restores the customer, its communications and the links', async () => {
    const c = await createCustomer(t.request, biz.cookie);
    const p = await createPolicy(t.request, biz.cookie, { customer_id: c.id, customer_email: c.email, customer_name: c.name });
    const comm = await t.request(`/api/customers/${c.id}/communications`, { cookie: biz.cookie, json: { type: 'phone', content: 'Talked about renewal' } });
    expect(comm.status).toBe(201);
    const info = await json(await post(biz, '/api/bulk', { entity: 'customers', action: { kind: 'delete' }, selection: { all: false, ids: [c.id] } }));
    expect(info.changed).toBe(1);
    const [orphan] = await t.db.select({ c: policies.customerId }).from(policies).where(eq(policies.id, p.id));
    expect(orphan.c).toBeNull();
    expect(await t.db.select().from(customerCommunications).where(eq(customerCommunications.customerId, c.id))).toHaveLength(0);

    expect((await post(biz, `/api/bulk/${info.id}/undo`, {})).status).toBe(200);
    expect((await t.db.select().from(customers).where(eq(customers.id, c.id)))[0]).toMatchObject({ email: c.email, name: c.name });
    expect(await t.db.select().from(customerCommunications).where(eq(customerCommunications.customerId, c.id))).toHaveLength(1);
    const [linked] = await t.db.select({ c: policies.customerId }).from(policies).where(eq(policies.id, p.id));
    expect(linked.c).toBe(c.id);
  });

  it("undo restores a policy's own commission rate (one commission_override.created) and its payments with a new updated_at", async () => {
    const p = await createPolicy(t.request, biz.cookie);
    const agencyId = await agencyOf(biz);
    await t.db.insert(commissionOverrides).values({ agencyId, policyId: p.id, rate: '17.5' });
    const [paid] = await t.db
      .insert(premiumPayments)
      .values({ agencyId, policyId: p.id, clientName: 'Carla', policyNumber: p.policy_number, amount: '20.00', paymentDate: '2026-11-02', paymentMethod: 'cash', createdAt: new Date('2026-01-01'), updatedAt: new Date('2026-01-01') })
      .returning();
    const info = await json(await post(biz, '/api/bulk', { entity: 'policies', action: { kind: 'delete' }, selection: { all: false, ids: [p.id] } }));
    expect(await t.db.select().from(commissionOverrides).where(eq(commissionOverrides.policyId, p.id))).toHaveLength(0);
    // a journal written before payments had updated_at (migration 0046) restores them too
    await t.db.execute(sql`update bulk_journal set snapshot = jsonb_set(snapshot, '{payments}', (select jsonb_agg(e - 'updated_at') from jsonb_array_elements(snapshot->'payments') e))
      where bulk_id = ${info.id}`);

    expect((await post(biz, `/api/bulk/${info.id}/undo`, {})).status).toBe(200);
    const [own] = await t.db.select().from(commissionOverrides).where(eq(commissionOverrides.policyId, p.id));
    expect(own?.rate).toBe('17.5000');
    const [back] = await t.db.select().from(premiumPayments).where(eq(premiumPayments.id, paid.id));
    expect(back.updatedAt.getTime()).toBeGreaterThan(paid.updatedAt.getTime());
    const feed = await t.db.select({ op: changeFeed.op }).from(changeFeed).where(and(eq(changeFeed.entity, 'commission_override'), eq(changeFeed.entityId, p.id)));
    expect(feed.map((f) => f.op)).toEqual(['deleted', 'created']);
    const detail = await json(await t.request(`/api/policies/${p.id}`, { cookie: biz.cookie }));
    expect(detail.id).toBe(p.id);
  });

  it("undo of a customer delete restores the client's portal: access, messages and signature requests", async () => {
    const c = await createCustomer(t.request, biz.cookie);
    const agencyId = await agencyOf(biz);
    const [access] = await t.db.insert(portalAccess).values({ agencyId, customerId: c.id, email: c.email, invitedBy: biz.id }).returning();
    await t.db.insert(portalMessages).values([
      { agencyId, customerId: c.id, fromClient: true, body: 'Is my car covered abroad?' },
      { agencyId, customerId: c.id, fromClient: false, authorId: biz.id, body: 'Yes, in the EU.' },
    ]);
    const [doc] = await t.db
      .insert(documents)
      .values({ agencyId, name: 'form.pdf', storageName: 'form.pdf', storageKey: `bulk/${c.id}`, contentType: 'application/pdf', size: 1, status: 'ready', customerId: c.id })
      .returning();
    const [asked] = await t.db.insert(signatureRequests).values({ agencyId, customerId: c.id, documentId: doc.id, requestedBy: biz.id, expiresAt: new Date(Date.now() + 86_400_000) }).returning();
    const info = await json(await post(biz, '/api/bulk', { entity: 'customers', action: { kind: 'delete' }, selection: { all: false, ids: [c.id] } }));
    expect(info.changed).toBe(1);
    expect(await t.db.select().from(portalAccess).where(eq(portalAccess.customerId, c.id))).toHaveLength(0);

    expect((await post(biz, `/api/bulk/${info.id}/undo`, {})).status).toBe(200);
    const [accessBack] = await t.db.select().from(portalAccess).where(eq(portalAccess.customerId, c.id));
    expect(accessBack).toMatchObject({ id: access.id, email: c.email, invitedBy: biz.id });
    const thread = await t.db.select().from(portalMessages).where(eq(portalMessages.customerId, c.id)).orderBy(portalMessages.body);
    expect(thread.map((m) => [m.body, m.fromClient, m.authorId])).toEqual([
      ['Is my car covered abroad?', true, null],
      ['Yes, in the EU.', false, biz.id],
    ]);
    const [askedBack] = await t.db.select().from(signatureRequests).where(eq(signatureRequests.customerId, c.id));
    expect(askedBack).toMatchObject({ id: asked.id, documentId: doc.id, state: 'pending', requestedBy: biz.id });
  });

  it('changes the customer type and undoes it', async () => {
    const c = await createCustomer(t.request, biz.cookie);
    const info = await json(await post(biz, '/api/bulk', { entity: 'customers', action: { kind: 'set_type', customer_type: 'business' }, selection: { all: false, ids: [c.id] } }));
    expect(info).toMatchObject({ changed: 1, summary: 'Change type to Business' });
    expect((await post(biz, `/api/bulk/${info.id}/undo`, {})).status).toBe(200);
    expect((await t.db.select().from(customers).where(eq(customers.id, c.id)))[0].customerType).toBe('individual');
  });

  it('refuses to restore past the plan limit, and when the number is taken again', async () => {
    const agent = await createUser(t, { tier: 'business' });
    const ps = await policiesFor(agent, 2);
    const del = await json(await post(agent, '/api/bulk', { entity: 'policies', action: { kind: 'delete' }, selection: { all: false, ids: ps.map((p) => p.id) } }));
    // another policy takes the first one's number
    await createPolicy(t.request, agent.cookie, { policy_number: ps[0].policy_number });
    const taken = await post(agent, `/api/bulk/${del.id}/undo`, {});
    expect(taken.status).toBe(409);
    expect((await json(taken)).error.message).toBe(BULK_TEXT.restoreConflict([ps[0].policy_number], 0));

    const qs = await policiesFor(agent, 2);
    const del2 = await json(await post(agent, '/api/bulk', { entity: 'policies', action: { kind: 'delete' }, selection: { all: false, ids: qs.map((p) => p.id) } }));
    const [limits] = await t.db.select().from(subscriptionLimits).where(eq(subscriptionLimits.tierName, 'business'));
    const used = (await json(await t.request('/api/usage', { cookie: agent.cookie }))).policies.count as number;
    await t.db.update(subscriptionLimits).set({ maxPolicies: used + 1 }).where(eq(subscriptionLimits.tierName, 'business'));
    try {
      const over = await post(agent, `/api/bulk/${del2.id}/undo`, {});
      expect(over.status).toBe(403);
      expect((await json(over)).error.message).toMatch(/^Undo refused: restoring these records would pass your plan's limit\./);
    } finally {
      await t.db.update(subscriptionLimits).set({ maxPolicies: limits.maxPolicies }).where(eq(subscriptionLimits.tierName, 'business'));
    }
    expect((await post(agent, `/api/bulk/${del2.id}/undo`, {})).status).toBe(200);
  });

  it('purges the kept rows after 24 hours; undo is then refused', async () => {
    const [p] = await policiesFor(biz, 1);
    const del = await json(await post(biz, '/api/bulk', { entity: 'policies', action: { kind: 'delete' }, selection: { all: false, ids: [p.id] } }));
    await t.db.update(bulkActions).set({ createdAt: new Date(Date.now() - 25 * 3_600_000) }).where(eq(bulkActions.id, del.id));
    expect(await purgeBulkJournals(t.db)).toBeGreaterThanOrEqual(1);
    const [j] = await t.db.select().from(bulkJournal).where(eq(bulkJournal.bulkId, del.id));
    expect(j.snapshot).toBeNull();
    expect(j.label).toBe(p.policy_number);
    const undo = await post(biz, `/api/bulk/${del.id}/undo`, {});
    expect(undo.status).toBe(409);
    expect((await json(undo)).error.message).toBe(BULK_TEXT.undoExpired);
  });
});

describe('tenant isolation', () => {
  it('another agency cannot read, list or undo an action (404)', async () => {
    const [p] = await policiesFor(biz, 1);
    const info = await json(await post(biz, '/api/bulk', statusReq([p.id], 'active')));
    expect((await t.request(`/api/bulk/${info.id}`, { cookie: other.cookie })).status).toBe(404);
    expect((await t.request(`/api/bulk/${info.id}/journal`, { cookie: other.cookie })).status).toBe(404);
    expect((await post(other, `/api/bulk/${info.id}/undo`, {})).status).toBe(404);
    expect((await t.request('/api/bulk/not-a-uuid', { cookie: biz.cookie })).status).toBe(404);
    const theirs = await json(await t.request('/api/bulk?pageSize=100', { cookie: other.cookie }));
    expect(theirs.rows.map((r: { id: string }) => r.id)).not.toContain(info.id);
    expect(await statusOf(p.id)).toBe('active');
  });

  it('exports only the agency’s selected records, in the export’s columns', async () => {
    const ps = await policiesFor(biz, 2);
    const foreign = (await policiesFor(other, 1))[0];
    const res = await post(biz, '/api/bulk/export', { entity: 'policies', selection: { all: false, ids: [...ps.map((p) => p.id), foreign.id] } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ignored-count')).toBe('1');
    const lines = (await res.text()).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0].startsWith('id,policy_number,policy_type,status')).toBe(true);
    expect(lines).toHaveLength(3);
    expect(lines.join('\n')).not.toContain(foreign.id);
  });
});

describe('the job path', () => {
  it('runs more than the sync limit as a job in batches, each record once, with one activity entry', async () => {
    const config = t.deps.config;
    const saved = { limit: config.BULK_SYNC_LIMIT, batch: config.BULK_BATCH_SIZE };
    Object.assign(config, { BULK_SYNC_LIMIT: 5, BULK_BATCH_SIZE: 4 });
    try {
      const ids = await seedPolicies(bigAgency.agencyId, 13, 'JOB-');
      const res = await post(bigAgency.user, '/api/bulk', statusReq(ids));
      expect(res.status).toBe(202);
      const started = await json(res);
      expect(started.state).toBe('running');
      const done = await waitDone(bigAgency.user, started.id);
      expect(done).toMatchObject({ state: 'done', processed: 13, changed: 13 });
      expect(await t.db.select().from(bulkJournal).where(eq(bulkJournal.bulkId, done.id))).toHaveLength(13);
      expect(await t.db.select().from(activityLog).where(eq(activityLog.entityId, done.id))).toHaveLength(1);
      expect((await post(bigAgency.user, `/api/bulk/${done.id}/undo`, {})).status).toBe(200);
      for (const id of ids) expect(await statusOf(id)).toBe('pending');
    } finally {
      Object.assign(config, { BULK_SYNC_LIMIT: saved.limit, BULK_BATCH_SIZE: saved.batch });
    }
  });

  it('resumes a job after its instance stopped, from its cursor, never applying a row twice', async () => {
    const config = t.deps.config;
    const saved = config.BULK_BATCH_SIZE;
    config.BULK_BATCH_SIZE = 4;
    try {
      const ids = (await seedPolicies(bigAgency.agencyId, 10, 'RES-')).sort();
      // the action and its job, written together as startBulk does
      const { row, jobId } = await t.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(bulkActions)
          .values({ agencyId: bigAgency.agencyId, createdBy: bigAgency.user.id, entity: 'policies', kind: 'set_status', action: { kind: 'set_status', status: 'active' }, summary: 'Change status to Active', targets: ids, total: ids.length })
          .returning();
        return { row: created, jobId: (await bulkJob.enqueue(tx, { bulkId: created.id }, { agencyId: bigAgency.agencyId }))! };
      });
      const now = new Date();
      const [first] = await claimJobs(t.db, now, 1, { id: jobId });
      const firstHolds = (tx: Parameters<typeof renew>[0]) => renew(tx, jobId, first.token, now, LEASE_MS);
      // the first instance did one batch, then died; its cursor update is lost too (worst case)
      expect(await runBulkBatch(t.deps, row.id, firstHolds)).toBe(true);
      await t.db.update(bulkActions).set({ cursor: 0, changed: 0 }).where(eq(bulkActions.id, row.id));
      // another instance cannot take the job before the lease expires; after it, it resumes the job
      expect(await claimJobs(t.db, new Date(now.getTime() + 30_000), 1, { id: jobId })).toHaveLength(0);
      expect(await workOnce(t.deps, { name: bulkJob.name, now: new Date(now.getTime() + LEASE_MS + 1_000) })).toBe(1);
      // the first instance, were it alive after all, can no longer commit a batch
      expect(await runBulkBatch(t.deps, row.id, firstHolds)).toBe(false);
      expect((await t.db.select().from(jobs).where(eq(jobs.id, jobId)))[0]).toMatchObject({ state: 'done', attempts: 2 });
      const done = await waitDone(bigAgency.user, row.id);
      expect(done).toMatchObject({ state: 'done', processed: 10 });
      // the four journaled in the first batch were skipped, not changed again
      expect(done.changed).toBe(6);
      expect(await t.db.select().from(bulkJournal).where(eq(bulkJournal.bulkId, row.id))).toHaveLength(10);
      for (const id of ids) expect(await statusOf(id)).toBe('active');
    } finally {
      config.BULK_BATCH_SIZE = saved;
    }
  });

  it('takes the job path at the real threshold (1,001 records) and undoes it', async () => {
    const ids = await seedPolicies(bigAgency.agencyId, 1001, 'THR-');
    const res = await post(bigAgency.user, '/api/bulk', { entity: 'policies', action: { kind: 'set_status', status: 'active' }, selection: { all: true, filter: { search: 'THR-' } } });
    expect(res.status).toBe(202);
    const done = await waitDone(bigAgency.user, (await json(res)).id);
    expect(done).toMatchObject({ state: 'done', total: 1001, changed: 1001 });
    expect((await post(bigAgency.user, `/api/bulk/${done.id}/undo`, {})).status).toBe(200);
    expect(await statusOf(ids[500])).toBe('pending');
  });
});
