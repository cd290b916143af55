// /api/v1's prepared statements (decision 036): the policies page and the key lookup answer exactly
// what the drizzle queries they replaced answered — the same rows in the same order, the same
// fields, the same next_cursor (PostgreSQL's microsecond text of updated_at), the same actor — for
// every filter shape, cursor and updated_since, and never another agency's rows (the agency is bound
// on every run). Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL (named statements per connection).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyTodayOf } from '#server/platform/policy-status.ts';
import { and, asc, eq, gte, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { API_TEXT } from '#shared/api-keys.ts';
import type { Policy } from '#shared/policies.ts';
import { effectiveTier } from '#shared/tiers.ts';
import type { Actor } from '#server/context.ts';
import { agencies, agencyMembers, apiKeys, policies, subscriptionLimits, user, webhookEndpoints } from '#server/db/schema.ts';
import { tenant } from '#server/tenant.ts';
import { carPolicyPayload, firePolicyPayload } from '#server/test/factories.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';
import { policyFilter } from '#server/entities/policies/list.ts';
import { toPolicy } from '#server/entities/policies/decode.ts';
import { assigneeName } from '#server/platform/team-membership.ts';
import { loadKeyActor } from '../authenticate.ts';
import { hashKey } from '../keys.ts';
import { policyApiQuerySchema } from './lists.ts';

let t: TestContext;
let agent: TestUser;
let other: TestUser;
let empty: TestUser;
const keys = new Map<TestUser, string>();
const actors = new Map<TestUser, Actor>();

// customers: read too: the pages are compared with the reference rows, contact details included
async function newKey(u: TestUser): Promise<string> {
  const res = await t.request('/api/api-keys', { cookie: u.cookie, json: { name: 'Sync', scopes: { policies: 'read', customers: 'read' } } });
  expect(res.status).toBe(201);
  return (await json(res)).key;
}

beforeAll(async () => {
  t = await createTestContext();
  agent = await createUser(t, { tier: 'enterprise' });
  other = await createUser(t, { tier: 'enterprise' });
  empty = await createUser(t, { tier: 'enterprise' });
  for (let i = 0; i < 9; i++) {
    const body =
      i % 3 === 0
        ? firePolicyPayload({ policy_number: `API-F-${i}` })
        : carPolicyPayload({ policy_number: `API-C-${i}`, customer_name: i % 2 ? 'Marta Lee' : 'Tom Zurich' });
    expect((await t.request('/api/policies', { cookie: agent.cookie, json: body })).status).toBe(201);
    expect((await t.request('/api/policies', { cookie: other.cookie, json: carPolicyPayload({ policy_number: `API-C-${i}`, customer_name: 'Marta Lee' }) })).status).toBe(201);
  }
  const rows = await t.db.select({ id: policies.id }).from(policies).where(eq(policies.createdBy, agent.id)).orderBy(policies.policyNumber);
  await t.db.update(policies).set({ assigneeId: agent.id, remarket: true }).where(eq(policies.id, rows[0].id));
  await t.db.update(policies).set({ assigneeId: agent.id, status: 'expired', renewalState: 'lost', lostReason: 'price', lostNote: 'Found it cheaper' }).where(eq(policies.id, rows[1].id));
  await t.db.update(policies).set({ customerPhone: null, renewedFromId: rows[0].id }).where(eq(policies.id, rows[2].id));
  await t.db.update(user).set({ firstName: 'Ada', lastName: 'Agent' }).where(eq(user.id, agent.id));
  // Microseconds a millisecond Date cannot hold, and ties on updated_at (the id breaks them): a
  // cursor that lost either would skip or repeat rows.
  for (const [i, at] of ['2026-03-01 10:00:00.123456+00', '2026-03-01 10:00:00.123456+00', '2026-03-01 10:00:00.123457+00', '2026-03-01 10:00:00.123456+00'].entries())
    await t.db.execute(sql`update policies set updated_at = ${at}::timestamptz where id = ${rows[i + 3].id}`);
  for (const u of [agent, other, empty]) {
    keys.set(u, await newKey(u));
    const [a] = await t.db.select().from(agencies).where(eq(agencies.ownerId, u.id));
    actors.set(u, { userId: u.id, agency: { id: a.id } } as Actor);
  }
});
afterAll(async () => {
  await t.close();
});

/** The page as the drizzle query builder read it before decision 036 (lists.ts, listPoliciesPage). */
async function reference(who: TestUser, query: Record<string, string>) {
  const actor = actors.get(who)!;
  const q = policyApiQuerySchema.parse(query);
  const after = q.cursor ? (JSON.parse(Buffer.from(q.cursor, 'base64url').toString('utf8')) as [string, string, string]).slice(1) : null;
  const where = policyFilter(
    tenant(t.db, actor),
    actor,
    q,
    q.updated_since ? gte(policies.updatedAt, new Date(q.updated_since)) : undefined,
    after ? sql`(${policies.updatedAt}, ${policies.id}) > (${after[0]}::timestamptz, ${after[1]}::uuid)` : undefined,
  );
  const rows = await t.db
    .select({ policy: policies, first: assigneeName, name: user.name, cursorAt: sql<string>`${policies.updatedAt}::text` })
    .from(policies)
    .leftJoin(user, eq(user.id, policies.assigneeId))
    .where(where)
    .orderBy(asc(policies.updatedAt), asc(policies.id))
    .limit(q.limit + 1);
  const more = rows.length > q.limit;
  const shown = more ? rows.slice(0, q.limit) : rows;
  const last = shown.at(-1);
  return {
    data: shown.map((r) => toPolicy(r.policy, r, agencyTodayOf(actor))),
    next_cursor: more && last ? Buffer.from(JSON.stringify(['policies', last.cursorAt, last.policy.id])).toString('base64url') : null,
  };
}

async function page(who: TestUser, query: Record<string, string>) {
  const res = await t.request(`/api/v1/policies?${new URLSearchParams(query)}`, { headers: { authorization: `Bearer ${keys.get(who)}` } });
  expect(res.status).toBe(200);
  return json<{ data: Policy[]; next_cursor: string | null }>(res);
}

/** Every page of a query, following next_cursor, each compared with the reference. */
async function walk(who: TestUser, query: Record<string, string>) {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let n = 0; n < 20; n++) {
    const q: Record<string, string> = cursor ? { ...query, cursor } : query;
    const got = await page(who, q);
    expect(got).toEqual(await reference(who, q));
    seen.push(...got.data.map((p) => p.id));
    cursor = got.next_cursor;
    if (!cursor) return seen;
  }
  throw new Error('no last page');
}

describe('the prepared /api/v1/policies page', () => {
  const cases: Record<string, string>[] = [
    {},
    { limit: '2' },
    { limit: '3', type: 'car' },
    { limit: '1', type: 'fire', status: 'active' },
    { status: 'expired' },
    { limit: '2', search: 'mar' },
    { search: 'zu', type: 'car' },
    { search: '100%' },
    { limit: '2', assignee: 'me' },
    { assignee: 'unassigned', limit: '4' },
    { assignee: 'ASSIGNEE' },
    { updated_since: '2026-03-01T10:00:00.123Z', limit: '2' },
    { updated_since: '2099-01-01T00:00:00Z' },
    { updated_since: '2020-01-01', search: 'mar', status: 'active', limit: '3' },
  ];
  for (const query of cases)
    it(`walks ${JSON.stringify(query)} page by page as the query builder did`, async () => {
      const q = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, v === 'ASSIGNEE' ? agent.id : v]));
      const ids = await walk(agent, q);
      expect(new Set(ids).size).toBe(ids.length);
    });

  it('pages through ties and microseconds without skipping or repeating a row', async () => {
    const all = await walk(agent, { limit: '1' });
    expect(all).toHaveLength(9);
    const first = await page(agent, { limit: '1' });
    const [list, at] = JSON.parse(Buffer.from(first.next_cursor!, 'base64url').toString('utf8')) as [string, string, string];
    expect(list).toBe('policies');
    expect(at).toBe('2026-03-01 10:00:00.123456+00');
  });

  it('reads every field of a row as toPolicy did (assignee name, lost reason and note, remarket, null phone, renewed from)', async () => {
    const got = (await page(agent, {})).data;
    const first = got.find((r) => r.remarket)!;
    expect(first).toMatchObject({ assignee_id: agent.id, assignee_name: 'Ada Agent', remarket: true });
    expect(got.find((r) => r.lost_reason === 'price')).toMatchObject({ lost_note: 'Found it cheaper', status: 'lost', renewal_state: 'lost' });
    expect(got.find((r) => r.renewed_from_id === first.id)).toMatchObject({ customer_phone: null });
  });

  it('binds the key’s agency on every run: the same statements never show another agency’s rows', async () => {
    const mine = new Set(await walk(agent, { search: 'mar', limit: '2' }));
    const theirs = await walk(other, { search: 'mar', limit: '2' });
    expect(theirs).toHaveLength(9);
    expect(theirs.filter((id) => mine.has(id))).toEqual([]);
    expect(await walk(empty, { search: 'mar', limit: '2' })).toEqual([]);
    // a cursor taken from another agency's page reads only the caller's rows after it
    const foreign = (await page(other, { limit: '1' })).next_cursor!;
    expect(await page(empty, { cursor: foreign })).toEqual({ data: [], next_cursor: null });
    const [{ n }] = (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from policies`)).rows;
    expect(n).toBe(18);
  });

  it('still refuses a bad cursor and a bad updated_since with their messages', async () => {
    const bad = await t.request('/api/v1/policies?cursor=nope', { headers: { authorization: `Bearer ${keys.get(agent)}` } });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.message).toBe(API_TEXT.invalidCursor);
    const since = await t.request('/api/v1/policies?updated_since=yesterday', { headers: { authorization: `Bearer ${keys.get(agent)}` } });
    expect(since.status).toBe(400);
    expect(JSON.stringify(await json(since))).toContain(API_TEXT.invalidUpdatedSince);
  });
});

const ownerUser = alias(user, 'owner');
const creatorUser = alias(user, 'creator');

/** The key's actor as the drizzle query read it before decision 036 (authenticate.ts, loadKeyActor). */
async function referenceActor(key: string) {
  const [row] = await t.db
    .select({ key: apiKeys, agency: agencies, owner: ownerUser, creator: creatorUser, creatorMember: agencyMembers.userId })
    .from(apiKeys)
    .innerJoin(agencies, eq(agencies.id, apiKeys.agencyId))
    .innerJoin(ownerUser, eq(ownerUser.id, agencies.ownerId))
    .leftJoin(creatorUser, eq(creatorUser.id, apiKeys.createdBy))
    .leftJoin(agencyMembers, and(eq(agencyMembers.agencyId, apiKeys.agencyId), eq(agencyMembers.userId, apiKeys.createdBy)))
    .where(and(eq(apiKeys.secretHash, hashKey(key)), isNull(apiKeys.revokedAt)));
  if (!row) return null;
  const tier = effectiveTier(row.owner);
  const who = row.creator && row.creatorMember ? row.creator : row.owner;
  // the effective tier's limits (a tier without a row: unlimited) and whether an endpoint is enabled
  const [limits] = await t.db.select().from(subscriptionLimits).where(eq(subscriptionLimits.tierName, tier));
  const endpoints = await t.db.select().from(webhookEndpoints).where(and(eq(webhookEndpoints.agencyId, row.agency.id), eq(webhookEndpoints.enabled, true)));
  return {
    actor: {
      userId: who.id,
      sessionId: `api-key:${row.key.id}`,
      email: who.email,
      firstName: who.firstName,
      lastName: who.lastName,
      role: 'user',
      tier,
      permissions: [],
      agency: {
        id: row.agency.id,
        name: row.agency.name,
        ownerId: row.agency.ownerId,
        role: 'team_member',
        tier,
        timeZone: row.agency.timezone || 'UTC',
        limits: { policies: limits?.maxPolicies ?? null, customers: limits?.maxClients ?? null },
        webhooks: endpoints.length > 0,
      },
      removedFromAgency: null,
      twoFactorEnabled: false,
      adminTwoFactorRequired: false,
    },
    caller: { keyId: row.key.id, scopes: row.key.scopes },
    lastUsedAt: row.key.lastUsedAt,
  };
}

describe('the prepared key lookup', () => {
  it('reads the same actor, scopes and last use as the query builder did, for every kind of key', async () => {
    const key = keys.get(agent)!;
    expect(await loadKeyActor(t.db, key)).toEqual(await referenceActor(key));
    // a last use with microseconds; a trial owner (tier from status and trial end)
    await t.db.execute(sql`update api_keys set last_used_at = '2026-03-01 10:00:00.123456+00' where secret_hash = ${hashKey(key)}`);
    const used = await loadKeyActor(t.db, key);
    expect(used).toEqual(await referenceActor(key));
    expect(used!.lastUsedAt!.toISOString()).toBe('2026-03-01T10:00:00.123Z');
    await t.db.update(user).set({ subscriptionStatus: 'trialing', trialEndsAt: new Date(Date.now() + 86_400_000) }).where(eq(user.id, other.id));
    const trial = keys.get(other)!;
    expect(await loadKeyActor(t.db, trial)).toEqual(await referenceActor(trial));
    expect((await loadKeyActor(t.db, trial))!.actor.tier).toBe('enterprise');
    await t.db.update(user).set({ trialEndsAt: new Date(Date.now() - 1000) }).where(eq(user.id, other.id));
    expect((await loadKeyActor(t.db, trial))!.actor.tier).toBe('starter');
    expect(await loadKeyActor(t.db, trial)).toEqual(await referenceActor(trial));
    // the lapsed plan's limits are starter's, read in the same statement
    const [starter] = await t.db.select().from(subscriptionLimits).where(eq(subscriptionLimits.tierName, 'starter'));
    expect((await loadKeyActor(t.db, trial))!.actor.agency.limits).toEqual({ policies: starter.maxPolicies, customers: starter.maxClients });
    // an enabled endpoint is seen, a disabled one is not
    const otherAgency = actors.get(other)!.agency!.id;
    await t.db.insert(webhookEndpoints).values({ agencyId: otherAgency, url: 'https://hooks.example/x', events: ['policy.created'], secret: 'whsec_test', enabled: false });
    expect((await loadKeyActor(t.db, trial))!.actor.agency.webhooks).toBe(false);
    await t.db.update(webhookEndpoints).set({ enabled: true }).where(eq(webhookEndpoints.agencyId, otherAgency));
    expect((await loadKeyActor(t.db, trial))!.actor.agency.webhooks).toBe(true);
    expect(await loadKeyActor(t.db, trial)).toEqual(await referenceActor(trial));
    await t.db.delete(webhookEndpoints).where(eq(webhookEndpoints.agencyId, otherAgency));
  });

  it('attributes to a member creator while a member, then to the owner', async () => {
    const member = await createUser(t);
    const agency = actors.get(empty)!.agency!.id;
    await t.db.insert(agencyMembers).values({ agencyId: agency, userId: member.id, role: 'admin' });
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.agencyId, agency));
    await t.db.update(apiKeys).set({ createdBy: member.id }).where(eq(apiKeys.id, row.id));
    const key = keys.get(empty)!;
    expect((await loadKeyActor(t.db, key))!.actor.userId).toBe(member.id);
    expect(await loadKeyActor(t.db, key)).toEqual(await referenceActor(key));
    await t.db.delete(agencyMembers).where(and(eq(agencyMembers.agencyId, agency), eq(agencyMembers.userId, member.id)));
    expect((await loadKeyActor(t.db, key))!.actor.userId).toBe(empty.id);
    expect(await loadKeyActor(t.db, key)).toEqual(await referenceActor(key));
  });

  it('finds no actor for an unknown or revoked key', async () => {
    expect(await loadKeyActor(t.db, `pd_live_${'A'.repeat(43)}`)).toBeNull();
    const key = keys.get(empty)!;
    await t.db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.secretHash, hashKey(key)));
    expect(await loadKeyActor(t.db, key)).toBeNull();
    expect(await referenceActor(key)).toBeNull();
  });
});
