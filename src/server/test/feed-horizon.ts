// The change feed answers (and its purge deletes) only below the server-wide horizon (decision 055):
// on a PostgreSQL shared with other test files, one of their open transactions can hold this file's
// latest changes back for a moment. Tests wait for it instead of racing it.
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestContext } from './harness.ts';

/** Waits until every transaction begun so far on the server has ended. */
export async function settleFeed(t: TestContext): Promise<void> {
  const mark = (await t.db.execute(sql`select pg_current_xact_id()::text as x`)).rows[0] as { x: string };
  const passed = async () => ((await t.db.execute(sql`select pg_snapshot_xmin(pg_current_snapshot()) > ${mark.x}::xid8 as ok`)).rows[0] as { ok: boolean }).ok;
  await expect.poll(passed, { timeout: 30_000 }).toBe(true);
}
