// /api/v1 tasks and team members (issue 34 §3): the same conventions as customers and policies —
// cursor paging in (updated_at, id) order with updated_since, a scope per entity, Idempotency-Key on
// writes — through the services the web app calls (the same rules, tenant layer and events).
import { createRoute, type OpenAPIHono, type RouteConfig, z as zo } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { TASK_PRIORITIES, TASK_TEXT, taskInputSchema } from '#shared/tasks.ts';
import { safeText } from '#shared/validation.ts';
import type { AppEnv } from '#server/context.ts';
import { tasks } from '#server/db/schema.ts';
import { notFound } from '#server/errors.ts';
import { idParam, readJson, validate } from '#server/http.ts';
import { createTask, deleteTask, listTasksByChange, updateTask } from '#server/entities/tasks/tasks.ts';
import { getTeam } from '#server/entities/team.ts';
import { requireScope } from '../authenticate.ts';
import { writeOnce } from './idempotency.ts';
import { pageConditions, pagingSchema, toPage } from './lists.ts';
import { documented, documentedQuery, errorOut } from './schemas.ts';

export const taskApiQuerySchema = pagingSchema.extend({
  assignee_id: safeText().max(100).optional().describe('Only the tasks of this member (a team member id).'),
});

/** Response text (never parsed from a request). */
const text = () => safeText({ trim: false });
const nullableText = () => text().nullable();

export const taskOut = z.object({
  id: z.uuid(),
  title: text(),
  description: nullableText(),
  due_at: text().describe('ISO 8601 instant'),
  due_date: text().describe("YYYY-MM-DD in the agency's time zone"),
  due_time: text().describe("HH:MM in the agency's time zone"),
  priority: z.enum(TASK_PRIORITIES),
  assignee_id: nullableText(),
  assignee_name: nullableText(),
  customer_id: z.uuid().nullable(),
  customer_name: nullableText(),
  policy_id: z.uuid().nullable(),
  policy_number: nullableText(),
  opportunity_id: z.uuid().nullable(),
  completed_at: nullableText(),
  created_at: text(),
  updated_at: text(),
});

export const teamMemberOut = z.object({
  id: text().describe('The member id: the assignee_id of policies, tasks and opportunities.'),
  name: nullableText(),
  email: text(),
  role: text(),
  since: text().describe('ISO 8601: when they joined'),
});

const errors = (codes: number[]) =>
  Object.fromEntries(codes.map((code) => [code, { description: `Error ${code}`, content: { 'application/json': { schema: documented(errorOut, 'output') } } }]));
const ok = (description: string, schema: z.ZodType) => ({ description, content: { 'application/json': { schema: documented(schema, 'output') } } });
const page = (row: z.ZodType) => z.object({ data: z.array(row), next_cursor: text().nullable() });
const idPath = zo.object({ id: zo.uuid().openapi({ param: { name: 'id', in: 'path' } }) });
const body = { content: { 'application/json': { schema: documented(taskInputSchema) } }, required: true };
const base = { tags: ['Tasks'], security: [{ bearerKey: [] }] };

const ROUTES = {
  list: createRoute({ ...base, operationId: 'listTasks',  method: 'get', path: '/tasks', summary: 'List tasks', request: { query: documentedQuery(taskApiQuerySchema) }, responses: { 200: ok('A page of tasks', page(taskOut)), ...errors([400, 401, 403, 429]) } }),
  get: createRoute({ ...base, operationId: 'getTask',  method: 'get', path: '/tasks/{id}', summary: 'Get a task', request: { params: idPath }, responses: { 200: ok('Found', taskOut), ...errors([401, 403, 404, 429]) } }),
  create: createRoute({ ...base, operationId: 'createTask',  method: 'post', path: '/tasks', summary: 'Create a task', request: { body }, responses: { 201: ok('Created', taskOut), ...errors([400, 401, 403, 404, 409, 413, 429]) } }),
  update: createRoute({ ...base, operationId: 'updateTask',  method: 'put', path: '/tasks/{id}', summary: 'Replace a task', request: { params: idPath, body }, responses: { 200: ok('Updated', taskOut), ...errors([400, 401, 403, 404, 409, 413, 429]) } }),
  remove: createRoute({ ...base, operationId: 'deleteTask',  method: 'delete', path: '/tasks/{id}', summary: 'Delete a task', request: { params: idPath }, responses: { 204: { description: 'Deleted' }, ...errors([401, 403, 404, 409, 429]) } }),
  team: createRoute({
    operationId: 'listTeamMembers',
    tags: ['Team'],
    security: [{ bearerKey: [] }],
    method: 'get',
    path: '/team-members',
    summary: "The agency's members (read only), for assignee ids",
    responses: { 200: ok('Every member, in one page', page(teamMemberOut)), ...errors([401, 403, 429]) },
  }),
} satisfies Record<string, RouteConfig>;

function define(api: OpenAPIHono<AppEnv>, route: RouteConfig, ...handlers: MiddlewareHandler<AppEnv>[]) {
  api.openAPIRegistry.registerPath(route);
  api.on(route.method.toUpperCase(), route.path.replace(/\{(\w+)\}/g, ':$1'), ...(handlers as [MiddlewareHandler<AppEnv>]));
}

/** A task as the list shows it (with updated_at); another agency's id or an unknown one is a 404. */
async function readTaskAnswer(db: Parameters<typeof listTasksByChange>[0], actor: Parameters<typeof listTasksByChange>[1], id: string) {
  const [row] = await listTasksByChange(db, actor, [eq(tasks.id, id)], 1);
  if (!row) throw notFound(TASK_TEXT.notFound);
  const { cursorAt: _at, ...task } = row;
  return task;
}

/** Mounts the tasks and team-member operations on /api/v1 (after its key and rate-limit middleware). */
export function registerTaskRoutes(api: OpenAPIHono<AppEnv>) {
  define(api, ROUTES.list, requireScope('tasks', 'read'), async (c) => {
    const q = validate(taskApiQuerySchema, c.req.query());
    const rows = await listTasksByChange(
      c.var.deps.db,
      c.var.actor,
      [q.assignee_id ? eq(tasks.assigneeId, q.assignee_id) : undefined, ...pageConditions('tasks', tasks.updatedAt, tasks.id, q)],
      q.limit + 1,
    );
    return c.json(toPage('tasks', rows, q, ({ cursorAt: _at, ...task }) => task));
  });
  define(api, ROUTES.get, requireScope('tasks', 'read'), async (c) => c.json(await readTaskAnswer(c.var.deps.db, c.var.actor, idParam(c, 'id', TASK_TEXT.notFound))));
  define(api, ROUTES.create, requireScope('tasks', 'write'), async (c) => {
    const input = await readJson(c, taskInputSchema);
    return writeOnce(c, async (db) => ({ status: 201, body: await readTaskAnswer(db, c.var.actor, (await createTask(db, c.var.actor, input)).id) }));
  });
  define(api, ROUTES.update, requireScope('tasks', 'write'), async (c) => {
    const input = await readJson(c, taskInputSchema);
    const id = idParam(c, 'id', TASK_TEXT.notFound);
    return writeOnce(c, async (db) => ({ status: 200, body: await readTaskAnswer(db, c.var.actor, (await updateTask(db, c.var.actor, id, input)).id) }));
  });
  define(api, ROUTES.remove, requireScope('tasks', 'write'), (c) =>
    writeOnce(c, async (db) => {
      await deleteTask(db, c.var.actor, idParam(c, 'id', TASK_TEXT.notFound));
      return { status: 204, body: null };
    }),
  );
  define(api, ROUTES.team, requireScope('team', 'read'), async (c) => {
    const team = await getTeam(c.var.deps.db, c.var.actor);
    const data = team.entries.filter((e) => e.kind === 'member').map((m) => ({ id: m.id, name: m.name, email: m.email, role: m.role, since: m.since }));
    return c.json({ data, next_cursor: null });
  });
}
