// Writes built once (decision 040): the prepared insert runs on the connection it is given (a
// transaction's own: it rolls back with it), maps its RETURNING as drizzle does, sets the caller's
// agency, and refuses a value for a column it does not list instead of dropping it.
// Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL (named statements per connection).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, createUser, json, type TestContext } from '#server/test/harness.ts';
import { tenant } from '#server/tenant.ts';
import { customers } from './schema.ts';
import { preparedInsert } from './prepared.ts';

let t: TestContext;
let agencyId = '';
beforeAll(async () => {
  t = await createTestContext();
  const owner = await createUser(t, { tier: 'enterprise' });
  agencyId = (await json(await t.request('/api/me', { cookie: owner.cookie }))).agency.id;
});
afterAll(async () => {
  await t.close();
});

const insert = preparedInsert('prepared_test_customer_v1', customers, ['name', 'email', 'phone', 'customerType'], [customers.agencyId, customers.email]);

describe('a prepared insert', () => {
  it("stores the row in the caller's agency and returns it mapped (a left-out column is NULL)", async () => {
    const [row] = await tenant(t.db, { agency: { id: agencyId } }).write(insert, { name: 'Prepared One', email: 'prepared-one@example.com', customerType: 'business' });
    expect(row).toMatchObject({ agencyId, name: 'Prepared One', email: 'prepared-one@example.com', phone: null, customerType: 'business' });
    expect(row.createdAt).toBeInstanceOf(Date);
    // on conflict of the agency's e-mail: nothing is returned, the first row stays
    expect(await tenant(t.db, { agency: { id: agencyId } }).write(insert, { name: 'Again', email: 'prepared-one@example.com', customerType: 'individual' })).toEqual([]);
    expect((await t.db.select().from(customers).where(eq(customers.email, 'prepared-one@example.com'))).map((c) => c.name)).toEqual(['Prepared One']);
  });

  it("runs on the transaction's connection and rolls back with it", async () => {
    await expect(
      tenant(t.db, { agency: { id: agencyId } }).transaction(async (tx) => {
        const [row] = await tx.write(insert, { name: 'Rolled', email: 'prepared-rolled@example.com', customerType: 'individual' });
        // visible inside its transaction
        expect(await tx.from(customers, eq(customers.id, row.id))).toHaveLength(1);
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect(await t.db.select().from(customers).where(eq(customers.email, 'prepared-rolled@example.com'))).toEqual([]);
  });

  it('refuses a value for a column it does not list, and cannot be handed another agency', async () => {
    const asMine = tenant(t.db, { agency: { id: agencyId } });
    await expect(asMine.write(insert, { name: 'X', email: 'prepared-x@example.com', customerType: 'individual', notes: 'dropped?' })).rejects.toThrow('no column for notes');
    const [row] = await asMine.write(insert, { name: 'Y', email: 'prepared-y@example.com', customerType: 'individual', tenant_agency_id: '00000000-0000-0000-0000-000000000000' });
    expect(row.agencyId).toBe(agencyId);
  });
});
