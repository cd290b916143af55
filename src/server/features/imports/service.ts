// CSV and Excel imports: a job row per import, rows written through the customers' and policies' own create
// and update paths (same validation, limits and activity log as the forms), undo within 24 hours.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { csvLine } from '#shared/csv.ts';
import { CsvError, parseCsv } from '#server/platform/csv.ts';
import {
  autoMap,
  IMPORT_TEXT,
  missingRequired,
  PREVIEW_ROWS,
  rowRecord,
  sheetCellText,
  sheetRowsAsText,
  UNDO_HOURS,
  validateRow,
  type DuplicateMode,
  type ImportFailure,
  type ImportJob,
  type ImportKind,
  type ImportMapping,
  type ImportPreview,
  type ImportStatus,
  type ImportValues,
  type SheetCell,
} from '#shared/imports.ts';
import type { Logger } from '#server/logger.ts';
import { jobActor, type Actor } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/helpers.ts';
import { customers, importJobs, policies } from '#server/db/schema.ts';
import { AppError, badRequest, conflict, notFound } from '#server/errors.ts';
import { tenant } from '#server/tenant.ts';
import { createCustomer, findCustomerByEmail, updateCustomer } from '../customers/service.ts';
import { createPolicy, updatePolicy } from '../policies/service.ts';
import { existingCustomers, existingPolicyNumbers, fitWithin, IMPORT_CHUNK, insertCustomerRows, insertPolicyRows, remainingCapacity } from './batch.ts';

/** A running job older than this was cut off by a restart (10,000 rows take a few minutes at most). */
const STALE_AFTER_MINUTES = 60;
/** Failures kept for the failures CSV; the count covers them all. */
const MAX_FAILURES = 10_000;

type JobRow = typeof importJobs.$inferSelect;

function toJob(row: JobRow, now = Date.now()): ImportJob {
  return {
    id: row.id,
    kind: row.kind as ImportKind,
    file_name: row.fileName,
    status: row.status as ImportStatus,
    duplicates: row.duplicates as DuplicateMode,
    total: row.total,
    processed: row.processed,
    imported: row.imported,
    updated: row.updated,
    skipped: row.skipped,
    failed: row.failed,
    message: row.message,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    undoable: (row.status === 'done' || row.status === 'stopped') && now - row.createdAt.getTime() < UNDO_HOURS * 3_600_000,
  };
}

/** An upload as read: a CSV's text, or the first sheet of an Excel workbook. */
export type ImportFile = { format: 'csv'; text: string } | { format: 'xlsx'; rows: SheetCell[][] };

/**
 * The header, the mapping (automatic unless given) and the data rows as text with their line numbers
 * (a sheet's row numbers), whatever the format: from here on a sheet is imported exactly as a CSV.
 */
function parseFile(kind: ImportKind, file: ImportFile, given?: ImportMapping) {
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
    const headers = cells[0].map((cell) => sheetCellText(cell).trim());
    const mapping = given ?? autoMap(kind, headers);
    return { headers, mapping, rows: sheetRowsAsText(kind, mapping, cells.slice(1)), lines: lines.slice(1) };
  }
  try {
    const { rows, lines } = parseCsv(file.text);
    const headers = rows[0].map((h) => h.trim());
    return { headers, mapping: given ?? autoMap(kind, headers), rows: rows.slice(1), lines: lines.slice(1) };
  } catch (err) {
    if (err instanceof CsvError) throw badRequest(err.message, { file: err.message }, 'INVALID_CSV');
    throw err;
  }
}

/** The columns, the mapping (automatic unless given) and the first rows with their errors. */
export function previewImport(kind: ImportKind, file: ImportFile, given?: ImportMapping): ImportPreview {
  const { headers, mapping, rows, lines } = parseFile(kind, file, given);
  return {
    headers,
    mapping,
    missing: missingRequired(kind, mapping),
    total: rows.length,
    rows: rows.slice(0, PREVIEW_ROWS).map((row, i) => {
      const check = validateRow(kind, rowRecord(kind, mapping, row));
      return { line: lines[i], values: row, errors: check.ok ? [] : check.errors };
    }),
  };
}

export interface StartImport {
  kind: ImportKind;
  duplicates: DuplicateMode;
  mapping?: ImportMapping;
  fileName: string;
  file: ImportFile;
}

/** Creates the job (one running import per agency) and runs it in the background. */
export async function startImport(db: Db, actor: Actor, logger: Logger, input: StartImport): Promise<ImportJob> {
  const { mapping, rows, lines } = parseFile(input.kind, input.file, input.mapping);
  const missing = missingRequired(input.kind, mapping);
  if (missing.length) throw badRequest(IMPORT_TEXT.missingFields(missing), undefined, 'MAPPING_INCOMPLETE');
  const t = tenant(db, actor);
  let row: JobRow;
  try {
    row = await t.transaction(async (tx) => {
      // same-agency starts queue on the agency row; the partial unique index is the backstop
      await tx.lockAgency();
      // a job that ran in a server that has since stopped never finishes: after an hour it is failed
      await tx.update(
        importJobs,
        { status: 'failed', message: IMPORT_TEXT.interrupted, finishedAt: new Date() },
        eq(importJobs.status, 'running'),
        sql`${importJobs.createdAt} < now() - interval '${sql.raw(String(STALE_AFTER_MINUTES))} minutes'`,
      );
      const [running] = await tx.select({ id: importJobs.id }).from(importJobs, eq(importJobs.status, 'running'));
      if (running) throw conflict(IMPORT_TEXT.busy, 'IMPORT_RUNNING');
      const [created] = await tx
        .insert(importJobs, { createdBy: actor.userId, kind: input.kind, fileName: input.fileName.slice(0, 200), duplicates: input.duplicates, total: rows.length })
        .returning();
      return created;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'import_jobs_one_running_uq')) throw conflict(IMPORT_TEXT.busy, 'IMPORT_RUNNING');
    throw err;
  }
  // the job keeps the text rows only (not the upload or the sheet's cells)
  void runImport(db, jobActor(actor), row.id, { kind: input.kind, duplicates: input.duplicates }, mapping, rows, lines).catch(async (err: unknown) => {
    logger.error({ err, importId: row.id }, 'import failed');
    await t.update(importJobs, { status: 'failed', message: 'The import stopped on an unexpected error.', finishedAt: new Date() }, eq(importJobs.id, row.id));
  });
  return toJob(row);
}

async function runImport(db: Db, actor: Actor, jobId: string, input: Pick<StartImport, 'kind' | 'duplicates'>, mapping: ImportMapping, rows: string[][], lines: number[]) {
  const t = tenant(db, actor);
  const counts = { processed: 0, imported: 0, updated: 0, skipped: 0, failed: 0 };
  const failures: ImportFailure[] = [];
  const createdCustomerIds: string[] = [];
  const createdPolicyIds: string[] = [];
  let status: ImportStatus = 'done';
  let message: string | null = null;
  const fail = (line: number, reason: string) => {
    counts.failed += 1;
    if (failures.length < MAX_FAILURES) failures.push({ line, reason });
  };
  // progress writes only the counts; the id lists (which grow with the file) are written once, at the end
  const saveProgress = () => t.update(importJobs, { ...counts }, eq(importJobs.id, jobId));

  /** One row through the services' own create and update paths; false when the plan's limit stops the import. */
  const slowRow = async (line: number, value: ImportValues): Promise<boolean> => {
    try {
      if (value.kind === 'customers') {
        const values = value.values;
        const existing = await findCustomerByEmail(t, values.email);
        if (existing && input.duplicates === 'skip') counts.skipped += 1;
        else if (existing) {
          await updateCustomer(db, actor, existing.id, values);
          counts.updated += 1;
        } else {
          createdCustomerIds.push((await createCustomer(db, actor, values)).id);
          counts.imported += 1;
        }
      } else {
        const values = value.values;
        const [existing] = await t.select({ id: policies.id }).from(policies, eq(policies.policyNumber, values.policy_number));
        if (existing && input.duplicates === 'skip') counts.skipped += 1;
        else if (existing) {
          await updatePolicy(db, actor, existing.id, values);
          counts.updated += 1;
        } else {
          const hadCustomer = await findCustomerByEmail(t, values.customer_email);
          const created = await createPolicy(db, actor, values);
          createdPolicyIds.push(created.id);
          if (!hadCustomer && created.customer_id) createdCustomerIds.push(created.customer_id);
          counts.imported += 1;
        }
      }
    } catch (err) {
      if (err instanceof AppError && err.code.endsWith('_LIMIT_REACHED')) {
        // the plan's limit: stop here and keep what was imported
        status = 'stopped';
        message = err.message;
        return false;
      }
      if (!(err instanceof AppError)) throw err;
      fail(line, err.fields ? Object.values(err.fields).join(' ') : err.message);
    }
    return true;
  };

  for (let start = 0; start < rows.length && status === 'done'; start += IMPORT_CHUNK) {
    const chunk: { line: number; value: ImportValues | null; errors: string[] }[] = [];
    for (let i = start; i < Math.min(rows.length, start + IMPORT_CHUNK); i += 1) {
      const check = validateRow(input.kind, rowRecord(input.kind, mapping, rows[i]));
      // another agency's ids in the file are never read: a policy's customer is found by e-mail, as the form does
      const value = check.ok && check.value.kind === 'policies' ? { kind: 'policies' as const, values: { ...check.value.values, customer_id: null } } : check.ok ? check.value : null;
      chunk.push({ line: lines[i], value, errors: check.ok ? [] : check.errors });
    }
    // 1. the chunk's plain creates in one transaction (see batch.ts); the rest wait for step 2
    let fast: Set<number>;
    let cut: number;
    let limitMessage: string | null = null;
    try {
      const done = await t.transaction(async (tx) => {
        const room = await remainingCapacity(tx, actor);
        const picked: number[] = [];
        const needs: { policies: number; customers: number }[] = [];
        const claimed = new Set<string>();
        if (input.kind === 'customers') {
          const known = await existingCustomers(tx, chunk.flatMap((r) => (r.value?.kind === 'customers' ? [r.value.values.email] : [])));
          chunk.forEach((r, i) => {
            if (r.value?.kind !== 'customers' || known.has(r.value.values.email) || claimed.has(r.value.values.email)) return;
            claimed.add(r.value.values.email);
            picked.push(i);
            needs.push({ policies: 0, customers: 1 });
          });
          const fit = fitWithin(room, needs);
          const ids = await insertCustomerRows(tx, actor, picked.slice(0, fit.fits).map((i) => (chunk[i].value as Extract<ImportValues, { kind: 'customers' }>).values));
          return { picked: picked.slice(0, fit.fits), cut: fit.error ? picked[fit.fits] : chunk.length, error: fit.error, customerIds: ids, policyIds: [] as string[] };
        }
        const values = chunk.map((r) => (r.value?.kind === 'policies' ? r.value.values : null));
        const [taken, known] = await Promise.all([
          existingPolicyNumbers(tx, values.flatMap((v) => (v ? [v.policy_number] : []))),
          existingCustomers(tx, values.flatMap((v) => (v ? [v.customer_email] : []))),
        ]);
        const newEmails = new Set<string>();
        values.forEach((v, i) => {
          // an assignee is checked against the agency's members by the services
          if (!v || v.assignee_id || taken.has(v.policy_number) || claimed.has(v.policy_number)) return;
          claimed.add(v.policy_number);
          picked.push(i);
          const newCustomer = !known.has(v.customer_email) && !newEmails.has(v.customer_email);
          if (newCustomer) newEmails.add(v.customer_email);
          needs.push({ policies: 1, customers: newCustomer ? 1 : 0 });
        });
        const fit = fitWithin(room, needs);
        const ids = await insertPolicyRows(tx, actor, picked.slice(0, fit.fits).map((i) => values[i]!), known);
        return { picked: picked.slice(0, fit.fits), cut: fit.error ? picked[fit.fits] : chunk.length, error: fit.error, customerIds: ids.customerIds, policyIds: ids.policyIds };
      });
      fast = new Set(done.picked);
      cut = done.cut;
      limitMessage = done.error?.message ?? null;
      createdCustomerIds.push(...done.customerIds);
      createdPolicyIds.push(...done.policyIds);
      counts.imported += done.picked.length;
    } catch (err) {
      // a database error (a row another request created meanwhile, a constraint): nothing of the
      // chunk was written; every row goes through the services instead
      if (err instanceof AppError) throw err;
      fast = new Set();
      cut = chunk.length;
    }
    // 2. in file order, up to the limit's cut: failures, duplicates, assignees and replays
    for (let i = 0; i < cut; i += 1) {
      const row = chunk[i];
      if (fast.has(i)) {
        counts.processed += 1;
        continue;
      }
      if (!row.value) fail(row.line, row.errors.join(' '));
      else if (!(await slowRow(row.line, row.value))) break;
      counts.processed += 1;
      if (counts.processed % 50 === 0) await saveProgress();
    }
    if (limitMessage && status === 'done') {
      status = 'stopped';
      message = limitMessage;
    }
    await saveProgress();
  }
  await t.update(
    importJobs,
    { ...counts, failures, createdCustomerIds, createdPolicyIds, status, message, finishedAt: new Date() },
    eq(importJobs.id, jobId),
  );
}

export async function getImport(db: Db, actor: Actor, id: string): Promise<ImportJob> {
  return toJob(await readJob(db, actor, id));
}

async function readJob(db: Db, actor: Actor, id: string): Promise<JobRow> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound(IMPORT_TEXT.notFound);
  const [row] = await tenant(db, actor).from(importJobs, eq(importJobs.id, id));
  if (!row) throw notFound(IMPORT_TEXT.notFound);
  return row;
}

/** The agency's latest import, so the page finds a running one again after a reload. */
export async function latestImport(db: Db, actor: Actor): Promise<ImportJob | null> {
  const [row] = await tenant(db, actor).from(importJobs).orderBy(desc(importJobs.createdAt)).limit(1);
  return row ? toJob(row) : null;
}

export async function failuresCsv(db: Db, actor: Actor, id: string): Promise<string> {
  const row = await readJob(db, actor, id);
  return '\uFEFF' + csvLine(['Line', 'Reason']) + row.failures.map((f) => csvLine([String(f.line), f.reason])).join('');
}

/** Removes what the import created (updated records keep their new values), within 24 hours. */
export async function undoImport(db: Db, actor: Actor, id: string): Promise<ImportJob> {
  const row = await readJob(db, actor, id);
  const job = toJob(row);
  if (row.status !== 'done' && row.status !== 'stopped') throw conflict(IMPORT_TEXT.notUndoable, 'IMPORT_NOT_UNDOABLE');
  if (!job.undoable) throw conflict(IMPORT_TEXT.undoExpired, 'IMPORT_UNDO_EXPIRED');
  const [done] = await tenant(db, actor).transaction(async (t) => {
    if (row.createdPolicyIds.length) await t.delete(policies, inArray(policies.id, row.createdPolicyIds));
    if (row.createdCustomerIds.length) {
      // a customer who has since been given a policy outside this import stays
      await t.delete(
        customers,
        inArray(customers.id, row.createdCustomerIds),
        sql`not exists (select 1 from ${policies} where ${policies.agencyId} = ${customers.agencyId} and ${policies.customerId} = ${customers.id})`,
      );
    }
    return t.update(importJobs, { status: 'undone', finishedAt: new Date() }, and(eq(importJobs.id, id), eq(importJobs.status, row.status))).returning();
  });
  if (!done) throw conflict(IMPORT_TEXT.notUndoable, 'IMPORT_NOT_UNDOABLE');
  return toJob(done);
}
