// One policy with its customer, its line's details and its linked terms.
import { and, eq, sql } from 'drizzle-orm';
import { POLICY_TEXT, type PolicyDetail } from '#shared/policies.ts';
import type { TermLink } from '#shared/renewals.ts';
import type { Actor } from '#server/context.ts';
import type { Connection } from '#server/tenant.ts';
import { customers, policies, user } from '#server/db/schema.ts';
import { agencyTodayOf, tenantToday } from '#server/platform/policy-status.ts';
import { notFound } from '#server/errors.ts';
import { preparedWhere, tenant, type Tenant } from '#server/tenant.ts';
import { idOr404 } from '#server/db/helpers.ts';
import { assigneeName } from '#server/platform/team-membership.ts';
import { detailsOf } from './lines.ts';
import { toPolicy } from './decode.ts';

export async function getPolicy(db: Connection, actor: Actor, rawId: string): Promise<PolicyDetail> {
  return readPolicy(tenant(db, actor), idOr404(rawId, POLICY_TEXT.notFound), agencyTodayOf(actor));
}

export async function readPolicy(t: Tenant, id: string, today?: string): Promise<PolicyDetail> {
  // Joined on (agency_id, id), the composite keys, so a join never leaves the agency either. Named
  // (prepared once per connection, the transaction's inside one): planning this five-table join took
  // PostgreSQL 0.4 ms on every read, seven times the read itself (decision 041).
  const [found] = await t.run(
    t.db
      .select({ policy: policies, customer: customers, first: assigneeName, name: user.name })
      .from(policies)
      .leftJoin(user, eq(user.id, policies.assigneeId))
      .leftJoin(customers, and(eq(customers.agencyId, policies.agencyId), eq(customers.id, policies.customerId)))
      .where(preparedWhere(policies, eq(policies.id, sql.placeholder('id'))))
      .prepare('policy_read_v2'),
    { id },
  );
  if (!found) throw notFound(POLICY_TEXT.notFound);
  const { policy, customer } = found;
  const [previous, next] = await Promise.all([
    policy.renewedFromId ? readTermLink(t, 'previous', policy.renewedFromId) : null,
    readTermLink(t, 'next', policy.id),
  ]);
  // Missing details are tolerated (agency.md §7): the section then shows N/A.
  return {
    ...toPolicy(policy, found, today ?? (await tenantToday(t))),
    previous_term: previous,
    next_term: next,
    ...detailsOf(policy.policyType, policy.details),
    customer: customer ? { id: customer.id, name: customer.name, email: customer.email, phone: customer.phone } : null,
  };
}

/** The term a policy renewed (`previous`: the policy with this id) or the term that renewed it (`next`: renewed from this id). */
export async function readTermLink(t: Tenant, which: 'previous' | 'next', id: string): Promise<TermLink | null> {
  const [row] = await t.run(
    t.db
      .select({ id: policies.id, policy_number: policies.policyNumber, start_date: policies.startDate, end_date: policies.endDate })
      .from(policies)
      .where(preparedWhere(policies, eq(which === 'previous' ? policies.id : policies.renewedFromId, sql.placeholder('id'))))
      .prepare(`policy_term_${which}_v1`),
    { id },
  );
  return row ?? null;
}
