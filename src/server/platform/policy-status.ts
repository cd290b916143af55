// The status rule (#shared/policy-status.ts) in SQL, for what filters and counts in the database: the
// list's status filter, the reports' status rows, the dashboard. Its cases are those of
// derivePolicyStatus, in the same order; policy-status.test.ts runs both on the same terms.
import { and, eq, inArray, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { derivePolicyStatus, storedStatusesFor, type PolicyStatus, type TermFacts } from '#shared/policy-status.ts';
import { agencyToday } from '#shared/time.ts';
import { agencies, policies } from '#server/db/schema.ts';
import { now } from './clock.ts';
import type { Tenant } from '#server/tenant.ts';

/** The agency's today on the server's clock (tests move it: platform/clock.ts). */
export function agencyTodayOf(owner: { agency: { timeZone: string } }, at: Date = now()): string {
  return agencyToday(owner.agency.timeZone, at);
}

/** The agency's today for a context without the actor at hand (a job's): one read of its settings. */
export async function tenantToday(t: Tenant): Promise<string> {
  const [own] = await t.ownAgency({ timeZone: agencies.timezone });
  return agencyToday(own?.timeZone, now());
}

function isoDay(day: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`not a date: ${day}`);
  return day;
}

/** derivePolicyStatus as a SQL expression on the policies row; `today` a date value or placeholder. */
export function policyStatusSql(today: SQL | Placeholder | string): SQL<string> {
  // A date of ours is written into the statement: a GROUP BY on this expression must read the same
  // text as its SELECT, which two parameters ($1, $2) are not. A placeholder stays a parameter.
  const day = typeof today === 'string' ? sql.raw(`'${isoDay(today)}'::date`) : sql`${today}::date`;
  return sql<string>`(case
    when ${policies.cancelEffectiveDate} is not null and ${policies.cancelEffectiveDate} <= ${day} then 'cancelled'
    when ${policies.endDate} <= ${day} then (case ${policies.renewalState} when 'renewed' then 'renewed' when 'lost' then 'lost' else 'expired' end)
    when ${policies.startDate} > ${day} or not ${policies.bound} then 'pending'
    else 'active' end)`;
}

/**
 * Terms whose status is `status` on `today`: the stored statuses it can come from (the index's key),
 * then the rule itself, so a term the daily run has not moved yet is still filtered by its dates.
 */
export function statusIs(status: PolicyStatus, today: SQL | Placeholder | string): SQL {
  return and(inArray(policies.status, storedStatusesFor(status)), eq(policyStatusSql(today), status))!;
}

/** The columns the rule reads, for a select that maps rows in TypeScript. */
export const termFactColumns = {
  startDate: policies.startDate,
  endDate: policies.endDate,
  bound: policies.bound,
  cancelEffectiveDate: policies.cancelEffectiveDate,
  renewalState: policies.renewalState,
};

/** A row's status on `today`, from its drizzle fields. */
export function statusOfRow(
  row: { startDate: string; endDate: string; bound: boolean; cancelEffectiveDate: string | null; renewalState: string },
  today: string,
): PolicyStatus {
  const facts: TermFacts = {
    start_date: row.startDate,
    end_date: row.endDate,
    bound: row.bound,
    cancel_effective_date: row.cancelEffectiveDate,
    renewal_state: row.renewalState,
  };
  return derivePolicyStatus(facts, today);
}

/**
 * Stores the rule's status on `today` for the matching terms of the agency, after a write that
 * changed what the rule reads (renewal state, cancellation): the list's index stays close to the truth.
 */
export async function refreshStoredStatus(t: Tenant, today: string, ...conds: SQL[]): Promise<void> {
  await t.update(policies, { status: policyStatusSql(today) }, ...conds, ne(policies.status, policyStatusSql(today)));
}
