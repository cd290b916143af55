// Opportunities listen to the deletes they hang on: an opportunity stays when its customer or its
// assignee goes, unlinked — a change of the opportunity (updated_at, one opportunity.updated), not
// the foreign key's silent SET NULL.
import { subscribe } from '#server/platform/events.ts';
import { memberShownChanged, touchOpportunities, unlinkOpportunities } from '#server/entities/pipeline/opportunities.ts';

export function subscribePipeline() {
  subscribe({
    name: 'pipeline.follow-links',
    types: ['customer.deleting', 'customer.renamed', 'member.renamed', 'author.deleting', 'membership.ending'],
    mode: 'in-transaction',
    handle: async ({ t, by }, event) => {
      if (!t) return;
      if (event.type === 'customer.deleting') await unlinkOpportunities(t, by, 'customerId', [event.customerId]);
      // an opportunity shows its customer's name (its own name): a rename is a change of it
      else if (event.type === 'customer.renamed') await touchOpportunities(t, by, 'customerId', [event.customerId]);
      // and its assignee's name, and the names of who moved it (its stage history): decision 083
      else if (event.type === 'member.renamed') await memberShownChanged(t, by, event.userId);
      else if (event.type === 'author.deleting') await memberShownChanged(t, by, event.userId, true);
      else await unlinkOpportunities(t, by, 'assigneeId', [event.userId]);
    },
  });
}
