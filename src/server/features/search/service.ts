// The command palette's search: a few of the agency's customers and policies, through the lists'
// own search expressions (and so their trigram indexes).
import { and, desc, eq } from 'drizzle-orm';
import { SEARCH_LIMIT, type SearchResults } from '#shared/search.ts';
import type { PolicyStatus, PolicyType } from '#shared/policies.ts';
import type { Actor } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { customers, policies } from '#server/db/schema.ts';
import { customerSearch } from '../customers/service.ts';
import { searchMatches } from '../policies/service.ts';
import { agencyTodayOf, policyStatusSql } from '#server/platform/policy-status.ts';

export async function searchBook(db: Db, actor: Actor, q: string): Promise<SearchResults> {
  const [customerRows, policyRows] = await Promise.all([
    db
      .select({ id: customers.id, name: customers.name, email: customers.email })
      .from(customers)
      .where(and(eq(customers.agencyId, actor.agency.id), customerSearch(q)))
      .orderBy(desc(customers.createdAt), desc(customers.id))
      .limit(SEARCH_LIMIT),
    db
      .select({
        id: policies.id,
        policy_number: policies.policyNumber,
        customer_name: policies.customerName,
        policy_type: policies.policyType,
        status: policyStatusSql(agencyTodayOf(actor)),
      })
      .from(policies)
      .where(and(eq(policies.agencyId, actor.agency.id), searchMatches(q)))
      .orderBy(desc(policies.createdAt), desc(policies.id))
      .limit(SEARCH_LIMIT),
  ]);
  return {
    customers: customerRows,
    policies: policyRows.map((p) => ({ ...p, policy_type: p.policy_type as PolicyType, status: p.status as PolicyStatus })),
  };
}
