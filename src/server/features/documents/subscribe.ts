// Documents listen to the deletes of what they hang on: a customer's or a policy's documents go to
// the Trash in the delete's transaction, before the row goes (restorable for 30 days, then purged
// with their bytes), instead of being left without an owner.
import { subscribe } from '#server/platform/events.ts';
import { touchCustomerDocuments, touchPolicyDocuments, uploaderGone } from '#server/entities/documents.ts';
import { trashDocumentsOf } from './service.ts';

export function subscribeDocuments() {
  subscribe({
    name: 'documents.trash-with-owner',
    types: ['customer.deleting', 'customer.renamed', 'policy.renumbered', 'policy.deleting', 'policy.deleted', 'author.deleting'],
    mode: 'in-transaction',
    handle: async ({ t, by }, event) => {
      if (!t) return;
      // a document shows its customer's name: a rename is a change of it
      if (event.type === 'customer.renamed') return touchCustomerDocuments(t, by, [event.customerId]);
      // and its policy's number
      if (event.type === 'policy.renumbered') return touchPolicyDocuments(t, by, event.policyId);
      // its uploader's account is deleted: it stays, uploaded by no one (decision 083)
      if (event.type === 'author.deleting') return uploaderGone(t, by, event.userId);
      // a bulk delete and an undone import emit policy.deleted (no policy.deleting) before the rows go: their
      // documents go to the Trash as a single delete's do (still linked, so the bulk undo relinks them);
      // after a single delete's policy.deleting nothing is left to trash
      if (event.type === 'policy.deleted') return event.entityId ? trashDocumentsOf(t, by, { policyId: event.entityId }) : undefined;
      await trashDocumentsOf(t, by, event.type === 'customer.deleting' ? { customerId: event.customerId } : { policyId: event.policyId });
    },
  });
}
