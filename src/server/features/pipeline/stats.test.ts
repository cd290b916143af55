// The pipeline board's counters (pipeline_stats, decision 034) always equal a count over the
// opportunities they stand for, after every kind of write: creates, stage moves (Won's conversion and
// Lost included), edits of each counted column (premium, line, assignee, an open stage), deletes,
// multi-row inserts and updates, a removed member (the assignee key's SET NULL) and an agency's
// deletion; and the board's filtered totals read from them equal the direct group by.
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { agencies, opportunities } from '#server/db/schema.ts';
import { fileTestContext, createUser, json, type TestUser } from '#server/test/harness.ts';
import { expectTie, sqlRows } from '#server/test/counters.ts';
import { joinAgency } from '#server/test/team.ts';

const t = fileTestContext();

const rows = (query: SQL) => sqlRows(t, query);

/** The counters, netted per key, against the same grouping over the opportunities themselves. */
const expectCountersTie = () =>
  expectTie(
    t,
    sql`
    select agency_id, stage, line, coalesce(assignee_id, '') as assignee, sum(opportunities)::int as n, sum(premium)::text as premium
    from pipeline_stats group by 1, 2, 3, 4 having sum(opportunities) <> 0 or sum(premium) <> 0 order by 1, 2, 3, 4`,
    sql`
    select agency_id, stage, line, coalesce(assignee_id, '') as assignee, count(*)::int as n, sum(estimated_premium)::text as premium
    from opportunities group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
  );

const join = (by: TestUser) => joinAgency(t, by);

const body = (over: Record<string, unknown> = {}) => ({
  prospect_name: 'Pat Prospect',
  prospect_email: `pat-${Math.random().toString(36).slice(2, 8)}@example.com`,
  line: 'car',
  estimated_premium: '100.25',
  ...over,
});
async function created(u: TestUser, over: Record<string, unknown> = {}) {
  const res = await t.request('/api/opportunities', { cookie: u.cookie, json: body(over) });
  expect(res.status, await res.clone().text()).toBe(201);
  return json(res);
}
async function moved(u: TestUser, id: string, stage: string, lost_reason?: string) {
  const res = await t.request(`/api/opportunities/${id}/stage`, { method: 'PATCH', cookie: u.cookie, json: { stage, lost_reason } });
  expect(res.status, await res.clone().text()).toBe(200);
}
async function edited(u: TestUser, id: string, over: Record<string, unknown>) {
  const current = await json(await t.request(`/api/opportunities/${id}`, { cookie: u.cookie }));
  const res = await t.request(`/api/opportunities/${id}`, {
    method: 'PUT',
    cookie: u.cookie,
    json: body({ prospect_name: current.prospect_name, prospect_email: current.prospect_email, line: current.line, estimated_premium: current.estimated_premium, stage: current.stage, assignee_id: current.assignee_id, ...over }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

describe('pipeline_stats', () => {
  let owner: TestUser;
  let member: TestUser;
  beforeAll(async () => {
    owner = await createUser(t, { tier: 'enterprise', permissions: ['manage_team'] });
    member = await join(owner);
  });

  it('ties to the opportunities after creates, moves, Won, Lost, edits of each counted column, deletes and bulk writes', async () => {
    const made = [];
    for (let i = 0; i < 6; i += 1) made.push(await created(owner, { line: i % 2 ? 'fire' : 'car', estimated_premium: `${100 + i}.25`, stage: i % 3 ? 'new_lead' : 'contacted' }));
    await expectCountersTie();

    // stage moves through the API: an open move, Won (converts), Lost (a reason)
    await moved(owner, made[0].id, 'quoted');
    await moved(owner, made[1].id, 'won');
    await moved(owner, made[2].id, 'lost', 'Price');
    await expectCountersTie();

    // edits of each counted column on its own: premium, line, assignee, an open stage
    await edited(owner, made[3].id, { estimated_premium: '999.99' });
    await edited(owner, made[4].id, { line: made[4].line === 'car' ? 'fire' : 'car' });
    await edited(owner, made[5].id, { assignee_id: member.id });
    await edited(owner, made[0].id, { stage: 'contacted' });
    // an edit of a column the counters do not hold writes nothing and changes nothing
    await edited(owner, made[3].id, { prospect_name: 'Renamed Prospect' });
    await expectCountersTie();

    // a delete through the API
    expect((await t.request(`/api/opportunities/${made[3].id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(200);
    await expectCountersTie();

    // bulk: a multi-row insert, then multi-row updates of every counted column, then a multi-row delete
    const agencyId = (await json(await t.request('/api/me', { cookie: owner.cookie }))).agency.id as string;
    const bulk = await t.db
      .insert(opportunities)
      .values(Array.from({ length: 8 }, (_, i) => ({ agencyId, prospectName: `Bulk ${i}`, line: i % 2 ? 'car' : 'fire', estimatedPremium: `${i * 10}.50`, assigneeId: i % 3 ? owner.id : null, stage: 'new_lead' })))
      .returning({ id: opportunities.id });
    const ids = bulk.map((b) => b.id);
    await expectCountersTie();
    await t.db.update(opportunities).set({ stage: 'quoted' }).where(inArray(opportunities.id, ids.slice(0, 5)));
    await t.db.update(opportunities).set({ estimatedPremium: '7.00', line: 'car', assigneeId: member.id }).where(inArray(opportunities.id, ids.slice(3)));
    await t.db.update(opportunities).set({ source: 'Fair' }).where(inArray(opportunities.id, ids));
    await expectCountersTie();
    await t.db.delete(opportunities).where(inArray(opportunities.id, ids.slice(0, 4)));
    await expectCountersTie();

    // the board's totals (counters) equal the direct sums, unfiltered and for each filter
    for (const query of ['', '?line=car', '?line=fire', '?assignee=me', `?assignee=${member.id}`, '?assignee=unassigned', '?line=car&assignee=me']) {
      const board = await json(await t.request(`/api/opportunities/board${query}`, { cookie: owner.cookie }));
      const params = new URLSearchParams(query);
      const line = params.get('line');
      const who = params.get('assignee');
      const direct = await rows(sql`
        select stage, count(*)::int as n, coalesce(sum(estimated_premium), 0)::numeric(14,2)::text as premium from opportunities
        where agency_id = ${agencyId}
          and (${line}::text is null or line = ${line})
          and (${who}::text is null or (${who} = 'unassigned' and assignee_id is null) or assignee_id = (case when ${who} = 'me' then ${owner.id} else ${who} end))
        group by stage`);
      for (const column of board.columns as { stage: string; count: number; premium: string }[]) {
        const d = direct.find((x) => x.stage === column.stage);
        expect({ query, stage: column.stage, count: column.count, premium: column.premium }).toEqual({ query, stage: column.stage, count: d ? d.n : 0, premium: d ? d.premium : '0.00' });
      }
    }
  });

  it('a searched board (no counters: grouped over the matches) sums and lists only the matching opportunities', async () => {
    const agencyId = (await json(await t.request('/api/me', { cookie: owner.cookie }))).agency.id as string;
    await created(owner, { prospect_name: 'Needle One', estimated_premium: '10.00', stage: 'quoted' });
    await created(owner, { prospect_name: 'Needle Two', line: 'fire', estimated_premium: '20.00', stage: 'quoted' });
    await created(owner, { prospect_name: 'Haystack', estimated_premium: '40.00', stage: 'quoted' });
    const board = await json(await t.request('/api/opportunities/board?search=needle', { cookie: owner.cookie }));
    const quoted = board.columns.find((c: { stage: string }) => c.stage === 'quoted');
    expect(quoted).toMatchObject({ count: 2, premium: '30.00', has_more: false });
    expect(quoted.cards.map((c: { name: string }) => c.name).sort()).toEqual(['Needle One', 'Needle Two']);
    const fire = await json(await t.request('/api/opportunities/board?search=needle&line=fire', { cookie: owner.cookie }));
    expect(fire.columns.find((c: { stage: string }) => c.stage === 'quoted')).toMatchObject({ count: 1, premium: '20.00', cards: [{ name: 'Needle Two' }] });
    const direct = await rows(sql`select count(*)::int as n from opportunities where agency_id = ${agencyId} and stage = 'quoted'`);
    expect(direct[0].n).toBeGreaterThan(2);
  });

  it('follows a removed member (the assignee key sets null) and an agency deletion', async () => {
    const boss = await createUser(t, { tier: 'enterprise', permissions: ['manage_team'] });
    const leaving = await join(boss);
    await created(boss, { assignee_id: leaving.id, estimated_premium: '50.00' });
    await created(boss, { assignee_id: leaving.id, line: 'fire', estimated_premium: '70.00' });
    await expectCountersTie();
    const removed = await t.request(`/api/team/members/${leaving.id}`, { method: 'DELETE', cookie: boss.cookie });
    expect(removed.status, await removed.clone().text()).toBe(200);
    const agencyId = (await json(await t.request('/api/me', { cookie: boss.cookie }))).agency.id as string;
    const left = await rows(sql`select count(*)::int as n from opportunities where agency_id = ${agencyId} and assignee_id = ${leaving.id}`);
    expect(left[0].n).toBe(0);
    await expectCountersTie();

    const before = await rows(sql`select count(*)::int as n from pipeline_stats where agency_id = ${agencyId}`);
    expect(before[0].n).toBeGreaterThan(0);
    await t.db.delete(agencies).where(eq(agencies.id, agencyId));
    const after = await rows(sql`select count(*)::int as n from pipeline_stats where agency_id = ${agencyId}`);
    expect(after[0].n).toBe(0);
    await expectCountersTie();
  });
});
