// The tenant layer: a query through the tenant context never reaches another agency, and the
// database itself refuses a link between two agencies' rows (composite (agency_id, id) keys).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import {
  activityLog,
  agencyMembers,
  changeFeed,
  contactMessages,
  customerCommunications,
  customers,
  policies,
  premiumPaymentFiles,
  premiumPayments,
  storedFiles,
} from './db/schema.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from './test/harness.ts';
import { tenant, type Tenant } from './tenant.ts';

let t: TestContext;
let ownerA: TestUser;
let ownerB: TestUser;
let agencyA: string;
let agencyB: string;
let policyA: { id: string; customer_id: string; status: string };
let customerB: string;
let policyB: string;

let seq = 0;
function carPolicy(over: Record<string, unknown> = {}) {
  seq += 1;
  return {
    customer_name: 'Tenant Test',
    customer_email: `tenant${seq}-${Math.random().toString(36).slice(2, 7)}@example.com`,
    policy_number: `TEN-${seq}-${Math.random().toString(36).slice(2, 7)}`,
    insurance_company: 'Acme Mutual',
    policy_type: 'car',
    premium_amount: '100',
    coverage_amount: '1000',
    deductible: '10',
    start_date: '2025-01-05',
    status: 'active',
    car_details: { vehicle_make: 'VW', vehicle_model: 'Golf', vehicle_year: 2020, vin_number: 'V', driver_license: 'D', coverage_type: 'collision' },
    ...over,
  };
}

const agencyOf = async (u: TestUser) => (await json(await t.request('/api/me', { cookie: u.cookie }))).agency.id as string;

beforeAll(async () => {
  t = await createTestContext();
  ownerA = await createUser(t, { tier: 'business' });
  ownerB = await createUser(t, { tier: 'business' });
  agencyA = await agencyOf(ownerA);
  agencyB = await agencyOf(ownerB);
  const a = await t.request('/api/policies', { cookie: ownerA.cookie, json: carPolicy() });
  expect(a.status).toBe(201);
  policyA = await json(a);
  const b = await json(await t.request('/api/policies', { cookie: ownerB.cookie, json: carPolicy() }));
  customerB = b.customer_id;
  policyB = b.id;
});
afterAll(async () => {
  await t.close();
});

/** PostgreSQL's error code of a failed statement (drizzle wraps it in `cause`). */
async function sqlState(work: Promise<unknown>): Promise<string | undefined> {
  try {
    await work;
    return undefined;
  } catch (err) {
    for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code) return e.code;
    throw err;
  }
}

describe('the tenant context', () => {
  it("cannot list, get, update or delete another agency's rows by their id", async () => {
    const asB = tenant(t.db, { agency: { id: agencyB } });
    expect(await asB.from(policies, eq(policies.id, policyA.id))).toEqual([]);
    expect(await asB.select({ id: customers.id }).from(customers, eq(customers.id, policyA.customer_id))).toEqual([]);
    const listed = await asB.select({ id: policies.id }).from(policies);
    expect(listed.map((r) => r.id)).toEqual([policyB]);
    expect(await asB.update(policies, { status: 'cancelled' }, eq(policies.id, policyA.id)).returning()).toEqual([]);
    expect(await asB.delete(customers, eq(customers.id, policyA.customer_id)).returning()).toEqual([]);
    expect(await asB.delete(policies, eq(policies.id, policyA.id)).returning()).toEqual([]);
    const [still] = await t.db.select().from(policies).where(eq(policies.id, policyA.id));
    // B's update did not land: the status is still the one the rule gave at creation
    expect(policyA.status).not.toBe('cancelled');
    expect(still).toMatchObject({ agencyId: agencyA, status: policyA.status, customerId: policyA.customer_id });
  });

  it('sets agency_id on insert and never lets an update move a row, even when handed one', async () => {
    const asA = tenant(t.db, { agency: { id: agencyA } });
    const smuggled = { name: 'Smuggled', email: 'smuggled@example.com', agencyId: agencyB } as { name: string; email: string };
    const [row] = await asA.insert(customers, smuggled).returning();
    expect(row.agencyId).toBe(agencyA);
    const moved = await asA.update(customers, { name: 'Moved', agencyId: agencyB } as { name: string }, eq(customers.id, row.id)).returning();
    expect(moved).toMatchObject([{ id: row.id, name: 'Moved', agencyId: agencyA }]);
    expect(await tenant(t.db, { agency: { id: agencyB } }).from(customers, eq(customers.id, row.id))).toEqual([]);
  });

  it('keeps the agency inside a transaction, and rolls back with it', async () => {
    const asB = tenant(t.db, { agency: { id: agencyB } });
    await expect(
      asB.transaction(async (tx) => {
        expect(tx.agencyId).toBe(agencyB);
        expect(await tx.from(policies, eq(policies.id, policyA.id))).toEqual([]);
        await tx.insert(customers, { name: 'Rolled back', email: 'rolled-back@example.com' });
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect(await asB.from(customers, eq(customers.email, 'rolled-back@example.com'))).toEqual([]);
  });

  it('writes insertAtEnd rows when the work is done, in its agency, and never after a rollback', async () => {
    const asB = tenant(t.db, { agency: { id: agencyB } });
    const line = (summary: string) => ({ actorId: null, kind: 'customer' as const, action: 'created', entityId: null, summary });
    const lines = (summary: string, db: Tenant['db'] = t.db) => db.select().from(activityLog).where(eq(activityLog.summary, summary));
    const tag = Math.random().toString(36).slice(2, 8);
    await asB.transaction(async (tx) => {
      await tx.insertAtEnd(activityLog, line(`first ${tag}`));
      await tx.insertAtEnd(activityLog, line(`second ${tag}`));
      // not yet, even inside the transaction: both go in one statement at the end of the work
      expect(await lines(`first ${tag}`, tx.db)).toEqual([]);
    });
    for (const summary of [`first ${tag}`, `second ${tag}`]) expect((await lines(summary)).map((r) => r.agencyId)).toEqual([agencyB]);
    await expect(
      asB.transaction(async (tx) => {
        await tx.insertAtEnd(activityLog, line(`rolled back ${tag}`));
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect(await lines(`rolled back ${tag}`)).toEqual([]);
    // outside a transaction: right away
    await asB.insertAtEnd(activityLog, line(`now ${tag}`));
    expect(await lines(`now ${tag}`)).toHaveLength(1);
  });

  it("writes several tables' insertAtEnd rows in one statement, each in its agency (issue 28's creates, decision 076)", async () => {
    const asB = tenant(t.db, { agency: { id: agencyB } });
    const tag = Math.random().toString(36).slice(2, 8);
    const entityId = crypto.randomUUID();
    let execute: { mock: { calls: [SQLWrapper | string][] } } | undefined;
    await asB.transaction(async (tx) => {
      await tx.insertAtEnd(activityLog, { actorId: null, kind: 'customer', action: 'created', entityId, summary: `one ${tag}` });
      await tx.insertAtEnd(changeFeed, { entity: 'customer', entityId, op: 'created', eventType: 'customer.created' });
      await tx.insertAtEnd(activityLog, { actorId: null, kind: 'customer', action: 'created', entityId, summary: `two ${tag}` });
      // what the work's end sends from here: one `execute` of the tables' inserts joined (an insert
      // sent on its own would be a round trip of its own, as before)
      execute = vi.spyOn(tx.db, 'execute');
    });
    // one statement for the three rows of two tables
    // (on node-postgres the transaction's commit is an `execute` too)
    const texts = execute!.mock.calls.map(([query]) => (typeof query === 'string' ? query : new PgDialect().sqlToQuery(query.getSQL()).sql));
    expect(texts.filter((text) => text !== 'commit')).toEqual([expect.stringMatching(/^with w0 as \(insert into "activity_log" .*\) insert into "change_feed" /s)]);
    const lines = await t.db.select({ agencyId: activityLog.agencyId, summary: activityLog.summary }).from(activityLog).where(eq(activityLog.entityId, entityId));
    expect(lines.map((l) => l.summary).sort()).toEqual([`one ${tag}`, `two ${tag}`]);
    expect(lines.every((l) => l.agencyId === agencyB)).toBe(true);
    const feed = await t.db.select({ agencyId: changeFeed.agencyId, op: changeFeed.op }).from(changeFeed).where(eq(changeFeed.entityId, entityId));
    expect(feed).toEqual([{ agencyId: agencyB, op: 'created' }]);
  });

  it('accepts only tables with an agency_id (checked by tsc: each line below must be a type error)', () => {
    const asA = tenant(t.db, { agency: { id: agencyA } });
    const typeErrors = () => {
      // @ts-expect-error the contact inbox belongs to no agency
      void asA.from(contactMessages);
      // @ts-expect-error agency_id is set by the context, never by the caller
      void asA.insert(customers, { name: 'x', email: 'x@example.com', agencyId: agencyB });
      // @ts-expect-error agency_id never changes
      void asA.update(customers, { agencyId: agencyB });
    };
    expect(typeof typeErrors).toBe('function');
  });

  it("a subscription receipt lives in its owner's agency, yet stays hidden from the agency's members", async () => {
    const fd = new FormData();
    const fields = { selected_tier: 'enterprise', payment_method: 'Bank Transfer', payment_date: new Date().toISOString().slice(0, 10), agreed_to_terms: 'true' };
    for (const [k, v] of Object.entries(fields)) fd.append(k, v);
    fd.append('receipt', new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31])], 'receipt.pdf', { type: 'application/pdf' }));
    const res = await t.request('/api/payment-submissions', { method: 'POST', body: fd, cookie: ownerA.cookie });
    expect(res.status).toBe(201);
    const fileId = (await json(res)).submission.receipt_file.id;
    const [file] = await t.db.select().from(storedFiles).where(eq(storedFiles.id, fileId));
    expect(file).toMatchObject({ agencyId: agencyA, sharedWithAgency: false });
    const member = await createUser(t);
    await t.db.insert(agencyMembers).values({ agencyId: agencyA, userId: member.id, role: 'admin' });
    expect((await t.request('/api/agencies/active', { cookie: member.cookie, json: { agencyId: agencyA } })).status).toBe(200);
    expect((await t.request(`/api/files/${fileId}/link`, { cookie: member.cookie })).status).toBe(404);
    expect((await t.request(`/api/files/${fileId}/link`, { cookie: ownerA.cookie })).status).toBe(200);
  });

  it("answers 404 through the API for another agency's policy and customer", async () => {
    for (const path of [`/api/policies/${policyA.id}`, `/api/customers/${policyA.customer_id}`])
      expect((await t.request(path, { cookie: ownerB.cookie })).status, path).toBe(404);
  });
});

describe('the database refuses links across agencies', () => {
  // a policy's line details live in its own row since decision 051: no details row can name another agency's policy
  it("refuses a communication or a policy linked to another agency's customer", async () => {
    const comm = { agencyId: agencyB, customerId: policyA.customer_id, type: 'phone', content: 'Hello' };
    expect(await sqlState(t.db.insert(customerCommunications).values(comm))).toBe('23503');
    const [policy] = await t.db.select().from(policies).where(eq(policies.id, policyB));
    const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = policy;
    const cross = { ...copy, policyNumber: 'CROSS-1', customerId: policyA.customer_id };
    expect(await sqlState(t.db.insert(policies).values(cross))).toBe('23503');
    expect(await sqlState(t.db.update(policies).set({ customerId: policyA.customer_id }).where(eq(policies.id, policyB)))).toBe('23503');
    expect((await t.db.select().from(policies).where(eq(policies.id, policyB)))[0].customerId).toBe(customerB);
  });

  it("refuses a premium payment on another agency's policy, and a receipt link to another agency's file", async () => {
    const payment = { policyId: policyA.id, clientName: 'X', policyNumber: 'P', amount: '1', paymentDate: '2025-01-01', paymentMethod: 'cash' };
    expect(await sqlState(t.db.insert(premiumPayments).values({ agencyId: agencyB, ...payment }))).toBe('23503');
    const [fileA] = await t.db
      .insert(storedFiles)
      .values({ ownerId: ownerA.id, agencyId: agencyA, storageKey: `k-${Date.now()}`, fileName: 'a.pdf', contentType: 'application/pdf', size: 1 })
      .returning();
    const [paymentB] = await t.db.insert(premiumPayments).values({ agencyId: agencyB, ...payment, policyId: policyB }).returning();
    expect(await sqlState(t.db.insert(premiumPaymentFiles).values({ agencyId: agencyB, paymentId: paymentB.id, fileId: fileA.id }))).toBe('23503');
    expect(await sqlState(t.db.insert(premiumPaymentFiles).values({ agencyId: agencyA, paymentId: paymentB.id, fileId: fileA.id }))).toBe('23503');
  });

  it('unlinks, not deletes, the policies of a deleted customer (SET NULL of customer_id only)', async () => {
    const created = await json(await t.request('/api/policies', { cookie: ownerA.cookie, json: carPolicy() }));
    expect((await t.request(`/api/customers/${created.customer_id}`, { method: 'DELETE', cookie: ownerA.cookie })).status).toBe(200);
    const [row] = await t.db.select().from(policies).where(eq(policies.id, created.id));
    expect(row).toMatchObject({ agencyId: agencyA, customerId: null });
  });
});
