// Documents listen to the deletes of what they hang on: a customer's or a policy's documents go to
// the Trash in the delete's transaction, before the row goes (restorable for 30 days, then purged
// with their bytes), instead of being left without an owner.
import { subscribe } from '#server/platform/events.ts';
import { trashDocumentsOf } from './service.ts';
import { unlinkDocumentsOfPolicy } from '#server/entities/documents.ts';

export function subscribeDocuments() {
  subscribe({
    name: 'documents.trash-with-owner',
    types: ['customer.deleting', 'policy.deleting', 'policy.deleted'],
    mode: 'in-transaction',
    handle: async ({ t, by }, event) => {
      if (!t) return;
      // after a single delete's policy.deleting nothing is left linked; a bulk delete's or an undone import's terms keep their documents, unlinked
      if (event.type === 'policy.deleted') return event.entityId ? unlinkDocumentsOfPolicy(t, by, event.entityId) : undefined;
      await trashDocumentsOf(t, by, event.type === 'customer.deleting' ? { customerId: event.customerId } : { policyId: event.policyId });
    },
  });
}
