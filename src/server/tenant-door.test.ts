// The tenant's raw-SQL door (docs/decisions/046-tenancy-by-construction.md): a statement that reads or
// writes a tenant table without the caller's agency is refused before it reaches the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { customers } from './db/schema.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from './test/harness.ts';
import { readTenantSchema, tenantTables } from './test/tenant-schema.ts';
import { crossAgency, TENANT_TABLES, tenant, UnscopedQueryError, type Tenant } from './tenant.ts';

let t: TestContext;
let owner: TestUser;
let rival: TestUser;
let door: Tenant;
let rivalAgency: string;

const agencyOf = async (u: TestUser) => (await json(await t.request('/api/me', { cookie: u.cookie }))).agency.id as string;

beforeAll(async () => {
  t = await createTestContext();
  owner = await createUser(t, { tier: 'business' });
  rival = await createUser(t, { tier: 'business' });
  for (const [u, name] of [[owner, 'Mine'], [rival, 'Theirs']] as const) {
    const res = await t.request('/api/customers', { cookie: u.cookie, json: { name, email: `${name.toLowerCase()}@example.com`, phone: '', address: '', type: 'individual' } });
    expect(res.status, await res.clone().text()).toBe(201);
  }
  door = tenant(t.db, { agency: { id: await agencyOf(owner) } });
  rivalAgency = await agencyOf(rival);
});
afterAll(async () => {
  await t.close();
});

const names = async (query: ReturnType<typeof sql>) => ((await door.execute(query)).rows as { name: string }[]).map((r) => r.name);

describe('the tenant door runs raw SQL only for the caller’s agency', () => {
  it('runs a statement whose tenant tables compare agency_id with the tenant’s agency', async () => {
    expect(await names(sql`select c.name from customers c where c.agency_id = ${door.agency} order by c.name`)).toEqual(['Mine']);
    // joined tables each tie their agency_id, the agency value is the tenant's
    const rows = await names(sql`select c.name from customers c left join policies p on p.agency_id = c.agency_id and p.customer_id = c.id where c.agency_id = ${door.agencyId}`);
    expect(rows).toEqual(['Mine']);
  });

  it('refuses a deliberately unscoped query, and sends nothing', async () => {
    // purpose-built bad code: every agency's customers
    await expect(names(sql`select c.name from customers c order by c.name`)).rejects.toThrow(UnscopedQueryError);
    await expect(names(sql`select c.name from customers c order by c.name`)).rejects.toThrow(/customers c: no condition on c\.agency_id/);
    // a joined table without its agency
    await expect(names(sql`select c.name from customers c join policies p on p.customer_id = c.id where c.agency_id = ${door.agency}`)).rejects.toThrow(/policies p: no condition on p\.agency_id/);
    // an update and a delete without the agency
    await expect(door.execute(sql`update customers set name = 'Taken'`)).rejects.toThrow(UnscopedQueryError);
    await expect(door.execute(sql`delete from customers where email = ${'theirs@example.com'}`)).rejects.toThrow(UnscopedQueryError);
    // nothing ran: the rival's customer is untouched
    const rivalDoor = tenant(t.db, { agency: { id: rivalAgency } });
    expect(((await rivalDoor.execute(sql`select name from customers where agency_id = ${rivalDoor.agency}`)).rows as { name: string }[]).map((r) => r.name)).toEqual(['Theirs']);
  });

  it('refuses another agency’s id, a literal agency, and an insert of another agency’s row', async () => {
    await expect(names(sql`select c.name from customers c where c.agency_id = ${rivalAgency}`)).rejects.toThrow(/not the caller’s agency/);
    await expect(names(sql`select c.name from customers c where c.agency_id = any(${sql.raw(`array['${rivalAgency}']::uuid[]`)})`)).rejects.toThrow(UnscopedQueryError);
    await expect(names(sql.raw(`select c.name from customers c where c.agency_id = '${rivalAgency}'`))).rejects.toThrow(/literal/);
    await expect(
      door.execute(sql`insert into customers (agency_id, name, email, type) values (${rivalAgency}, 'Planted', 'planted@example.com', 'individual')`),
    ).rejects.toThrow(/not the caller’s agency/);
    await expect(door.execute(sql`insert into customers (agency_id, name, email, type) select agency_id, name, 'copy@example.com', type from customers where email = ${'theirs@example.com'}`)).rejects.toThrow(UnscopedQueryError);
  });

  it('lets statements without tenant tables through (locks, reference tables)', async () => {
    await expect(door.transaction((tx) => tx.execute(sql`select pg_advisory_xact_lock(1, hashtext(${tx.agencyId}))`))).resolves.toBeDefined();
  });

  it('knows the same tenant tables as the migrated schema (decision 044’s list)', async () => {
    const live = tenantTables(await readTenantSchema(t.db));
    expect([...TENANT_TABLES].filter((name) => name !== 'agency_members').sort()).toEqual([...live].sort());
  });

  it('leaves the one named escape hatch for work across agencies', async () => {
    expect(() => crossAgency(t.db, '')).toThrow(/reason/);
    const all = await crossAgency(t.db, 'test: count every agency’s customers').execute(sql`select count(*)::int as n from customers`);
    expect((all.rows as { n: number }[])[0].n).toBe(2);
  });

  it('opens the hatch from a tenant context on its own connection (a Tenant has the shape of a Connection)', async () => {
    await door.transaction(async (tx) => {
      const raw = crossAgency(tx, 'test: a table of no agency next to a tenant write');
      expect(raw).toBe(tx.db);
      expect(raw).not.toBe(tx);
      await expect(raw.execute(sql`select 1 as one`)).resolves.toBeDefined();
    });
  });
});

describe('the door for a drizzle read over a subquery (selectChecked)', () => {
  it('runs an outer select over the tenant’s own subquery, and refuses one over an unscoped subquery', async () => {
    const own = door.select({ name: customers.name }).from(customers).as('own');
    expect((await door.selectChecked((select) => select({ name: own.name }).from(own))).map((r) => r.name)).toEqual(['Mine']);
    // purpose-built bad code: the subquery reads every agency's customers
    const every = crossAgency(t.db, 'a test of the door').select({ name: customers.name }).from(customers).as('every');
    await expect(door.selectChecked((select) => select({ name: every.name }).from(every))).rejects.toThrow(UnscopedQueryError);
  });
});
