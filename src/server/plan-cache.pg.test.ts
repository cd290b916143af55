// On PostgreSQL, the hot prepared statements keep their plan (decision 041): PostgreSQL plans a
// named statement's first five runs for their values, then keeps its generic plan if that costs no
// more. A LIMIT or OFFSET given as a parameter made the generic plan look ten times costlier, so the
// list page was planned anew on every request. Runs when TEST_DATABASE_URL is set (as .ci/run does).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { createTestContext, createUser, insertPolicyRows, json, type TestContext, type TestUser } from './test/harness.ts';

// Behind a transaction pooler statements go unnamed (decision 042): there is no plan to keep.
const behindPooler = process.env.DATABASE_POOLER === 'transaction';
const onPostgres = Boolean(process.env.TEST_DATABASE_URL) && !behindPooler;
if (!onPostgres)
  console.info(
    behindPooler
      ? 'plan-cache.pg.test.ts skipped: statements go unnamed behind a transaction pooler (DATABASE_POOLER=transaction)'
      : 'plan-cache.pg.test.ts skipped: set TEST_DATABASE_URL (a PostgreSQL server) to check the plan cache',
  );

const RUNS = 12;
let t: TestContext;
let owner: TestUser;

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestContext();
  owner = await createUser(t, { tier: 'enterprise' });
  const agencyId = (await json(await t.request('/api/me', { cookie: owner.cookie }))).agency.id;
  // enough rows that a tenth of them costs clearly more than a page of 25
  await insertPolicyRows(t, agencyId, 20_000, 'PLAN');
}, 120_000);
afterAll(async () => {
  if (onPostgres) await t.close();
});

/** The rows `query` returns on every connection of the pool (held at once: the pool hands out its idle ones first). */
async function onEveryConnection<R extends pg.QueryResultRow>(query: string, values: unknown[]): Promise<R[]> {
  const pool = (t.db as unknown as { $client: pg.Pool }).$client;
  const clients = await Promise.all(Array.from({ length: pool.totalCount }, () => pool.connect()));
  try {
    const rows: R[] = [];
    for (const client of clients) rows.push(...(await client.query<R>(query, values)).rows);
    return rows;
  } finally {
    for (const client of clients) client.release();
  }
}

/** The runs of the named statements starting with `prefix`, on every connection: generic and custom plans. */
async function plans(prefix: string): Promise<{ generic: number; custom: number; mostCustom: number }> {
  const rows = await onEveryConnection<{ generic: number; custom: number }>(
    'select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where name like $1',
    [`${prefix}%`],
  );
  return {
    generic: rows.reduce((sum, r) => sum + Number(r.generic), 0),
    custom: rows.reduce((sum, r) => sum + Number(r.custom), 0),
    mostCustom: Math.max(0, ...rows.map((r) => Number(r.custom))),
  };
}

/** The SQL of the named statements starting with `prefix`, on every connection. */
async function statements(prefix: string): Promise<string[]> {
  const rows = await onEveryConnection<{ statement: string }>('select statement from pg_prepared_statements where name like $1', [`${prefix}%`]);
  return rows.map((r) => r.statement.trim());
}

describe.runIf(onPostgres)('hot statements keep their plan on PostgreSQL', () => {
  it('the policy list, page 1: planned for its values at most five times per connection, then its kept plan', async () => {
    for (let i = 0; i < RUNS; i++) {
      const res = await t.request('/api/policies?page=1&pageSize=25', { cookie: owner.cookie });
      expect(res.status).toBe(200);
      expect((await json(res)).rows).toHaveLength(25);
    }
    const counted = await plans('policies_list_');
    expect(counted.generic + counted.custom).toBe(RUNS);
    expect(counted.mostCustom).toBeLessThanOrEqual(5);
    expect(counted.generic).toBeGreaterThan(0);
  });

  it('a searched or filtered page is sent unnamed, so PostgreSQL plans it for its values on every run', async () => {
    for (const query of ['search=plan-12345', 'status=expired', 'type=car', `assignee=${owner.id}`]) {
      for (let i = 0; i < 6; i++) {
        const res = await t.request(`/api/policies?page=1&pageSize=25&${query}`, { cookie: owner.cookie });
        expect(res.status).toBe(200);
        const page = await json(res);
        // one policy is PLAN-12345; half are cars; most terms have ended (Expired by the dates); none is assigned
        expect(page.rows).toHaveLength(query.startsWith('search') ? 1 : query.startsWith('assignee') ? 0 : 25);
      }
    }
    // none of these shapes has a named statement to keep a plan in; the unfiltered page does
    for (const shape of ['_q_any', '_s_any', '_t_any', '__one']) expect(await statements(`policies_list_created_at.desc${shape}`)).toEqual([]);
    for (const text of await statements('policies_list_created_at.desc__any_first25')) expect(text).toMatch(/limit 25$/);
    expect(await statements('policies_list_created_at.desc__any_first25')).not.toEqual([]);
  });

  it('a later page still reads the right rows (limit and offset bound)', async () => {
    const first = await json(await t.request('/api/policies?page=1&pageSize=25', { cookie: owner.cookie }));
    const second = await json(await t.request('/api/policies?page=2&pageSize=25', { cookie: owner.cookie }));
    const third = await json(await t.request('/api/policies?page=3&pageSize=10', { cookie: owner.cookie }));
    expect(second.rows).toHaveLength(25);
    expect(third.rows).toHaveLength(10);
    const ids = new Set(first.rows.map((r: { id: string }) => r.id));
    for (const r of second.rows) expect(ids.has(r.id)).toBe(false);
    const all = await json(await t.request('/api/policies?page=1&pageSize=100', { cookie: owner.cookie }));
    expect(second.rows.map((r: { id: string }) => r.id)).toEqual(all.rows.slice(25, 50).map((r: { id: string }) => r.id));
    expect(third.rows.map((r: { id: string }) => r.id)).toEqual(all.rows.slice(20, 30).map((r: { id: string }) => r.id));
  });

  it('the API page of policies: its kept plan after the first runs, whatever the limit asked', async () => {
    const created = await t.request('/api/api-keys', { cookie: owner.cookie, json: { name: 'Plans', scopes: { policies: 'read' } } });
    expect(created.status).toBe(201);
    const { key } = await json(created);
    for (let i = 0; i < RUNS; i++) {
      const res = await t.request('/api/v1/policies?limit=50', { headers: { authorization: `Bearer ${key}` } });
      expect(res.status).toBe(200);
      const page = await json(res);
      expect(page.data).toHaveLength(50);
      expect(page.next_cursor).toEqual(expect.any(String));
    }
    // limits 46..50 share one statement (51 rows read), and each page shows the limit asked for
    for (const limit of [46, 47, 48, 49, 50]) {
      const page = await json(await t.request(`/api/v1/policies?limit=${limit}`, { headers: { authorization: `Bearer ${key}` } }));
      expect(page.data).toHaveLength(limit);
    }
    const counted = await plans('api_policies_page_');
    expect(counted.generic + counted.custom).toBe(RUNS + 5);
    expect(counted.mostCustom).toBeLessThanOrEqual(5);
    expect(counted.generic).toBeGreaterThan(0);
  });

  it('one policy with its details: the five-table read is planned at most five times per connection', async () => {
    const page = await json(await t.request('/api/policies?page=1&pageSize=25', { cookie: owner.cookie }));
    for (let i = 0; i < RUNS; i++) {
      const res = await t.request(`/api/policies/${page.rows[i].id}`, { cookie: owner.cookie });
      expect(res.status).toBe(200);
      expect((await json(res)).id).toBe(page.rows[i].id);
    }
    const counted = await plans('policy_read_');
    expect(counted.generic + counted.custom).toBe(RUNS);
    expect(counted.mostCustom).toBeLessThanOrEqual(5);
    expect(counted.generic).toBeGreaterThan(0);
  });
});
