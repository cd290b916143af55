// The renewal cockpit's counters (renewal_stats) always equal a count over the policies they stand
// for, after every kind of write: creates, edits of each counted column, multi-row updates, Renew,
// Mark lost, deletes, a removed assignee (the key's SET NULL), and an agency's deletion.
import { describe, expect, it } from 'vitest';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { addDays, agencyToday } from '#shared/time.ts';
import { agencies, policies } from '#server/db/schema.ts';
import { createPolicy } from '#server/test/factories.ts';
import { fileTestContext, createUser, json } from '#server/test/harness.ts';
import { expectTie, sqlRows } from '#server/test/counters.ts';

const t = fileTestContext();

const rows = (query: SQL) => sqlRows(t, query);

/** The counters, netted per key, against the same grouping over the policies themselves. */
const expectCountersTie = () =>
  expectTie(
    t,
    sql`
    select agency_id, end_date::text, renewal_state, policy_type, coalesce(assignee_id, '') as assignee, insurance_company, cancelled,
      sum(policies)::int as n, sum(premium)::text as premium
    from renewal_stats group by 1, 2, 3, 4, 5, 6, 7 having sum(policies) <> 0 or sum(premium) <> 0 order by 1, 2, 3, 4, 5, 6, 7`,
    sql`
    select agency_id, end_date::text, renewal_state, policy_type, coalesce(assignee_id, '') as assignee, insurance_company, status = 'cancelled' as cancelled,
      count(*)::int as n, sum(premium_amount)::text as premium
    from policies group by 1, 2, 3, 4, 5, 6, 7 order by 1, 2, 3, 4, 5, 6, 7`,
  );

describe('renewal_stats', () => {
  it('ties to the policies after creates, edits, Renew, Mark lost, deletes and bulk updates', async () => {
    const owner = await createUser(t, { tier: 'enterprise' });
    const today = agencyToday(null);
    const made = [];
    for (let i = 0; i < 6; i += 1) {
      made.push(await createPolicy(t.request, owner.cookie, { insurance_company: i % 2 ? 'Zurich' : 'Allianz', premium_amount: `${100 + i}.25` }));
    }
    await expectCountersTie();

    // each counted column changed on its own, then several rows at once
    await t.db.update(policies).set({ endDate: addDays(today, 10) }).where(eq(policies.id, made[0].id));
    await t.db.update(policies).set({ premiumAmount: '999.99' }).where(eq(policies.id, made[1].id));
    await t.db.update(policies).set({ insuranceCompany: 'AXA' }).where(eq(policies.id, made[2].id));
    await t.db.update(policies).set({ status: 'cancelled' }).where(eq(policies.id, made[3].id));
    await t.db.update(policies).set({ renewalState: 'contacted' }).where(inArray(policies.id, [made[4].id, made[5].id]));
    // an update of a column the counters do not hold writes nothing and changes nothing
    await t.db.update(policies).set({ customerPhone: '+1 555 0199' }).where(inArray(policies.id, made.map((m) => m.id)));
    await expectCountersTie();

    // Renew (a new term and the old one's state) and Mark lost through the API
    const renewed = await t.request(`/api/renewals/${made[0].id}/renew`, {
      cookie: owner.cookie,
      json: { premium_amount: '120.00', policy_number: `REN-${made[0].id.slice(0, 6)}` },
    });
    expect(renewed.status, await renewed.clone().text()).toBe(201);
    const lost = await t.request(`/api/renewals/${made[1].id}/lost`, { cookie: owner.cookie, json: { reason: 'price' } });
    expect(lost.status, await lost.clone().text()).toBe(200);
    await expectCountersTie();

    // a delete through the API
    expect((await t.request(`/api/policies/${made[2].id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(200);
    await expectCountersTie();
  });

  it('follows a removed assignee and an agency deletion', async () => {
    const owner = await createUser(t, { tier: 'enterprise' });
    const p = await createPolicy(t.request, owner.cookie);
    const me = await json(await t.request('/api/me', { cookie: owner.cookie }));
    const agencyId: string = me.agency.id;
    // the assignee key's SET NULL (assignee_id) is an update the trigger sees like any other
    await t.db.execute(sql`update policies set assignee_id = null where id = ${p.id}`);
    await expectCountersTie();
    const before = await rows(sql`select count(*)::int as n from renewal_stats where agency_id = ${agencyId}`);
    expect(before[0].n).toBeGreaterThan(0);
    await t.db.delete(agencies).where(eq(agencies.id, agencyId));
    const after = await rows(sql`select count(*)::int as n from renewal_stats where agency_id = ${agencyId}`);
    expect(after[0].n).toBe(0);
    await expectCountersTie();
  });
});
