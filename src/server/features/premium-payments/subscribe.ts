// Premium payments go with their policy. The foreign key would delete them unseen; here each is one
// premium_payment.deleted (change-feed tombstone, webhook) in the delete's transaction, before the row
// goes: on policy.deleting (a single delete), and on policy.deleted where a bulk delete or an import's
// undo emits it before removing the rows (a second call finds nothing left).
// A payment answers its author's current name: their rename (member.renamed) is a change of each
// payment they recorded in this agency — updated_at, one premium_payment.updated; their account's delete
// too (author.deleting: the payment stays, recorded by no one) (decision 083).
import { subscribe } from '#server/platform/events.ts';
import { deletePaymentsOf, touchPaymentsBy } from '#server/entities/premium-payments.ts';

export function subscribePremiumPayments() {
  subscribe({
    name: 'premium-payments.follow-policy',
    types: ['policy.deleting', 'policy.deleted'],
    mode: 'in-transaction',
    handle: async ({ t, by }, event) => {
      if (!t) return;
      const policyId = event.type === 'policy.deleting' ? event.policyId : event.entityId;
      if (policyId) await deletePaymentsOf(t, by, policyId);
    },
  });
  subscribe({
    name: 'premium-payments.follow-author',
    types: ['member.renamed', 'author.deleting'],
    mode: 'in-transaction',
    handle: async ({ t, by }, event) => {
      if (t) await touchPaymentsBy(t, by, event.userId, event.type === 'author.deleting');
    },
  });
}
