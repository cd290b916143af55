// audit(): writes one entry of the audit log. Features do not call it: they emit the action's event
// (auditByActor in platform/audit.ts) and audit/subscribe.ts writes it in the change's transaction.
import type { AuditAction } from '#shared/audit.ts';
import type { Audited } from '#shared/events.ts';
import { auditLog } from '#server/db/schema.ts';
import { crossAgency, type Connection } from '#server/tenant.ts';

/** An entry: the event's fields, with who (the event's `by`) and what (its type). */
export interface AuditInput extends Audited {
  actorId: string | null;
  action: AuditAction;
}

/**
 * Appends one entry. Pass the transaction that makes the change, so the entry and the change are
 * committed (or rolled back) together.
 */
export async function audit(tx: Connection, entry: AuditInput): Promise<void> {
  await crossAgency(tx, 'the audit log is the platform’s, not an agency’s').insert(auditLog).values({
    actorId: entry.actorId,
    actorEmail: entry.actorEmail?.toLowerCase() ?? null,
    ip: entry.ip,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    targetLabel: entry.targetLabel ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
