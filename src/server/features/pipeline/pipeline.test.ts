// The pipeline's API: every validation message, the stage history, Won's conversion (reuse by e-mail,
// the customer limit, a won card is final), Lost's reason, unknown stages, assignees outside the
// agency, the board and list, the figures, tenant isolation and the Business tier.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { DATE_TEXT, MONEY_TEXT } from '#shared/money.ts';
import { INVALID_EMAIL } from '#shared/validation.ts';
import { CUSTOMER_TEXT } from '#shared/customers.ts';
import { OPPORTUNITY_TEXT } from '#shared/pipeline.ts';
import { activityLog, customers, notifications, opportunityStageHistory, subscriptionLimits } from '#server/db/schema.ts';
import { createCustomer } from '#server/test/factories.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';
import { joinAgency } from '#server/test/team.ts';

let t: TestContext;
let biz: TestUser;
let owner: TestUser;
let member: TestUser;
let other: TestUser;

const join = (by: TestUser) => joinAgency(t, by);

beforeAll(async () => {
  t = await createTestContext();
  biz = await createUser(t, { tier: 'business' });
  other = await createUser(t, { tier: 'business' });
  owner = await createUser(t, { tier: 'enterprise', permissions: ['manage_team'] });
  member = await join(owner);
});
afterAll(async () => t.close());

const prospect = (over: Record<string, unknown> = {}) => ({
  prospect_name: 'Pat Prospect',
  prospect_email: `pat-${Math.random().toString(36).slice(2, 8)}@example.com`,
  prospect_phone: '555-0100',
  source: 'Referral',
  line: 'car',
  estimated_premium: '1200.50',
  expected_close_date: '2026-12-31',
  ...over,
});
const create = (u: TestUser, body: unknown) => t.request('/api/opportunities', { cookie: u.cookie, json: body });
async function created(u: TestUser, over: Record<string, unknown> = {}) {
  const res = await create(u, prospect(over));
  expect(res.status, await res.clone().text()).toBe(201);
  return json(res);
}
const move = (u: TestUser, id: string, body: unknown) => t.request(`/api/opportunities/${id}/stage`, { method: 'PATCH', cookie: u.cookie, json: body });
const fieldsOf = async (res: Response) => (await json(res)).error.fields as Record<string, string>;

describe('create and edit', () => {
  it('creates a prospect opportunity with every field, records the creation in the history and the activity log', async () => {
    const o = await created(biz);
    expect(o).toMatchObject({
      name: 'Pat Prospect',
      prospect_name: 'Pat Prospect',
      prospect_phone: '555-0100',
      source: 'Referral',
      line: 'car',
      estimated_premium: '1200.50',
      expected_close_date: '2026-12-31',
      stage: 'new_lead',
      assignee_id: biz.id,
      customer_id: null,
      converted_at: null,
    });
    expect(o.history).toEqual([expect.objectContaining({ from_stage: null, to_stage: 'new_lead', changed_by: biz.id, changed_by_name: expect.any(String) })]);
    const [logged] = await t.db.select({ n: count() }).from(activityLog).where(and(eq(activityLog.entityId, o.id), eq(activityLog.kind, 'opportunity')));
    expect(logged.n).toBe(1);
  });

  it('accepts the optional fields empty (premium 0, no date, no e-mail, phone or source)', async () => {
    const o = await created(biz, { prospect_email: '', prospect_phone: '', source: '', estimated_premium: '', expected_close_date: '', stage: 'quoted' });
    expect(o).toMatchObject({ prospect_email: null, prospect_phone: null, source: null, estimated_premium: '0.00', expected_close_date: null, stage: 'quoted' });
  });

  it('answers every validation message', async () => {
    const res = await create(biz, { prospect_name: '', line: 'boat', estimated_premium: '-5', expected_close_date: 'next week', prospect_email: 'nope', stage: 'won' });
    expect(res.status).toBe(400);
    expect(await fieldsOf(res)).toEqual({
      prospect_name: OPPORTUNITY_TEXT.prospectRequired,
      line: OPPORTUNITY_TEXT.lineRequired,
      estimated_premium: MONEY_TEXT.negative,
      expected_close_date: DATE_TEXT.invalid,
      prospect_email: INVALID_EMAIL,
      stage: OPPORTUNITY_TEXT.stageOnCreate,
    });
    expect(await fieldsOf(await create(biz, prospect({ estimated_premium: 'lots', expected_close_date: '2026-02-30' })))).toEqual({
      estimated_premium: MONEY_TEXT.invalid,
      expected_close_date: DATE_TEXT.invalid,
    });
    expect(await fieldsOf(await create(biz, prospect({ expected_close_date: '9999-01-01' })))).toEqual({ expected_close_date: DATE_TEXT.outOfRange });
    expect(await fieldsOf(await create(biz, prospect({ customer_id: 'abc' })))).toEqual({ customer_id: 'Please choose a customer from the list.' });
  });

  it('creates one for an existing customer of the agency; another agency’s customer is a 404 and nothing is created', async () => {
    const c = await createCustomer(t.request, biz.cookie, { name: 'Cora Customer' });
    const o = await created(biz, { customer_id: c.id, prospect_name: '', line: 'fire' });
    expect(o).toMatchObject({ customer_id: c.id, name: 'Cora Customer', customer_name: 'Cora Customer', prospect_name: null, prospect_email: null });
    const theirs = await createCustomer(t.request, other.cookie);
    const before = (await json(await t.request('/api/opportunities/figures', { cookie: biz.cookie }))).stages;
    const res = await create(biz, prospect({ customer_id: theirs.id }));
    expect(res.status).toBe(404);
    expect((await json(res)).error.message).toBe(OPPORTUNITY_TEXT.customerNotFound);
    expect((await json(await t.request('/api/opportunities/figures', { cookie: biz.cookie }))).stages).toEqual(before);
  });

  it('assigns to a member (notified once, opportunity_assigned), never to someone outside the agency', async () => {
    const refused = await create(owner, prospect({ assignee_id: other.id }));
    expect(refused.status).toBe(400);
    expect(await fieldsOf(refused)).toEqual({ assignee_id: OPPORTUNITY_TEXT.notMember });
    const o = await created(owner, { assignee_id: member.id });
    expect(o.assignee_id).toBe(member.id);
    const notes = await t.db.select().from(notifications).where(and(eq(notifications.userId, member.id), eq(notifications.kind, 'opportunity_assigned')));
    expect(notes).toHaveLength(1);
    expect(notes[0].link).toBe(`/dashboard/crm/opportunities/${o.id}`);
    // the edit keeps the assignee when none is sent, and refuses an outsider too
    const edit = await t.request(`/api/opportunities/${o.id}`, { method: 'PUT', cookie: owner.cookie, json: prospect({ assignee_id: other.id }) });
    expect(edit.status).toBe(400);
    expect(await fieldsOf(edit)).toEqual({ assignee_id: OPPORTUNITY_TEXT.notMember });
  });

  it('edits the fields; a changed open stage is a recorded move; deletes', async () => {
    const o = await created(biz);
    const res = await t.request(`/api/opportunities/${o.id}`, { method: 'PUT', cookie: biz.cookie, json: prospect({ prospect_name: 'Renamed', estimated_premium: '99', stage: 'contacted' }) });
    expect(res.status).toBe(200);
    const edited = await json(res);
    expect(edited).toMatchObject({ name: 'Renamed', estimated_premium: '99.00', stage: 'contacted', assignee_id: biz.id });
    expect(edited.history.map((h: { to_stage: string }) => h.to_stage)).toEqual(['new_lead', 'contacted']);
    expect((await t.request(`/api/opportunities/${o.id}`, { method: 'DELETE', cookie: biz.cookie })).status).toBe(200);
    expect((await t.request(`/api/opportunities/${o.id}`, { cookie: biz.cookie })).status).toBe(404);
  });
});

describe('stage moves', () => {
  it('records every move with who and when; an unknown stage is a 400 with the list; Lost needs a reason', async () => {
    const o = await created(biz);
    const unknown = await move(biz, o.id, { stage: 'negotiating' });
    expect(unknown.status).toBe(400);
    expect((await fieldsOf(unknown)).stage).toBe(OPPORTUNITY_TEXT.unknownStage('negotiating'));
    expect((await move(biz, o.id, {})).status).toBe(400);
    expect((await move(biz, o.id, { stage: 'contacted' })).status).toBe(200);
    expect((await move(biz, o.id, { stage: 'quoted' })).status).toBe(200);
    const noReason = await move(biz, o.id, { stage: 'lost', lost_reason: '  ' });
    expect(noReason.status).toBe(400);
    expect(await fieldsOf(noReason)).toEqual({ lost_reason: OPPORTUNITY_TEXT.lostReasonRequired });
    const lost = await json(await move(biz, o.id, { stage: 'lost', lost_reason: 'Price too high' }));
    expect(lost).toMatchObject({ stage: 'lost', lost_reason: 'Price too high' });
    // the same stage again is no move
    expect((await move(biz, o.id, { stage: 'lost', lost_reason: 'Price too high' })).status).toBe(200);
    const reopened = await json(await move(biz, o.id, { stage: 'contacted' }));
    expect(reopened).toMatchObject({ stage: 'contacted', lost_reason: null });
    expect(reopened.history.map((h: { from_stage: string | null; to_stage: string }) => `${h.from_stage}>${h.to_stage}`)).toEqual([
      'null>new_lead',
      'new_lead>contacted',
      'contacted>quoted',
      'quoted>lost',
      'lost>contacted',
    ]);
    expect(reopened.history.every((h: { changed_by: string; changed_at: string }) => h.changed_by === biz.id && !Number.isNaN(Date.parse(h.changed_at)))).toBe(true);
  });

  it('Won converts the prospect into a new customer once, and a won opportunity is final', async () => {
    const o = await created(biz, { prospect_name: 'Wendy Won', line: 'fire' });
    const won = await json(await move(biz, o.id, { stage: 'won' }));
    expect(won).toMatchObject({ stage: 'won', customer_name: 'Wendy Won', converted_at: expect.any(String) });
    const [c] = await t.db.select().from(customers).where(eq(customers.id, won.customer_id));
    expect(c).toMatchObject({ name: 'Wendy Won', email: o.prospect_email, phone: '555-0100', customerType: 'individual' });
    const back = await move(biz, o.id, { stage: 'quoted' });
    expect(back.status).toBe(409);
    expect((await json(back)).error.message).toBe(OPPORTUNITY_TEXT.wonIsFinal);
    // Won again is the same answer, no second customer
    const again = await json(await move(biz, o.id, { stage: 'won' }));
    expect(again.converted_at).toBe(won.converted_at);
  });

  it('Won reuses the agency’s customer with the same e-mail; a customer’s own opportunity keeps its customer', async () => {
    const c = await createCustomer(t.request, biz.cookie, { name: 'Existing Eve', email: 'eve-reuse@example.com' });
    const o = await created(biz, { prospect_name: 'Eve (new name)', prospect_email: 'EVE-reuse@example.com' });
    const won = await json(await move(biz, o.id, { stage: 'won' }));
    expect(won.customer_id).toBe(c.id);
    const [n] = await t.db.select({ n: count() }).from(customers).where(eq(customers.email, 'eve-reuse@example.com'));
    expect(n.n).toBe(1);
    const own = await created(biz, { customer_id: c.id, prospect_name: '' });
    expect((await json(await move(biz, own.id, { stage: 'won' }))).customer_id).toBe(c.id);
  });

  it('Won of a prospect without an e-mail asks for one', async () => {
    const o = await created(biz, { prospect_email: '' });
    const res = await move(biz, o.id, { stage: 'won' });
    expect(res.status).toBe(400);
    expect(await fieldsOf(res)).toEqual({ prospect_email: OPPORTUNITY_TEXT.emailForWon });
  });

  it('Won at the customer limit is refused with the spec’s message, and the card stays where it was', async () => {
    const u = await createUser(t, { tier: 'business' });
    await t.db.update(subscriptionLimits).set({ maxClients: 1 }).where(eq(subscriptionLimits.tierName, 'business'));
    try {
      await createCustomer(t.request, u.cookie);
      const o = await created(u, { stage: 'quoted' });
      const res = await move(u, o.id, { stage: 'won' });
      expect(res.status).toBe(403);
      expect((await json(res)).error).toMatchObject({ code: 'CUSTOMER_LIMIT_REACHED', message: CUSTOMER_TEXT.limitMessage });
      const still = await json(await t.request(`/api/opportunities/${o.id}`, { cookie: u.cookie }));
      expect(still).toMatchObject({ stage: 'quoted', customer_id: null, converted_at: null });
      expect(still.history).toHaveLength(1);
    } finally {
      await t.db.update(subscriptionLimits).set({ maxClients: 100 }).where(eq(subscriptionLimits.tierName, 'business'));
    }
  });
});

describe('board, list and figures', () => {
  it('sums each column, pages its cards, filters and sorts the list, and computes the win rate', async () => {
    const u = await createUser(t, { tier: 'business' });
    const c = await createCustomer(t.request, u.cookie, { name: 'Zed Searchable' });
    for (let i = 0; i < 22; i += 1) await created(u, { prospect_name: `Bulk ${i}`, estimated_premium: '10', line: i % 2 ? 'fire' : 'car' });
    const big = await created(u, { prospect_name: 'Big One', estimated_premium: '5000', stage: 'quoted' });
    await created(u, { customer_id: c.id, prospect_name: '', stage: 'contacted', estimated_premium: '1.5' });
    const a = await created(u, { stage: 'quoted' });
    const b = await created(u, { stage: 'quoted' });
    await move(u, a.id, { stage: 'won' });
    await move(u, b.id, { stage: 'lost', lost_reason: 'Went elsewhere' });

    const board = await json(await t.request('/api/opportunities/board', { cookie: u.cookie }));
    const col = (s: string) => board.columns.find((x: { stage: string }) => x.stage === s);
    expect(board.columns.map((x: { stage: string }) => x.stage)).toEqual(['new_lead', 'contacted', 'quoted', 'won', 'lost']);
    expect(col('new_lead')).toMatchObject({ count: 22, premium: '220.00', has_more: true });
    expect(col('new_lead').cards).toHaveLength(20);
    expect(col('contacted')).toMatchObject({ count: 1, premium: '1.50', has_more: false });
    expect(col('contacted').cards[0].name).toBe('Zed Searchable');
    expect(col('quoted')).toMatchObject({ count: 1, premium: '5000.00' });
    const more = await json(await t.request('/api/opportunities/board/new_lead?offset=20', { cookie: u.cookie }));
    expect(more).toMatchObject({ has_more: false });
    expect(more.cards).toHaveLength(2);
    expect((await t.request('/api/opportunities/board/nowhere', { cookie: u.cookie })).status).toBe(400);
    const fire = await json(await t.request('/api/opportunities/board?line=fire', { cookie: u.cookie }));
    expect(fire.columns[0].count).toBe(11);

    const figures = await json(await t.request('/api/opportunities/figures', { cookie: u.cookie }));
    expect(figures.win_rate).toBe(50);
    expect(figures.stages.slice(0, 3).map((s: { premium: string }) => s.premium)).toEqual(['220.00', '1.50', '5000.00']);

    const list = (q: string) => t.request(`/api/opportunities?${q}`, { cookie: u.cookie }).then((r) => json(r));
    expect((await list('stage=quoted')).rows.map((r: { id: string }) => r.id)).toEqual([big.id]);
    expect((await list('sort=estimated_premium.desc')).rows[0].id).toBe(big.id);
    expect((await list('search=zed')).rows.map((r: { name: string }) => r.name)).toEqual(['Zed Searchable']);
    expect((await list('search=big%20one')).rows.map((r: { name: string }) => r.name)).toEqual(['Big One']);
    expect((await list('line=fire')).total).toBe(11);
    expect((await list(`assignee=${u.id}`)).total).toBe(26);
    expect((await list('assignee=unassigned')).total).toBe(0);
    expect((await list('sort=expected_close_date.asc&pageSize=5')).rows).toHaveLength(5);
    const bad = await t.request('/api/opportunities?sort=name.asc', { cookie: u.cookie });
    expect(bad.status).toBe(400);
  });
});

describe('access', () => {
  it('keeps each agency’s opportunities its own: another agency gets 404 and never sees them', async () => {
    const o = await created(biz);
    for (const [method, path, body] of [
      ['GET', `/api/opportunities/${o.id}`, undefined],
      ['PUT', `/api/opportunities/${o.id}`, prospect()],
      ['PATCH', `/api/opportunities/${o.id}/stage`, { stage: 'won' }],
      ['DELETE', `/api/opportunities/${o.id}`, undefined],
    ] as const) {
      const res = await t.request(path, { method, cookie: other.cookie, json: body });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const board = await json(await t.request('/api/opportunities/board', { cookie: other.cookie }));
    expect(board.columns.flatMap((c: { cards: { id: string }[] }) => c.cards.map((x) => x.id))).not.toContain(o.id);
    const list = await json(await t.request('/api/opportunities', { cookie: other.cookie }));
    expect(list.rows.map((r: { id: string }) => r.id)).not.toContain(o.id);
    const [h] = await t.db.select({ n: count() }).from(opportunityStageHistory).where(eq(opportunityStageHistory.opportunityId, o.id));
    expect(h.n).toBe(1);
    expect((await t.request('/api/opportunities/not-a-uuid', { cookie: biz.cookie })).status).toBe(404);
  });

  it('refuses starter and professional agents (403) and anyone signed out (401)', async () => {
    for (const tier of ['starter', 'professional']) {
      const u = await createUser(t, { tier });
      for (const path of ['/api/opportunities', '/api/opportunities/board', '/api/opportunities/figures'])
        expect((await t.request(path, { cookie: u.cookie })).status, `${tier} ${path}`).toBe(403);
      expect((await create(u, prospect())).status).toBe(403);
    }
    expect((await t.request('/api/opportunities')).status).toBe(401);
  });
});
