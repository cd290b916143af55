// audit(): the one way to write the audit log, always inside the transaction of the change.
import type { AuditAction } from '#shared/audit.ts';
import type { Actor } from '#server/context.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { auditLog } from '#server/db/schema.ts';

export interface AuditInput {
  actorId: string | null;
  actorEmail: string | null;
  ip: string | null;
  action: AuditAction;
  targetType: 'user' | 'payment_submission' | 'sign_in' | 'platform_settings' | (string & {});
  targetId?: string | null;
  /** what a reader recognises the target by at the time (e-mail, slug, title) */
  targetLabel?: string | null;
  before?: unknown;
  after?: unknown;
}

/** Who did it, from the request's actor (ip is the client address derived as for the rate limits). */
export function byActor(actor: Actor): Pick<AuditInput, 'actorId' | 'actorEmail' | 'ip'> {
  return { actorId: actor.userId, actorEmail: actor.email, ip: actor.ip ?? null };
}

/**
 * Appends one entry. Pass the transaction that makes the change, so the entry and the change are
 * committed (or rolled back) together. Content edits and settings of other features call this too.
 */
export async function audit(tx: Tx | Db, entry: AuditInput): Promise<void> {
  await tx.insert(auditLog).values({
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

/** Shorthand for an action by the signed-in actor. */
export function auditByActor(tx: Tx | Db, actor: Actor, entry: Omit<AuditInput, 'actorId' | 'actorEmail' | 'ip'>): Promise<void> {
  return audit(tx, { ...byActor(actor), ...entry });
}
