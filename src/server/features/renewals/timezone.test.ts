// The agency's timezone (Settings › Agency) sets the renewals' day boundary and the digest's 07:00:
// the same instant is one date in Auckland and another in UTC.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { renewalQuerySchema } from '#shared/renewals.ts';
import { loadActor } from '#server/context.ts';
import { policies } from '#server/db/schema.ts';
import { createPolicy } from '#server/test/factories.ts';
import { createTestContext, createUser, type TestContext, type TestUser } from '#server/test/harness.ts';
import { readCockpit } from '#server/entities/renewals/cockpit.ts';
import { runDigest } from './digest.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t.close());

/** A Professional agency in that timezone (through Settings › Agency) with one term ending on `endDate`. */
async function agencyIn(timezone: string, endDate: string): Promise<TestUser> {
  const u = await createUser(t, { tier: 'professional' });
  const res = await t.request('/api/settings/agency', { method: 'PUT', cookie: u.cookie, json: { name: `Agency in ${timezone}`, timezone } });
  expect(res.status, await res.clone().text()).toBe(200);
  const p = await createPolicy(t.request, u.cookie);
  await t.db.update(policies).set({ endDate }).where(eq(policies.id, p.id));
  return u;
}

async function cockpitAt(u: TestUser, now: Date) {
  const actor = await loadActor(t.deps, new Headers({ cookie: u.cookie }));
  if (!actor) throw new Error('no actor');
  return readCockpit(t.db, actor, renewalQuerySchema.parse({}), now);
}

const digestsTo = (u: TestUser) => t.mail.sent.filter((m) => m.to === u.email && /Your renewals for/.test(m.subject));

describe("the agency's timezone", () => {
  it('counts days left from midnight in the agency timezone: ending today in Auckland is tomorrow in UTC', async () => {
    // 13:00 UTC on 15 June is 01:00 on 16 June in Auckland (NZST, UTC+12)
    const now = new Date('2026-06-15T13:00:00Z');
    const auckland = await agencyIn('Pacific/Auckland', '2026-06-16');
    const utc = await agencyIn('UTC', '2026-06-16');
    const there = await cockpitAt(auckland, now);
    expect(there).toMatchObject({ today: '2026-06-16', time_zone: 'Pacific/Auckland' });
    expect(there.rows.map((r) => [r.days_left, r.bucket])).toEqual([[0, 'd0_30']]);
    const here = await cockpitAt(utc, now);
    expect(here).toMatchObject({ today: '2026-06-15', time_zone: 'UTC' });
    expect(here.rows.map((r) => r.days_left)).toEqual([1]);
    // and an hour before Auckland's midnight the same term is a day further away there
    expect((await cockpitAt(auckland, new Date('2026-06-15T11:00:00Z'))).rows.map((r) => r.days_left)).toEqual([1]);
    // yesterday in Auckland is lapsed there, still today in UTC
    const lapsedThere = await agencyIn('Pacific/Auckland', '2026-06-15');
    const todayHere = await agencyIn('UTC', '2026-06-15');
    expect((await cockpitAt(lapsedThere, now)).rows.map((r) => [r.days_left, r.bucket])).toEqual([[-1, 'lapsed']]);
    expect((await cockpitAt(todayHere, now)).rows.map((r) => r.days_left)).toEqual([0]);
  });

  it("sends the digest from 07:00 in the agency's timezone, dated with the agency's day", async () => {
    const auckland = await agencyIn('Pacific/Auckland', '2026-07-10');
    const utc = await agencyIn('UTC', '2026-07-10');
    // 18:00 UTC is 06:00 the next morning in Auckland: UTC's digest goes, Auckland's waits
    await runDigest(t.deps, new Date('2026-06-20T18:00:00Z'));
    expect(digestsTo(utc).map((m) => m.subject)).toEqual([expect.stringContaining('Your renewals for 2026-06-20')]);
    expect(digestsTo(auckland)).toHaveLength(0);
    // 19:00 UTC is 07:00 on 21 June in Auckland
    await runDigest(t.deps, new Date('2026-06-20T19:00:00Z'));
    expect(digestsTo(auckland).map((m) => m.subject)).toEqual([expect.stringContaining('Your renewals for 2026-06-21')]);
    expect(digestsTo(utc)).toHaveLength(1);
    // 05:00 UTC on 21 June (17:00 in Auckland): UTC's morning has not come yet
    await runDigest(t.deps, new Date('2026-06-21T05:00:00Z'));
    expect(digestsTo(utc)).toHaveLength(1);
    expect(digestsTo(auckland)).toHaveLength(1);
  });
});
