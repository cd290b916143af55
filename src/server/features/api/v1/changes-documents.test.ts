// Documents and premium payments in the change feed and the webhooks (issue 34): each upload (the
// API's, the app's and the client's in the portal), rename, Trash, restore, payment recorded, and the
// cascades of a policy's or a customer's delete (single or bulk) is one entry and one delivery.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { PREMIUM_TEXT } from '#shared/premium-payments.ts';
import { WEBHOOK_EVENTS } from '#shared/webhooks.ts';
import { webhookDeliveries } from '#server/db/schema.ts';
import { carPolicyPayload, customerPayload } from '#server/test/factories.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';
import { settleFeed } from '#server/test/feed-horizon.ts';
import { MINIMAL_PDF, portalSteps } from '#server/test/portal-client.ts';

let t: TestContext;
let owner: TestUser;
let key: string;
let agencyId: string;

const v1 = (path: string, init: { method?: string; json?: unknown; body?: FormData } = {}) => t.request(`/api/v1${path}`, { ...init, headers: { authorization: `Bearer ${key}` } });
const form = (fields: Record<string, string>, field: string, name: string) => {
  const fd = new FormData();
  for (const [f, value] of Object.entries(fields)) fd.append(f, value);
  fd.append(field, new File([MINIMAL_PDF as BlobPart], name, { type: 'application/pdf' }));
  return fd;
};
const uploadTo = async (fields: Record<string, string>) => {
  const res = await v1('/documents', { method: 'POST', body: form(fields, 'file', 'Schedule.pdf') });
  expect(res.status, await res.clone().text()).toBe(201);
  return json(res);
};
const pay = async (policyId: string) => {
  const res = await v1(`/policies/${policyId}/premium-payments`, {
    method: 'POST',
    body: form({ client_name: 'Carla Client', amount: '80.00', payment_date: '2026-11-02', payment_method: 'cash' }, 'files', 'receipt.pdf'),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return json(res);
};

/** Every feed entry from `after` on, and the cursor after them. */
async function feedFrom(after: string | undefined) {
  await settleFeed(t);
  const entries: Record<string, any>[] = [];
  for (;;) {
    const page = await json(await v1(`/events?limit=500${after ? `&after=${after}` : ''}`));
    entries.push(...page.data);
    after = page.next_cursor;
    if (!page.has_more) return { entries, cursor: after! };
  }
}
const deliveries = async (since: Date) =>
  (await t.db.select({ type: webhookDeliveries.eventType }).from(webhookDeliveries).where(and(eq(webhookDeliveries.agencyId, agencyId), sql`${webhookDeliveries.createdAt} >= ${since.toISOString()}`)))
    .map((d) => d.type)
    .sort();
const about = (entries: Record<string, any>[], ids: string[]) => entries.filter((e) => ids.includes(e.entity_id)).map((e) => `${e.type} ${e.entity_id}`);

beforeAll(async () => {
  t = await createTestContext();
  owner = await createUser(t, { tier: 'enterprise' });
  const res = await t.request('/api/api-keys', { cookie: owner.cookie, json: { name: 'Sync', scopes: { customers: 'write', policies: 'write', documents: 'write', premium_payments: 'write' } } });
  key = (await json(res)).key;
  agencyId = (await json(await t.request('/api/me', { cookie: owner.cookie }))).agency.id;
  t.config.WEBHOOKS_ALLOW_PRIVATE = true;
  const endpoint = await t.request('/api/webhooks', { cookie: owner.cookie, json: { url: 'http://127.0.0.1:9/hook', events: [...WEBHOOK_EVENTS] } });
  expect(endpoint.status, await endpoint.clone().text()).toBe(201);
});
afterAll(async () => {
  await t.close();
});

describe('documents and premium payments in the feed', () => {
  it('upload, rename, Trash, restore and a payment: one entry and one delivery each; the Trash is the tombstone', async () => {
    const { cursor } = await feedFrom(undefined);
    const since = new Date();
    const policy = await json(await v1('/policies', { json: carPolicyPayload() }));
    const doc = await uploadTo({ policy_id: policy.id });
    const payment = await pay(policy.id);
    expect((await t.request(`/api/documents/${doc.id}`, { cookie: owner.cookie, method: 'PATCH', json: { name: 'Renamed.pdf' } })).status).toBe(200);
    const first = await feedFrom(cursor);
    expect(about(first.entries, [doc.id, payment.id])).toEqual([`document.created ${doc.id}`, `premium_payment.created ${payment.id}`, `document.updated ${doc.id}`]);
    // the entity as it is now, as /documents and the policy's payments answer it
    expect(first.entries.find((e) => e.type === 'document.updated')?.data).toEqual(await json(await v1(`/documents/${doc.id}`)));
    expect(first.entries.find((e) => e.entity === 'premium_payment')?.data).toEqual((await json(await v1(`/policies/${policy.id}/premium-payments`))).data[0]);

    expect((await t.request(`/api/documents/${doc.id}`, { cookie: owner.cookie, method: 'DELETE' })).status).toBe(200);
    const trashed = await feedFrom(first.cursor);
    expect(trashed.entries.map((e) => [e.type, e.data])).toEqual([['document.deleted', null]]);
    expect((await t.request(`/api/documents/${doc.id}/restore`, { cookie: owner.cookie, method: 'POST' })).status).toBe(200);
    const restored = await feedFrom(trashed.cursor);
    expect(restored.entries.map((e) => [e.type, e.data?.name])).toEqual([['document.updated', 'Renamed.pdf']]);
    expect(await deliveries(since)).toEqual(['document.created', 'document.deleted', 'document.updated', 'document.updated', 'policy.created', 'premium_payment.created', 'customer.created'].sort());
  });

  it("a policy's delete: its documents to the Trash and its payments deleted, each a tombstone and a delivery", async () => {
    const policy = await json(await v1('/policies', { json: carPolicyPayload() }));
    const doc = await uploadTo({ policy_id: policy.id });
    const payment = await pay(policy.id);
    const { cursor } = await feedFrom(undefined);
    const since = new Date();
    expect((await v1(`/policies/${policy.id}`, { method: 'DELETE' })).status).toBe(204);
    const { entries } = await feedFrom(cursor);
    expect(about(entries, [doc.id, payment.id, policy.id]).sort()).toEqual([`document.deleted ${doc.id}`, `policy.deleted ${policy.id}`, `premium_payment.deleted ${payment.id}`].sort());
    expect(entries.every((e) => e.data === null)).toBe(true);
    expect(await deliveries(since)).toEqual(['document.deleted', 'policy.deleted', 'premium_payment.deleted']);
  });

  it("a customer's delete: a document of one of its policies stays with the policy, without the customer (one update)", async () => {
    const customer = await json(await v1('/customers', { json: customerPayload() }));
    const policy = await json(await v1('/policies', { json: carPolicyPayload({ customer_email: customer.email, customer_name: customer.name }) }));
    const ofPolicy = await uploadTo({ policy_id: policy.id });
    const ofCustomer = await uploadTo({ customer_id: customer.id });
    const { cursor } = await feedFrom(undefined);
    expect((await v1(`/customers/${customer.id}`, { method: 'DELETE' })).status).toBe(204);
    const { entries } = await feedFrom(cursor);
    expect(about(entries, [ofPolicy.id, ofCustomer.id]).sort()).toEqual([`document.deleted ${ofCustomer.id}`, `document.updated ${ofPolicy.id}`].sort());
    expect(entries.find((e) => e.entity_id === ofPolicy.id)?.data).toMatchObject({ customer_id: null, policy_id: policy.id });
  });

  it('a bulk delete of a policy: its payments deleted and its documents in the Trash, as a single delete, each one entry', async () => {
    const policy = await json(await v1('/policies', { json: carPolicyPayload() }));
    const doc = await uploadTo({ policy_id: policy.id });
    const payment = await pay(policy.id);
    const { cursor } = await feedFrom(undefined);
    const res = await t.request('/api/bulk', { cookie: owner.cookie, json: { entity: 'policies', action: { kind: 'delete' }, selection: { all: false, ids: [policy.id] } } });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    const id = (await json(res)).id;
    for (let i = 0; i < 500 && (await json(await t.request(`/api/bulk/${id}`, { cookie: owner.cookie }))).state === 'running'; i += 1) await new Promise((r) => setTimeout(r, 10));
    const { entries } = await feedFrom(cursor);
    expect(about(entries, [doc.id, payment.id]).sort()).toEqual([`document.deleted ${doc.id}`, `premium_payment.deleted ${payment.id}`].sort());
    // the undo takes the document back out of the Trash, linked again: a change the feed shows
    const after = (await feedFrom(undefined)).cursor;
    expect((await t.request(`/api/bulk/${id}/undo`, { cookie: owner.cookie, json: {} })).status).toBe(200);
    const back = (await feedFrom(after)).entries;
    expect(about(back, [doc.id, payment.id]).sort()).toEqual([`document.updated ${doc.id}`, `premium_payment.created ${payment.id}`].sort());
    expect(back.find((e) => e.entity_id === doc.id)?.data).toMatchObject({ policy_id: policy.id });
    // the undo brings the deleted payment back with its receipt, as the policy's list shows it
    // (its updated_at the undo's: a poller of updated_since sees it come back)
    const listed = (await json(await v1(`/policies/${policy.id}/premium-payments`))).data;
    expect(listed).toEqual([{ ...payment, updated_at: expect.any(String) }]);
    expect(Date.parse(listed[0].updated_at)).toBeGreaterThan(Date.parse(payment.updated_at));
    expect(back.find((e) => e.entity_id === payment.id)?.data).toEqual(listed[0]);
  });

  it('a premium payment deleted on its own, in the app or through the API: one tombstone and one delivery each; another agency\'s is a 404', async () => {
    const policy = await json(await v1('/policies', { json: carPolicyPayload() }));
    const inApp = await pay(policy.id);
    const inApi = await pay(policy.id);
    const kept = await pay(policy.id);
    const { cursor } = await feedFrom(undefined);
    const since = new Date();
    const rival = await createUser(t, { tier: 'enterprise' });
    expect((await t.request(`/api/premium-payments/${inApp.id}`, { method: 'DELETE', cookie: rival.cookie })).status).toBe(404);
    expect((await t.request(`/api/premium-payments/${inApp.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(200);
    expect((await t.request(`/api/premium-payments/${inApp.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(404);
    const readKey = (await json(await t.request('/api/api-keys', { cookie: owner.cookie, json: { name: 'Read', scopes: { premium_payments: 'read' } } }))).key;
    const refused = await t.request(`/api/v1/premium-payments/${inApi.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${readKey}` } });
    expect(refused.status).toBe(403);
    expect((await v1(`/premium-payments/${inApi.id}`, { method: 'DELETE' })).status).toBe(204);
    const { entries } = await feedFrom(cursor);
    expect(about(entries, [inApp.id, inApi.id, kept.id])).toEqual([`premium_payment.deleted ${inApp.id}`, `premium_payment.deleted ${inApi.id}`]);
    expect(await deliveries(since)).toEqual(['premium_payment.deleted', 'premium_payment.deleted']);
    expect((await json(await v1(`/policies/${policy.id}/premium-payments`))).data.map((p: { id: string }) => p.id)).toEqual([kept.id]);
  });

  it("a payment deleted in the app comes back with its Undo: the same id and receipt, one premium_payment.created; a forged, another agency's or a spent Undo is refused", async () => {
    const policy = await json(await v1('/policies', { json: carPolicyPayload() }));
    const payment = await pay(policy.id);
    const deleted = await t.request(`/api/premium-payments/${payment.id}`, { method: 'DELETE', cookie: owner.cookie });
    const { undo } = await json(deleted);
    expect(typeof undo).toBe('string');
    const { cursor } = await feedFrom(undefined);
    const since = new Date();
    const restore = (cookie: string, token: unknown) => t.request('/api/premium-payments/restore', { cookie, json: { undo: token } });
    // a changed token (another amount) and another agency's use of it are refused, and restore nothing
    const [body, sig] = undo.split('.');
    const forged = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    forged.row.amount = '1.00';
    const forgedRes = await restore(owner.cookie, `${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${sig}`);
    expect([forgedRes.status, (await json(forgedRes)).error.message]).toEqual([400, PREMIUM_TEXT.undoInvalid]);
    const rival = await createUser(t, { tier: 'enterprise' });
    expect((await restore(rival.cookie, undo)).status).toBe(400);
    const empty = await restore(owner.cookie, '');
    expect((await json(empty)).error.fields).toEqual({ undo: PREMIUM_TEXT.undoInvalid });
    const res = await restore(owner.cookie, undo);
    expect(res.status, await res.clone().text()).toBe(201);
    // the same payment, whose updated_at is the restore's: a poller of updated_since sees it come back
    const restored = (await json(res)).payment;
    expect(restored).toEqual({ ...payment, updated_at: expect.any(String) });
    expect(Date.parse(restored.updated_at)).toBeGreaterThan(Date.parse(payment.updated_at));
    const again = await restore(owner.cookie, undo);
    expect([again.status, (await json(again)).error.message]).toEqual([409, PREMIUM_TEXT.undoDone]);
    expect((await json(await v1(`/policies/${policy.id}/premium-payments`))).data).toEqual([restored]);
    const { entries } = await feedFrom(cursor);
    expect(about(entries, [payment.id])).toEqual([`premium_payment.created ${payment.id}`]);
    expect(await deliveries(since)).toEqual(['premium_payment.created']);
    // deleted again, then its policy: the Undo cannot bring it back
    const second = (await json(await t.request(`/api/premium-payments/${payment.id}`, { method: 'DELETE', cookie: owner.cookie }))).undo;
    expect((await v1(`/policies/${policy.id}`, { method: 'DELETE' })).status).toBe(204);
    const gone = await restore(owner.cookie, second);
    expect([gone.status, (await json(gone)).error.message]).toEqual([409, PREMIUM_TEXT.undoPolicyGone]);
  });

  it("a client's upload in the portal: document.created, from_client, delivered", async () => {
    const steps = portalSteps(t);
    const me = await steps.invitedCustomer(owner, 'feed-client@example.com', 'Fiona Feed');
    const cookie = await steps.signInClient('feed-client@example.com');
    const { cursor } = await feedFrom(undefined);
    const since = new Date();
    const res = await steps.uploadFile('/api/portal/documents/upload', cookie, MINIMAL_PDF, 'proof.pdf');
    expect(res.status, await res.clone().text()).toBe(201);
    const docId = (await json(res)).document.id;
    const { entries } = await feedFrom(cursor);
    expect(entries.map((e) => [e.type, e.entity_id, e.data?.from_client, e.data?.customer_id])).toEqual([['document.created', docId, true, me.id]]);
    expect(await deliveries(since)).toEqual(['document.created']);
  });

  it('a key without the documents or premium_payments scope sees none of their entries, and is refused them alone', async () => {
    const res = await t.request('/api/api-keys', { cookie: owner.cookie, json: { name: 'Policies', scopes: { policies: 'read' } } });
    const policiesOnly = (await json(res)).key;
    const page = await json(await t.request('/api/v1/events?limit=500', { headers: { authorization: `Bearer ${policiesOnly}` } }));
    expect(page.data.some((e: { entity: string }) => e.entity === 'document' || e.entity === 'premium_payment')).toBe(false);
    for (const entity of ['document', 'premium_payment'])
      expect((await t.request(`/api/v1/events?entity=${entity}`, { headers: { authorization: `Bearer ${policiesOnly}` } })).status).toBe(403);
  });
});
