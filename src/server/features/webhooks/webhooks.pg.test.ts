// On PostgreSQL: two workers racing over the same queue send every delivery exactly once
// (FOR UPDATE SKIP LOCKED). Runs when TEST_DATABASE_URL is set (as .ci/run does).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { webhookDeliveries } from '#server/db/schema.ts';
import { createTestContext, createUser, json, type TestContext } from '#server/test/harness.ts';
import { buildPayload } from './events.ts';
import { startReceiver, type Receiver } from './receiver.ts';
import { runDeliveries } from './worker.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!onPostgres) console.info('webhooks.pg.test.ts skipped: set TEST_DATABASE_URL (a PostgreSQL server) to race two workers');

let t: TestContext;
let receiver: Receiver;
let endpointId = '';
let agencyId = '';
const N = 300;

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestContext({ env: { WEBHOOKS_ALLOW_PRIVATE: '1' } });
  receiver = await startReceiver();
  const u = await createUser(t, { tier: 'enterprise' });
  const res = await t.request('/api/webhooks', { cookie: u.cookie, json: { url: receiver.url, events: ['customer.created'] } });
  expect(res.status).toBe(201);
  endpointId = (await json(res)).id;
  agencyId = (await json(await t.request('/api/me', { cookie: u.cookie }))).agency.id;
  const rows = Array.from({ length: N }, (_, i) => {
    const { eventId, body } = buildPayload(agencyId, 'customer.created', { n: i });
    return { agencyId, endpointId, eventId, eventType: 'customer.created', payload: body };
  });
  await t.db.insert(webhookDeliveries).values(rows);
});
afterAll(async () => {
  if (!onPostgres) return;
  await receiver.close();
  await t.close();
});

describe.skipIf(!onPostgres)('two workers on one queue', () => {
  it('send each delivery once', async () => {
    const opts = { batch: 20, concurrency: 8, allowPrivate: true };
    const [a, b] = await Promise.all([runDeliveries(t.deps, opts), runDeliveries(t.deps, opts)]);
    expect(a.claimed + b.claimed).toBe(N);
    // both took part: the race was real
    expect(a.claimed).toBeGreaterThan(0);
    expect(b.claimed).toBeGreaterThan(0);
    const ids = receiver.received.map((r) => JSON.parse(r.body).id as string);
    expect(ids).toHaveLength(N);
    expect(new Set(ids).size).toBe(N);
    const rows = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));
    expect(rows.every((r) => r.status === 'succeeded' && r.attempts === 1)).toBe(true);
  });
});
