// Two bulk actions on overlapping selections at once, on PostgreSQL (real parallel connections):
// each row is changed by one action after the other, never both from the same old value, and the
// journals chain so undo stays exact. Runs when TEST_DATABASE_URL is set (as .ci/run does).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { bulkJournal, policies } from '#server/db/schema.ts';
import { createPolicy } from '#server/test/factories.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!onPostgres) console.info('bulk.pg.test.ts skipped: set TEST_DATABASE_URL (a PostgreSQL server) to run the concurrency test');

let t: TestContext;
let agent: TestUser;
beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestContext();
  agent = await createUser(t, { tier: 'business' });
});
afterAll(async () => t?.close());

const run = (ids: string[], status: string) =>
  t.request('/api/bulk', { cookie: agent.cookie, json: { entity: 'policies', action: { kind: 'set_status', status }, selection: { all: false, ids } } });

describe.skipIf(!onPostgres)('overlapping bulk actions at once', () => {
  it('applies both to the shared rows one after the other, with chained journals and exact undo', async () => {
    // the choice is Pending or Active (issue 29): the shared rows start pending, b's own rows active, so
    // whichever runs second finds the shared rows as the first left them
    const ps = [];
    for (let i = 0; i < 30; i++) ps.push(await createPolicy(t.request, agent.cookie, { status: i < 20 ? 'pending' : 'active', start_date: '2026-01-01' }));
    const ids = ps.map((p) => p.id);
    const a = ids.slice(0, 20);
    const b = ids.slice(10, 30);
    const shared = ids.slice(10, 20);
    const [ra, rb] = await Promise.all([run(a, 'active'), run(b, 'pending')]);
    expect([ra.status, rb.status]).toEqual([201, 201]);
    const [ia, ib] = [await json(ra), await json(rb)];
    const journalOf = async (id: string) => t.db.select().from(bulkJournal).where(eq(bulkJournal.bulkId, id));
    const sharedIn = async (id: string) => (await journalOf(id)).filter((j) => shared.includes(j.recordId));
    // a always changes its 20; b changes the shared rows only when a made them active first
    expect(ia.changed).toBe(20);
    const aFirst = (await sharedIn(ib.id)).length > 0;
    expect(ib.changed).toBe(aFirst ? 20 : 10);
    const state = async (rows: string[]) => (await t.db.select({ bound: policies.bound }).from(policies).where(inArray(policies.id, rows))).map((r) => r.bound);
    // the shared rows end with the later action's value, and its journal saw the earlier one's
    expect((await state(shared)).every((bound) => bound === !aFirst)).toBe(true);
    if (aFirst) {
      expect((await sharedIn(ib.id)).every((j) => j.before === 'active')).toBe(true);
      // undoing the earlier one first would overwrite the later one's work: refused
      const refused = await t.request(`/api/bulk/${ia.id}/undo`, { method: 'POST', cookie: agent.cookie, json: {} });
      expect(refused.status).toBe(409);
      expect((await json(refused)).error.message).toMatch(/^Undo refused: .* changed since the bulk action\./);
    }
    // undo in reverse order: every row back to where it started
    const [first, second] = aFirst ? [ia, ib] : [ib, ia];
    expect((await t.request(`/api/bulk/${second.id}/undo`, { method: 'POST', cookie: agent.cookie, json: {} })).status).toBe(200);
    expect((await t.request(`/api/bulk/${first.id}/undo`, { method: 'POST', cookie: agent.cookie, json: {} })).status).toBe(200);
    expect(await state(ids.slice(0, 20))).toEqual(Array(20).fill(false));
    expect(await state(ids.slice(20))).toEqual(Array(10).fill(true));
  });

  it('two overlapping deletes at once: each record is deleted and journaled once', async () => {
    const ps = [];
    for (let i = 0; i < 12; i++) ps.push(await createPolicy(t.request, agent.cookie));
    const ids = ps.map((p) => p.id);
    const del = (sel: string[]) => t.request('/api/bulk', { cookie: agent.cookie, json: { entity: 'policies', action: { kind: 'delete' }, selection: { all: false, ids: sel } } });
    const [ra, rb] = await Promise.all([del(ids.slice(0, 8)), del(ids.slice(4, 12))]);
    const results = [ra, rb].map((r) => r.status);
    const bodies = await Promise.all([ra, rb].map((r) => json(r)));
    const changed = bodies.reduce((n, b) => n + (b.changed ?? 0), 0);
    // the later one finds only its own remaining records (or nothing to change)
    expect(results.every((s) => s === 201 || s === 400)).toBe(true);
    expect(changed).toBe(12);
    expect(await t.db.select().from(policies).where(inArray(policies.id, ids))).toHaveLength(0);
  });
});
