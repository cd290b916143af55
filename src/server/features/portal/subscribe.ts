// A client's change request follows its task (issue 32: the client sees Received, In progress, Done):
// the agent who completes the task from the task list, the CRM or /api/v1 has done the request, and
// one who reopens it has not. The customer page's answer moves the task the same way (agent.ts), so
// both stay in step whichever side the agent works from. One read and at most one update per task
// change, in the change's transaction.
import { eq, ne } from 'drizzle-orm';
import { portalRequests, tasks } from '#server/db/schema.ts';
import { subscribe } from '#server/platform/events.ts';

export function subscribePortal() {
  subscribe({
    name: 'portal.requests-follow-tasks',
    types: ['task.updated'],
    mode: 'in-transaction',
    handle: async ({ t }, event) => {
      const id = event.entityId;
      if (!t || !id) return;
      const [task] = await t.select({ completedAt: tasks.completedAt }).from(tasks, eq(tasks.id, id));
      if (!task) return;
      if (task.completedAt) await t.update(portalRequests, { state: 'done', updatedAt: new Date() }, eq(portalRequests.taskId, id), ne(portalRequests.state, 'done'));
      else await t.update(portalRequests, { state: 'in_progress', updatedAt: new Date() }, eq(portalRequests.taskId, id), eq(portalRequests.state, 'done'));
    },
  });
}
