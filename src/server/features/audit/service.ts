// Reading the audit log: filters by actor, action, target and date, newest first, over its indexes.
import { and, desc, eq, gte, lt, or, type SQL } from 'drizzle-orm';
import { AUDIT_EXPORT_MAX_ROWS, AUDIT_PAGE_SIZE, type AuditEntry, type AuditQuery } from '#shared/audit.ts';
import type { Paged } from '#shared/admin.ts';
import { crossAgency, type Connection } from '#server/tenant.ts';
import { auditLog } from '#server/db/schema.ts';
import { boundedCount } from '#server/db/count.ts';

type Row = typeof auditLog.$inferSelect;

const toEntry = (r: Row): AuditEntry => ({
  id: r.id,
  created_at: r.createdAt.toISOString(),
  actor_id: r.actorId,
  actor_email: r.actorEmail,
  ip: r.ip,
  action: r.action,
  target_type: r.targetType,
  target_id: r.targetId,
  target_label: r.targetLabel,
  before: r.before,
  after: r.after,
});

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

/**
 * Dates are whole UTC days; the actor is an e-mail and the target an e-mail (label) or id, exact,
 * so each filter is an index lookup (audit_log_*_idx).
 */
function whereOf(q: AuditQuery): SQL | undefined {
  const filters: SQL[] = [];
  if (q.actor) filters.push(eq(auditLog.actorEmail, q.actor));
  if (q.action !== 'all') filters.push(eq(auditLog.action, q.action));
  if (q.target)
    filters.push(or(eq(auditLog.targetLabel, q.target), eq(auditLog.targetLabel, q.target.toLowerCase()), eq(auditLog.targetId, q.target))!);
  if (q.from) filters.push(gte(auditLog.createdAt, new Date(`${q.from}T00:00:00Z`)));
  if (q.to) filters.push(lt(auditLog.createdAt, nextDay(q.to)));
  return filters.length ? and(...filters) : undefined;
}

export async function listAudit(connection: Connection, q: AuditQuery): Promise<Paged<AuditEntry> & { totalIsEstimate: boolean }> {
  const db = crossAgency(connection, "the super admin's audit log, of no agency");
  const where = whereOf(q);
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset((q.page - 1) * AUDIT_PAGE_SIZE);
  const counted = await boundedCount(db, auditLog, where);
  return { rows: rows.map(toEntry), total: counted.total, totalIsEstimate: counted.estimated, page: q.page, pageSize: AUDIT_PAGE_SIZE };
}

export async function exportAudit(connection: Connection, q: AuditQuery): Promise<AuditEntry[]> {
  const rows = await crossAgency(connection, "the super admin's audit log, of no agency")
    .select()
    .from(auditLog)
    .where(whereOf(q))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(AUDIT_EXPORT_MAX_ROWS);
  return rows.map(toEntry);
}
