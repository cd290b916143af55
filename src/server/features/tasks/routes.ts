// /api/tasks and /api/customers/:id/timeline: the CRM (Business and above, the feature map's 'crm').
import { Hono } from 'hono';
import { linkedTasksQuerySchema, myTasksQuerySchema, TASK_TEXT, taskInputSchema } from '#shared/tasks.ts';
import { timelineQuerySchema } from '#shared/timeline.ts';
import { CUSTOMER_TEXT } from '#shared/customers.ts';
import { type AppEnv, requireFeature } from '#server/context.ts';
import { idParam, readJson, validate } from '#server/http.ts';
import { createTask, deleteTask, listLinkedTasks, readMyTasks, readOneTask, setTaskDone, updateTask } from '#server/entities/tasks/tasks.ts';
import { readTimeline } from '#server/entities/tasks/timeline.ts';

export function taskRoutes() {
  const r = new Hono<AppEnv>();
  r.use('/tasks', requireFeature('crm'));
  r.use('/tasks/*', requireFeature('crm'));
  // the timeline replaces the communication log, so it needs what the log needs
  r.use('/customers/:id/timeline', requireFeature('communications'));
  r.get('/tasks', async (c) => c.json({ rows: await listLinkedTasks(c.var.deps.db, c.var.actor, validate(linkedTasksQuerySchema, c.req.query())) }));
  r.get('/tasks/mine', async (c) => c.json(await readMyTasks(c.var.deps.db, c.var.actor, validate(myTasksQuerySchema, c.req.query()).assignee)));
  r.post('/tasks', async (c) => c.json(await createTask(c.var.deps.db, c.var.actor, await readJson(c, taskInputSchema)), 201));
  r.get('/tasks/:id', async (c) => c.json(await readOneTask(c.var.deps.db, c.var.actor, idParam(c, 'id', TASK_TEXT.notFound))));
  r.put('/tasks/:id', async (c) => c.json(await updateTask(c.var.deps.db, c.var.actor, idParam(c, 'id', TASK_TEXT.notFound), await readJson(c, taskInputSchema))));
  r.delete('/tasks/:id', async (c) => {
    await deleteTask(c.var.deps.db, c.var.actor, idParam(c, 'id', TASK_TEXT.notFound));
    return c.body(null, 204);
  });
  r.post('/tasks/:id/done', async (c) => c.json(await setTaskDone(c.var.deps.db, c.var.actor, idParam(c, 'id', TASK_TEXT.notFound), true)));
  r.delete('/tasks/:id/done', async (c) => c.json(await setTaskDone(c.var.deps.db, c.var.actor, idParam(c, 'id', TASK_TEXT.notFound), false)));
  r.get('/customers/:id/timeline', async (c) =>
    c.json(await readTimeline(c.var.deps.db, c.var.actor, idParam(c, 'id', CUSTOMER_TEXT.notFound), validate(timelineQuerySchema, c.req.query()))),
  );
  return r;
}
