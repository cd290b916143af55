// The list page's prepared statement (decision 036) answers exactly what the drizzle query it
// replaced answered: the same rows in the same order, the same fields, the same total, for every
// filter shape, sort and page, and never another agency's rows (the agency is bound on every run).
// Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL (named prepared statements per connection).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyTodayOf } from '#server/platform/policy-status.ts';
import { eq, sql } from 'drizzle-orm';
import { policyListQuerySchema, type Policy } from '#shared/policies.ts';
import type { Actor } from '#server/context.ts';
import { policies, user } from '#server/db/schema.ts';
import { boundedCount } from '#server/db/count.ts';
import { sortOrder } from '#server/lists.ts';
import { tenant } from '#server/tenant.ts';
import { carPolicyPayload, firePolicyPayload } from '#server/test/factories.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';
import { POLICY_SORT, policyFilter } from '#server/entities/policies/list.ts';
import { toPolicy } from '#server/entities/policies/decode.ts';
import { assigneeName } from '#server/platform/team-membership.ts';

let t: TestContext;
let agent: TestUser;
let other: TestUser;
let empty: TestUser;
let agentActor: Actor;

beforeAll(async () => {
  t = await createTestContext();
  agent = await createUser(t, { tier: 'enterprise' });
  other = await createUser(t, { tier: 'enterprise' });
  empty = await createUser(t, { tier: 'enterprise' });
  for (let i = 0; i < 8; i++) {
    const body =
      i % 3 === 0
        ? firePolicyPayload({ policy_number: `LIST-F-${i}`, premium_amount: String(100 + i * 7) })
        : carPolicyPayload({ policy_number: `LIST-C-${i}`, premium_amount: String(900 - i * 11), customer_name: i % 2 ? 'Marta Lee' : 'Tom Zurich' });
    expect((await t.request('/api/policies', { cookie: agent.cookie, json: body })).status).toBe(201);
    expect((await t.request('/api/policies', { cookie: other.cookie, json: carPolicyPayload({ policy_number: `LIST-C-${i}`, customer_name: 'Marta Lee' }) })).status).toBe(201);
  }
  // every kind of value the mapper reads: an assignee, a lost term with its note, a remarket flag, a null phone
  const rows = await t.db.select({ id: policies.id }).from(policies).innerJoin(user, eq(user.id, policies.createdBy)).where(eq(user.id, agent.id)).orderBy(policies.policyNumber);
  await t.db.update(policies).set({ assigneeId: agent.id, remarket: true }).where(eq(policies.id, rows[0].id));
  await t.db.update(policies).set({ assigneeId: agent.id, status: 'expired', renewalState: 'lost', lostReason: 'price', lostNote: 'Found it cheaper' }).where(eq(policies.id, rows[1].id));
  await t.db.update(policies).set({ customerPhone: null, renewedFromId: rows[0].id }).where(eq(policies.id, rows[2].id));
  await t.db.update(user).set({ firstName: 'Ada', lastName: 'Agent' }).where(eq(user.id, agent.id));
  const me = await json(await t.request('/api/me', { cookie: agent.cookie }));
  agentActor = { userId: agent.id, agency: { id: me.agency.id } } as Actor;
});
afterAll(async () => {
  await t.close();
});

/** The list as the drizzle query builder read it before decision 036. */
async function reference(query: Record<string, string>) {
  const q = policyListQuerySchema.parse(query);
  const where = policyFilter(tenant(t.db, agentActor), agentActor, q);
  const rows = await t.db
    .select({ policy: policies, first: assigneeName, name: user.name })
    .from(policies)
    .leftJoin(user, eq(user.id, policies.assigneeId))
    .where(where)
    .orderBy(...sortOrder(q.sort as `${keyof typeof POLICY_SORT}.${"asc" | "desc"}`, POLICY_SORT, policies.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const { total } = await boundedCount(t.db, policies, where);
  return { rows: rows.map((r) => toPolicy(r.policy, r, agencyTodayOf(agentActor))), total, totalIsEstimate: false, page: q.page, pageSize: q.pageSize };
}

const list = async (who: TestUser, query: Record<string, string>) => {
  const res = await t.request(`/api/policies?${new URLSearchParams(query)}`, { cookie: who.cookie });
  expect(res.status).toBe(200);
  return json<{ rows: Policy[]; total: number; totalIsEstimate: boolean; page: number; pageSize: number }>(res);
};

describe('the prepared list statement', () => {
  const cases: Record<string, string>[] = [
    { page: '1', pageSize: '25' },
    { page: '2', pageSize: '3' },
    { page: '3', pageSize: '3', sort: 'premium_amount.asc' },
    { sort: 'premium_amount.desc' },
    { sort: 'end_date.asc', pageSize: '4' },
    { sort: 'created_at.asc' },
    { type: 'car' },
    { type: 'fire', status: 'active' },
    { status: 'expired' },
    { search: 'mar' },
    { search: 'zur', type: 'car', sort: 'premium_amount.asc' },
    { search: '100%' },
    { assignee: 'me' },
    { assignee: 'unassigned', type: 'car' },
    { assignee: 'ASSIGNEE' },
    { page: '9', pageSize: '5' },
  ];
  for (const query of cases)
    it(`answers ${JSON.stringify(query)} as the query builder did`, async () => {
      const q = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, v === 'ASSIGNEE' ? agent.id : v]));
      const got = await list(agent, q);
      // the Commission column's figures (an enterprise agency has them) are list-column.test's
      expect({ ...got, rows: got.rows.map(({ commission: _commission, ...row }) => row) }).toEqual(await reference(q));
    });

  it('reads every field of a row as toPolicy did (assignee name, lost reason and note, remarket, null phone, renewed from)', async () => {
    const got = await list(agent, { sort: 'created_at.asc' });
    const first = got.rows.find((r) => r.remarket)!;
    expect(first).toMatchObject({ assignee_id: agent.id, assignee_name: 'Ada Agent', remarket: true });
    expect(got.rows.find((r) => r.lost_reason === 'price')).toMatchObject({ lost_note: 'Found it cheaper', status: 'lost', renewal_state: 'lost' });
    expect(got.rows.find((r) => r.renewed_from_id === first.id)).toMatchObject({ customer_phone: null });
    expect(got.rows[0].created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('binds the caller’s agency on every run: the same statement never shows another agency’s rows', async () => {
    const mine = await list(agent, { search: 'mar' });
    const theirs = await list(other, { search: 'mar' });
    const none = await list(empty, { search: 'mar' });
    expect(mine.rows.length).toBeGreaterThan(0);
    expect(theirs.total).toBe(8);
    const mineIds = new Set(mine.rows.map((r) => r.id));
    expect(theirs.rows.filter((r) => mineIds.has(r.id))).toEqual([]);
    expect(none).toEqual({ rows: [], total: 0, totalIsEstimate: false, page: 1, pageSize: 25 });
    const [{ n }] = (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from policies`)).rows;
    expect(n).toBe(16);
  });

  it('still checks the session on every request', async () => {
    expect((await t.request('/api/policies?page=1')).status).toBe(401);
  });
});
