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

const KEYWORDS = new Set(
  'where on set using join inner left right full cross natural lateral group order limit offset having union returning values select as for with window fetch except intersect default and or not'.split(
    ' ',
  ),
);

/** The statement with string literals, comments and identifier quotes removed, in lower case. */
function normalize(statement: string): string {
  return statement
    .replace(/--[^\n]*/g, ' ')
    .replace(/'(?:[^']|'')*'/g, "''")
    .replace(/"/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ');
}

export interface TableReference {
  table: string;
  alias: string;
}

/** One `table [as] alias` item of a FROM list or after JOIN/UPDATE/INTO; null for a function or subquery. */
function tableItem(item: string): TableReference | null {
  const match = /^(?:only\s+)?(?:public\.)?([a-z_][a-z0-9_]*)(?:\s+(?:as\s+)?([a-z_][a-z0-9_]*))?/.exec(item.trim());
  if (!match || /^[a-z_][a-z0-9_.]*\s*\(/.test(item.trim()) || /^[a-z_][a-z0-9_]*\./.test(item.trim().replace(/^public\./, ''))) return null;
  const table = match[1];
  return { table, alias: match[2] && !KEYWORDS.has(match[2]) ? match[2] : table };
}

/** The text of a FROM list: up to the clause that ends it, at the same parenthesis depth. */
function fromList(text: string, start: number): string[] {
  const items: string[] = [];
  let depth = 0;
  let current = '';
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    if (c === ')') {
      if (depth === 0) break;
      depth--;
    }
    if (depth === 0) {
      if (c === ',') {
        items.push(current);
        current = '';
        continue;
      }
      if (c === ';' || /^\s(?:where|join|inner|left|right|full|cross|on|group|order|limit|offset|having|union|returning|window|for|except|intersect|natural)\b/.test(text.slice(i, i + 12))) break;
    }
    current += c;
  }
  items.push(current);
  return items;
}

/** Every table a statement reads or writes, with the name it is referred to by. */
export function tableReferences(statement: string): TableReference[] {
  const text = normalize(statement);
  const found: TableReference[] = [];
  for (const match of text.matchAll(/\b(join|update|into)\s+/g)) {
    const item = tableItem(text.slice(match.index + match[0].length, match.index + match[0].length + 120));
    if (item) found.push(item);
  }
  // FROM lists, comma-separated items included (`from bulk_journal j, jsonb_array_elements(…) e`)
  for (const match of text.matchAll(/\bfrom\s+/g)) {
    for (const raw of fromList(text, match.index + match[0].length)) {
      const item = tableItem(raw);
      if (item) found.push(item);
    }
  }
  return found;
}

/** `alias.agency_id` compared with something (`=`, `in`, `= any(…)`), on either side. */
function comparesAgency(text: string, alias: string, column: string): boolean {
  const ref = `${alias.replace(/[^a-z0-9_]/g, '')}\\.${column}`;
  return new RegExp(`\\b${ref}\\s*(?:=|\\bin\\b)|(?:=|\\bin\\s*\\()\\s*${ref}\\b`).test(text) || new RegExp(`\\(\\s*${ref}\\s*,[^)]*\\)\\s*in\\b`).test(text);
}

/** An agency value the statement is pinned to: agency_id (or the agency row's id) equal to a parameter or literal. */
function hasAgencyValue(text: string): boolean {
  return /\bagency_id\s*(?:=\s*(?:\$\d+|''|any\s*\(\s*\$\d+)|in\s*\(\s*(?:\$\d+|''))/.test(text) || /\bagencies\.id\s*=\s*(?:\$\d+|'')/.test(text);
}

export interface ScopeFinding {
  table: string;
  reason: string;
}

/**
 * The tenant-table references of a statement that are not tied to one agency, with the reason:
 * - a reference whose agency_id is compared with nothing (`alias.agency_id = …`, or an insert's
 *   agency_id column) — on Citus it reads every shard or cannot be joined shard-locally;
 * - a statement with such references but no agency value at all (agency_id = $n): its tables may be
 *   joined to each other by agency_id, but which agency is never said.
 * Reference tables (agencies, agency_members: replicated to every node) are not checked.
 */
export function unscopedReferences(statement: string, tenantTables: ReadonlySet<string>): ScopeFinding[] {
  const text = normalize(statement);
  const refs = tableReferences(statement).filter((r) => tenantTables.has(r.table));
  if (!refs.length) return [];
  const findings: ScopeFinding[] = [];
  const single = tableReferences(statement).length === 1;
  for (const { table, alias } of refs) {
    const column = 'agency_id';
    // an insert goes where its agency_id value says: named in its column list, or (no list) its whole
    // row comes from a select that the rest of this check holds to one agency
    const inserted =
      new RegExp(`\\binto\\s+(?:public\\.)?${table}\\s*\\([^)]*\\bagency_id\\b`).test(text) ||
      (new RegExp(`\\binto\\s+(?:public\\.)?${table}\\s+select\\b`).test(text) && hasAgencyValue(text));
    const unqualified = single && new RegExp(`(?:^|[^.a-z_])${column}\\s*(?:=|\\bin\\b)`).test(text);
    if (!inserted && !unqualified && !comparesAgency(text, alias, column) && !(alias !== table && comparesAgency(text, table, column))) {
      findings.push({ table, reason: `${table}${alias !== table ? ` ${alias}` : ''}: no condition on ${alias}.${column}` });
    }
  }
  const inserts = refs.every((r) => new RegExp(`\\binto\\s+(?:public\\.)?${r.table}\\b`).test(text));
  if (!findings.length && !inserts && !hasAgencyValue(text)) findings.push({ table: refs[0].table, reason: 'joined by agency, but no agency value (agency_id = $n) anywhere' });
  return findings;
}

/** A named cross-agency statement: which one, why, and how it runs on Citus (decision 044). */
export interface CrossAgencyException {
  name: string;
  reason: string;
  match: RegExp;
}
