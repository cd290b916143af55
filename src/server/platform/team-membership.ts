// Who belongs to the agency, for every feature that assigns work to a member (policies, renewals,
// tasks, the pipeline, bulk actions): one check and one way to name a member in SQL.
import { asc, eq, sql } from 'drizzle-orm';
import { agencyMembers, user } from '#server/db/schema.ts';
import { badRequest } from '#server/errors.ts';
import type { Tenant } from '#server/tenant.ts';

/** The name shown for an assignee: first and last name, else the account name. */
export const assigneeName = sql<string | null>`nullif(trim(coalesce(${user.firstName}, '') || ' ' || coalesce(${user.lastName}, '')), '')`;

/** The assignee must be a member of the agency: 400 otherwise (the composite key would refuse it too). */
export async function assertMember(
  t: Tenant,
  userId: string,
  message: string,
): Promise<{ first: string | null; name: string | null; firstName: string | null; lastName: string | null; email: string }> {
  const [member] = await t.db
    .select({ first: assigneeName, name: user.name, firstName: user.firstName, lastName: user.lastName, email: user.email })
    .from(agencyMembers)
    .innerJoin(user, eq(user.id, agencyMembers.userId))
    .where(t.where(agencyMembers, eq(agencyMembers.userId, userId)));
  if (!member) throw badRequest(message, { assignee_id: message }, 'NOT_A_MEMBER');
  return member;
}

/** The agency's members, for the assignee filter and select. */
export async function readMembers(t: Tenant) {
  const rows = await t
    .select({ id: agencyMembers.userId, first: assigneeName, name: user.name, email: user.email })
    .from(agencyMembers)
    .innerJoin(user, eq(user.id, agencyMembers.userId))
    .orderBy(asc(user.firstName), asc(user.lastName));
  return rows.map((r) => ({ id: r.id, name: r.first ?? (r.name || r.email) }));
}
