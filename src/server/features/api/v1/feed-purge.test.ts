// The change feed's retention: the scheduled purge deletes each agency's entries older than
// CHANGE_FEED_RETENTION_DAYS as a prefix of its feed, and a cursor whose entry was purged answers 410
// CHANGE_CURSOR_EXPIRED (the client loads again); a cursor still inside the window keeps working.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { CHANGE_FEED_RETENTION_DAYS, CHANGE_TEXT } from '#shared/changes.ts';
import { agencies, changeFeed } from '#server/db/schema.ts';
import { SCHEDULES } from '#server/jobs/all.ts';
import { customerPayload } from '#server/test/factories.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';
import { settleFeed } from '#server/test/feed-horizon.ts';
import { FEED_PURGE_JOB, purgeChangeFeed } from '../feed-purge.ts';

let t: TestContext;
let owner: TestUser;
let key: string;
let agencyId: string;

const v1 = (path: string) => t.request(`/api/v1${path}`, { headers: { authorization: `Bearer ${key}` } });

beforeAll(async () => {
  t = await createTestContext();
  owner = await createUser(t, { tier: 'enterprise' });
  const res = await t.request('/api/api-keys', { cookie: owner.cookie, json: { name: 'Purge', scopes: { customers: 'write' } } });
  key = (await json(res)).key;
  [{ id: agencyId }] = await t.db.select({ id: agencies.id }).from(agencies).where(eq(agencies.ownerId, owner.id));
});
afterAll(async () => t.close());

/** Creates n customers; answers the feed cursor after each one's entry and the entries' seqs. */
async function entries(n: number): Promise<{ cursors: string[]; seqs: number[] }> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push((await json(await t.request('/api/v1/customers', { headers: { authorization: `Bearer ${key}` }, json: customerPayload() }))).id);
  // the purge and the feed both stop at the server-wide horizon: another test file's open
  // transaction must not hold these entries back (failed through PgBouncer in CI)
  await settleFeed(t);
  const rows = await t.db.select({ seq: changeFeed.seq }).from(changeFeed).where(and(eq(changeFeed.agencyId, agencyId), inArray(changeFeed.entityId, ids))).orderBy(asc(changeFeed.txid), asc(changeFeed.seq));
  const cursors: string[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await json(await v1(`/events?limit=1${after ? `&after=${after}` : ''}`));
    if (!page.data.length) break;
    after = page.next_cursor;
    if (ids.includes(page.data[0].entity_id)) cursors.push(after!);
  }
  return { cursors, seqs: rows.map((r) => r.seq) };
}

const age = (seqs: number[], days: number) =>
  t.db.update(changeFeed).set({ occurredAt: sql`now() - make_interval(days => ${days})` }).where(and(eq(changeFeed.agencyId, agencyId), inArray(changeFeed.seq, seqs)));

describe('the change feed purge', () => {
  it('is a scheduled job', () => {
    expect(SCHEDULES.map((s) => s.job)).toContain(FEED_PURGE_JOB);
  });

  it('deletes the entries older than the window, and a purged cursor answers 410', async () => {
    const { cursors, seqs } = await entries(3);
    await age(seqs.slice(0, 2), CHANGE_FEED_RETENTION_DAYS + 1);
    expect(await purgeChangeFeed(t.db)).toBe(2);
    const left = await t.db.select({ seq: changeFeed.seq }).from(changeFeed).where(eq(changeFeed.agencyId, agencyId));
    expect(left.map((r) => r.seq)).toEqual([seqs[2]]);
    for (const cursor of cursors.slice(0, 2)) {
      const res = await v1(`/events?after=${cursor}`);
      expect(res.status).toBe(410);
      expect((await json(res)).error).toEqual({ code: 'CHANGE_CURSOR_EXPIRED', message: CHANGE_TEXT.expired });
    }
    // inside the window: answered as before
    const kept = await v1(`/events?after=${cursors[2]}`);
    expect(kept.status).toBe(200);
    expect((await json(kept)).data).toEqual([]);
    const fromStart = await json(await v1('/events'));
    expect(fromStart.data.map((e: { id: string }) => Number(e.id))).toEqual([seqs[2]]);
    expect(await purgeChangeFeed(t.db)).toBe(0);
  });

  it('purges a prefix only: an old entry after a kept one stays', async () => {
    await t.db.delete(changeFeed).where(eq(changeFeed.agencyId, agencyId));
    const { cursors, seqs } = await entries(3);
    await age([seqs[0], seqs[2]], CHANGE_FEED_RETENTION_DAYS + 5);
    await age([seqs[1]], CHANGE_FEED_RETENTION_DAYS - 1);
    expect(await purgeChangeFeed(t.db)).toBe(1);
    expect((await v1(`/events?after=${cursors[0]}`)).status).toBe(410);
    const next = await json(await v1(`/events?after=${cursors[1]}`));
    expect(next.data.map((e: { id: string }) => Number(e.id))).toEqual([seqs[2]]);
  });
});
