// The book version under concurrent writers on PostgreSQL (decision 070), with real parallel
// connections: writers of one agency never wait on each other for it, and a transaction that commits
// after a later one still moves the version. Runs when TEST_DATABASE_URL is set (as .ci/run does).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, createUser, json, type TestContext } from '#server/test/harness.ts';
import { tenant, type Tenant } from '#server/tenant.ts';
import { foldBookChanges, readBookVersion } from './book-version.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!onPostgres) console.info('book-version.pg.test.ts skipped: set TEST_DATABASE_URL (a PostgreSQL server) to run the concurrency test');

let t: TestContext;
let agencyId: string;
let scoped: Tenant;

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestContext();
  const owner = await createUser(t, { tier: 'enterprise' });
  // the agency is made on the owner's first signed-in request
  agencyId = (await json(await t.request('/api/me', { cookie: owner.cookie }))).agency.id;
  scoped = tenant(t.db, { agency: { id: agencyId } });
});
afterAll(async () => t?.close());

const addCustomer = (db: Pick<typeof t.db, 'execute'>, name: string) =>
  db.execute(sql`insert into customers (agency_id, name, email) values (${agencyId}, ${name}, ${`${name.replace(/ /g, '-')}-${crypto.randomUUID()}@example.com`})`);

/** A transaction that writes the agency's book, then waits for `gate` before it commits. */
function openWriter(gate: Promise<void>) {
  let written!: () => void;
  const started = new Promise<void>((r) => (written = r));
  const done = t.db.transaction(async (tx) => {
    await addCustomer(tx, 'Open Writer');
    written();
    await gate;
  });
  return { started, done };
}

describe.skipIf(!onPostgres)('the book version with parallel writers', () => {
  it("lets a second writer of the agency commit while the first is still open (migration 0038's row made it wait)", async () => {
    let release!: () => void;
    const open = openWriter(new Promise<void>((r) => (release = r)));
    await open.started;
    try {
      // before migration 0039 this waited on the agency's version row until the open one committed
      await t.db.transaction(async (tx) => {
        await tx.execute(sql`set local lock_timeout = '5s'`);
        await addCustomer(tx, 'Second Writer');
      });
    } finally {
      release();
      await open.done;
    }
  });

  it('moves when an older transaction commits after a newer one was read, and a fold in between keeps it', async () => {
    let release!: () => void;
    const open = openWriter(new Promise<void>((r) => (release = r)));
    await open.started;
    await addCustomer(t.db, 'Newer Writer');
    const seen = await readBookVersion(scoped);
    // a fold now takes the committed rows and leaves the open writer's, invisible to it
    await foldBookChanges(t.db);
    expect(await readBookVersion(scoped)).toBe(seen);
    release();
    await open.done;
    expect(await readBookVersion(scoped)).toBe(seen + 1);
  });
});
