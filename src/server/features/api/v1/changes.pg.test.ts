// The change feed's safe horizon on PostgreSQL (decision 055), with real parallel connections: a
// change committed while an older transaction is still open is not answered until that one ends,
// so a client's cursor never moves past the older transaction's change. Runs when TEST_DATABASE_URL
// is set (as .ci/run does).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { agencies } from '#server/db/schema.ts';
import { customerPayload } from '#server/test/factories.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!onPostgres) console.info('changes.pg.test.ts skipped: set TEST_DATABASE_URL (a PostgreSQL server) to run the concurrency test');

let t: TestContext;
let owner: TestUser;
let key: string;
let agencyId: string;

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestContext();
  owner = await createUser(t, { tier: 'enterprise' });
  const res = await t.request('/api/api-keys', { cookie: owner.cookie, json: { name: 'Sync', scopes: { customers: 'write' } } });
  key = (await json(res)).key;
  agencyId = (await t.db.select({ id: agencies.id }).from(agencies).where(eq(agencies.ownerId, owner.id)))[0].id;
});
afterAll(async () => t?.close());

const feed = async (after?: string) => json(await t.request(`/api/v1/events?limit=500${after ? `&after=${after}` : ''}`, { headers: { authorization: `Bearer ${key}` } }));

describe.skipIf(!onPostgres)('the safe horizon', () => {
  it('holds back a later commit while an older transaction is open, then answers both in order', async () => {
    const start = await feed();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let ready!: () => void;
    const started = new Promise<void>((r) => (ready = r));
    // an older writer: its transaction id is taken (its first write) before the API's change begins
    const email = `slow-${Date.now()}@example.com`;
    const older = t.db.transaction(async (tx) => {
      const inserted = await tx.execute(sql`insert into customers (agency_id, name, email) values (${agencyId}, 'Slow Writer', ${email}) returning id`);
      const id = (inserted.rows[0] as { id: string }).id;
      await tx.execute(sql`insert into change_feed (agency_id, entity, entity_id, op, event_type) values (${agencyId}, 'customer', ${id}, 'created', 'customer.created')`);
      ready();
      await gate;
      return id;
    });
    await started;
    const later = await json(await t.request('/api/v1/customers', { headers: { authorization: `Bearer ${key}` }, json: customerPayload() }));
    // the later change has committed, but a transaction below it is still open: not answered yet
    const held = await feed(start.next_cursor);
    expect(held.data).toEqual([]);
    expect(held.next_cursor).toBe(start.next_cursor);
    release();
    const olderId = await older;
    // the horizon is the whole server's: another test file's open transaction (they run in parallel on
    // this PostgreSQL) can hold it a moment longer, so ask until it has passed both changes
    await expect
      .poll(async () => (await feed(held.next_cursor)).data.map((e: { entity_id: string }) => e.entity_id), { timeout: 30_000 })
      .toEqual([olderId, later.id]);
  });
});
