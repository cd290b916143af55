// CSV and Excel imports: a job row per import, rows written through the customers' and policies' own create
// and update paths (same validation, limits and activity log as the forms), undo within 24 hours.
import { linksPolicies } from '#server/entities/policies/lines.ts';
import { and, desc, eq, inArray, sql, type AnyColumn } from 'drizzle-orm';
import { csvLine } from '#shared/csv.ts';
import {
  duplicateKey,
  duplicateReason,
  IMPORT_TEXT,
  RESULT_ISSUES,
  missingRequired,
  rowRecord,
  UNDO_HOURS,
  validateRow,
  type DuplicateMode,
  type ImportFailure,
  type ImportJob,
  type ImportKind,
  type ImportMapping,
  type ImportStatus,
  type ImportValues,
} from '#shared/imports.ts';
import { jobActor, type Actor, type Deps } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/helpers.ts';
import { customers, importJobs, policies } from '#server/db/schema.ts';
import { AppError, badRequest, conflict, notFound } from '#server/errors.ts';
import { defineJob, type JobContext } from '#server/jobs/queue.ts';
import { kickInBackground } from '#server/jobs/runner.ts';
import { tenant, type Tenant } from '#server/tenant.ts';
import { createCustomer, findCustomerByEmail, toCustomer, updateCustomer } from '#server/entities/customers.ts';
import { createPolicy, updatePolicy } from '#server/entities/policies/write.ts';
import { unlinkTasks } from '#server/entities/tasks/tasks.ts';
import { policiesChanged } from '#server/entities/policies/cascade.ts';
import { emit } from '#server/platform/events.ts';
import { parseFile, validateAll, withoutNul, type ImportFile } from './preview.ts';
import { existingCustomers, existingPolicyNumbers, fitWithin, IMPORT_CHUNK, insertCustomerRows, insertPolicyRows, remainingCapacity } from './batch.ts';

/** A running import without a live job this old was cut off before the job queue (or written by hand). */
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
    issues: row.failures.slice(0, RESULT_ISSUES).map((f) => ({ line: f.line, outcome: f.outcome ?? 'failed', reason: f.reason })),
  };
}

export interface StartImport {
  kind: ImportKind;
  duplicates: DuplicateMode;
  mapping?: ImportMapping;
  fileName: string;
  file: ImportFile;
}

/**
 * Creates the import and its job in one transaction (one running import per agency) and starts it
 * in this process; any instance resumes it from its last checkpoint if this one stops (decision 043).
 */
export async function startImport(deps: Deps, actor: Actor, input: StartImport): Promise<ImportJob> {
  const { mapping, rows, lines, original } = parseFile(input.kind, input.file, input.mapping);
  const missing = missingRequired(input.kind, mapping);
  if (missing.length) throw badRequest(IMPORT_TEXT.missingFields(missing), undefined, 'MAPPING_INCOMPLETE');
  const t = tenant(deps.db, actor);
  let started: { row: JobRow; jobId: string | null };
  try {
    started = await t.transaction(async (tx) => {
      // same-agency starts queue on the agency row; the partial unique index is the backstop
      await tx.lockAgency();
      // an import left running without a live job (written before the job queue, or by hand) stops blocking after an hour
      await tx.update(
        importJobs,
        { status: 'failed', message: IMPORT_TEXT.interrupted, finishedAt: new Date(), source: null, checkpoint: null },
        eq(importJobs.status, 'running'),
        sql`${importJobs.createdAt} < now() - interval '${sql.raw(String(STALE_AFTER_MINUTES))} minutes'`,
        sql`not exists (select 1 from jobs j where j.name = ${IMPORT_JOB} and j.payload->>'importId' = ${importJobs.id}::text and j.state in ('queued', 'running'))`,
      );
      const [running] = await tx.select({ id: importJobs.id }).from(importJobs, eq(importJobs.status, 'running'));
      if (running) throw conflict(IMPORT_TEXT.busy, 'IMPORT_RUNNING');
      // the job keeps the text rows only (not the upload or the sheet's cells), until it finishes
      const [created] = await tx
        .insert(importJobs, {
          createdBy: actor.userId,
          kind: input.kind,
          fileName: input.fileName.slice(0, 200),
          duplicates: input.duplicates,
          total: rows.length,
          headers: withoutNul([original])[0],
          source: { mapping, rows, lines },
        })
        .returning();
      const jobId = await importJob.enqueue(tx.db, { importId: created.id, actor: jobActor(actor) }, { agencyId: actor.agency.id });
      return { row: created, jobId };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'import_jobs_one_running_uq')) throw conflict(IMPORT_TEXT.busy, 'IMPORT_RUNNING');
    throw err;
  }
  kickInBackground(deps, started.jobId);
  return toJob(started.row);
}

export const IMPORT_JOB = 'imports.run';

/**
 * The `imports.run` job. A failed attempt is retried from the checkpoint; when the job dies the
 * import is marked failed and keeps what it imported.
 */
export const importJob = defineJob<{ importId: string; actor: Actor }>({
  name: IMPORT_JOB,
  maxAttempts: 3,
  backoffMs: 10_000,
  run: (deps, ctx) => runImport(deps.db, ctx.payload.actor, ctx.payload.importId, ctx.holds),
  onDead: async (deps, { importId, actor }) => {
    await tenant(deps.db, actor).update(
      importJobs,
      { status: 'failed', message: 'The import stopped on an unexpected error.', finishedAt: new Date(), source: null, checkpoint: null },
      eq(importJobs.id, importId),
      eq(importJobs.status, 'running'),
    );
  },
});

class LostClaim extends Error {
  constructor() {
    super('another instance has taken the import over');
  }
}

const appendJson = (column: AnyColumn, items: unknown[]) => sql`${column} || ${JSON.stringify(items)}::jsonb`;

/**
 * Works the import from where its row says it is: `processed` rows of the file are done, and when
 * the checkpoint names the current chunk, that chunk's fast path has committed. Counts, failures and
 * created ids are appended at each checkpoint, so a resumed run neither loses nor repeats them; a
 * row created through the services just before a crash is found again as an existing record (then
 * skipped or updated, never created twice).
 */
async function runImport(db: Db, actor: Actor, jobId: string, holds: JobContext<unknown>['holds']) {
  const t = tenant(db, actor);
  const [job] = await t.from(importJobs, eq(importJobs.id, jobId));
  if (!job || job.status !== 'running' || !job.source) return;
  const { rows, lines } = job.source;
  const mapping: ImportMapping = job.source.mapping;
  const input = { kind: job.kind as ImportKind, duplicates: job.duplicates as DuplicateMode };
  const counts = { processed: job.processed, imported: job.imported, updated: job.updated, skipped: job.skipped, failed: job.failed };
  // what is new since the last checkpoint
  let failures: ImportFailure[] = [];
  let failuresKept = job.failures.length;
  let createdCustomerIds: string[] = [];
  let createdPolicyIds: string[] = [];
  let status: ImportStatus = 'done';
  let message: string | null = null;
  /** A failed or skipped row is kept with its cells as uploaded, for the failures file. */
  const fail = (i: number, reason: string) => {
    counts.failed += 1;
    if (failuresKept + failures.length < MAX_FAILURES) failures.push({ line: lines[i], reason, outcome: 'failed', values: rows[i] });
  };
  const skip = (i: number, reason: string) => {
    counts.skipped += 1;
    if (failuresKept + failures.length < MAX_FAILURES) failures.push({ line: lines[i], reason: IMPORT_TEXT.skipped(reason), outcome: 'skipped', values: rows[i] });
  };
  // the first valid row of each key (e-mail, policy number), to name the row a duplicate repeats; a
  // resumed run reads the rows before its chunk again
  const firstRow = new Map<string, number>();
  const noteKey = (value: ImportValues | null, line: number) => {
    if (!value) return;
    const key = duplicateKey(value);
    if (!firstRow.has(key)) firstRow.set(key, line);
  };
  const startAt = counts.processed - (counts.processed % IMPORT_CHUNK);
  (await validateAll(input.kind, mapping, rows, startAt)).forEach((check, i) => check.ok && noteKey(check.value, lines[i]));
  const duplicateOf = (value: ImportValues, line: number) => duplicateReason(input.kind, firstRow.get(duplicateKey(value)), line);
  const pending = () => ({
    ...counts,
    failures: appendJson(importJobs.failures, failures),
    createdCustomerIds: appendJson(importJobs.createdCustomerIds, createdCustomerIds),
    createdPolicyIds: appendJson(importJobs.createdPolicyIds, createdPolicyIds),
  });
  const written = () => {
    failuresKept += failures.length;
    failures = [];
    createdCustomerIds = [];
    createdPolicyIds = [];
  };
  /** Counts, new failures and ids, and the checkpoint, in one statement (in the chunk's transaction when given). */
  const save = async (tx?: Tenant, checkpoint?: typeof job.checkpoint) => {
    const on = tx ?? t;
    if (!(await holds(on.db))) throw new LostClaim();
    await on.update(importJobs, { ...pending(), ...(checkpoint !== undefined ? { checkpoint } : {}) }, eq(importJobs.id, jobId));
    // in a transaction, what was saved counts as written only once it has committed
    if (!tx) written();
  };

  /** One row through the services' own create and update paths; false when the plan's limit stops the import. */
  const slowRow = async (i: number, value: ImportValues): Promise<'written' | 'read' | 'limit'> => {
    try {
      if (value.kind === 'customers') {
        const values = value.values;
        const existing = await findCustomerByEmail(t, values.email);
        if (existing && input.duplicates === 'skip') {
          skip(i, duplicateOf(value, lines[i]));
          return 'read';
        }
        if (existing) {
          await updateCustomer(db, actor, existing.id, values);
          counts.updated += 1;
        } else {
          createdCustomerIds.push((await createCustomer(db, actor, values)).id);
          counts.imported += 1;
        }
      } else {
        const values = value.values;
        const [existing] = await t.select({ id: policies.id }).from(policies, eq(policies.policyNumber, values.policy_number));
        if (existing && input.duplicates === 'skip') {
          skip(i, duplicateOf(value, lines[i]));
          return 'read';
        }
        if (existing) {
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
      return 'written';
    } catch (err) {
      if (err instanceof AppError && err.code.endsWith('_LIMIT_REACHED')) {
        // the plan's limit: stop here and keep what was imported
        status = 'stopped';
        message = err.message;
        return 'limit';
      }
      if (!(err instanceof AppError)) throw err;
      fail(i, err.fields ? Object.values(err.fields).join(' ') : err.message);
      return 'read';
    }
  };

  for (let start = startAt; start < rows.length && status === 'done'; start += IMPORT_CHUNK) {
    const chunk: { line: number; value: ImportValues | null; errors: string[] }[] = [];
    for (let i = start; i < Math.min(rows.length, start + IMPORT_CHUNK); i += 1) {
      const check = validateRow(input.kind, rowRecord(input.kind, mapping, rows[i]));
      // another agency's ids in the file are never read: a policy's customer is found by e-mail, as the form does
      const value = check.ok && check.value.kind === 'policies' ? { kind: 'policies' as const, values: { ...check.value.values, customer_id: null } } : check.ok ? check.value : null;
      chunk.push({ line: lines[i], value, errors: check.ok ? [] : check.errors });
      noteKey(value, lines[i]);
    }
    let checkpoint = job.checkpoint?.start === start ? job.checkpoint : null;
    // 1. the chunk's plain creates in one transaction (see batch.ts), with its checkpoint; the rest wait for step 2
    if (!checkpoint) {
      const importedBefore = counts.imported;
      try {
        checkpoint = await t.transaction(async (tx) => {
          const room = await remainingCapacity(tx, actor);
          const picked: number[] = [];
          const needs: { policies: number; customers: number }[] = [];
          const claimed = new Set<string>();
          let fit: ReturnType<typeof fitWithin>;
          if (input.kind === 'customers') {
            const known = await existingCustomers(tx, chunk.flatMap((r) => (r.value?.kind === 'customers' ? [r.value.values.email] : [])));
            chunk.forEach((r, i) => {
              if (r.value?.kind !== 'customers' || known.has(r.value.values.email) || claimed.has(r.value.values.email)) return;
              claimed.add(r.value.values.email);
              picked.push(i);
              needs.push({ policies: 0, customers: 1 });
            });
            fit = fitWithin(room, needs);
            createdCustomerIds.push(...(await insertCustomerRows(tx, actor, picked.slice(0, fit.fits).map((i) => (chunk[i].value as Extract<ImportValues, { kind: 'customers' }>).values))));
          } else {
            const values = chunk.map((r) => (r.value?.kind === 'policies' ? r.value.values : null));
            const [taken, known] = await Promise.all([
              existingPolicyNumbers(tx, values.flatMap((v) => (v ? [v.policy_number] : []))),
              existingCustomers(tx, values.flatMap((v) => (v ? [v.customer_email] : []))),
            ]);
            const newEmails = new Set<string>();
            values.forEach((v, i) => {
              // an assignee is checked against the agency's members, linked policies (an umbrella's) against
              // the customer's, by the services
              if (!v || v.assignee_id || linksPolicies(v) || taken.has(v.policy_number) || claimed.has(v.policy_number)) return;
              claimed.add(v.policy_number);
              picked.push(i);
              const newCustomer = !known.has(v.customer_email) && !newEmails.has(v.customer_email);
              if (newCustomer) newEmails.add(v.customer_email);
              needs.push({ policies: 1, customers: newCustomer ? 1 : 0 });
            });
            fit = fitWithin(room, needs);
            const ids = await insertPolicyRows(tx, actor, picked.slice(0, fit.fits).map((i) => values[i]!), known);
            createdCustomerIds.push(...ids.customerIds);
            createdPolicyIds.push(...ids.policyIds);
          }
          counts.imported += fit.fits;
          const done = { start, fast: picked.slice(0, fit.fits), cut: fit.error ? picked[fit.fits] : chunk.length, limitMessage: fit.error?.message ?? null };
          await save(tx, done);
          return done;
        });
        written();
      } catch (err) {
        // a database error (a row another request created meanwhile, a constraint): nothing of the
        // chunk was written; every row goes through the services instead
        if (err instanceof AppError || err instanceof LostClaim) throw err;
        counts.imported = importedBefore;
        createdCustomerIds = [];
        createdPolicyIds = [];
        checkpoint = { start, fast: [], cut: chunk.length, limitMessage: null };
      }
    }
    const fast = new Set(checkpoint.fast);
    // 2. in file order, up to the limit's cut: failures, duplicates, assignees and replays
    for (let i = counts.processed - start; i < checkpoint.cut; i += 1) {
      const row = chunk[i];
      if (fast.has(i)) {
        counts.processed += 1;
        continue;
      }
      let outcome: 'written' | 'read' | 'limit' = 'read';
      if (!row.value) fail(start + i, row.errors.join(' '));
      else outcome = await slowRow(start + i, row.value);
      if (outcome === 'limit') break;
      counts.processed += 1;
      // a row written through the services is checkpointed at once: a resumed run must not count it twice
      if (outcome === 'written' || counts.processed % 50 === 0) await save();
    }
    if (checkpoint.limitMessage && status === 'done') {
      status = 'stopped';
      message = checkpoint.limitMessage;
    }
    await save();
  }
  if (!(await holds(db))) throw new LostClaim();
  await t.update(
    importJobs,
    { ...pending(), status, message, finishedAt: new Date(), source: null, checkpoint: null },
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

/**
 * The skipped and failed rows as uploaded — the file's own columns in their order, each cell as it was
 * (formula-escaped, which the import undoes) — then the row number and the reason: fixed and uploaded
 * again, it imports as the original would. A failures file's own Row and Error columns are not repeated.
 */
export async function failuresCsv(db: Db, actor: Actor, id: string): Promise<string> {
  const row = await readJob(db, actor, id);
  const added = [IMPORT_TEXT.rowColumn, IMPORT_TEXT.errorColumn];
  const reimported = row.headers.length >= 2 && added.every((name, i) => row.headers[row.headers.length - 2 + i]?.trim() === name);
  const width = reimported ? row.headers.length - 2 : row.headers.length;
  const cells = (values: string[] | undefined) => Array.from({ length: width }, (_, i) => values?.[i] ?? '');
  return (
    '\uFEFF' +
    csvLine([...row.headers.slice(0, width), ...added]) +
    row.failures.map((f) => csvLine([...cells(f.values), String(f.line), f.reason])).join('')
  );
}

/** Removes what the import created (updated records keep their new values), within 24 hours. */
export async function undoImport(db: Db, actor: Actor, id: string): Promise<ImportJob> {
  const row = await readJob(db, actor, id);
  const job = toJob(row);
  if (row.status !== 'done' && row.status !== 'stopped') throw conflict(IMPORT_TEXT.notUndoable, 'IMPORT_NOT_UNDOABLE');
  if (!job.undoable) throw conflict(IMPORT_TEXT.undoExpired, 'IMPORT_UNDO_EXPIRED');
  const [done] = await tenant(db, actor).transaction(async (t) => {
    // each record removed is a delete like any other: its event (tombstone, webhook) before its row goes
    if (row.createdPolicyIds.length) {
      const gone = await t.select({ id: policies.id }).from(policies, inArray(policies.id, row.createdPolicyIds));
      await unlinkTasks(t, actor, 'policyId', gone.map((p) => p.id));
      await policiesChanged(t, actor, 'policy.deleted', gone.map((p) => p.id));
      await t.delete(policies, inArray(policies.id, row.createdPolicyIds));
    }
    if (row.createdCustomerIds.length) {
      // a customer who has since been given a policy outside this import stays
      const gone = await t.from(
        customers,
        inArray(customers.id, row.createdCustomerIds),
        sql`not exists (select 1 from ${policies} where ${policies.agencyId} = ${customers.agencyId} and ${policies.customerId} = ${customers.id})`,
      );
      for (const c of gone) {
        await emit(t, actor, { type: 'customer.deleting', entityId: c.id, customerId: c.id });
        await emit(t, actor, { type: 'customer.deleted', entityId: c.id, data: toCustomer(c) });
      }
      if (gone.length) await t.delete(customers, inArray(customers.id, gone.map((c) => c.id)));
    }
    return t.update(importJobs, { status: 'undone', finishedAt: new Date() }, and(eq(importJobs.id, id), eq(importJobs.status, row.status))).returning();
  });
  if (!done) throw conflict(IMPORT_TEXT.notUndoable, 'IMPORT_NOT_UNDOABLE');
  return toJob(done);
}
