// Tasks listen to the deletes they hang on: a task stays when its customer, policy or assignee goes,
// unlinked — a change of the task (updated_at, one task.updated), not the foreign key's silent SET NULL;
// and a task shows its customer's name, so a customer's rename is a change of its tasks too.
// (An opportunity's delete unlinks its tasks itself: entities/pipeline/opportunities.ts.)
import { subscribe } from '#server/platform/events.ts';
import { touchTasks, unlinkTasks } from '#server/entities/tasks/tasks.ts';

export function subscribeTasks() {
  subscribe({
    name: 'tasks.follow-links',
    types: ['customer.deleting', 'customer.renamed', 'policy.deleting', 'policy.renumbered', 'member.renamed', 'membership.ending'],
    mode: 'in-transaction',
    handle: async ({ t, by }, event) => {
      if (!t) return;
      if (event.type === 'customer.deleting') await unlinkTasks(t, by, 'customerId', [event.customerId]);
      // a task shows its customer's name: a rename is a change of the task
      else if (event.type === 'customer.renamed') await touchTasks(t, by, 'customerId', [event.customerId]);
      // and its policy's number and its assignee's name
      else if (event.type === 'policy.renumbered') await touchTasks(t, by, 'policyId', [event.policyId]);
      else if (event.type === 'member.renamed') await touchTasks(t, by, 'assigneeId', [event.userId]);
      else if (event.type === 'policy.deleting') await unlinkTasks(t, by, 'policyId', [event.policyId]);
      else await unlinkTasks(t, by, 'assigneeId', [event.userId]);
    },
  });
}
