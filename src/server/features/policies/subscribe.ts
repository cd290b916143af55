// Policies listen to the deletes they hang on: a deleted customer's terms stay, unlinked, and a
// removed member's terms fall back to the owner, and a renamed member's terms show the new name —
// each a change of the term (updated_at, one event).
import { eq } from 'drizzle-orm';
import { policies } from '#server/db/schema.ts';
import { subscribe } from '#server/platform/events.ts';
import { unlinkCustomers, updatePoliciesWhere } from '#server/entities/policies/cascade.ts';

export function subscribePolicies() {
  subscribe({
    name: 'policies.follow-owners',
    types: ['customer.deleting', 'membership.ending', 'member.renamed'],
    mode: 'in-transaction',
    handle: async ({ t, by }, event) => {
      if (!t) return;
      if (event.type === 'customer.deleting') await unlinkCustomers(t, by, [event.customerId]);
      // a term shows its assignee's name: their rename is a change of it
      else if (event.type === 'member.renamed') await updatePoliciesWhere(t, by, {}, eq(policies.assigneeId, event.userId));
      else await updatePoliciesWhere(t, by, { assigneeId: event.ownerId }, eq(policies.assigneeId, event.userId));
    },
  });
}
