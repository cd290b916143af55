// The activity log: written in the same transaction as the change it describes.
import { count, eq } from 'drizzle-orm';
import type { ActivityEntry, ActivityKind, ActivityQuery } from '#shared/activity.ts';
import type { Page } from '#shared/policies.ts';
import type { Actor } from '#server/context.ts';
import { activityLog, user } from '#server/db/schema.ts';
import { type Connection, tenant, type Tenant } from '#server/tenant.ts';
import { sortOrder } from '#server/lists.ts';

export async function logActivity(
  t: Tenant,
  // null: the system (a job such as the webhook worker), shown without a name
  actor: { userId: string | null },
  entry: { kind: ActivityKind; action: string; entityId: string | null; summary: string },
): Promise<void> {
  // written with the transaction's other activity lines at its end (one statement)
  await t.insertAtEnd(activityLog, {
    actorId: actor.userId,
    kind: entry.kind,
    action: entry.action,
    entityId: entry.entityId,
    summary: entry.summary.slice(0, 500),
  });
}

export async function listActivity(db: Connection, actor: Actor, q: ActivityQuery): Promise<Page<ActivityEntry>> {
  const t = tenant(db, actor);
  const kind = q.kind !== 'all' ? eq(activityLog.kind, q.kind) : undefined;
  const [rows, [total]] = await Promise.all([
    t
      .select({ entry: activityLog, firstName: user.firstName, lastName: user.lastName, email: user.email })
      .from(activityLog, kind)
      .leftJoin(user, eq(user.id, activityLog.actorId))
      .orderBy(...sortOrder(q.sort, { created_at: [activityLog.createdAt] }, activityLog.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    t.select({ n: count() }).from(activityLog, kind),
  ]);
  return {
    rows: rows.map(({ entry, firstName, lastName, email }) => activityEntry(entry, { firstName, lastName, email })),
    total: Number(total?.n ?? 0),
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** One line of the log as the API answers it (the list's and the dashboard's, decision 074), the actor named by their user row. */
export function activityEntry(
  entry: Pick<typeof activityLog.$inferSelect, 'id' | 'kind' | 'action' | 'entityId' | 'summary' | 'actorId' | 'createdAt'>,
  by: { firstName: string | null; lastName: string | null; email: string | null },
): ActivityEntry {
  return {
    id: entry.id,
    kind: entry.kind as ActivityKind,
    action: entry.action,
    entity_id: entry.entityId,
    summary: entry.summary,
    actor_id: entry.actorId,
    actor_name: entry.actorId ? `${by.firstName ?? ''} ${by.lastName ?? ''}`.trim() || by.email || null : null,
    created_at: entry.createdAt.toISOString(),
  };
}
