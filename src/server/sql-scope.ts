// Which tenant tables a SQL statement reads or writes, and whether each is tied to one agency: the
// check behind the tenant's raw-SQL door (`t.execute`, docs/decisions/046-tenancy-by-construction.md)
// and the query-log test of sharding by agency (tenant-queries.test.ts, decision 044). A text check,
// not a parser: it reads the statements drizzle and the hand-written SQL of this code base produce.
const KEYWORDS = new Set(
  'where on set using join inner left right full cross natural lateral group order limit offset having union returning values select as for with window fetch except intersect default and or not'.split(
    ' ',
  ),
);

/** The statement with string literals, comments and identifier quotes removed, in lower case. */
export function normalize(statement: string): string {
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


/** Where a statement names an agency: the parameters it must hold the caller's agency, or why it is refused. */
export interface AgencyScope {
  /** Why the statement may not run through a tenant, or null. */
  refused: string | null;
  /** 1-based numbers of the parameters that are an agency value (`agency_id = $n`, `= any($n)`, an inserted agency_id). */
  params: number[];
}

/** Items of a comma list at depth 0 from `start`, up to a closing parenthesis or `stop` at depth 0. */
function listItems(text: string, start: number, stop: RegExp): { items: string[]; end: number } {
  const items: string[] = [];
  let depth = 0;
  let current = '';
  let i = start;
  for (; i < text.length; i++) {
    const c = text[i];
    if (depth === 0 && (c === ')' || c === ';' || stop.test(text.slice(i, i + 8)))) break;
    if (c === '(') depth++;
    if (c === ')') depth--;
    if (c === ',' && depth === 0) {
      items.push(current.trim());
      current = '';
    } else current += c;
  }
  items.push(current.trim());
  return { items, end: i };
}

/**
 * The value an insert's `agency_id` column gets, for each row: `insert into t (… agency_id …)` then
 * `values (…), (…)` or `select …, <value>, … from`.
 */
function insertedAgencyValues(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/\binto\s+(?:public\.)?[a-z_][a-z0-9_]*\s*\(([^)]*)\)\s*(values|select)\s*/g)) {
    const index = match[1].split(',').map((c) => c.trim()).indexOf('agency_id');
    if (index < 0) continue;
    let i = match.index + match[0].length;
    if (match[2] === 'select') {
      found.push(listItems(text, i, /^ from\b/).items[index] ?? '');
      continue;
    }
    while (text[i] === '(') {
      const { items, end } = listItems(text, i + 1, /^$^/);
      found.push(items[index] ?? '');
      i = end + 1;
      while (text[i] === ' ' || text[i] === ',') i++;
    }
  }
  return found;
}

/**
 * The tenant door's verdict on a statement (text as drizzle renders it, `$n` for parameters): every
 * reference to a tenant table compares its agency_id (`unscopedReferences`), and every agency value
 * is a parameter — never a literal or another table's column alone — so that `Tenant.execute` can
 * hold each to the caller's agency. A statement without tenant tables is not judged.
 */
export function agencyScope(statement: string, tenantTables: ReadonlySet<string>): AgencyScope {
  const findings = unscopedReferences(statement, tenantTables);
  if (findings.length) return { refused: findings.map((f) => f.reason).join('; '), params: [] };
  const text = normalize(statement);
  // an insert's target with a column list reads as a function call to tableReferences: named here
  const targets = [...text.matchAll(/\binto\s+(?:public\.)?([a-z_][a-z0-9_]*)/g)].map((m) => m[1]).filter((name) => tenantTables.has(name));
  if (!targets.length && !tableReferences(statement).some((r) => tenantTables.has(r.table))) return { refused: null, params: [] };
  // a whole-row `insert into t select …` takes its agency_id from the rows it reads, which the
  // checks above hold to the agency (bulk undo restores journaled rows this way)
  const named = (name: string) => new RegExp(`\\binto\\s+(?:public\\.)?${name}\\s*(?:\\([^)]*\\bagency_id\\b|select\\b)`).test(text);
  if (!targets.every(named)) {
    return { refused: `an insert into ${targets.join(', ')} that does not name its agency_id column`, params: [] };
  }
  if (/\bagency_id\s*=\s*''|''\s*=\s*[a-z_.]*agency_id\b|\bagency_id\s+in\s*\(\s*''/.test(text)) return { refused: 'an agency written as a literal: pass the tenant’s agency', params: [] };
  const params = new Set<number>();
  for (const m of text.matchAll(/\bagency_id\s*(?:=\s*(?:any\s*\(\s*)?|in\s*\(\s*)\$(\d+)|\$(\d+)\s*=\s*[a-z_.]*agency_id\b/g)) params.add(Number(m[1] ?? m[2]));
  for (const value of insertedAgencyValues(text)) {
    const param = /^\$(\d+)(?:::uuid)?$/.exec(value);
    if (!param) return { refused: `an inserted agency_id that is not a parameter (${value || 'missing'})`, params: [] };
    params.add(Number(param[1]));
  }
  if (!params.size) return { refused: 'no agency value (agency_id = $n) anywhere', params: [] };
  return { refused: null, params: [...params] };
}
