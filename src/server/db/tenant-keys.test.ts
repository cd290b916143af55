// Sharded by agency (docs/decisions/044-citus-sharded-by-agency.md): every tenant table of the migrated
// database keeps agency_id in its primary key or a unique key, and every foreign key between tenant
// tables carries it. Read from the live catalog (pg_index, pg_constraint), as the migrations left it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { GLOBAL_TABLES, readTenantSchema, staleExceptions, tenantKeyProblems, tenantTables } from '../test/tenant-schema.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

describe('the schema is ready to be sharded by agency', () => {
  it('every tenant table has agency_id in a key, and every link between tenant tables carries it', async () => {
    const schema = await readTenantSchema(t.db);
    expect(tenantKeyProblems(schema)).toEqual([]);
    expect(staleExceptions(schema)).toEqual([]);
  });

  it('classifies every table: the book of business is distributed, the platform is not', async () => {
    const schema = await readTenantSchema(t.db);
    const tenants = tenantTables(schema);
    for (const table of ['customers', 'policies', 'premium_payments', 'premium_payment_files', 'documents', 'tasks', 'api_idempotency'])
      expect(tenants).toContain(table);
    for (const table of Object.keys(GLOBAL_TABLES)) expect(tenants).not.toContain(table);
    expect(schema.tables).not.toContain('scheduled_jobs');
    expect(schema.columns.get('bulk_actions')).not.toContain('locked_by');
    expect(schema.columns.get('bulk_actions')).not.toContain('locked_until');
  });

  it('names a tenant table without agency_id in a key, an unlisted global unique key and a link without agency_id', async () => {
    // built and checked inside a transaction that is rolled back: the test database keeps its schema
    let problems: string[] = [];
    await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`create table probe_notes (id uuid primary key, agency_id uuid not null, policy_id uuid not null references policies (id), code text unique)`);
        await tx.execute(sql`create table probe_orphans (id uuid primary key)`);
        await tx.execute(sql`create table probe_loose (agency_id uuid, id uuid, primary key (id), unique (agency_id, id))`);
        problems = tenantKeyProblems(await readTenantSchema(tx as unknown as typeof t.db));
        tx.rollback();
      })
      .catch(() => undefined); // the rollback
    expect(await t.db.execute(sql`select to_regclass('probe_notes') as gone`)).toMatchObject({ rows: [{ gone: null }] });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^probe_notes: agency_id is in neither its primary key nor a unique key/),
        expect.stringMatching(/^probe_notes: unique key probe_notes_pkey\(id\) lacks agency_id/),
        expect.stringMatching(/^probe_notes: unique key probe_notes_code_key\(code\) lacks agency_id/),
        expect.stringMatching(/^probe_notes: foreign key probe_notes_policy_id_fkey\(policy_id\) → policies\(id\) does not carry agency_id/),
        'probe_orphans: no agency_id column and not listed as a global table',
        'probe_loose: agency_id may be null',
      ]),
    );
  });
});
