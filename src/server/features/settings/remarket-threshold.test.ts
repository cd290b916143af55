// Settings › Agency's remarket threshold (issue 11: "default 10 %, set in settings"): who may set it,
// its range, and that Renew's prefill and the Remarket flag follow it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { USER_SETTINGS_TEXT } from '#shared/settings.ts';
import { agencies, agencyMembers } from '#server/db/schema.ts';
import { createPolicy } from '#server/test/factories.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t.close());

const AGENCY = { name: 'Threshold Insurance', timezone: 'UTC' };
const putAgency = (u: TestUser, body: unknown) => t.request('/api/settings/agency', { method: 'PUT', json: body, cookie: u.cookie });

async function agencyOf(u: TestUser): Promise<string> {
  expect((await t.request('/api/me', { cookie: u.cookie })).status).toBe(200);
  const [row] = await t.db.select({ id: agencies.id }).from(agencies).where(eq(agencies.ownerId, u.id));
  return row.id;
}

describe('the remarket threshold', () => {
  it('defaults to 10; the owner sets 15, and a 12 % rise is no longer Remarket while 20 % is', async () => {
    const owner = await createUser(t, { tier: 'professional' });
    expect((await json(await t.request('/api/settings/agency', { cookie: owner.cookie }))).agency.remarket_threshold).toBe(10);
    const res = await putAgency(owner, { ...AGENCY, remarket_threshold: 15 });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await json(res)).agency.remarket_threshold).toBe(15);
    expect((await json(await t.request('/api/settings/agency', { cookie: owner.cookie }))).agency.remarket_threshold).toBe(15);

    const a = await createPolicy(t.request, owner.cookie, { premium_amount: '1000.00' });
    const b = await createPolicy(t.request, owner.cookie, { premium_amount: '1000.00' });
    expect((await json(await t.request(`/api/renewals/${a.id}/renew`, { cookie: owner.cookie }))).remarket_threshold).toBe(15);
    const twelve = await t.request(`/api/renewals/${a.id}/renew`, { cookie: owner.cookie, json: { premium_amount: '1120.00' } });
    expect(twelve.status).toBe(201);
    expect((await json(twelve)).remarket).toBe(false);
    const twenty = await t.request(`/api/renewals/${b.id}/renew`, { cookie: owner.cookie, json: { premium_amount: '1200.00' } });
    expect(twenty.status).toBe(201);
    expect((await json(twenty)).remarket).toBe(true);
  });

  it('a team member gets 403 and the threshold stays', async () => {
    const owner = await createUser(t, { tier: 'enterprise' });
    const member = await createUser(t);
    const agencyId = await agencyOf(owner);
    await t.db.insert(agencyMembers).values({ agencyId, userId: member.id, role: 'team_member' });
    expect((await t.request('/api/agencies/active', { cookie: member.cookie, json: { agencyId } })).status).toBe(200);
    expect((await putAgency(member, { ...AGENCY, remarket_threshold: 50 })).status).toBe(403);
    const [row] = await t.db.select({ threshold: agencies.remarketThreshold }).from(agencies).where(eq(agencies.id, agencyId));
    expect(row.threshold).toBe(10);
  });

  it('refuses out of range, fractional or missing numbers with 400 and the message', async () => {
    const owner = await createUser(t, { tier: 'professional' });
    for (const bad of [-1, 1001, 12.5, '', null, '15']) {
      const res = await putAgency(owner, { ...AGENCY, remarket_threshold: bad });
      expect(res.status, String(bad)).toBe(400);
      expect((await json(res)).error.fields.remarket_threshold).toBe(USER_SETTINGS_TEXT.invalidThreshold);
    }
    for (const ok of [0, 1000]) expect((await json(await putAgency(owner, { ...AGENCY, remarket_threshold: ok }))).agency.remarket_threshold).toBe(ok);
  });
});
