// The audit log's door for a feature (issue 28 §2): a privileged action is a domain event named by its
// audit action (#shared/events.ts), emitted in the change's transaction; the audit feature subscribes
// and writes the entry in that transaction, so the entry and the change commit or roll back together.
import type { AuditAction } from '#shared/audit.ts';
import type { Audited } from '#shared/events.ts';
import type { Actor } from '#server/context.ts';
import type { Db, Tx } from '#server/db/client.ts';
import type { Tenant } from '#server/tenant.ts';
import { emit } from './events.ts';

export type AuditEntry = Omit<Audited, 'actorEmail' | 'ip'> & { action: AuditAction };

/** An action by the signed-in actor (ip is the client address derived as for the rate limits). */
export function auditByActor(on: Tenant | Tx | Db, actor: Actor, { action, ...entry }: AuditEntry): Promise<void> {
  return emit(on, { userId: actor.userId }, { type: action, actorEmail: actor.email, ip: actor.ip ?? null, ...entry });
}

/** An action with no signed-in actor (a sign-in lockout): who is what the request tells. */
export function auditAnonymous(on: Tenant | Tx | Db, who: { email: string | null; ip: string | null }, { action, ...entry }: AuditEntry): Promise<void> {
  return emit(on, { userId: null }, { type: action, actorEmail: who.email, ip: who.ip, ...entry });
}
