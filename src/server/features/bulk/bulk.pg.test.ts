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
    const ps = [];
    for (let i = 0; i < 30; i++) ps.push(await createPolicy(t.request, agent.cookie, { status: 'pending' }));
    const ids = ps.map((p) => p.id);
    const a = ids.slice(0, 20);
    const b = ids.slice(10, 30);
    const shared = ids.slice(10, 20);
    const [ra, rb] = await Promise.all([run(a, 'active'), run(b, 'cancelled')]);
    expect([ra.status, rb.status]).toEqual([201, 201]);
    const [ia, ib] = [await json(ra), await json(rb)];
    expect(ia.changed).toBe(20);
    expect(ib.changed).toBe(20);
    // the order they took the shared rows in: the earlier one found them pending
    const journalOf = async (id: string) => t.db.select().from(bulkJournal).where(eq(bulkJournal.bulkId, id));
    const aSawPending = (await journalOf(ia.id)).filter((j) => shared.includes(j.recordId)).every((j) => j.before === 'pending');
    const [first, second] = aSawPending ? [ia, ib] : [ib, ia];
    const firstValue = first === ia ? 'active' : 'cancelled';
    const lastValue = second === ia ? 'active' : 'cancelled';
    // the shared rows end with the later action's value, and its journal saw the earlier one's
    const now = await t.db.select({ id: policies.id, s: policies.status }).from(policies).where(inArray(policies.id, shared));
    expect(now.every((r) => r.s === lastValue)).toBe(true);
    const laterJournal = await journalOf(second.id);
    expect(laterJournal.filter((j) => shared.includes(j.recordId)).every((j) => j.before === firstValue)).toBe(true);
    expect((await journalOf(first.id)).every((j) => j.before === 'pending')).toBe(true);

    // undoing the earlier one first would overwrite the later one's work: refused
    const refused = await t.request(`/api/bulk/${first.id}/undo`, { method: 'POST', cookie: agent.cookie, json: {} });
    expect(refused.status).toBe(409);
    expect((await json(refused)).error.message).toMatch(/^Undo refused: .* changed since the bulk action\./);
    // undo in reverse order: everything back to pending
    expect((await t.request(`/api/bulk/${second.id}/undo`, { method: 'POST', cookie: agent.cookie, json: {} })).status).toBe(200);
    expect((await t.request(`/api/bulk/${first.id}/undo`, { method: 'POST', cookie: agent.cookie, json: {} })).status).toBe(200);
    const back = await t.db.select({ s: policies.status }).from(policies).where(inArray(policies.id, ids));
    expect(back.every((r) => r.s === 'pending')).toBe(true);
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
