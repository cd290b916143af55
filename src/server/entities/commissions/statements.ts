// Carrier statements: preview (every line with its reason), import (one transaction: the statement,
// its matched and unmatched lines, the carrier's mapping, the activity line), the failures file, and
// undo (its lines go, so its terms read unpaid again). A file whose bytes were imported before and
// not undone is refused unless the user confirms.
import { createHash } from 'node:crypto';
import { desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { csvLine } from '#shared/csv.ts';
import {
  COMMISSION_TEXT,
  type ReconcileCause,
  STATEMENT_FIELDS,
  STATEMENT_MISSING,
  type Statement,
  LINE_TEXT,
  type StatementLineDetail,
  type StatementMapping,
  type StatementPreview,
  type UnmatchedLine,
} from '#shared/commissions.ts';
import type { Actor } from '#server/context.ts';
import { activityLog, commissionLines, commissionStatements, policies } from '#server/db/schema.ts';
import { badRequest, conflict, notFound } from '#server/errors.ts';
import { emit } from '#server/platform/events.ts';
import { tenant, type Connection, type Tenant } from '#server/tenant.ts';
import { carrierKey, readSettings, saveMapping } from './settings.ts';
import { checkLines, parseStatement, type CheckedLine, type StatementFile } from './statement-lines.ts';

export interface StatementUpload {
  carrier: string;
  period: string;
  mapping?: StatementMapping;
  confirm: boolean;
  fileName: string;
  bytes: Uint8Array;
  file: StatementFile;
}

const PREVIEW_LINES = 50;
const INSERT_CHUNK = 500;

type StatementRow = typeof commissionStatements.$inferSelect;
const toStatement = (r: StatementRow): Statement => ({
  id: r.id,
  carrier: r.carrier,
  period: r.period,
  file_name: r.fileName,
  status: r.status as Statement['status'],
  matched: r.matched,
  unmatched: r.unmatched,
  failed: r.failed,
  amount: r.amount,
  created_at: r.createdAt.toISOString(),
  undone_at: r.undoneAt?.toISOString() ?? null,
});

/**
 * The webhooks of a change to what was received (issue 31): `commission.reconciled` once per write,
 * naming each term whose received amount moved; nothing when no term did (only lines not in the book).
 * No summary: the writes log their own activity line.
 */
export async function reconciled(t: Tenant, actor: Actor, cause: ReconcileCause, ids: { statement?: string; receipt?: string }, policyIds: (string | null)[]) {
  const distinct = [...new Set(policyIds.filter((id): id is string => id !== null))];
  if (!distinct.length) return;
  await emit(t, actor, {
    type: 'commission.reconciled',
    entityId: ids.statement ?? ids.receipt ?? null,
    data: { cause, statement_id: ids.statement ?? null, receipt_id: ids.receipt ?? null, policy_ids: distinct },
  });
}

const hashOf = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Sum of signed amounts as cents (BigInt: exact for any count of lines). */
function sumAmounts(amounts: string[]): string {
  let cents = 0n;
  for (const a of amounts) {
    const negative = a.startsWith('-');
    const [whole, fraction = '00'] = a.replace('-', '').split('.');
    const value = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
    cents += negative ? -value : value;
  }
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

async function earlierImport(t: Tenant, hash: string) {
  const [row] = await t
    .from(commissionStatements, eq(commissionStatements.contentHash, hash), eq(commissionStatements.status, 'applied'))
    .orderBy(desc(commissionStatements.createdAt))
    .limit(1);
  return row ?? null;
}

async function readAndCheck(t: Tenant, upload: StatementUpload) {
  const settings = await readSettings(t);
  const parsed = parseStatement(upload.file, upload.mapping, settings.mappings[carrierKey(upload.carrier)]);
  const checked = parsed.missing.length ? [] : await checkLines(t, parsed, upload.period);
  return { parsed, checked };
}

export async function previewStatement(db: Connection, actor: Actor, upload: StatementUpload): Promise<StatementPreview> {
  const t = tenant(db, actor);
  const { parsed, checked } = await readAndCheck(t, upload);
  const earlier = await earlierImport(t, hashOf(upload.bytes));
  const count = (s: CheckedLine['status'][]) => checked.filter((l) => s.includes(l.status)).length;
  return {
    headers: parsed.headers,
    mapping: parsed.mapping,
    missing: parsed.missing,
    total: parsed.rows.length,
    summary: { matched: count(['matched']), unmatched: count(['unmatched']), invalid: count(['invalid', 'duplicate']) },
    amount: sumAmounts(checked.filter((l) => l.status === 'matched').map((l) => l.amount!)),
    lines: checked.slice(0, PREVIEW_LINES).map((l) => ({
      line: l.line,
      values: parsed.rows[l.index].map((c) => (c.length > 200 ? `${c.slice(0, 200)}…` : c)),
      status: l.status,
      reason: l.reason,
      policy_number: l.policyNumber,
      amount: l.amount,
    })),
    duplicate_of: earlier ? { id: earlier.id, file_name: earlier.fileName, created_at: earlier.createdAt.toISOString() } : null,
  };
}

/**
 * One chunk of a statement's lines in one insert, a text array per column unnested: the same rows as
 * drizzle's multi-row `values`, whose building allocated ~19 KB per line (a parameter object and
 * placeholder per cell: ~190 MB for 10,000 lines, which grew the server's memory; issue 31).
 */
async function insertLines(tx: Tenant, statementId: string, userId: string, lines: CheckedLine[]) {
  const column = (pick: (l: CheckedLine) => string | null) => sql.param(lines.map(pick));
  await tx.execute(sql`
    insert into commission_lines (agency_id, statement_id, policy_id, line_no, policy_number, insured_name, premium, amount, received_on, transaction_type, status, reason, created_by)
    select ${tx.agency}, ${statementId}::uuid, l.policy_id::uuid, l.line_no::int, l.policy_number, l.insured_name, l.premium::numeric, l.amount::numeric, l.received_on::date, l.transaction_type, l.status, l.reason, ${userId}
      from unnest(${column((l) => l.policyId)}::text[], ${column((l) => String(l.line))}::text[], ${column((l) => l.policyNumber)}::text[], ${column((l) => l.insuredName)}::text[],
                  ${column((l) => l.premium)}::text[], ${column((l) => l.amount)}::text[], ${column((l) => l.date)}::text[], ${column((l) => l.type)}::text[],
                  ${column((l) => (l.status === 'matched' ? 'matched' : 'unmatched'))}::text[], ${column((l) => l.reason)}::text[])
        as l(policy_id, line_no, policy_number, insured_name, premium, amount, received_on, transaction_type, status, reason)`);
}

export async function importStatement(db: Connection, actor: Actor, upload: StatementUpload): Promise<Statement> {
  const t = tenant(db, actor);
  const { parsed, checked } = await readAndCheck(t, upload);
  if (parsed.missing.length) throw badRequest(STATEMENT_MISSING(parsed.missing), { mapping: STATEMENT_MISSING(parsed.missing) }, 'MAPPING_INCOMPLETE');
  const applied = checked.filter((l) => l.status === 'matched' || l.status === 'unmatched');
  if (!applied.length) throw badRequest(COMMISSION_TEXT.noLines, { file: COMMISSION_TEXT.noLines }, 'NO_LINES');
  const failed = checked.filter((l) => l.status === 'invalid' || l.status === 'duplicate');
  const hash = hashOf(upload.bytes);
  return t.transaction(async (tx) => {
    // two uploads of one file queue here, so the second sees the first
    await tx.lockAgency();
    const earlier = await earlierImport(tx, hash);
    if (earlier && !upload.confirm)
      throw conflict(COMMISSION_TEXT.duplicateFile(earlier.fileName, earlier.createdAt.toISOString().slice(0, 10)), 'STATEMENT_DUPLICATE');
    const matched = applied.filter((l) => l.status === 'matched');
    const [row] = await tx
      .insert(commissionStatements, {
        carrier: upload.carrier.trim(),
        period: upload.period,
        fileName: upload.fileName.slice(0, 200),
        contentHash: hash,
        matched: matched.length,
        unmatched: applied.length - matched.length,
        failed: failed.length,
        amount: sumAmounts(matched.map((l) => l.amount!)),
        headers: parsed.headers,
        failures: failed.map((l) => ({ line: l.line, reason: l.reason, values: parsed.rows[l.index] })),
        createdBy: actor.userId,
      })
      .returning();
    for (let i = 0; i < applied.length; i += INSERT_CHUNK) await insertLines(tx, row.id, actor.userId, applied.slice(i, i + INSERT_CHUNK));
    const byHeader: Record<string, string> = {};
    for (const f of STATEMENT_FIELDS) {
      const i = parsed.mapping[f.key];
      if (i !== null && i !== undefined && parsed.headers[i]) byHeader[f.key] = parsed.headers[i];
    }
    await saveMapping(tx, upload.carrier, byHeader);
    await tx.insert(activityLog, {
      actorId: actor.userId,
      kind: 'payment',
      action: 'created',
      entityId: row.id,
      summary: `Imported the ${row.carrier} commission statement for ${row.period} (${row.fileName}): ${matched.length} matched, ${row.unmatched} not in the book, ${row.failed} failed`.slice(0, 500),
    });
    const statement = toStatement(row);
    await emit(tx, actor, { type: 'statement.imported', entityId: row.id, data: statement });
    await reconciled(tx, actor, 'statement_imported', { statement: row.id }, matched.map((l) => l.policyId));
    return statement;
  });
}

export async function listStatements(db: Connection, actor: Actor): Promise<Statement[]> {
  const rows = await tenant(db, actor).from(commissionStatements).orderBy(desc(commissionStatements.createdAt)).limit(100);
  return rows.map(toStatement);
}

/** One statement of the agency; another agency's is a 404. */
export async function getStatement(db: Connection, actor: Actor, id: string): Promise<Statement> {
  return toStatement(await statementOf(tenant(db, actor), id));
}

async function statementOf(t: Tenant, id: string): Promise<StatementRow> {
  const [row] = await t.from(commissionStatements, eq(commissionStatements.id, id));
  if (!row) throw notFound(COMMISSION_TEXT.statementNotFound);
  return row;
}

export async function undoStatement(db: Connection, actor: Actor, id: string): Promise<Statement> {
  return tenant(db, actor).transaction(async (tx) => {
    const row = await statementOf(tx, id);
    if (row.status !== 'applied') throw conflict(COMMISSION_TEXT.alreadyUndone, 'ALREADY_UNDONE');
    const gone = await tx.delete(commissionLines, eq(commissionLines.statementId, id)).returning({ policyId: commissionLines.policyId });
    const [undone] = await tx.update(commissionStatements, { status: 'undone', undoneAt: new Date() }, eq(commissionStatements.id, id)).returning();
    await tx.insert(activityLog, {
      actorId: actor.userId,
      kind: 'payment',
      action: 'deleted',
      entityId: id,
      summary: `Undid the ${row.carrier} commission statement for ${row.period} (${row.fileName})`.slice(0, 500),
    });
    // the undo is not an import: no second statement.imported, only the terms it had paid
    await reconciled(tx, actor, 'statement_undone', { statement: id }, gone.map((l) => l.policyId));
    return toStatement(undone);
  });
}

/** The lines that were not applied, as uploaded, with their reason: fix them and import the file again. */
export async function failuresCsv(db: Connection, actor: Actor, id: string): Promise<string> {
  const row = await statementOf(tenant(db, actor), id);
  return csvLine(['Line', ...row.headers, 'Reason']) + row.failures.map((f) => csvLine([String(f.line), ...f.values, f.reason])).join('');
}


/** Lines on the statements but not in the book (and the ignored ones, with their reasons). */
export async function listUnmatched(db: Connection, actor: Actor): Promise<UnmatchedLine[]> {
  const rows = await tenant(db, actor)
    .from(commissionLines, inArray(commissionLines.status, ['unmatched', 'ignored']))
    .orderBy(desc(commissionLines.receivedOn), commissionLines.lineNo)
    .limit(500);
  return rows.map((r) => ({
    id: r.id,
    statement_id: r.statementId,
    line: r.lineNo,
    policy_number: r.policyNumber,
    insured_name: r.insuredName,
    premium: r.premium,
    amount: r.amount,
    received_on: r.receivedOn,
    status: r.status as UnmatchedLine['status'],
    reason: r.reason,
  }));
}

export async function ignoreLine(db: Connection, actor: Actor, id: string, reason: string): Promise<void> {
  await tenant(db, actor).transaction(async (tx) => {
    const [line] = await tx.from(commissionLines, eq(commissionLines.id, id));
    if (!line) throw notFound(COMMISSION_TEXT.lineNotFound);
    if (line.status !== 'unmatched') throw conflict(COMMISSION_TEXT.lineNotUnmatched, 'NOT_UNMATCHED');
    await tx.update(commissionLines, { status: 'ignored', reason }, eq(commissionLines.id, id));
    await tx.insert(activityLog, {
      actorId: actor.userId,
      kind: 'payment',
      action: 'updated',
      entityId: id,
      summary: `Ignored the statement line of ${line.policyNumber ?? line.insuredName ?? 'an unknown policy'}: ${reason}`.slice(0, 500),
    });
  });
}

/** A statement line of the agency with its statement's carrier (the new-policy form's pre-fill); another agency's is a 404. */
export async function getLine(db: Connection, actor: Actor, id: string): Promise<StatementLineDetail> {
  const t = tenant(db, actor);
  const [line] = await t.from(commissionLines, eq(commissionLines.id, id));
  if (!line?.statementId) throw notFound(COMMISSION_TEXT.lineNotFound);
  const statement = await statementOf(t, line.statementId);
  return {
    id: line.id,
    statement_id: line.statementId,
    line: line.lineNo,
    policy_number: line.policyNumber,
    insured_name: line.insuredName,
    premium: line.premium,
    amount: line.amount,
    received_on: line.receivedOn,
    status: line.status as StatementLineDetail['status'],
    reason: line.reason,
    carrier: statement.carrier,
    policy_id: line.policyId,
  };
}

/** The name the match reason gives ("Matched by hand by <name> …"). */
const actorName = (actor: Actor) => `${actor.firstName} ${actor.lastName}`.trim() || actor.email;

/** Counts and amount of a statement moved by a line that starts (+1) or stops (−1) paying a term. */
async function countLine(tx: Tenant, statementId: string, amount: string, sign: 1 | -1) {
  const op = sign === 1 ? sql`+` : sql`-`;
  await tx.update(
    commissionStatements,
    {
      matched: sql`${commissionStatements.matched} ${op} 1`,
      unmatched: sql`${commissionStatements.unmatched} ${sign === 1 ? sql`-` : sql`+`} 1`,
      amount: sql`${commissionStatements.amount} ${op} ${amount}::numeric`,
    },
    eq(commissionStatements.id, statementId),
  );
}

/**
 * A statement line matched by hand to a policy of the book (issue 31): a line not in the book (the
 * carrier prints another number; or the policy created from the line), or a line the import matched
 * to the wrong policy. It pays that term from now on ("Matched by hand by <name> …"); what the import
 * had decided is kept so that reopenLine puts it back.
 */
export async function matchLine(db: Connection, actor: Actor, id: string, policyId: string): Promise<{ policy_number: string }> {
  return tenant(db, actor).transaction(async (tx) => {
    const [line] = await tx.from(commissionLines, eq(commissionLines.id, id));
    if (!line?.statementId) throw notFound(COMMISSION_TEXT.lineNotFound);
    if (line.status === 'ignored') throw conflict(COMMISSION_TEXT.lineIgnoredNotMatchable, 'LINE_IGNORED');
    const [policy] = await tx.select({ id: policies.id, number: policies.policyNumber }).from(policies, eq(policies.id, policyId));
    if (!policy) throw notFound(COMMISSION_TEXT.policyNotFound);
    if (line.policyId === policy.id) throw conflict(COMMISSION_TEXT.lineAlreadyPays(policy.number), 'ALREADY_MATCHED');
    const before = line.policyId;
    // the import's decision, kept at the first match by hand only (a second one keeps the first's)
    const imported = line.matchedBy === null && line.status === 'matched' ? { importedPolicyId: line.policyId, importedReason: line.reason } : {};
    await tx.update(
      commissionLines,
      { status: 'matched', policyId: policy.id, matchedBy: actor.userId, reason: LINE_TEXT.matchedByHand(policy.number, actorName(actor)), ...imported },
      eq(commissionLines.id, id),
    );
    if (line.status === 'unmatched') await countLine(tx, line.statementId, line.amount, 1);
    const what = line.policyNumber ?? line.insuredName ?? 'an unknown policy';
    let from = '';
    if (before) {
      const [old] = await tx.select({ number: policies.policyNumber }).from(policies, eq(policies.id, before));
      from = ` (it paid policy ${old?.number ?? 'another policy'})`;
    }
    await tx.insert(activityLog, {
      actorId: actor.userId,
      kind: 'payment',
      action: 'updated',
      entityId: policy.id,
      summary: `Matched the statement line of ${what} ($${line.amount}) to policy ${policy.number}${from}`.slice(0, 500),
    });
    await reconciled(tx, actor, 'line_matched', { statement: line.statementId }, [before, policy.id]);
    return { policy_number: policy.number };
  });
}

/**
 * The undo of a match by hand or of an ignore. A line matched by hand goes back to what the import
 * decided: the policy it matched then (with its reason), or among the lines not in the book; an
 * ignored line, or one the import matched, goes back among the lines not in the book.
 */
export async function reopenLine(db: Connection, actor: Actor, id: string): Promise<{ policy_number: string | null }> {
  return tenant(db, actor).transaction(async (tx) => {
    const [line] = await tx.from(commissionLines, eq(commissionLines.id, id));
    if (!line?.statementId) throw notFound(COMMISSION_TEXT.lineNotFound);
    if (line.status === 'unmatched') throw conflict(COMMISSION_TEXT.lineNotReopenable, 'ALREADY_UNMATCHED');
    let restore: { id: string; number: string } | undefined;
    if (line.matchedBy !== null && line.importedPolicyId) {
      // a policy deleted since leaves the line not in the book
      [restore] = await tx.select({ id: policies.id, number: policies.policyNumber }).from(policies, eq(policies.id, line.importedPolicyId));
    }
    const what = line.policyNumber ?? line.insuredName ?? 'an unknown policy';
    const cleared = { matchedBy: null, importedPolicyId: null, importedReason: null };
    if (restore) {
      await tx.update(commissionLines, { policyId: restore.id, reason: line.importedReason, ...cleared }, eq(commissionLines.id, id));
    } else {
      const reason = line.policyNumber ? LINE_TEXT.notInBook : LINE_TEXT.noNameMatch;
      await tx.update(commissionLines, { status: 'unmatched', policyId: null, reason, ...cleared }, eq(commissionLines.id, id));
      if (line.status === 'matched') await countLine(tx, line.statementId, line.amount, -1);
    }
    await tx.insert(activityLog, {
      actorId: actor.userId,
      kind: 'payment',
      action: 'updated',
      entityId: line.status === 'matched' ? line.policyId : id,
      summary: (restore
        ? `Put the statement line of ${what} ($${line.amount}) back on policy ${restore.number}, as the import matched it`
        : line.status === 'matched'
          ? `Unmatched the statement line of ${what} ($${line.amount}): not in the book again`
          : `Took back the ignore of the statement line of ${what}`
      ).slice(0, 500),
    });
    if (line.status === 'matched') await reconciled(tx, actor, 'line_unmatched', { statement: line.statementId }, [line.policyId, restore?.id ?? null]);
    return { policy_number: restore?.number ?? null };
  });
}

/** A commission received without a statement (a carrier that sends no file). */
export async function recordReceipt(
  db: Connection,
  actor: Actor,
  input: { policy_id: string; amount: string; received_on: string; note: string | null },
): Promise<{ id: string }> {
  return tenant(db, actor).transaction(async (tx) => {
    const [policy] = await tx.select({ id: policies.id, number: policies.policyNumber, name: policies.customerName }).from(policies, eq(policies.id, input.policy_id));
    if (!policy) throw notFound(COMMISSION_TEXT.policyNotFound);
    const [row] = await tx
      .insert(commissionLines, {
        policyId: policy.id,
        policyNumber: policy.number,
        insuredName: policy.name,
        amount: input.amount,
        receivedOn: input.received_on,
        transactionType: 'manual',
        status: 'matched',
        reason: input.note,
        createdBy: actor.userId,
      })
      .returning({ id: commissionLines.id });
    await tx.insert(activityLog, {
      actorId: actor.userId,
      kind: 'payment',
      action: 'created',
      entityId: policy.id,
      summary: `Recorded a commission of $${input.amount} received on ${input.received_on} for policy ${policy.number}`,
    });
    await reconciled(tx, actor, 'receipt_recorded', { receipt: row.id }, [policy.id]);
    return row;
  });
}

/** Deletes a manual receipt (its undo). Statement lines go with their statement's undo. */
export async function deleteReceipt(db: Connection, actor: Actor, id: string): Promise<void> {
  await tenant(db, actor).transaction(async (tx) => {
    const [row] = await tx.delete(commissionLines, eq(commissionLines.id, id), isNull(commissionLines.statementId), eq(commissionLines.status, 'matched')).returning();
    if (!row) throw notFound(COMMISSION_TEXT.lineNotFound);
    await tx.insert(activityLog, {
      actorId: actor.userId,
      kind: 'payment',
      action: 'deleted',
      entityId: row.policyId,
      summary: `Deleted a commission of $${row.amount} received on ${row.receivedOn} for policy ${row.policyNumber ?? ''}`.trim(),
    });
    await reconciled(tx, actor, 'receipt_deleted', { receipt: row.id }, [row.policyId]);
  });
}
