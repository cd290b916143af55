// The full export: the agency's book as one zip of CSVs and a manifest, streamed in keyset batches
// through the tenant context, so memory stays flat however large the book is.
import { and, asc, eq, gt, is, SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { csvLine } from '#shared/csv.ts';
import { EXPORT_FILES, EXPORT_NOT_INCLUDED, MANIFEST_FILE, type ExportFileKey } from '#shared/export.ts';
import { REPORT_TEXT } from '#shared/reports.ts';
import type { Actor } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { textRows } from '#server/db/prepared.ts';
import {
  activityLog,
  commissionLines,
  commissionOverrides,
  commissionProducerSplits,
  commissionRates,
  commissionStatements,
  commissionTermSplits,
  customerCommunications,
  customers,
  documents,
  policies,
  user,
} from '#server/db/schema.ts';
import { cellValue, DETAIL_COLUMNS, type PolicyType } from '#shared/lines/index.ts';
import { connectionOf, tenant, type Tenant } from '#server/tenant.ts';
import { toReadableStream, zipStream, type ZipSource } from '#server/platform/zip.ts';

export const EXPORT_BATCH = 1000;
/** Characters per yielded piece of CSV: well under V8's large-object threshold (128 KB) even as two-byte text. */
const CHUNK_CHARS = 32 * 1024;

type Cell = string | null;
type Batch = { id: string; cells: Cell[] }[];
const text = (v: Cell) => v ?? '';

/**
 * Rows in id order, one batch per query (keyset on the table's (agency_id, id) unique index), each
 * batch turned into CSV lines; `counted` learns how many rows were written, for the manifest.
 */
async function* csvBatches(header: readonly { name: string }[], fetch: (after: string | null) => Promise<Batch>, counted: (n: number) => void): AsyncGenerator<string> {
  yield '\uFEFF' + csvLine(header.map((c) => c.name));
  let total = 0;
  let after: string | null = null;
  for (;;) {
    const rows: Batch = await fetch(after);
    // Yielded in pieces of about CHUNK_CHARS: a batch joined whole (600 KB of policies) is a string
    // V8 allocates in its large-object space, which only a full collection frees; a fresh worker's
    // heap grew by 100 MB of them during one export. Pieces this size die young.
    let piece = '';
    for (const r of rows) {
      piece += csvLine(r.cells.map(text));
      if (piece.length >= CHUNK_CHARS) {
        yield piece;
        piece = '';
      }
    }
    if (piece) yield piece;
    total += rows.length;
    if (rows.length < EXPORT_BATCH) break;
    after = rows[rows.length - 1].id;
  }
  counted(total);
}

const afterId = (column: AnyPgColumn, after: string | null): SQL | undefined => (after ? gt(column, after) : undefined);

/** A value as PostgreSQL's text (textRows reads every column as text); a timestamp as toISOString() writes it (UTC, milliseconds). */
const asText = (c: AnyPgColumn): SQL<string | null> => sql`${c}::text`;
const isoText = (c: AnyPgColumn): SQL<string | null> => sql`to_char(date_trunc('milliseconds', ${c}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** The select list in CSV column order (keys c0, c1, … keep the order). */
const columns = (...cells: (AnyPgColumn | SQL<string | null>)[]) =>
  Object.fromEntries(cells.map((c, i) => [`c${i}`, is(c, SQL) ? c : asText(c as AnyPgColumn)])) as Record<string, SQL<string | null>>;

/** The rows as text arrays (no per-row mapping); the first cell is the keyset id, dropped when `idOnly`. */
async function batch(t: Tenant, query: { toSQL(): { sql: string; params: unknown[] } }, idOnly = false): Promise<Batch> {
  const rows = await textRows(connectionOf(t) as Db, query.toSQL());
  // a CSV line is a sequence, not a record: its cells keep their places
  return rows.map((cells) => ({ id: cells[0]!, cells: idOnly ? cells.slice(1) : cells }));
}

function customerRows(t: Tenant, scope?: SQL) {
  const c = customers;
  const fields = columns(c.id, c.name, c.email, c.phone, c.customerType, c.address, c.city, c.postalCode, c.dateOfBirth, c.notes, isoText(c.createdAt));
  return (after: string | null) => batch(t, t.select(fields).from(c, afterId(c.id, after), scope).orderBy(asc(c.id)).limit(EXPORT_BATCH));
}

function policyRows(t: Tenant, scope?: SQL) {
  const p = policies;
  const head = columns(
    p.id, p.policyNumber, p.policyType, p.status, p.insuranceCompany, p.customerId, p.customerName, p.customerEmail, p.customerPhone,
    p.premiumAmount, p.coverageAmount, p.deductible, p.startDate, p.endDate, isoText(p.createdAt), p.details,
  );
  return async (after: string | null): Promise<Batch> => {
    const rows = await batch(t, t.select(head).from(p, afterId(p.id, after), scope).orderBy(asc(p.id)).limit(EXPORT_BATCH));
    // a policy fills only its own line's columns (decision 051)
    return rows.map((r) => {
      const type = r.cells[2];
      const details = r.cells[15] ? (JSON.parse(r.cells[15]) as Record<string, unknown>) : {};
      const cells = DETAIL_COLUMNS.map((c) => (c.lines.includes(type as PolicyType) ? cellValue(c.meta, details[c.key]) : null));
      return { id: r.id, cells: [...r.cells.slice(0, 15), ...cells] };
    });
  };
}

function communicationRows(t: Tenant) {
  const c = customerCommunications;
  const fields = columns(c.id, c.customerId, customers.email, c.type, c.subject, c.content, isoText(c.communicationDate));
  return (after: string | null) =>
    batch(
      t,
      t
        .select(fields)
        .from(c, afterId(c.id, after))
        .innerJoin(customers, and(eq(customers.agencyId, c.agencyId), eq(customers.id, c.customerId)))
        .orderBy(asc(c.id))
        .limit(EXPORT_BATCH),
    );
}

function renewalRows(t: Tenant) {
  const p = policies;
  // the assignee's e-mail only: user is not a tenant table, and nothing else of it is read
  const fields = columns(p.id, p.policyNumber, p.renewalState, p.renewedFromId, p.remarket, p.lostReason, p.lostNote, p.assigneeId, user.email);
  return (after: string | null) =>
    batch(t, t.select(fields).from(p, afterId(p.id, after)).leftJoin(user, eq(user.id, p.assigneeId)).orderBy(asc(p.id)).limit(EXPORT_BATCH));
}

function documentRows(t: Tenant) {
  const d = documents;
  // stored documents only (not upload reservations); the uploader's e-mail only, as for renewals
  const fields = columns(d.id, d.name, d.contentType, d.size, d.customerId, d.policyId, user.email, isoText(d.createdAt), isoText(d.deletedAt));
  return (after: string | null) =>
    batch(
      t,
      t
        .select(fields)
        .from(d, eq(d.status, 'ready'), afterId(d.id, after))
        .leftJoin(user, eq(user.id, d.uploadedBy))
        .orderBy(asc(d.id))
        .limit(EXPORT_BATCH),
    );
}

function activityRows(t: Tenant) {
  const a = activityLog;
  // the actor's display name only: user is not a tenant table, and nothing else of it is read
  const fields = columns(a.id, isoText(a.createdAt), user.name, a.kind, a.action, a.entityId, a.summary);
  return (after: string | null) =>
    batch(t, t.select(fields).from(a, afterId(a.id, after)).leftJoin(user, eq(user.id, a.actorId)).orderBy(asc(a.id)).limit(EXPORT_BATCH), true);
}

function scheduleRows(t: Tenant) {
  const r = commissionRates;
  const fields = columns(r.id, r.carrier, r.line, r.business, r.rate, r.effectiveFrom, isoText(r.createdAt));
  return (after: string | null) => batch(t, t.select(fields).from(r, afterId(r.id, after)).orderBy(asc(r.id)).limit(EXPORT_BATCH));
}

function overrideRows(t: Tenant) {
  const o = commissionOverrides;
  const fields = columns(o.policyId, policies.policyNumber, o.rate);
  return (after: string | null) =>
    batch(
      t,
      t
        .select(fields)
        .from(o, afterId(o.policyId, after))
        .innerJoin(policies, and(eq(policies.agencyId, o.agencyId), eq(policies.id, o.policyId)))
        .orderBy(asc(o.policyId))
        .limit(EXPORT_BATCH),
    );
}

/**
 * The members' splits, then the shared terms. The two parts have different keys (a user id, a policy
 * id), so this reader keeps its own cursor on the terms: the first batch is every member's split (an
 * agency has a handful of producers) with the first terms, the next ones only terms.
 */
function splitRows(t: Tenant) {
  const p = commissionProducerSplits;
  const s = commissionTermSplits;
  let first = true;
  let cursor: string | null = null;
  return async (): Promise<Batch> => {
    const members: Batch = first
      ? await batch(
          t,
          t
            .select(columns(sql<string>`'producer'`, p.userId, user.email, p.newBusiness, p.renewal, sql<null>`null`, sql<null>`null`))
            .from(p)
            .leftJoin(user, eq(user.id, p.userId))
            .orderBy(asc(p.userId)),
        )
      : [];
    first = false;
    const terms = await batch(
      t,
      t
        .select(columns(s.policyId, sql<string>`'term'`, s.producerId, user.email, sql<null>`null`, sql<null>`null`, s.policyId, s.share))
        .from(s, afterId(s.policyId, cursor))
        .leftJoin(user, eq(user.id, s.producerId))
        .orderBy(asc(s.policyId))
        .limit(EXPORT_BATCH),
      true,
    );
    if (terms.length > 0) cursor = terms[terms.length - 1].id;
    // a full page of terms asks for another; members plus a short page end with one more (empty) read at most
    return [...members, ...terms];
  };
}

function statementRows(t: Tenant) {
  const s = commissionStatements;
  const fields = columns(s.id, s.carrier, s.period, s.fileName, s.contentHash, s.status, s.matched, s.unmatched, s.failed, s.amount, isoText(s.createdAt), isoText(s.undoneAt));
  return (after: string | null) => batch(t, t.select(fields).from(s, afterId(s.id, after)).orderBy(asc(s.id)).limit(EXPORT_BATCH));
}

function commissionLineRows(t: Tenant) {
  const l = commissionLines;
  const fields = columns(
    l.id, l.statementId, l.lineNo, l.status, l.policyId, l.policyNumber, l.insuredName, l.premium, l.amount, l.receivedOn, l.transactionType, l.reason, isoText(l.createdAt),
    l.matchedBy, l.importedPolicyId, l.importedReason,
  );
  return (after: string | null) => batch(t, t.select(fields).from(l, afterId(l.id, after)).orderBy(asc(l.id)).limit(EXPORT_BATCH));
}

/**
 * One file of the archive, limited to some records (`scope`: a condition on the table, e.g. a bulk
 * selection): the same columns and CSV writer as the full export, streamed the same way.
 */
export function exportScopedCsv(db: Db, actor: Actor, key: 'customers' | 'policies', scope: SQL): ReadableStream<Uint8Array> {
  const t = tenant(db, actor);
  const rows = key === 'customers' ? customerRows(t, scope) : policyRows(t, scope);
  const encoder = new TextEncoder();
  const lines = csvBatches(EXPORT_FILES[key].columns, rows, () => {});
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await lines.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
  });
}

/** The archive as a web stream: customers, policies, communications, activity, then the manifest. */
export function exportBook(db: Db, actor: Actor, now = new Date()): ReadableStream<Uint8Array> {
  const t = tenant(db, actor);
  const counts: Partial<Record<ExportFileKey, number>> = {};
  const source = (key: ExportFileKey, fetch: (after: string | null) => Promise<Batch>): ZipSource => ({
    name: EXPORT_FILES[key].name,
    content: () => csvBatches(EXPORT_FILES[key].columns, fetch, (n) => (counts[key] = n)),
  });
  const files: ZipSource[] = [
    source('customers', customerRows(t)),
    source('policies', policyRows(t)),
    source('communications', communicationRows(t)),
    source('renewals', renewalRows(t)),
    source('documents', documentRows(t)),
    source('activity', activityRows(t)),
    source('commission_schedules', scheduleRows(t)),
    source('commission_overrides', overrideRows(t)),
    source('producer_splits', splitRows(t)),
    source('commission_statements', statementRows(t)),
    source('commission_lines', commissionLineRows(t)),
    {
      name: MANIFEST_FILE,
      // written last, when the row counts are known
      content: async function* () {
        yield JSON.stringify(
          {
            format: 'policydesk-export',
            version: 1,
            agency: { id: actor.agency.id, name: actor.agency.name },
            exported_at: now.toISOString(),
            formats: REPORT_TEXT.csvFormat,
            files: (Object.keys(EXPORT_FILES) as ExportFileKey[]).map((key) => ({
              name: EXPORT_FILES[key].name,
              rows: counts[key] ?? 0,
              columns: EXPORT_FILES[key].columns.map((c) => c.name),
            })),
            not_included: EXPORT_NOT_INCLUDED,
          },
          null,
          2,
        );
      },
    },
  ];
  return toReadableStream(zipStream(files, now));
}
