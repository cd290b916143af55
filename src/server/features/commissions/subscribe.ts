// A policy's own commission rate goes with the policy. The foreign key would delete it unseen; here it
// is one commission_override.deleted (change-feed tombstone, webhook) in the delete's transaction,
// before the row goes: on policy.deleting (a single delete), and on policy.deleted where a bulk delete
// or an import's undo emits it before removing the rows (a second call finds nothing left).
import { subscribe } from '#server/platform/events.ts';
import { dropOverridesOf } from '#server/entities/commissions/rate-changes.ts';

export function subscribeCommissions() {
  subscribe({
    name: 'commissions.overrides-follow-policy',
    types: ['policy.deleting', 'policy.deleted'],
    mode: 'in-transaction',
    handle: async ({ t, by }, event) => {
      if (!t) return;
      const policyId = event.type === 'policy.deleting' ? event.policyId : event.entityId;
      if (policyId) await dropOverridesOf(t, by, [policyId]);
    },
  });
}
