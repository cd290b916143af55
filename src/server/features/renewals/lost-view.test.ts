// The cockpit's Lost view (issue 30 §4.7): a term marked lost leaves the open renewals and can be
// found, and taken back, from the cockpit itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addDays, agencyToday } from '#shared/time.ts';
import { type RenewalCockpit } from '#shared/renewals.ts';
import { policies } from '#server/db/schema.ts';
import { createPolicy } from '#server/test/factories.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';

let t: TestContext;
let pro: TestUser;
beforeAll(async () => {
  t = await createTestContext();
  pro = await createUser(t, { tier: 'professional' });
});
afterAll(async () => t.close());

async function policyEnding(u: TestUser, days: number, over: Record<string, unknown> = {}) {
  const p = await createPolicy(t.request, u.cookie, over);
  await t.db.update(policies).set({ endDate: addDays(agencyToday(null), days) }).where(eq(policies.id, p.id));
  return p;
}

async function cockpit(u: TestUser, query = ''): Promise<RenewalCockpit> {
  const res = await t.request(`/api/renewals${query}`, { cookie: u.cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return json<RenewalCockpit>(res);
}

const numbers = (body: RenewalCockpit) => body.rows.map((r) => r.policy_number).sort();

describe('the Lost view', () => {
  it('lists the terms marked lost in the cockpit span (as retention counts them), and Undo brings one back', async () => {
    const kept = await policyEnding(pro, 10, { insurance_company: 'Alpha' });
    const lost = await policyEnding(pro, 20, { insurance_company: 'Alpha' });
    const lostFire = await policyEnding(pro, -5, { insurance_company: 'Beta', policy_type: 'fire' });
    const old = await policyEnding(pro, -400);
    for (const p of [lost, lostFire, old]) {
      const res = await t.request(`/api/renewals/${p.id}/lost`, { cookie: pro.cookie, json: { reason: 'price' } });
      expect(res.status).toBe(200);
    }
    const open = await cockpit(pro);
    expect(numbers(open)).toEqual([kept.policy_number]);

    const lostView = await cockpit(pro, '?view=lost');
    // a year-old loss is history, as for retention
    expect(numbers(lostView)).toEqual([lost.policy_number, lostFire.policy_number].sort());
    expect(lostView.total).toBe(2);
    expect(lostView.total).toBe(lostView.retention.lost);
    expect(lostView.rows.every((r) => r.renewal_state === 'lost')).toBe(true);
    // the buckets still count open terms; a bucket does not narrow the Lost view
    expect(lostView.buckets).toEqual(open.buckets);
    expect(numbers(await cockpit(pro, '?view=lost&bucket=d0_30'))).toEqual(numbers(lostView));
    // the other filters apply
    expect(numbers(await cockpit(pro, '?view=lost&type=fire'))).toEqual([lostFire.policy_number]);
    expect(numbers(await cockpit(pro, '?view=lost&carrier=Alpha'))).toEqual([lost.policy_number]);
    // an unknown view falls back to the open renewals
    expect(numbers(await cockpit(pro, '?view=nonsense'))).toEqual([kept.policy_number]);

    const undo = await t.request(`/api/renewals/${lost.id}/lost`, { method: 'DELETE', cookie: pro.cookie });
    expect(undo.status).toBe(200);
    expect(numbers(await cockpit(pro))).toEqual([kept.policy_number, lost.policy_number].sort());
    expect(numbers(await cockpit(pro, '?view=lost'))).toEqual([lostFire.policy_number]);
  });

  it("shows no other agency's lost terms, and is refused on Starter", async () => {
    const other = await createUser(t, { tier: 'professional' });
    const theirs = await policyEnding(other, 15);
    expect((await t.request(`/api/renewals/${theirs.id}/lost`, { cookie: other.cookie, json: { reason: 'price' } })).status).toBe(200);
    expect(numbers(await cockpit(pro, '?view=lost'))).not.toContain(theirs.policy_number);
    expect((await t.request(`/api/renewals/${theirs.id}/lost`, { method: 'DELETE', cookie: pro.cookie })).status).toBe(404);
    const starter = await createUser(t, { tier: 'starter' });
    expect((await t.request('/api/renewals?view=lost', { cookie: starter.cookie })).status).toBe(403);
  });
});
