// The full export: the agency's book as one zip of CSVs and a manifest, streamed in keyset batches
// through the tenant context, so memory stays flat however large the book is.
import { and, asc, eq, gt, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { csvLine } from '#shared/customers.ts';
import { EXPORT_FILES, EXPORT_NOT_INCLUDED, MANIFEST_FILE, type ExportFileKey } from '#shared/export.ts';
import { REPORT_TEXT } from '#shared/reports.ts';
import type { Actor } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { activityLog, carInsuranceDetails, customerCommunications, customers, documents, fireInsuranceDetails, policies, user } from '#server/db/schema.ts';
import { tenant, type Tenant } from '#server/tenant.ts';
import { toReadableStream, zipStream, type ZipSource } from './zip.ts';

export const EXPORT_BATCH = 2000;

type Cell = string | number | null | undefined;
const text = (v: Cell) => (v === null || v === undefined ? '' : String(v));
const iso = (d: Date | null) => (d ? d.toISOString() : '');

/**
 * Rows in id order, one batch per query (keyset on the table's (agency_id, id) unique index), each
 * batch turned into CSV lines; `counted` learns how many rows were written, for the manifest.
 */
async function* csvBatches(
  header: readonly { name: string }[],
  fetch: (after: string | null) => Promise<{ id: string; cells: Cell[] }[]>,
  counted: (n: number) => void,
): AsyncGenerator<string> {
  yield '\uFEFF' + csvLine(header.map((c) => c.name));
  let after: string | null = null;
  let total = 0;
  for (;;) {
    const rows = await fetch(after);
    if (rows.length) yield rows.map((r) => csvLine(r.cells.map(text))).join('');
    total += rows.length;
    if (rows.length < EXPORT_BATCH) break;
    after = rows[rows.length - 1].id;
  }
  counted(total);
}

const afterId = (column: AnyPgColumn, after: string | null): SQL | undefined => (after ? gt(column, after) : undefined);

function customerRows(t: Tenant, scope?: SQL) {
  return async (after: string | null) => {
    const rows = await t.from(customers, afterId(customers.id, after), scope).orderBy(asc(customers.id)).limit(EXPORT_BATCH);
    return rows.map((r) => ({
      id: r.id,
      cells: [r.id, r.name, r.email, r.phone, r.customerType, r.address, r.city, r.postalCode, r.dateOfBirth, r.notes, iso(r.createdAt)],
    }));
  };
}

function policyRows(t: Tenant, scope?: SQL) {
  return async (after: string | null) => {
    const rows = await t.db
      .select({ p: policies, car: carInsuranceDetails, fire: fireInsuranceDetails })
      .from(policies)
      // joined on (agency_id, policy_id): the composite keys keep the join inside the agency
      .leftJoin(carInsuranceDetails, and(eq(carInsuranceDetails.agencyId, policies.agencyId), eq(carInsuranceDetails.policyId, policies.id)))
      .leftJoin(fireInsuranceDetails, and(eq(fireInsuranceDetails.agencyId, policies.agencyId), eq(fireInsuranceDetails.policyId, policies.id)))
      .where(t.where(policies, afterId(policies.id, after), scope))
      .orderBy(asc(policies.id))
      .limit(EXPORT_BATCH);
    return rows.map(({ p, car, fire }) => {
      const c = p.policyType === 'car' ? car : null;
      const f = p.policyType === 'fire' ? fire : null;
      return {
        id: p.id,
        cells: [
          p.id, p.policyNumber, p.policyType, p.status, p.insuranceCompany, p.customerId, p.customerName, p.customerEmail, p.customerPhone,
          p.premiumAmount, p.coverageAmount, p.deductible, p.startDate, p.endDate, iso(p.createdAt),
          c?.vehicleMake, c?.vehicleModel, c?.vehicleYear, c?.vinNumber, c?.driverLicense, c?.coverageType,
          f?.propertyAddress, f?.propertyType, f?.constructionYear, f?.propertyValue, f?.contentsCoverage,
        ],
      };
    });
  };
}

function communicationRows(t: Tenant) {
  return async (after: string | null) => {
    const rows = await t.db
      .select({ c: customerCommunications, email: customers.email })
      .from(customerCommunications)
      .innerJoin(customers, and(eq(customers.agencyId, customerCommunications.agencyId), eq(customers.id, customerCommunications.customerId)))
      .where(t.where(customerCommunications, afterId(customerCommunications.id, after)))
      .orderBy(asc(customerCommunications.id))
      .limit(EXPORT_BATCH);
    return rows.map(({ c, email }) => ({ id: c.id, cells: [c.id, c.customerId, email, c.type, c.subject, c.content, iso(c.communicationDate)] }));
  };
}

function renewalRows(t: Tenant) {
  return async (after: string | null) => {
    // the assignee's e-mail only: user is not a tenant table, and nothing else of it is read
    const rows = await t.db
      .select({ p: policies, email: user.email })
      .from(policies)
      .leftJoin(user, eq(user.id, policies.assigneeId))
      .where(t.where(policies, afterId(policies.id, after)))
      .orderBy(asc(policies.id))
      .limit(EXPORT_BATCH);
    return rows.map(({ p, email }) => ({
      id: p.id,
      cells: [p.id, p.policyNumber, p.renewalState, p.renewedFromId, String(p.remarket), p.lostReason, p.lostNote, p.assigneeId, email],
    }));
  };
}

function documentRows(t: Tenant) {
  return async (after: string | null) => {
    // stored documents only (not upload reservations); the uploader's e-mail only, as for renewals
    const rows = await t.db
      .select({ d: documents, email: user.email })
      .from(documents)
      .leftJoin(user, eq(user.id, documents.uploadedBy))
      .where(t.where(documents, eq(documents.status, 'ready'), afterId(documents.id, after)))
      .orderBy(asc(documents.id))
      .limit(EXPORT_BATCH);
    return rows.map(({ d, email }) => ({
      id: d.id,
      cells: [d.id, d.name, d.contentType, d.size, d.customerId, d.policyId, email, iso(d.createdAt), iso(d.deletedAt)],
    }));
  };
}

function activityRows(t: Tenant) {
  return async (after: string | null) => {
    // the actor's display name only: user is not a tenant table, and nothing else of it is read
    const rows = await t.db
      .select({ a: activityLog, actor: user.name })
      .from(activityLog)
      .leftJoin(user, eq(user.id, activityLog.actorId))
      .where(t.where(activityLog, afterId(activityLog.id, after)))
      .orderBy(asc(activityLog.id))
      .limit(EXPORT_BATCH);
    return rows.map(({ a, actor }) => ({ id: a.id, cells: [iso(a.createdAt), actor, a.kind, a.action, a.entityId, a.summary] }));
  };
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
  const source = (key: ExportFileKey, fetch: (after: string | null) => Promise<{ id: string; cells: Cell[] }[]>): ZipSource => ({
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
