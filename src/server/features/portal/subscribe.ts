// The client portal's change requests follow what they hang on, in the transaction of the change:
// - its task (issue 32: the client sees Received, In progress, Done): the agent who completes the task
//   from the task list, the CRM or /api/v1 has done the request, and one who reopens it has not. The
//   agent's answer moves the task the same way (entities/portal-requests.ts), so both stay in step
//   whichever side the agent works from. One read and at most one update per task change;
// - the deletes (issue 34 §2): a deleted policy's requests stay, unlinked — a change of each request
//   (updated_at, one portal_request.updated), not the foreign key's silent SET NULL — and a deleted
//   customer's requests go with it, one portal_request.deleted each (the change feed's tombstone).
//   policy.deleted too: a bulk delete and an import's undo emit it before removing the rows (after a
//   single delete's policy.deleting, it finds nothing left to unlink).
import { eq, ne } from 'drizzle-orm';
import { portalRequests, tasks } from '#server/db/schema.ts';
import { portalRequestsChanged, portalRequestsGoWith, unlinkPortalRequests } from '#server/entities/portal-requests.ts';
import { subscribe } from '#server/platform/events.ts';

export function subscribePortal() {
  subscribe({
    name: 'portal.requests-follow-tasks',
    types: ['task.updated'],
    mode: 'in-transaction',
    handle: async ({ t, by }, event) => {
      const id = event.entityId;
      if (!t || !id) return;
      const [task] = await t.select({ completedAt: tasks.completedAt }).from(tasks, eq(tasks.id, id));
      if (!task) return;
      const moved = task.completedAt
        ? await t.update(portalRequests, { state: 'done', updatedAt: new Date() }, eq(portalRequests.taskId, id), ne(portalRequests.state, 'done')).returning({ id: portalRequests.id })
        : await t.update(portalRequests, { state: 'in_progress', updatedAt: new Date() }, eq(portalRequests.taskId, id), eq(portalRequests.state, 'done')).returning({ id: portalRequests.id });
      await portalRequestsChanged(t, by, 'updated', moved.map((r) => r.id));
    },
  });
  subscribe({
    name: 'portal.requests-follow-links',
    types: ['customer.deleting', 'policy.deleting', 'policy.deleted'],
    mode: 'in-transaction',
    handle: async ({ t, by }, event) => {
      if (!t) return;
      if (event.type === 'customer.deleting') await portalRequestsGoWith(t, by, [event.customerId]);
      else {
        const policyId = event.type === 'policy.deleting' ? event.policyId : event.entityId;
        if (policyId) await unlinkPortalRequests(t, by, [policyId]);
      }
    },
  });
}
