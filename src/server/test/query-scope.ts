// Which statements would run on every shard once the tenant tables are sharded by agency (decision 044):
// every statement the app sends is recorded below the driver, then each reference to a tenant table
// is checked for a condition on its agency_id. A text check, not a parser: it reads the statements
// drizzle and the hand-written SQL of this code base produce, and says what it cannot judge.
import type { Database } from '../db/client.ts';

/**
 * Records the text of every statement sent to the database from now on: the wire protocol's Parse
 * and Query messages on PGlite (its query, exec and transaction all end there), each pool client's
 * query on PostgreSQL. Call before the first statement (createTestContext's onDatabase).
 */
export function recordStatements(database: Database, statements: string[]): void {
  if (database.pglite) {
    const pglite = database.pglite as unknown as { execProtocolStream: (message: Uint8Array, options?: unknown) => Promise<unknown> };
    const original = pglite.execProtocolStream.bind(pglite);
    const decoder = new TextDecoder();
    pglite.execProtocolStream = (message, options) => {
      // 'P' (Parse): name\0 text\0 …; 'Q' (simple Query): text\0
      const type = message[0];
      if (type === 0x50 || type === 0x51) {
        let start = 5;
        if (type === 0x50) start = message.indexOf(0, start) + 1;
        statements.push(decoder.decode(message.subarray(start, message.indexOf(0, start))));
      }
      return original(message, options);
    };
    return;
  }
  database.pool!.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const first = args[0] as string | { text?: string };
      statements.push(typeof first === 'string' ? first : (first?.text ?? ''));
      return query(...args);
    };
  });
}

export { tableReferences, unscopedReferences, type ScopeFinding, type TableReference } from '../sql-scope.ts';

/** A named cross-agency statement: which one, why, and how it runs on Citus (decision 044). */
export interface CrossAgencyException {
  name: string;
  reason: string;
  match: RegExp;
}
