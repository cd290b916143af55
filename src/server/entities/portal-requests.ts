// The client portal's change requests (issue 32) as an entity other features share: the agent's answer
// (the app and /api/v1 call the same function), the answer /api/v1, its change feed and its webhooks
// give, and the changes a request follows — its policy's delete unlinks it, its customer's delete
// takes it. Each change moves updated_at and is one portal_request.* event (issue 34 §2).
import { eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { PORTAL_TEXT, REQUEST_STATE_LABEL, type ApiPortalRequest, type ChangeKind, type RequestState, type requestAnswerSchema } from '#shared/portal.ts';
import type { z } from 'zod';
import type { Actor } from '#server/context.ts';
import { portalRequests, tasks } from '#server/db/schema.ts';
import { notFound } from '#server/errors.ts';
import { emit, type EventSource } from '#server/platform/events.ts';
import { tenant, type Connection, type Tenant } from '#server/tenant.ts';
import { apiTaskOf } from '#server/entities/tasks/tasks.ts';

type RequestRecord = typeof portalRequests.$inferSelect;

/**
 * The agency's portal requests as /api/v1 lists them: the row alone, no other row's name or number, so
 * an answer changes exactly when its row does (and its updated_at moves with it).
 */
export function portalRequestSelect(t: Tenant, cursorAt: SQL<string>, ...conds: (SQL | undefined)[]) {
  return t.select({ r: portalRequests, cursorAt }).from(portalRequests, ...conds);
}

export function toApiPortalRequest({ r }: { r: RequestRecord }): ApiPortalRequest {
  return {
    id: r.id,
    customer_id: r.customerId,
    policy_id: r.policyId,
    kind: r.kind as ChangeKind,
    details: r.details,
    state: r.state as RequestState,
    reply: r.reply,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

/** The requests of these ids as /api/v1 answers them (gone ones are absent). */
export async function portalRequestsByIds(t: Tenant, ids: string[]): Promise<ApiPortalRequest[]> {
  if (!ids.length) return [];
  return (await portalRequestSelect(t, sql<string>`''`, inArray(portalRequests.id, ids))).map(toApiPortalRequest);
}

/** One request as /api/v1 answers it; another agency's or an unknown id is a 404. */
export async function getPortalRequest(db: Connection, actor: Actor, id: string): Promise<ApiPortalRequest> {
  const [found] = await portalRequestsByIds(tenant(db, actor), [id]);
  if (!found) throw notFound(PORTAL_TEXT.requestNotFound);
  return found;
}

/** The event's data, read when a subscriber needs it (at once, for a delete). */
const requestData = (t: Tenant, id: string) => async () => (await portalRequestsByIds(t, [id]))[0];

/** One portal_request.created or .updated per request (no log line: the request's task carries it). */
export async function portalRequestsChanged(t: Tenant, by: EventSource, op: 'created' | 'updated', ids: string[]): Promise<void> {
  for (const id of ids) await emit(t, by, { type: `portal_request.${op}`, entityId: id, data: requestData(t, id) });
}

/**
 * The agent answers a request (the app's customer page and /api/v1): its state and a reply the client
 * reads in the portal. Done completes the request's task too, and any other state reopens it.
 */
export async function answerPortalRequest(db: Connection, actor: Actor, requestId: string, input: z.output<typeof requestAnswerSchema>): Promise<RequestRecord> {
  return tenant(db, actor).transaction(async (t) => {
    const [row] = await t.update(portalRequests, { state: input.state, reply: input.reply, updatedAt: new Date() }, eq(portalRequests.id, requestId)).returning();
    if (!row) throw notFound(PORTAL_TEXT.requestNotFound);
    // done here is done there: the request's task is completed with it, and reopened when the request is
    // not done (features/portal/subscribe.ts moves the request when the task is completed or reopened elsewhere)
    if (row.taskId && input.state === 'done')
      await t.update(tasks, { completedAt: new Date(), completedBy: actor.userId, updatedAt: new Date() }, eq(tasks.id, row.taskId), isNull(tasks.completedAt));
    else if (row.taskId) await t.update(tasks, { completedAt: null, completedBy: null, updatedAt: new Date() }, eq(tasks.id, row.taskId), isNotNull(tasks.completedAt));
    if (row.taskId)
      await emit(t, actor, { type: 'task.updated', entityId: row.taskId, summary: `Answered a client portal request: ${REQUEST_STATE_LABEL[input.state]}`, data: apiTaskOf(t, row.taskId, actor.agency.timeZone) });
    await portalRequestsChanged(t, actor, 'updated', [row.id]);
    return row;
  });
}

/**
 * Called in the transaction that deletes these policies, before their rows go: their requests stay,
 * without the policy — a change of each request (updated_at, one portal_request.updated), not the
 * foreign key's silent SET NULL. Returns the requests unlinked.
 */
export async function unlinkPortalRequests(t: Tenant, by: EventSource, policyIds: string[]): Promise<string[]> {
  if (!policyIds.length) return [];
  const changed = await t.update(portalRequests, { policyId: null, updatedAt: new Date() }, inArray(portalRequests.policyId, policyIds)).returning({ id: portalRequests.id });
  await portalRequestsChanged(t, by, 'updated', changed.map((r) => r.id));
  return changed.map((r) => r.id);
}

/** Called before these customers' rows go: their requests go with them (the foreign key), each one portal_request.deleted, read first. */
export async function portalRequestsGoWith(t: Tenant, by: EventSource, customerIds: string[]): Promise<void> {
  if (!customerIds.length) return;
  const was = (await portalRequestSelect(t, sql<string>`''`, inArray(portalRequests.customerId, customerIds))).map(toApiPortalRequest);
  for (const r of was) await emit(t, by, { type: 'portal_request.deleted', entityId: r.id, data: r });
}
