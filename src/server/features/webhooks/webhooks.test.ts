// Webhooks (issue 15): endpoints and their rules, SSRF refusals, events from the services, signed
// deliveries to a real local receiver, retries across a restart, timeouts, disabling, tenancy.
import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { WEBHOOK_TEXT, VERIFY_SAMPLE, SIGNATURE_HEADER, EVENT_ID_HEADER, type WebhookEndpoint } from '#shared/webhooks.ts';
import { activityLog, notifications, user, webhookDeliveries, webhookEndpoints } from '#server/db/schema.ts';
import { createCustomer, createPolicy, customerPayload, carPolicyPayload } from '#server/test/factories.ts';
import { createTestContext, createUser, json, linkIn, pathOf, waitForMail, type TestContext, type TestUser } from '#server/test/harness.ts';
import { resolver } from './net.ts';
import { startReceiver, type Receiver } from './receiver.ts';
import { claimDeliveries, MAX_ATTEMPTS, recordOutcome, runDeliveries, sendDelivery } from './worker.ts';

let t: TestContext;
let owner: TestUser;
let other: TestUser;
let business: TestUser;
let receiver: Receiver;
const realLookup = resolver.lookup;

/** The documented Node recipe itself (shown on the page and in docs/api.md), not a copy of it. */
const verify = new Function('crypto', `${VERIFY_SAMPLE.replace("import crypto from 'node:crypto';", '')}\nreturn verify;`)(crypto) as (
  body: string,
  header: string,
  secret: string,
) => boolean;

const endpointBody = (over: Record<string, unknown> = {}) => ({ url: receiver.url, events: ['customer.created'], ...over });

async function addEndpoint(u: TestUser, over: Record<string, unknown> = {}): Promise<WebhookEndpoint> {
  const res = await t.request('/api/webhooks', { cookie: u.cookie, json: endpointBody(over) });
  expect(res.status, await res.clone().text()).toBe(201);
  return json<WebhookEndpoint>(res);
}

async function deliveriesOf(endpointId: string) {
  return t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));
}

const run = (opts: Parameters<typeof runDeliveries>[1] = {}) => runDeliveries(t.deps, { allowPrivate: true, ...opts });

beforeAll(async () => {
  t = await createTestContext();
  owner = await createUser(t, { tier: 'enterprise', permissions: ['manage_team'] });
  other = await createUser(t, { tier: 'enterprise' });
  business = await createUser(t, { tier: 'business' });
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});
afterEach(async () => {
  // each test starts without endpoints, so one test's deliveries never reach another's receiver
  await t.db.delete(webhookEndpoints);
  resolver.lookup = realLookup;
  t.config.WEBHOOKS_ALLOW_PRIVATE = false;
  receiver.state.status = 200;
  receiver.state.delayMs = 0;
});

describe('endpoints: the form rules', () => {
  it.each([
    [{ url: '' }, 'url', WEBHOOK_TEXT.urlRequired],
    [{ url: undefined }, 'url', WEBHOOK_TEXT.urlRequired],
    [{ url: 'not a url' }, 'url', WEBHOOK_TEXT.urlInvalid],
    [{ url: 'ftp://example.com/hook' }, 'url', WEBHOOK_TEXT.urlInvalid],
    [{ url: 'https://user:pw@example.com/hook' }, 'url', WEBHOOK_TEXT.urlCredentials],
    [{ url: `https://example.com/${'a'.repeat(2000)}` }, 'url', WEBHOOK_TEXT.urlTooLong],
    [{ events: [] }, 'events', WEBHOOK_TEXT.eventsRequired],
    [{ events: ['policy.exploded'] }, 'events', WEBHOOK_TEXT.eventUnknown],
    [{ events: [42] }, 'events', WEBHOOK_TEXT.eventUnknown],
    [{ events: undefined }, 'events', WEBHOOK_TEXT.eventsRequired],
    [{ description: 'x'.repeat(201) }, 'description', WEBHOOK_TEXT.descriptionTooLong],
  ])('refuses bad input %# on %s', async (over, field, message) => {
    const res = await t.request('/api/webhooks', { cookie: owner.cookie, json: endpointBody(over) });
    expect(res.status).toBe(400);
    expect((await json(res)).error.fields[field]).toBe(message);
  });

  it('creates an endpoint with a generated secret; the description is optional', async () => {
    t.config.WEBHOOKS_ALLOW_PRIVATE = true;
    const plain = await addEndpoint(owner, { description: '' });
    expect(plain.description).toBeNull();
    expect(plain.secret).toMatch(/^whsec_[0-9a-f]{48}$/);
    expect(plain.enabled).toBe(true);
    const described = await addEndpoint(owner, { description: 'Zapier', events: ['policy.created', 'customer.created'] });
    expect(described.description).toBe('Zapier');
    // stored in the list's canonical order
    expect(described.events).toEqual(['customer.created', 'policy.created']);
    const list = await json(await t.request('/api/webhooks', { cookie: owner.cookie }));
    expect(list.rows.map((r: WebhookEndpoint) => r.id)).toEqual(expect.arrayContaining([plain.id, described.id]));
  });

  it('updates, rotates the secret, deletes, and records each change in the activity log', async () => {
    t.config.WEBHOOKS_ALLOW_PRIVATE = true;
    const ep = await addEndpoint(owner);
    const put = await t.request(`/api/webhooks/${ep.id}`, { method: 'PUT', cookie: owner.cookie, json: endpointBody({ events: ['policy.deleted'], enabled: false }) });
    expect(put.status).toBe(200);
    expect(await json(put)).toMatchObject({ events: ['policy.deleted'], enabled: false });
    const rotated = await json<WebhookEndpoint>(await t.request(`/api/webhooks/${ep.id}/rotate-secret`, { method: 'POST', cookie: owner.cookie }));
    expect(rotated.secret).not.toBe(ep.secret);
    expect((await t.request(`/api/webhooks/${ep.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(200);
    expect((await t.request(`/api/webhooks/${ep.id}`, { cookie: owner.cookie })).status).toBe(404);
    const log = await t.db.select().from(activityLog).where(and(eq(activityLog.entityId, ep.id), eq(activityLog.kind, 'integration')));
    expect(log.map((l) => l.action).sort()).toEqual(['created', 'deleted', 'updated', 'updated']);
    expect(log.map((l) => l.summary)).toContain(`Rotated the signing secret of webhook endpoint ${receiver.url}`);
  });
});

describe('events of one request', () => {
  it('a policy created with a new customer queues each event for exactly the enabled endpoints that subscribed to it', async () => {
    t.config.WEBHOOKS_ALLOW_PRIVATE = true;
    const u = await createUser(t, { tier: 'enterprise' });
    const both = await addEndpoint(u, { events: ['customer.created', 'policy.created'] });
    const policiesOnly = await addEndpoint(u, { events: ['policy.created'] });
    const off = await addEndpoint(u, { events: ['customer.created', 'policy.created'] });
    expect((await t.request(`/api/webhooks/${off.id}`, { method: 'PUT', cookie: u.cookie, json: endpointBody({ events: ['customer.created', 'policy.created'], enabled: false }) })).status).toBe(200);
    await createPolicy(t.request, u.cookie, { customer_email: 'brand-new@example.com', customer_name: 'Brand New' });
    const queued = async (endpointId: string) =>
      (await t.db.select({ type: webhookDeliveries.eventType }).from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId))).map((d) => d.type).sort();
    expect(await queued(both.id)).toEqual(['customer.created', 'policy.created']);
    expect(await queued(policiesOnly.id)).toEqual(['policy.created']);
    expect(await queued(off.id)).toEqual([]);
  });
});

describe('SSRF: private and internal addresses are refused', () => {
  it.each(['http://127.0.0.1/hook', 'http://169.254.169.254/latest/meta-data', 'http://[fd00:ec2::254]/', 'http://10.1.2.3/', 'http://100.64.0.1/', 'http://[::1]/', 'http://0.0.0.0/'])(
    'refuses %s when saving',
    async (url) => {
      const res = await t.request('/api/webhooks', { cookie: owner.cookie, json: endpointBody({ url }) });
      expect(res.status).toBe(400);
      expect((await json(res)).error.fields.url).toBe(WEBHOOK_TEXT.urlPrivate);
    },
  );

  it('refuses a host name that resolves to a private address, and one that does not resolve', async () => {
    resolver.lookup = async (host) => (host === 'hooks.example.com' ? [{ address: '93.184.216.34', family: 4 }, { address: '192.168.1.20', family: 4 }] : Promise.reject(new Error('ENOTFOUND')));
    const privateHost = await t.request('/api/webhooks', { cookie: owner.cookie, json: endpointBody({ url: 'https://hooks.example.com/in' }) });
    expect(privateHost.status).toBe(400);
    expect((await json(privateHost)).error.fields.url).toBe(WEBHOOK_TEXT.urlPrivate);
    const unknown = await t.request('/api/webhooks', { cookie: owner.cookie, json: endpointBody({ url: 'https://nowhere.invalid/in' }) });
    expect((await json(unknown)).error.fields.url).toBe(WEBHOOK_TEXT.urlUnresolved);
  });

  it('accepts a public host, and refuses it at delivery time when its name later resolves to loopback (no rebinding)', async () => {
    resolver.lookup = async () => [{ address: '93.184.216.34', family: 4 }];
    const ep = await addEndpoint(owner, { url: `http://rebind.example.com:${new URL(receiver.url).port}/hook` });
    await createCustomer(t.request, owner.cookie);
    resolver.lookup = async () => [{ address: '127.0.0.1', family: 4 }];
    const before = receiver.received.length;
    await runDeliveries(t.deps, { allowPrivate: false });
    const [d] = await deliveriesOf(ep.id);
    expect(d.status).toBe('pending');
    expect(d.lastError).toContain('resolves to 127.0.0.1');
    expect(receiver.received.length).toBe(before);
    await t.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, ep.id));
  });

  it('keeps metadata addresses refused even when private addresses are allowed', async () => {
    t.config.WEBHOOKS_ALLOW_PRIVATE = true;
    const res = await t.request('/api/webhooks', { cookie: owner.cookie, json: endpointBody({ url: 'http://169.254.169.254/' }) });
    expect((await json(res)).error.fields.url).toBe(WEBHOOK_TEXT.urlPrivate);
  });
});

describe('events and signed deliveries', () => {
  it('sends customer.created to a local receiver, signed so the documented recipe verifies it', async () => {
    t.config.WEBHOOKS_ALLOW_PRIVATE = true;
    const ep = await addEndpoint(owner);
    const customer = await createCustomer(t.request, owner.cookie);
    const before = receiver.received.length;
    await run();
    const got = receiver.received.slice(before).filter((r) => JSON.parse(r.body).data?.id === customer.id);
    expect(got).toHaveLength(1);
    const { headers, body } = got[0];
    const payload = JSON.parse(body);
    expect(payload).toMatchObject({ type: 'customer.created', agency_id: expect.any(String), data: { id: customer.id, email: customer.email } });
    expect(headers[EVENT_ID_HEADER.toLowerCase()]).toBe(payload.id);
    const signature = headers[SIGNATURE_HEADER.toLowerCase()] as string;
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verify(body, signature, ep.secret)).toBe(true);
    expect(verify(body.replace(customer.email, 'x@example.com'), signature, ep.secret)).toBe(false);
    expect(verify(body, signature, 'whsec_wrong')).toBe(false);
    const [d] = await deliveriesOf(ep.id);
    expect(d).toMatchObject({ status: 'succeeded', attempts: 1, responseStatus: 200 });
    await t.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, ep.id));
  });

  it('queues every event type from the services, only for subscribed enabled endpoints', async () => {
    t.config.WEBHOOKS_ALLOW_PRIVATE = true;
    const all = await addEndpoint(owner, {
      events: ['customer.created', 'customer.updated', 'customer.deleted', 'policy.created', 'policy.updated', 'policy.deleted', 'policy.renewed', 'communication.created'],
    });
    const policiesOnly = await addEndpoint(owner, { events: ['policy.created'] });
    const off = await addEndpoint(owner, { events: ['policy.created'], enabled: false });

    const customer = await createCustomer(t.request, owner.cookie);
    const upd = await t.request(`/api/customers/${customer.id}`, { method: 'PUT', cookie: owner.cookie, json: customerPayload({ email: customer.email, name: 'Renamed' }) });
    expect(upd.status).toBe(200);
    expect((await t.request(`/api/customers/${customer.id}/communications`, { cookie: owner.cookie, json: { type: 'phone', content: 'Called about renewal' } })).status).toBe(201);
    const policy = await createPolicy(t.request, owner.cookie);
    expect((await t.request(`/api/policies/${policy.id}`, { method: 'PUT', cookie: owner.cookie, json: carPolicyPayload({ policy_number: policy.policy_number, premium_amount: '999.00' }) })).status).toBe(200);
    const renew = await t.request(`/api/renewals/${policy.id}/renew`, { cookie: owner.cookie, json: { premium_amount: '1000.00' } });
    expect(renew.status, await renew.clone().text()).toBe(201);
    const next = await json(renew);
    expect((await t.request(`/api/policies/${next.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(200);
    expect((await t.request(`/api/customers/${customer.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(200);
    // a refused change (duplicate e-mail) is rolled back with its event
    const taken = (await createCustomer(t.request, owner.cookie)).email;
    const queued = (await deliveriesOf(all.id)).length;
    expect((await t.request('/api/customers', { cookie: owner.cookie, json: customerPayload({ email: taken }) })).status).toBe(409);
    expect(await deliveriesOf(all.id)).toHaveLength(queued);

    const types = (await deliveriesOf(all.id)).map((d) => d.eventType);
    for (const type of ['customer.created', 'customer.updated', 'customer.deleted', 'policy.updated', 'policy.deleted', 'policy.renewed', 'communication.created'])
      expect(types, type).toContain(type);
    expect(types.filter((x) => x === 'policy.created')).toHaveLength(2);
    expect((await deliveriesOf(policiesOnly.id)).map((d) => d.eventType)).toEqual(['policy.created', 'policy.created']);
    expect(await deliveriesOf(off.id)).toHaveLength(0);
    const renewed = (await deliveriesOf(all.id)).find((d) => d.eventType === 'policy.renewed')!;
    expect(JSON.parse(renewed.payload).data).toMatchObject({ id: next.id, renewed_from_id: policy.id });
    const deleted = (await deliveriesOf(all.id)).find((d) => d.eventType === 'policy.deleted')!;
    expect(JSON.parse(deleted.payload).data).toMatchObject({ id: next.id, policy_number: next.policy_number });
    await run();
    for (const ep of [all, policiesOnly, off]) await t.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, ep.id));
  });

  it('queues each task and opportunity change once, with the resource as /api/v1 answers it, only for endpoints that subscribed (issue 34)', async () => {
    t.config.WEBHOOKS_ALLOW_PRIVATE = true;
    const both = await addEndpoint(owner, { events: ['task.created', 'task.updated', 'task.deleted', 'opportunity.created', 'opportunity.updated', 'opportunity.deleted'] });
    const tasksOnly = await addEndpoint(owner, { events: ['task.created', 'task.updated', 'task.deleted'] });
    const app = (path: string, init: { method?: string; json?: unknown } = {}) => t.request(path, { cookie: owner.cookie, ...init });
    const taskBody = { title: 'Call Pat', due_date: '2030-01-02', due_time: '09:00', priority: 'normal', assignee_id: owner.id };
    const task = await json(await app('/api/tasks', { json: taskBody }));
    expect((await app(`/api/tasks/${task.id}`, { method: 'PUT', json: { ...taskBody, title: 'Call Pat again' } })).status).toBe(200);
    expect((await app(`/api/tasks/${task.id}/done`, { method: 'POST' })).status).toBe(200);
    // done twice changes nothing: no second event
    expect((await app(`/api/tasks/${task.id}/done`, { method: 'POST' })).status).toBe(200);
    expect((await app(`/api/tasks/${task.id}/done`, { method: 'DELETE' })).status).toBe(200);
    const deal = await json(await app('/api/opportunities', { json: { prospect_name: 'Pat', line: 'car', stage: 'new_lead' } }));
    expect((await app(`/api/opportunities/${deal.id}`, { method: 'PUT', json: { prospect_name: 'Pat P.', line: 'car', stage: 'new_lead' } })).status).toBe(200);
    expect((await app(`/api/opportunities/${deal.id}/stage`, { method: 'PATCH', json: { stage: 'quoted' } })).status).toBe(200);
    const linked = await json(await app('/api/tasks', { json: { ...taskBody, opportunity_id: deal.id } }));
    expect((await app(`/api/opportunities/${deal.id}`, { method: 'DELETE' })).status).toBeLessThan(300);
    expect((await app(`/api/tasks/${task.id}`, { method: 'DELETE' })).status).toBeLessThan(300);

    const sent = await deliveriesOf(both.id);
    const summary = sent.map((d) => `${d.eventType} ${JSON.parse(d.payload).data.id}`);
    expect(summary.sort()).toEqual(
      [
        `task.created ${task.id}`,
        `task.updated ${task.id}`,
        `task.updated ${task.id}`,
        `task.updated ${task.id}`,
        `opportunity.created ${deal.id}`,
        `opportunity.updated ${deal.id}`,
        `opportunity.updated ${deal.id}`,
        `task.created ${linked.id}`,
        // the opportunity's delete unlinks its task: a change of the task
        `task.updated ${linked.id}`,
        `opportunity.deleted ${deal.id}`,
        `task.deleted ${task.id}`,
      ].sort(),
    );
    // one event id per change; the payload is the API's answer (updated_at, no history)
    expect(new Set(sent.map((d) => d.eventId)).size).toBe(sent.length);
    const moved = sent.map((d) => JSON.parse(d.payload)).filter((p) => p.type === 'opportunity.updated').map((p) => p.data);
    expect(moved.map((o) => o.stage).sort()).toEqual(['new_lead', 'quoted']);
    expect(moved[0]).toHaveProperty('updated_at');
    expect(moved[0]).not.toHaveProperty('history');
    const gone = sent.map((d) => JSON.parse(d.payload)).find((p) => p.type === 'task.deleted');
    expect(gone.data).toMatchObject({ id: task.id, title: 'Call Pat again', updated_at: expect.any(String) });
    const unlinked = sent.map((d) => JSON.parse(d.payload)).find((p) => p.type === 'task.updated' && p.data.id === linked.id);
    expect(unlinked.data.opportunity_id).toBeNull();
    expect((await deliveriesOf(tasksOnly.id)).every((d) => d.eventType.startsWith('task.'))).toBe(true);
    expect(await deliveriesOf(tasksOnly.id)).toHaveLength(7);
    await run();
  });

  it('a removed member’s tasks and opportunities lose their assignee: one task.updated and one opportunity.updated each', async () => {
    t.config.WEBHOOKS_ALLOW_PRIVATE = true;
    const email = `leaver-${crypto.randomUUID().slice(0, 8)}@example.com`;
    expect((await t.request('/api/team/invitations', { cookie: owner.cookie, json: { email, role: 'team_member' } })).status).toBe(201);
    const token = pathOf(linkIn(await waitForMail(t, email, /invited/))).split('/').pop()!;
    const member = await createUser(t, { email });
    expect((await t.request(`/api/invitations/${token}/accept`, { cookie: member.cookie, method: 'POST' })).status).toBe(200);
    const task = await json(await t.request('/api/tasks', { cookie: owner.cookie, json: { title: 'Theirs', due_date: '2030-01-02', assignee_id: member.id } }));
    const deal = await json(await t.request('/api/opportunities', { cookie: owner.cookie, json: { prospect_name: 'Sam', line: 'car', stage: 'new_lead', assignee_id: member.id } }));
    const ep = await addEndpoint(owner, { events: ['task.updated', 'opportunity.updated'] });
    const removed = await t.request(`/api/team/members/${member.id}`, { cookie: owner.cookie, method: 'DELETE' });
    expect(removed.status, await removed.clone().text()).toBeLessThan(300);
    const sent = (await deliveriesOf(ep.id)).map((d) => JSON.parse(d.payload));
    expect(sent.map((p) => `${p.type} ${p.data.id} ${p.data.assignee_id}`).sort()).toEqual([`opportunity.updated ${deal.id} null`, `task.updated ${task.id} null`]);
  });

  it('sends a test event and redelivers from the log, which lists status, code, duration and attempts', async () => {
    t.config.WEBHOOKS_ALLOW_PRIVATE = true;
    const ep = await addEndpoint(owner);
    const test = await t.request(`/api/webhooks/${ep.id}/test`, { method: 'POST', cookie: owner.cookie });
    expect(test.status).toBe(202);
    await run();
    const log = await json(await t.request(`/api/webhooks/${ep.id}/deliveries`, { cookie: owner.cookie }));
    expect(log.total).toBe(1);
    expect(log.rows[0]).toMatchObject({ event_type: 'webhook.test', status: 'succeeded', response_status: 200, attempts: 1, duration_ms: expect.any(Number) });
    const again = await t.request(`/api/webhooks/${ep.id}/deliveries/${log.rows[0].id}/redeliver`, { method: 'POST', cookie: owner.cookie });
    expect(again.status).toBe(202);
    expect((await json(again)).event_id).toBe(log.rows[0].event_id);
    const pending = await json(await t.request(`/api/webhooks/${ep.id}/deliveries?status=pending`, { cookie: owner.cookie }));
    expect(pending.rows).toHaveLength(1);
    expect((await t.request(`/api/webhooks/${ep.id}/deliveries/${crypto.randomUUID()}/redeliver`, { method: 'POST', cookie: owner.cookie })).status).toBe(404);
    await t.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, ep.id));
  });
});

describe('the delivery worker', () => {
  it('survives a crash: a claimed delivery whose worker died is claimed again once the lease expires', async () => {
    t.config.WEBHOOKS_ALLOW_PRIVATE = true;
    const ep = await addEndpoint(owner);
    await createCustomer(t.request, owner.cookie);
    const t0 = new Date(Date.now() + 1000);
    const first = (await claimDeliveries(t.db, t0, 50, 60_000)).filter((c) => c.endpointId === ep.id);
    expect(first).toHaveLength(1);
    // …the process dies here, before sending or recording. A new process starts:
    expect((await claimDeliveries(t.db, new Date(t0.getTime() + 30_000), 50, 60_000)).filter((c) => c.endpointId === ep.id)).toHaveLength(0);
    const later = new Date(t0.getTime() + 61_000);
    const again = (await claimDeliveries(t.db, later, 50, 60_000)).filter((c) => c.endpointId === ep.id);
    expect(again).toHaveLength(1);
    expect(again[0].attempts).toBe(2);
    // the dead worker's late outcome is ignored; the new claim's is kept
    await recordOutcome(t.db, first[0], { status: 500, durationMs: 1, error: 'late' }, later);
    await recordOutcome(t.db, again[0], await sendDelivery(again[0], { timeoutMs: 5000, allowPrivate: true }), later);
    const [d] = await deliveriesOf(ep.id);
    expect(d).toMatchObject({ status: 'succeeded', attempts: 2, responseStatus: 200, lastError: null });
    await t.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, ep.id));
  });

  it('gives a slow receiver until the timeout, then schedules a retry with backoff', async () => {
    t.config.WEBHOOKS_ALLOW_PRIVATE = true;
    const ep = await addEndpoint(owner);
    await createCustomer(t.request, owner.cookie);
    receiver.state.delayMs = 2000;
    const now = new Date(Date.now() + 1000);
    await run({ now, timeoutMs: 200 });
    const [d] = await deliveriesOf(ep.id);
    expect(d).toMatchObject({ status: 'pending', attempts: 1, responseStatus: null, lastError: 'Timed out after 0.2 s' });
    const wait = d.nextAttemptAt.getTime() - now.getTime();
    expect(wait).toBeGreaterThanOrEqual(48_000);
    expect(wait).toBeLessThanOrEqual(72_000);
    await t.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, ep.id));
  });

  it('retries a receiver answering 500 with growing waits, then disables the endpoint and notifies its owner', async () => {
    t.config.WEBHOOKS_ALLOW_PRIVATE = true;
    const ep = await addEndpoint(owner);
    await createCustomer(t.request, owner.cookie);
    receiver.state.status = 500;
    const before = receiver.received.length;
    let now = new Date(Date.now() + 1000);
    const start = now.getTime();
    const waits: number[] = [];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await run({ now });
      const [d] = await deliveriesOf(ep.id);
      expect(d.attempts).toBe(attempt);
      expect(d.responseStatus).toBe(500);
      if (attempt < MAX_ATTEMPTS) {
        expect(d.status).toBe('pending');
        waits.push(d.nextAttemptAt.getTime() - now.getTime());
        now = new Date(d.nextAttemptAt.getTime() + 1000);
      } else expect(d.status).toBe('failed');
    }
    expect(receiver.received.length - before).toBe(MAX_ATTEMPTS);
    expect(waits[waits.length - 1]).toBeGreaterThan(waits[0] * 100);
    const hours = (now.getTime() - start) / 3_600_000;
    expect(hours).toBeGreaterThan(18);
    expect(hours).toBeLessThan(30);
    const [stored] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, ep.id));
    expect(stored).toMatchObject({ enabled: false, disabledReason: WEBHOOK_TEXT.disabledReason });
    const told = await t.db.select().from(notifications).where(and(eq(notifications.userId, owner.id), eq(notifications.kind, 'webhook_disabled')));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ title: WEBHOOK_TEXT.disabledNotice(receiver.url), link: '/dashboard/api-settings/webhooks' });
    // a disabled endpoint gets no new events, test events or redeliveries
    await createCustomer(t.request, owner.cookie);
    expect(await deliveriesOf(ep.id)).toHaveLength(1);
    const test = await t.request(`/api/webhooks/${ep.id}/test`, { method: 'POST', cookie: owner.cookie });
    expect(test.status).toBe(409);
    expect((await json(test)).error.message).toBe(WEBHOOK_TEXT.endpointDisabled);
    await t.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, ep.id));
  });
});

describe('who may use webhooks', () => {
  it('answers 403 below Enterprise, and a downgraded agency sends no events', async () => {
    const res = await t.request('/api/webhooks', { cookie: business.cookie });
    expect(res.status).toBe(403);
    expect((await t.request('/api/webhooks', { cookie: business.cookie, json: endpointBody() })).status).toBe(403);

    t.config.WEBHOOKS_ALLOW_PRIVATE = true;
    const lapsing = await createUser(t, { tier: 'enterprise' });
    const ep = await addEndpoint(lapsing);
    await t.db.update(user).set({ subscriptionTier: 'business' }).where(eq(user.id, lapsing.id));
    await createCustomer(t.request, lapsing.cookie);
    expect(await deliveriesOf(ep.id)).toHaveLength(0);
  });

  it('lets an agency admin manage endpoints, but not a team member', async () => {
    const invite = async (role: string) => {
      const email = `${role}-${crypto.randomUUID().slice(0, 8)}@example.com`;
      expect((await t.request('/api/team/invitations', { cookie: owner.cookie, json: { email, role } })).status).toBe(201);
      const token = pathOf(linkIn(await waitForMail(t, email, /invited/))).split('/').pop()!;
      const member = await createUser(t, { email });
      expect((await t.request(`/api/invitations/${token}/accept`, { cookie: member.cookie, method: 'POST' })).status).toBe(200);
      return member;
    };
    const admin = await invite('admin');
    const member = await invite('team_member');
    expect((await t.request('/api/webhooks', { cookie: admin.cookie })).status).toBe(200);
    const denied = await t.request('/api/webhooks', { cookie: member.cookie });
    expect(denied.status).toBe(403);
  });

  it("keeps agencies apart: another agency's endpoint is a 404 everywhere, and its events never reach it", async () => {
    t.config.WEBHOOKS_ALLOW_PRIVATE = true;
    const mine = await addEndpoint(owner);
    const id = mine.id;
    for (const [method, path, body] of [
      ['GET', `/api/webhooks/${id}`],
      ['PUT', `/api/webhooks/${id}`, endpointBody()],
      ['DELETE', `/api/webhooks/${id}`],
      ['POST', `/api/webhooks/${id}/rotate-secret`],
      ['POST', `/api/webhooks/${id}/test`],
      ['GET', `/api/webhooks/${id}/deliveries`],
    ] as const) {
      const res = await t.request(path, { method, cookie: other.cookie, json: body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect((await json(res)).error.message).toBe(WEBHOOK_TEXT.notFound);
    }
    const theirs = await json(await t.request('/api/webhooks', { cookie: other.cookie }));
    expect(theirs.rows.map((r: WebhookEndpoint) => r.id)).not.toContain(id);
    await createCustomer(t.request, other.cookie);
    expect(await deliveriesOf(id)).toHaveLength(0);
    const [still] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(still.secret).toBe(mine.secret);
  });
});
