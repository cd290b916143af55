// Tasks (issue 14, CRM, Business and above): create, edit, complete, reopen, delete, the lists of a
// customer, policy or opportunity, and My tasks (one statement). Everything goes through the tenant context.
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { unionAll, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { MY_TASKS_LIMIT, TASK_TEXT, type ApiTask, type MyTasks, type TaskPriority, type TaskRow, type TaskValues } from '#shared/tasks.ts';
import { zonedInstant, zonedParts } from '#shared/time.ts';
import type { Actor } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { idOr404 } from '#server/db/helpers.ts';
import { agencies, customers, opportunities, policies, tasks, user } from '#server/db/schema.ts';
import { notFound } from '#server/errors.ts';
import { preparedWhere, tenant, type Tenant, type TenantConds } from '#server/tenant.ts';
import { cachedStatement, constantLimit, preparedRows, rowPositions } from '#server/db/prepared.ts';
import { agencyToday, addDays } from '#shared/time.ts';
import { emit, type EventSource } from '#server/platform/events.ts';
import { assertMember } from '#server/platform/team-membership.ts';


const MY_TASK_GROUPS = ['overdue', 'today', 'upcoming', 'done'] as const;

/** The columns a task row shows (no more: My tasks sends up to 200 of them), with one join per link for the names. */
const taskFields = {
  id: tasks.id,
  title: tasks.title,
  description: tasks.description,
  dueAt: tasks.dueAt,
  priority: tasks.priority,
  assigneeId: tasks.assigneeId,
  customerId: tasks.customerId,
  policyId: tasks.policyId,
  opportunityId: tasks.opportunityId,
  completedAt: tasks.completedAt,
  createdAt: tasks.createdAt,
  assigneeFirst: user.firstName,
  assigneeLast: user.lastName,
  assigneeEmail: user.email,
  customerName: customers.name,
  policyNumber: policies.policyNumber,
};

const assigneeJoin = eq(user.id, tasks.assigneeId);
const customerJoin = and(eq(customers.agencyId, tasks.agencyId), eq(customers.id, tasks.customerId));
const policyJoin = and(eq(policies.agencyId, tasks.agencyId), eq(policies.id, tasks.policyId));

function selectTasks(t: Tenant, ...conds: TenantConds) {
  return t.select(taskFields).from(tasks, ...conds).leftJoin(user, assigneeJoin).leftJoin(customers, customerJoin).leftJoin(policies, policyJoin);
}

type Selected = Awaited<ReturnType<typeof selectTasks>>[number];

function toRow(task: Selected, timeZone: string): TaskRow {
  const due = zonedParts(task.dueAt, timeZone);
  return {
    id: task.id,
    title: task.title,
    description: task.description,
    due_at: task.dueAt.toISOString(),
    due_date: due.date,
    due_time: due.time,
    priority: task.priority as TaskPriority,
    assignee_id: task.assigneeId,
    assignee_name: task.assigneeId ? `${task.assigneeFirst ?? ''} ${task.assigneeLast ?? ''}`.trim() || task.assigneeEmail || null : null,
    customer_id: task.customerId,
    customer_name: task.customerName ?? null,
    policy_id: task.policyId,
    policy_number: task.policyNumber ?? null,
    opportunity_id: task.opportunityId,
    completed_at: task.completedAt?.toISOString() ?? null,
    created_at: task.createdAt.toISOString(),
  };
}

/** One task as the API shows it; `zone`: the agency's (actor.agency.timeZone, read with the identity). */
async function readTask(t: Tenant, id: string, zone: string): Promise<TaskRow> {
  const [row] = await selectTasks(t, eq(tasks.id, id));
  if (!row) throw notFound(TASK_TEXT.notFound);
  return toRow(row, zone);
}

async function lockTask(t: Tenant, rawId: string) {
  const id = idOr404(rawId, TASK_TEXT.notFound);
  const [row] = await t.from(tasks, eq(tasks.id, id)).for('update');
  if (!row) throw notFound(TASK_TEXT.notFound);
  return row;
}

/**
 * The link must be a row of the caller's agency: another agency's id (or an unknown one) is a 404,
 * like any other id of another tenant. Returns the customer the task is about, for the summary.
 */
async function checkLink(t: Tenant, v: TaskValues): Promise<string> {
  const missing = () => notFound(TASK_TEXT.linkNotFound);
  if (v.customer_id) {
    const [c] = await t.select({ name: customers.name }).from(customers, eq(customers.id, idOr404(v.customer_id, TASK_TEXT.linkNotFound)));
    if (!c) throw missing();
    return ` for ${c.name}`;
  }
  if (v.policy_id) {
    const [p] = await t.select({ n: policies.policyNumber }).from(policies, eq(policies.id, idOr404(v.policy_id, TASK_TEXT.linkNotFound)));
    if (!p) throw missing();
    return ` on policy ${p.n}`;
  }
  if (v.opportunity_id) {
    const [o] = await t.select({ id: opportunities.id }).from(opportunities, eq(opportunities.id, idOr404(v.opportunity_id, TASK_TEXT.linkNotFound)));
    if (!o) throw missing();
    return ' on an opportunity';
  }
  return '';
}

async function tellAssignee(t: Tenant, actor: Actor, task: { id: string; title: string; updatedAt: Date }, assigneeId: string) {
  if (assigneeId === actor.userId) return;
  await emit(t, actor, { type: 'task.assigned', entityId: task.id, assigneeId, title: task.title, at: task.updatedAt.toISOString() });
}

function fields(v: TaskValues, timeZone: string) {
  return {
    title: v.title,
    description: v.description,
    dueAt: zonedInstant(v.due_date, v.due_time, timeZone),
    priority: v.priority,
    assigneeId: v.assignee_id,
    customerId: v.customer_id,
    policyId: v.policy_id,
    opportunityId: v.opportunity_id,
  };
}

export async function createTask(db: Db, actor: Actor, v: TaskValues): Promise<TaskRow> {
  return tenant(db, actor).transaction(async (t) => {
    await assertMember(t, v.assignee_id, TASK_TEXT.notMember);
    const about = await checkLink(t, v);
    const [row] = await t.insert(tasks, { ...fields(v, actor.agency.timeZone), createdBy: actor.userId }).returning();
    await emit(t, actor, { type: 'task.created', entityId: row.id, summary: `Created task "${v.title}"${about}`, data: apiTaskOf(t, row.id, actor.agency.timeZone) });
    await tellAssignee(t, actor, row, v.assignee_id);
    return readTask(t, row.id, actor.agency.timeZone);
  });
}

export async function updateTask(db: Db, actor: Actor, rawId: string, v: TaskValues): Promise<TaskRow> {
  return tenant(db, actor).transaction(async (t) => {
    const current = await lockTask(t, rawId);
    await assertMember(t, v.assignee_id, TASK_TEXT.notMember);
    await checkLink(t, v);
    const [row] = await t.update(tasks, { ...fields(v, actor.agency.timeZone), updatedAt: new Date() }, eq(tasks.id, current.id)).returning();
    await emit(t, actor, { type: 'task.updated', entityId: row.id, summary: `Updated task "${v.title}"`, data: apiTaskOf(t, row.id, actor.agency.timeZone) });
    if (current.assigneeId !== v.assignee_id) await tellAssignee(t, actor, row, v.assignee_id);
    return readTask(t, row.id, actor.agency.timeZone);
  });
}

/** Done or reopened; doing it twice changes nothing more (the first completion time stays). */
export async function setTaskDone(db: Db, actor: Actor, rawId: string, done: boolean): Promise<TaskRow> {
  return tenant(db, actor).transaction(async (t) => {
    const current = await lockTask(t, rawId);
    if (done !== (current.completedAt !== null)) {
      await t.update(
        tasks,
        done ? { completedAt: new Date(), completedBy: actor.userId, updatedAt: new Date() } : { completedAt: null, completedBy: null, updatedAt: new Date() },
        eq(tasks.id, current.id),
      );
      await emit(t, actor, {
        type: 'task.updated',
        entityId: current.id,
        summary: `${done ? 'Completed' : 'Reopened'} task "${current.title}"`,
        data: apiTaskOf(t, current.id, actor.agency.timeZone),
      });
    }
    return readTask(t, current.id, actor.agency.timeZone);
  });
}

export async function deleteTask(db: Db, actor: Actor, rawId: string): Promise<void> {
  await tenant(db, actor).transaction(async (t) => {
    const current = await lockTask(t, rawId);
    // read while it is there: the webhooks' payload
    const before = await readApiTask(t, current.id, actor.agency.timeZone);
    await t.delete(tasks, eq(tasks.id, current.id));
    await emit(t, actor, { type: 'task.deleted', entityId: current.id, summary: `Deleted task "${current.title}"`, data: before });
  });
}

/**
 * /api/v1's tasks (issue 34 §3): the agency's tasks matching `conds` (the caller's keyset on
 * updated_at, id), in that order, as the app shows them, with updated_at and its exact text for the cursor.
 */
export async function listTasksByChange(db: Db, actor: Actor, conds: TenantConds, limit: number): Promise<(ApiTask & { cursorAt: string })[]> {
  return selectTasksByChange(tenant(db, actor), actor.agency.timeZone, conds, limit);
}

async function selectTasksByChange(t: Tenant, zone: string, conds: TenantConds, limit: number): Promise<(ApiTask & { cursorAt: string })[]> {
  const rows = await t
    .select({ ...taskFields, updatedAt: tasks.updatedAt, cursorAt: sql<string>`${tasks.updatedAt}::text` })
    .from(tasks, ...conds)
    .leftJoin(user, assigneeJoin)
    .leftJoin(customers, customerJoin)
    .leftJoin(policies, policyJoin)
    .orderBy(asc(tasks.updatedAt), asc(tasks.id))
    .limit(limit);
  return rows.map((r) => ({ ...toRow(r, zone), updated_at: r.updatedAt.toISOString(), cursorAt: r.cursorAt }));
}

/** One task as /api/v1 answers it; `zone` defaults to the agency's own (read when not given: a cascade's source has none). */
export async function readApiTask(t: Tenant, id: string, zone?: string): Promise<ApiTask> {
  const tz = zone ?? (await t.ownAgency({ tz: agencies.timezone }))[0]?.tz ?? 'UTC';
  const [row] = await selectTasksByChange(t, tz, [eq(tasks.id, id)], 1);
  if (!row) throw notFound(TASK_TEXT.notFound);
  const { cursorAt: _at, ...task } = row;
  return task;
}

/** The lazy webhook payload of a task event: read only if an endpoint listens. */
export const apiTaskOf = (t: Tenant, id: string, zone?: string) => () => readApiTask(t, id, zone);

/** One task.updated per task changed by another write (a cascade, an undo): no log line of its own. */
export async function tasksChanged(t: Tenant, by: EventSource, ids: Iterable<string>): Promise<void> {
  for (const id of new Set(ids)) await emit(t, by, { type: 'task.updated', entityId: id, data: apiTaskOf(t, id) });
}

/**
 * Tasks that lose a link or their assignee because what it named goes (customers, policies or
 * opportunities deleted, a member removed): set before those rows go, so the foreign key's SET NULL
 * finds nothing to change unseen. Each changed task's updated_at moves and it sends one task.updated —
 * the change feed, updated_since and the webhooks see it as they see an edit. Returns the ids.
 */
export async function unlinkTasks(t: Tenant, by: EventSource, column: 'customerId' | 'policyId' | 'opportunityId' | 'assigneeId', ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const changed = await t.update(tasks, { [column]: null, updatedAt: new Date() }, inArray(tasks[column], ids)).returning({ id: tasks.id });
  await tasksChanged(t, by, changed.map((r) => r.id));
  return changed.map((r) => r.id);
}

/** Tasks whose answer changed with a row they show (a customer renamed, a policy renumbered, an assignee renamed): updated_at moves, one task.updated each. */
export async function touchTasks(t: Tenant, by: EventSource, column: 'customerId' | 'policyId' | 'assigneeId', ids: string[]): Promise<void> {
  if (!ids.length) return;
  const changed = await t.update(tasks, { updatedAt: new Date() }, inArray(tasks[column], ids)).returning({ id: tasks.id });
  await tasksChanged(t, by, changed.map((r) => r.id));
}

export async function readOneTask(db: Db, actor: Actor, rawId: string): Promise<TaskRow> {
  return readTask(tenant(db, actor), idOr404(rawId, TASK_TEXT.notFound), actor.agency.timeZone);
}

/** The tasks of one customer, policy or opportunity: open ones by due time, then done ones. */
export async function listLinkedTasks(
  db: Db,
  actor: Actor,
  link: { customer_id: string | null; policy_id: string | null; opportunity_id: string | null },
): Promise<TaskRow[]> {
  const t = tenant(db, actor);
  const cond = link.customer_id
    ? eq(tasks.customerId, idOr404(link.customer_id))
    : link.policy_id
      ? eq(tasks.policyId, idOr404(link.policy_id))
      : eq(tasks.opportunityId, idOr404(link.opportunity_id ?? undefined));
  const rows = await selectTasks(t, cond)
    .orderBy(asc(isNotNull(tasks.completedAt)), asc(tasks.dueAt), asc(tasks.id)) // open ones first
    .limit(200);
  const zone = actor.agency.timeZone;
  return rows.map((r) => toRow(r, zone));
}

/** A timestamp as epoch milliseconds (float8 text; JavaScript's Date keeps milliseconds, so the rest is cut). */
const epochMs = (at: AnyPgColumn) => sql`(extract(epoch from ${at}) * 1000)::float8`;
const isoFromMs = (ms: string | null) => (ms === null ? null : new Date(Math.floor(Number(ms))).toISOString());

const asText = (value: SQL | AnyPgColumn, alias: string) => sql<string | null>`${value}`.as(alias);
/** My tasks' select list, per group (its tag first); read by name through MY_TASK_AT. */
const myTaskFields = (group: string) => ({
  grp: asText(sql`${group}::text`, 'grp'),
  id: asText(tasks.id, 'id'),
  title: asText(tasks.title, 'title'),
  description: asText(tasks.description, 'description'),
  dueMs: asText(epochMs(tasks.dueAt), 'due_ms'),
  priority: asText(tasks.priority, 'priority'),
  customerId: asText(tasks.customerId, 'customer_id'),
  customerName: asText(sql`(select ${customers.name} from ${customers} where ${customers.agencyId} = ${tasks.agencyId} and ${customers.id} = ${tasks.customerId})`, 'customer_name'),
  policyId: asText(tasks.policyId, 'policy_id'),
  policyNumber: asText(sql`(select ${policies.policyNumber} from ${policies} where ${policies.agencyId} = ${tasks.agencyId} and ${policies.id} = ${tasks.policyId})`, 'policy_number'),
  opportunityId: asText(tasks.opportunityId, 'opportunity_id'),
  completedMs: asText(epochMs(tasks.completedAt), 'completed_ms'),
  createdMs: asText(epochMs(tasks.createdAt), 'created_ms'),
  // the sort keys, by output name: a UNION's ORDER BY takes no expression
  dueKey: asText(tasks.dueAt, 'due_key'),
  doneKey: asText(tasks.completedAt, 'done_key'),
});
const MY_TASK_AT = rowPositions(myTaskFields(''));

/**
 * My tasks' statement (decisions 034 and 038): built once per connection pool and prepared by name.
 * Per group one table, tasks: an index range scan in the group's order (tasks_open_idx /
 * tasks_done_idx) that stops at MY_TASKS_LIMIT + 1 rows, tagged with the group; the customer's name
 * and the policy's number are looked up per row by primary key. With joins instead, generic plans
 * (the statement is prepared) went parallel (Gather Merge, 5–10 ms) or hashed the agency's whole
 * customer index for a page of 51. Rows come back as text arrays, read by name in `taskFromText`.
 */
function prepareMyTasks(db: Db, name: string) {
  const dayStart = sql`${sql.placeholder('dayStart')}::timestamptz`;
  const tomorrowStart = sql`${sql.placeholder('tomorrowStart')}::timestamptz`;
  const mine = eq(tasks.assigneeId, sql.placeholder('assigneeId'));
  const open = isNull(tasks.completedAt);
  const take = (group: (typeof MY_TASK_GROUPS)[number], where: SQL, ...order: SQL[]) =>
    db
      .select(myTaskFields(group))
      .from(tasks)
      .where(preparedWhere(tasks, mine, where))
      .orderBy(...order)
      .limit(constantLimit(MY_TASKS_LIMIT + 1));
  const query = unionAll(
    take('overdue', and(open, lt(tasks.dueAt, dayStart))!, asc(tasks.dueAt), asc(tasks.id)),
    take('today', and(open, gte(tasks.dueAt, dayStart), lt(tasks.dueAt, tomorrowStart))!, asc(tasks.dueAt), asc(tasks.id)),
    take('upcoming', and(open, gte(tasks.dueAt, tomorrowStart))!, asc(tasks.dueAt), asc(tasks.id)),
    take('done', isNotNull(tasks.completedAt), desc(tasks.completedAt), asc(tasks.id)),
    // each group in its own order (open ones, whose completed_at is null, by due time; done ones newest
    // first; exact ties of completed_at by due time, then id)
  ).orderBy(sql`grp, done_key desc nulls last, due_key, id`);
  return preparedRows(db, name, query, (r) => r);
}
function myTasksStatement(db: Db) {
  return cachedStatement(db, 'my_tasks_v2', (name) => prepareMyTasks(db, name));
}

/** A row of My tasks' statement (text, read by name through MY_TASK_AT) as the API's task row. */
function taskFromText(r: (string | null)[], assignee: { id: string; name: string | null }, timeZone: string): TaskRow {
  const dueAt = new Date(Math.floor(Number(r[MY_TASK_AT.dueMs])));
  const due = zonedParts(dueAt, timeZone);
  return {
    id: r[MY_TASK_AT.id]!,
    title: r[MY_TASK_AT.title]!,
    description: r[MY_TASK_AT.description],
    due_at: dueAt.toISOString(),
    due_date: due.date,
    due_time: due.time,
    priority: r[MY_TASK_AT.priority] as TaskPriority,
    assignee_id: assignee.id,
    assignee_name: assignee.name,
    customer_id: r[MY_TASK_AT.customerId],
    customer_name: r[MY_TASK_AT.customerName],
    policy_id: r[MY_TASK_AT.policyId],
    policy_number: r[MY_TASK_AT.policyNumber],
    opportunity_id: r[MY_TASK_AT.opportunityId],
    completed_at: isoFromMs(r[MY_TASK_AT.completedMs]),
    created_at: isoFromMs(r[MY_TASK_AT.createdMs])!,
  };
}

/**
 * My tasks for one member of the agency (default: the caller), grouped by the agency's day:
 * Overdue (due before today's midnight), Today, Upcoming and the latest Done. One statement.
 */
export async function readMyTasks(db: Db, actor: Actor, rawAssignee: string | undefined, now = new Date()): Promise<MyTasks> {
  const t = tenant(db, actor);
  const assigneeId = rawAssignee && rawAssignee !== 'me' ? rawAssignee : actor.userId;
  // every row is the assignee's: the name is shown as on any task row (toRow), read once
  const who = assigneeId === actor.userId ? actor : await assertMember(t, assigneeId, TASK_TEXT.notMember);
  const assignee = { id: assigneeId, name: `${who.firstName ?? ''} ${who.lastName ?? ''}`.trim() || who.email || null };
  // the agency's zone comes with the caller's identity (no statement of its own)
  const zone = actor.agency.timeZone;
  const today = agencyToday(zone, now);
  const dayStart = zonedInstant(today, '00:00', zone);
  const tomorrowStart = zonedInstant(addDays(today, 1), '00:00', zone);
  // the agency is the tenant context's own (t.agencyId), bound as the statement's parameter
  const rows = await t.run(myTasksStatement(db), { assigneeId, dayStart: dayStart.toISOString(), tomorrowStart: tomorrowStart.toISOString() });
  const byGroup = new Map<string, (string | null)[][]>(MY_TASK_GROUPS.map((g) => [g, []]));
  for (const r of rows) byGroup.get(r[MY_TASK_AT.grp]!)!.push(r);
  const group = (name: (typeof MY_TASK_GROUPS)[number]) => {
    const list = byGroup.get(name)!;
    return { rows: list.slice(0, MY_TASKS_LIMIT).map((r) => taskFromText(r, assignee, zone)), more: list.length > MY_TASKS_LIMIT };
  };
  return {
    assignee_id: assigneeId,
    today,
    time_zone: zone,
    groups: { overdue: group('overdue'), today: group('today'), upcoming: group('upcoming'), done: group('done') },
  };
}
