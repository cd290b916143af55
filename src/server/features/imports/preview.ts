// Reading an upload (a CSV's text or a workbook's first sheet) into text rows, and the preview: what
// will happen to every row of the file, by the importer's own rules (validation, duplicates).
import { setImmediate as setImmediateP } from 'node:timers/promises';
import {
  autoMap,
  duplicateKey,
  duplicateReason,
  IMPORT_TEXT,
  missingRequired,
  PREVIEW_ROWS,
  rowRecord,
  sheetCellText,
  sheetRowsAsText,
  validateRow,
  type DuplicateMode,
  type ImportKind,
  type ImportMapping,
  type ImportPreview,
  type PreviewStatus,
  type SheetCell,
} from '#shared/imports.ts';
import { CsvError, parseCsv } from '#server/platform/csv.ts';
import type { Actor } from '#server/context.ts';
import { badRequest } from '#server/errors.ts';
import { type Connection, tenant, type Tenant } from '#server/tenant.ts';
import { existingCustomers, existingPolicyNumbers } from './batch.ts';

/** An upload as read: a CSV's text, or the first sheet of an Excel workbook. */
export type ImportFile = { format: 'csv'; text: string } | { format: 'xlsx'; rows: SheetCell[][] };

/**
 * The header, the mapping (automatic unless given) and the data rows as text with their line numbers
 * (a sheet's row numbers), whatever the format: from here on a sheet is imported exactly as a CSV.
 */
export function parseFile(kind: ImportKind, file: ImportFile, given?: ImportMapping) {
  if (file.format === 'xlsx') {
    const lines: number[] = [];
    const cells: SheetCell[][] = [];
    file.rows.forEach((row, i) => {
      // blank rows are skipped, as blank lines in a CSV
      if (row.some((cell) => cell !== null && !(typeof cell === 'string' && cell.trim() === ''))) {
        cells.push(row);
        lines.push(i + 1);
      }
    });
    if (cells.length === 0) throw badRequest(IMPORT_TEXT.emptySheet, { file: IMPORT_TEXT.emptySheet }, 'INVALID_XLSX');
    const original = cells[0].map((cell) => sheetCellText(cell));
    const headers = original.map((h) => h.trim());
    const mapping = given ?? autoMap(kind, headers);
    return { headers, original, mapping, rows: withoutNul(sheetRowsAsText(kind, mapping, cells.slice(1))), lines: lines.slice(1) };
  }
  try {
    const { rows, lines } = parseCsv(file.text);
    const headers = rows[0].map((h) => h.trim());
    return { headers, original: rows[0], mapping: given ?? autoMap(kind, headers), rows: withoutNul(rows.slice(1)), lines: lines.slice(1) };
  } catch (err) {
    if (err instanceof CsvError) throw badRequest(err.message, { file: err.message }, 'INVALID_CSV');
    throw err;
  }
}

/**
 * NUL cannot be stored in PostgreSQL's text or jsonb: it becomes SUB (U+001A, "substitute"), a control
 * character all the same, so the row fails validation with the text rule's reason instead of the job failing.
 */
export function withoutNul(rows: string[][]): string[][] {
  return rows.map((row) => (row.some((cell) => cell.includes('\0')) ? row.map((cell) => cell.replaceAll('\0', '\u001a')) : row));
}

/** A preview shows this much of a cell; the import reads it whole. */
const PREVIEW_CELL_CHARS = 300;
/** Keys looked up per query when the preview checks the agency's existing records. */
const LOOKUP_CHUNK = 1000;

/**
 * The columns, the mapping (automatic unless given), what will happen to every row of the file (counted)
 * and the first rows with their errors or the record they duplicate, by the importer's own rules: a
 * duplicate is an earlier row of the file or an existing record of this agency with the same key.
 */
export async function previewImport(db: Connection, actor: Actor, kind: ImportKind, file: ImportFile, given?: ImportMapping, duplicates: DuplicateMode = 'skip'): Promise<ImportPreview> {
  const { headers, mapping, rows, lines } = parseFile(kind, file, given);
  const checks = await validateAll(kind, mapping, rows);
  const keys = checks.map((check) => (check.ok ? duplicateKey(check.value) : null));
  const existing = await existingKeys(tenant(db, actor), kind, [...new Set(keys.filter((k) => k !== null))]);
  const firstRow = new Map<string, number>();
  const summary: ImportPreview['summary'] = { import: 0, update: 0, skip: 0, invalid: 0 };
  const outcomes = checks.map((check, i) => {
    const key = keys[i];
    let status: PreviewStatus = 'invalid';
    let duplicate: string | null = null;
    if (key !== null) {
      const first = firstRow.get(key);
      if (first === undefined) firstRow.set(key, lines[i]);
      if (first !== undefined || existing.has(key)) {
        status = duplicates === 'skip' ? 'skip' : 'update';
        duplicate = duplicateReason(kind, first, lines[i]);
      } else status = 'import';
    }
    summary[status] += 1;
    return { status, duplicate, errors: check.ok ? [] : check.errors };
  });
  return {
    headers,
    mapping,
    missing: missingRequired(kind, mapping),
    total: rows.length,
    summary,
    rows: rows.slice(0, PREVIEW_ROWS).map((row, i) => ({
      line: lines[i],
      values: row.map((cell) => (cell.length > PREVIEW_CELL_CHARS ? `${cell.slice(0, PREVIEW_CELL_CHARS)}…` : cell)),
      ...outcomes[i],
    })),
  };
}

/** Rows validated between which the event loop serves other requests (100,000 rows take seconds). */
const VALIDATE_SLICE = 1000;

export async function validateAll(kind: ImportKind, mapping: ImportMapping, rows: string[][], count = rows.length) {
  const checks: ReturnType<typeof validateRow>[] = [];
  for (let i = 0; i < count; i += 1) {
    if (i > 0 && i % VALIDATE_SLICE === 0) await setImmediateP();
    checks.push(validateRow(kind, rowRecord(kind, mapping, rows[i])));
  }
  return checks;
}

/** Which of these keys the agency already has (another agency's records never count). */
async function existingKeys(t: Tenant, kind: ImportKind, keys: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < keys.length; i += LOOKUP_CHUNK) {
    const part = keys.slice(i, i + LOOKUP_CHUNK);
    const hits = kind === 'customers' ? [...(await existingCustomers(t, part)).keys()] : [...(await existingPolicyNumbers(t, part))];
    for (const key of hits) found.add(key);
  }
  return found;
}

