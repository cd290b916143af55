// Tests of a counter table kept by triggers (renewal_stats, pipeline_stats): its rows, netted per
// key, must equal the same grouping over the rows it counts.
import { type SQL } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestContext } from './harness.ts';

export type Row = Record<string, unknown>;

export const sqlRows = async (t: TestContext, query: SQL): Promise<Row[]> => ((await t.db.execute(query)) as unknown as { rows: Row[] }).rows;

/** `counters` (the counter table's grouping) returns what `direct` (the same over the counted rows) does, and that is not nothing. */
export async function expectTie(t: TestContext, counters: SQL, direct: SQL): Promise<void> {
  const counted = await sqlRows(t, counters);
  const recounted = await sqlRows(t, direct);
  expect(recounted.length).toBeGreaterThan(0);
  expect(counted).toEqual(recounted);
}
