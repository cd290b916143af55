// A carrier statement's lines: read from the upload (CSV text or a workbook's first sheet), checked
// one by one with a reason for each, and matched to the agency's own policies — on the policy number
// (case, spaces and dashes aside), else on the insured's name and premium. Another agency's policies
// are never looked at: every lookup is the caller's tenant.
import { sql } from 'drizzle-orm';
import {
  autoMapStatement,
  LINE_TEXT,
  missingStatementFields,
  normalizePolicyNumber,
  parseSignedMoney,
  periodBounds,
  STATEMENT_FIELDS,
  type StatementField,
  type StatementLineStatus,
  type StatementMapping,
} from '#shared/commissions.ts';
import { sheetCellText, type SheetCell } from '#shared/imports.ts';
import { isIsoDate } from '#shared/money.ts';
import { CsvError, parseCsv } from '#server/platform/csv.ts';
import { badRequest } from '#server/errors.ts';
import type { Tenant } from '#server/tenant.ts';

export type StatementFile = { format: 'csv'; text: string } | { format: 'xlsx'; rows: SheetCell[][] };

export interface ParsedStatement {
  headers: string[];
  mapping: StatementMapping;
  missing: string[];
  rows: string[][];
  lines: number[];
}

/** How a field's cell of a workbook is read as text (dates and money as written, never a float). */
const CELL_AS: Partial<Record<StatementField, 'date' | 'money'>> = { statement_date: 'date', premium: 'money', commission: 'money' };

/** The mapping given, else the carrier's saved one (by header name), else the automatic one. */
function chooseMapping(headers: string[], given: StatementMapping | undefined, saved: Record<string, string> | undefined): StatementMapping {
  if (given) return given;
  const auto = autoMapStatement(headers);
  if (!saved) return auto;
  const out: StatementMapping = { ...auto };
  for (const f of STATEMENT_FIELDS) {
    const header = saved[f.key];
    if (header === undefined) continue;
    // a header the carrier no longer sends falls back to the automatic choice
    const i = headers.findIndex((h) => h.trim().toLowerCase() === header.trim().toLowerCase());
    if (i >= 0) out[f.key] = i;
  }
  return out;
}

export function parseStatement(file: StatementFile, given: StatementMapping | undefined, saved: Record<string, string> | undefined): ParsedStatement {
  if (file.format === 'xlsx') {
    const kept: { row: SheetCell[]; line: number }[] = [];
    file.rows.forEach((row, i) => {
      if (row.some((cell) => cell !== null && !(typeof cell === 'string' && cell.trim() === ''))) kept.push({ row, line: i + 1 });
    });
    if (!kept.length) throw badRequest('The first sheet of this Excel file is empty.', { file: 'The first sheet of this Excel file is empty.' }, 'EMPTY_SHEET');
    const headers = kept[0].row.map((c) => sheetCellText(c).trim());
    const mapping = chooseMapping(headers, given, saved);
    const asByColumn = new Map<number, 'date' | 'money'>();
    for (const [field, as] of Object.entries(CELL_AS)) {
      const i = mapping[field as StatementField];
      if (i !== null && i !== undefined) asByColumn.set(i, as);
    }
    const data = kept.slice(1);
    return {
      headers,
      mapping,
      missing: missingStatementFields(mapping),
      rows: data.map(({ row }) => row.map((cell, i) => sheetCellText(cell, asByColumn.get(i)))),
      lines: data.map((d) => d.line),
    };
  }
  try {
    const { rows, lines } = parseCsv(file.text);
    const headers = rows[0].map((h) => h.trim());
    const mapping = chooseMapping(headers, given, saved);
    return { headers, mapping, missing: missingStatementFields(mapping), rows: rows.slice(1), lines: lines.slice(1) };
  } catch (err) {
    if (err instanceof CsvError) throw badRequest(err.message, { file: err.message }, 'INVALID_CSV');
    throw err;
  }
}

export interface CheckedLine {
  index: number;
  line: number;
  status: StatementLineStatus;
  reason: string;
  policyId: string | null;
  policyNumber: string | null;
  insuredName: string | null;
  premium: string | null;
  amount: string | null;
  date: string | null;
  type: string | null;
}

const cellOf = (row: string[], mapping: StatementMapping, field: StatementField) => {
  const i = mapping[field];
  return i === null || i === undefined ? '' : (row[i] ?? '').trim();
};

/**
 * Each line checked (reasons for the bad ones), duplicates named, the rest matched to the agency's
 * policies. One object per line and nothing else kept per line (issue 31: a 10,000-line statement's
 * preview and import allocated ~5 KB per line here, a base object spread into a second one, the
 * duplicate key built as an array, every policy number normalised three times).
 */
export async function checkLines(t: Tenant, parsed: ParsedStatement, period: string): Promise<CheckedLine[]> {
  const { from, to } = periodBounds(period);
  const seen = new Map<string, number>();
  const numberKeys: (string | null)[] = [];
  const { mapping } = parsed;
  const out: CheckedLine[] = parsed.rows.map((row, index) => {
    const line = parsed.lines[index];
    const number = cellOf(row, mapping, 'policy_number');
    const insured = cellOf(row, mapping, 'insured_name');
    const premiumText = cellOf(row, mapping, 'premium');
    const amountText = cellOf(row, mapping, 'commission');
    const date = cellOf(row, mapping, 'statement_date');
    const type = cellOf(row, mapping, 'transaction_type');
    const checked = (status: StatementLineStatus, reason: string, premium: string | null, amount: string | null): CheckedLine => ({
      index,
      line,
      status,
      reason,
      policyId: null,
      policyNumber: number || null,
      insuredName: insured || null,
      premium,
      amount,
      date: date || null,
      type: type || null,
    });
    const bad = (reason: string) => {
      numberKeys.push(null);
      return checked('invalid', reason, null, null);
    };
    if (amountText === '') return bad(LINE_TEXT.missingAmount);
    const amount = parseSignedMoney(amountText);
    if (amount === null) return bad(LINE_TEXT.amountNotNumber(amountText));
    let premium: string | null = null;
    if (premiumText !== '') {
      premium = parseSignedMoney(premiumText);
      if (premium === null) return bad(LINE_TEXT.premiumNotNumber(premiumText));
      if (premium.startsWith('-')) return bad(LINE_TEXT.negativePremium);
    }
    if (date === '') return bad(LINE_TEXT.missingDate);
    if (!isIsoDate(date)) return bad(LINE_TEXT.badDate(date));
    if (date < from || date > to) return bad(LINE_TEXT.outsidePeriod(date, period));
    if (!number && (!insured || premium === null)) return bad(LINE_TEXT.missingNumber);
    const numberKey = number ? normalizePolicyNumber(number) : null;
    const key = `${numberKey ?? `~${insured.toLowerCase()}|${premium}`}|${amount}|${date}|${type.toLowerCase()}`;
    const first = seen.get(key);
    if (first !== undefined) {
      numberKeys.push(null);
      return checked('duplicate', LINE_TEXT.duplicateLine(first), null, null);
    }
    seen.set(key, line);
    numberKeys.push(numberKey);
    return checked('unmatched', number ? LINE_TEXT.notInBook : LINE_TEXT.noNameMatch, premium, amount);
  });
  seen.clear();
  await matchLines(t, out, numberKeys);
  return out;
}

/**
 * The normalised number as PostgreSQL computes it: the same text as the expression index
 * `policies_agency_number_key_idx` (migration 0041), so the join below probes it. JS's
 * `normalizePolicyNumber` gives the lines' side.
 */
const NUMBER_KEY = sql.raw(`regexp_replace(upper(p.policy_number), '[[:space:]–—-]', '', 'g')`);

/**
 * Pairs lines with the agency's policies in one statement (issue 31: 10,000 lines against 100,000
 * policies): the distinct numbers joined on the expression index, the distinct name + premium pairs
 * on (agency, premium); a line that pairs with none stays unmatched with its reason.
 */
async function matchLines(t: Tenant, all: CheckedLine[], numberKeys: (string | null)[]): Promise<void> {
  const byNumber: number[] = [];
  const byName: number[] = [];
  all.forEach((l, i) => {
    if (l.status !== 'unmatched') return;
    if (l.policyNumber) byNumber.push(i);
    else byName.push(i);
  });
  const nameKey = (l: CheckedLine) => `${l.insuredName!.toLowerCase()}|${l.premium}`;
  const keys = [...new Set(byNumber.map((i) => numberKeys[i]!))];
  const pairs = [...new Set(byName.map((i) => nameKey(all[i])))];
  if (!keys.length && !pairs.length) return;
  const names = pairs.map((p) => p.slice(0, p.lastIndexOf('|')));
  const premiums = pairs.map((p) => p.slice(p.lastIndexOf('|') + 1));
  // per distinct key a probe of the index for at most two policies (a number two policies share once
  // normalised pays the lower id of the two; two for a name and premium is ambiguous): with 9,000 keys
  // the planner otherwise hashed the whole book, computing the normalised number of every policy
  const result = await t.execute(sql`
    select 'n' as how, l.key, min(m.id::text) as id, count(*)::int as n
      from unnest(${sql.param(keys)}::text[]) as l(key)
      cross join lateral (select p.id from policies p where p.agency_id = ${t.agency} and ${NUMBER_KEY} = l.key limit 2) m
     group by l.key
    union all
    select 'p', l.name || '|' || l.premium, min(m.id::text), count(*)::int
      from unnest(${sql.param(names)}::text[], ${sql.param(premiums)}::text[]) as l(name, premium)
      cross join lateral (select p.id from policies p
        where p.agency_id = ${t.agency} and p.premium_amount = l.premium::numeric and lower(btrim(p.customer_name)) = l.name limit 2) m
     group by l.name, l.premium`);
  const byKey = new Map<string, { id: string; n: number }>();
  const byPair = new Map<string, { id: string; n: number }>();
  for (const r of result.rows as { how: string; key: string; id: string; n: number }[]) (r.how === 'n' ? byKey : byPair).set(r.key, { id: r.id, n: Number(r.n) });
  for (const i of byNumber) {
    const hit = byKey.get(numberKeys[i]!);
    if (hit) Object.assign(all[i], { policyId: hit.id, status: 'matched', reason: LINE_TEXT.matchedNumber });
  }
  for (const i of byName) {
    const l = all[i];
    const hit = byPair.get(nameKey(l));
    if (hit?.n === 1) Object.assign(l, { policyId: hit.id, status: 'matched', reason: LINE_TEXT.matchedName });
    else if (hit) l.reason = LINE_TEXT.ambiguousName;
  }
}
