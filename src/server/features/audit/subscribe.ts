// The audit log listens to the audit actions' events (platform/audit.ts): the entry is written in the
// change's transaction, so it exists exactly when the change does.
import { AUDIT_ACTION_NAMES } from '#shared/audit.ts';
import { subscribe } from '#server/platform/events.ts';
import { audit } from './audit.ts';

export function subscribeAudit() {
  subscribe({
    name: 'audit.log',
    types: AUDIT_ACTION_NAMES,
    mode: 'in-transaction',
    handle: async ({ db, by }, { type, actorEmail, ip, targetType, targetId, targetLabel, before, after }) => {
      await audit(db, { actorId: by.userId, actorEmail, ip, action: type, targetType, targetId, targetLabel, before, after });
    },
  });
}
