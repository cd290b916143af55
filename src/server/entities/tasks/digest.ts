// The daily digest's tasks section (issue 14): open tasks due today, in the agency's day, for
// agencies whose plan has the CRM. A system job read across agencies, like the renewals digest
// (decision 015's exceptions): one query per timezone in use.
import { and, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import { zonedInstant, zonedParts } from '#shared/time.ts';
import { planIncludes } from '#shared/features.ts';
import { addDays } from '#shared/time.ts';
import { effectiveTier } from '#shared/tiers.ts';
import { crossAgency, type Connection } from '#server/tenant.ts';
import { agencies, tasks, user } from '#server/db/schema.ts';

export interface DueTask {
  taskId: string;
  agencyName: string;
  userId: string;
  email: string;
  firstName: string;
  optOut: boolean;
  title: string;
  dueAt: Date;
}

export async function readTasksDueToday(connection: Connection, timeZone: string, today: string): Promise<DueTask[]> {
  const rows = await crossAgency(connection, 'the digest reads the tasks of every agency of a time zone in one statement')
    .select({
      taskId: tasks.id,
      agencyName: agencies.name,
      userId: user.id,
      email: user.email,
      firstName: user.firstName,
      optOut: user.digestOptOut,
      title: tasks.title,
      dueAt: tasks.dueAt,
      owner: { subscriptionTier: sql<string>`o.subscription_tier`, subscriptionStatus: sql<string>`o.subscription_status`, trialEndsAt: sql<Date | null>`o.trial_ends_at` },
    })
    .from(tasks)
    .innerJoin(agencies, eq(agencies.id, tasks.agencyId))
    .innerJoin(user, eq(user.id, tasks.assigneeId))
    .innerJoin(sql`"user" o`, sql`o.id = ${agencies.ownerId}`)
    .where(
      and(
        eq(agencies.timezone, timeZone),
        isNull(tasks.completedAt),
        gte(tasks.dueAt, zonedInstant(today, '00:00', timeZone)),
        lt(tasks.dueAt, zonedInstant(addDays(today, 1), '00:00', timeZone)),
      ),
    )
    .orderBy(tasks.dueAt);
  return rows.filter((r) => planIncludes(effectiveTier(r.owner), 'crm'));
}

/** The digest's "Tasks due today" paragraphs (none when there are none). */
export function tasksDigestLines(dueTasks: DueTask[], timeZone: string): string[] {
  if (!dueTasks.length) return [];
  return [`Tasks due today (${dueTasks.length}):`, ...dueTasks.map((t) => `${zonedParts(t.dueAt, timeZone).time} — ${t.title} (${t.agencyName})`)];
}
