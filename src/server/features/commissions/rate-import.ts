// The commission schedules import (issue 31): the full export's commission_schedules.csv back into
// rates. Each row goes through the rate form's own schema (rateInputSchema), so the import has no
// rules of its own; a row already in the schedules (same carrier, line, business, date and rate) is
// skipped, so the same file twice adds nothing. Applied in one transaction; the rates it added carry
// its id, and its undo removes exactly those.
import type { Context } from 'hono';
import { eq, sql } from 'drizzle-orm';
import { rateInputSchema } from '#shared/commissions.ts';
import { unescapeFormula } from '#shared/csv.ts';
import { XLSX } from '#shared/documents.ts';
import { IMPORT_TEXT, sheetCellText } from '#shared/imports.ts';
import { POLICY_TYPES } from '#shared/policy-types.ts';
import {
  RATE_IMPORT_COLUMNS,
  RATE_IMPORT_LABEL,
  RATE_IMPORT_MAX_ROWS,
  RATE_IMPORT_TEXT,
  type RateImportColumn,
  type RateImportResult,
  type RateImportRow,
} from '#shared/rate-import.ts';
import { fieldErrors } from '#shared/validation.ts';
import type { Actor, AppEnv } from '#server/context.ts';
import { activityLog, commissionRates } from '#server/db/schema.ts';
import { ratesChanged } from '#server/entities/commissions/rate-changes.ts';
import { badRequest, notFound } from '#server/errors.ts';
import { carrierKey } from '#server/entities/commissions/settings.ts';
import { CsvError, parseCsv } from '#server/platform/csv.ts';
import { readUploadForm } from '#server/platform/upload-form.ts';
import { readFirstSheet, SPREADSHEET_UPLOAD_RULES } from '#server/platform/xlsx.ts';
import { tenant, type Connection, type Tenant } from '#server/tenant.ts';


type Cells = Record<RateImportColumn, string>;

/** A header as a column name: "Effective from" and "effective-from" are effective_from. */
const headerKey = (h: string) => h.trim().toLowerCase().replace(/[\s-]+/g, '_');

/** The upload's rows as text by column; a missing column refuses the whole file. */
export async function readRateFile(c: Context<AppEnv>): Promise<{ row: number; cells: Cells }[]> {
  const { uploads } = await readUploadForm(c, { fields: [], rules: SPREADSHEET_UPLOAD_RULES, check: () => ({}) });
  const [file] = uploads;
  let table: { rows: string[][]; lines: number[] };
  if (file.contentType === XLSX) {
    const sheet = await readFirstSheet(file.bytes);
    const header = (sheet[0] ?? []).map((cell) => headerKey(sheetCellText(cell)));
    const dateAt = header.indexOf('effective_from');
    table = { rows: sheet.map((r) => r.map((cell, i) => sheetCellText(cell, i === dateAt ? 'date' : undefined))), lines: sheet.map((_, i) => i + 1) };
  } else {
    try {
      table = parseCsv(new TextDecoder('utf-8').decode(file.bytes));
    } catch (err) {
      if (err instanceof CsvError) throw badRequest(err.message, { file: err.message }, 'INVALID_CSV');
      throw err;
    }
  }
  const header = (table.rows[0] ?? []).map(headerKey);
  const at = Object.fromEntries(RATE_IMPORT_COLUMNS.map((k) => [k, header.indexOf(k)])) as Record<RateImportColumn, number>;
  const missing = RATE_IMPORT_COLUMNS.filter((k) => at[k] < 0).map((k) => RATE_IMPORT_LABEL[k]);
  if (missing.length) throw badRequest(IMPORT_TEXT.missingFields(missing), { file: IMPORT_TEXT.missingFields(missing) }, 'MISSING_COLUMNS');
  const data = table.rows
    .map((cells, i) => ({ cells, row: table.lines[i] }))
    .slice(1)
    .filter(({ cells }) => cells.some((v) => v.trim() !== ''));
  if (!data.length) throw badRequest(RATE_IMPORT_TEXT.noRows, { file: RATE_IMPORT_TEXT.noRows }, 'NO_ROWS');
  if (data.length > RATE_IMPORT_MAX_ROWS) throw badRequest(RATE_IMPORT_TEXT.tooManyRows, { file: RATE_IMPORT_TEXT.tooManyRows }, 'TOO_MANY_ROWS');
  return data.map(({ cells, row }) => ({
    row,
    cells: Object.fromEntries(RATE_IMPORT_COLUMNS.map((k) => [k, unescapeFormula(cells[at[k]] ?? '').trim()])) as Cells,
  }));
}

const BUSINESS_WORDS: Record<string, string> = { new: 'new', 'new business': 'new', renewal: 'renewal', renewals: 'renewal' };

interface Planned extends RateImportRow {
  input?: { carrier: string; carrierKey: string; line: string; business: string; rate: string; effectiveFrom: string };
}

/** Each row's outcome against the agency's schedules as they are now (and the rows before it in the file). */
async function plan(t: Tenant, file: { row: number; cells: Cells }[]): Promise<Planned[]> {
  const existing = new Map<string, string>();
  for (const r of await t.select({ key: commissionRates.carrierKey, line: commissionRates.line, business: commissionRates.business, from: commissionRates.effectiveFrom, rate: commissionRates.rate }).from(commissionRates))
    existing.set([r.key, r.line, r.business, r.from].join('|'), r.rate);
  const seen = new Map<string, number>();
  return file.map(({ row, cells }): Planned => {
    const shown = { row, ...cells };
    const fail = (reason: string): Planned => ({ ...shown, outcome: 'error', reason });
    const line = cells.line.toLowerCase();
    if (cells.line && !(POLICY_TYPES as readonly string[]).includes(line)) return fail(RATE_IMPORT_TEXT.unknownLine(cells.line));
    const business = BUSINESS_WORDS[cells.business.toLowerCase()];
    if (cells.business && !business) return fail(RATE_IMPORT_TEXT.unknownBusiness(cells.business));
    const parsed = rateInputSchema.safeParse({ carrier: cells.carrier, line, business: business ?? '', rate: cells.rate, effective_from: cells.effective_from });
    if (!parsed.success) {
      const [[field, message]] = Object.entries(fieldErrors(parsed.error));
      return fail(`${RATE_IMPORT_LABEL[field as RateImportColumn] ?? field}: ${message}`);
    }
    const v = parsed.data;
    const key = [carrierKey(v.carrier), v.line, v.business, v.effective_from].join('|');
    const earlier = seen.get(key);
    if (earlier !== undefined) return fail(RATE_IMPORT_TEXT.sameAsRow(earlier));
    seen.set(key, row);
    const have = existing.get(key);
    if (have !== undefined && Number(have) === Number(v.rate)) return { ...shown, outcome: 'exists', reason: RATE_IMPORT_TEXT.exists };
    if (have !== undefined) return fail(RATE_IMPORT_TEXT.otherRate(String(Number(have))));
    const carrier = v.carrier.trim().replace(/\s+/g, ' ');
    return { ...shown, outcome: 'create', reason: null, input: { carrier, carrierKey: carrierKey(v.carrier), line: v.line, business: v.business, rate: v.rate, effectiveFrom: v.effective_from } };
  });
}

function resultOf(rows: Planned[], importId: string | null): RateImportResult {
  const summary = { create: 0, exists: 0, error: 0 };
  for (const r of rows) summary[r.outcome] += 1;
  return { rows: rows.map(({ input: _input, ...r }) => r), summary, import_id: importId };
}

export async function previewRateImport(db: Connection, actor: Actor, file: { row: number; cells: Cells }[]): Promise<RateImportResult> {
  return resultOf(await plan(tenant(db, actor), file), null);
}

/** Adds the rows that plan as new, all or none; another import adding the same rate meanwhile is skipped. */
export async function applyRateImport(db: Connection, actor: Actor, file: { row: number; cells: Cells }[]): Promise<RateImportResult> {
  return tenant(db, actor).transaction(async (tx) => {
    // one schedules import at a time in an agency, so two uploads of the same file cannot both add it
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('commission_rate_import'), hashtext(${actor.agency.id}))`);
    const rows = await plan(tx, file);
    const adding = rows.filter((r) => r.input);
    if (!adding.length) return resultOf(rows, null);
    const importId = crypto.randomUUID();
    const added = await tx.insert(
      commissionRates,
      adding.map((r) => ({ ...r.input!, createdBy: actor.userId, importId })),
    ).returning();
    await ratesChanged(tx, actor, 'created', added);
    await tx.insert(activityLog, {
      actorId: actor.userId,
      kind: 'payment',
      action: 'created',
      entityId: importId,
      summary: `Imported ${adding.length} commission ${adding.length === 1 ? 'rate' : 'rates'} (${rows.length - adding.length} skipped or failed)`,
    });
    return resultOf(rows, importId);
  });
}

/** Removes the rates an import added; another agency's import (or one already undone) is a 404. */
export async function undoRateImport(db: Connection, actor: Actor, importId: string): Promise<{ removed: number }> {
  return tenant(db, actor).transaction(async (tx) => {
    const removed = await tx.delete(commissionRates, eq(commissionRates.importId, importId)).returning();
    if (!removed.length) throw notFound(RATE_IMPORT_TEXT.importNotFound);
    await ratesChanged(tx, actor, 'deleted', removed);
    await tx.insert(activityLog, {
      actorId: actor.userId,
      kind: 'payment',
      action: 'deleted',
      entityId: importId,
      summary: `Undid a schedules import: removed ${removed.length} commission ${removed.length === 1 ? 'rate' : 'rates'}`,
    });
    return { removed: removed.length };
  });
}
