// The command palette's search: a few of the agency's customers and policies, through the lists'
// own search expressions (and so their trigram indexes).
import { desc } from 'drizzle-orm';
import { SEARCH_LIMIT, type SearchResults } from '#shared/search.ts';
import type { PolicyStatus, PolicyType } from '#shared/policies.ts';
import type { Actor } from '#server/context.ts';
import { tenant, type Connection } from '#server/tenant.ts';
import { customers, policies } from '#server/db/schema.ts';
import { customerSearch } from '#server/entities/customers.ts';
import { searchMatches } from '#server/entities/policies/list.ts';
import { agencyTodayOf, policyStatusSql } from '#server/platform/policy-status.ts';

export async function searchBook(db: Connection, actor: Actor, q: string): Promise<SearchResults> {
  const t = tenant(db, actor);
  const [customerRows, policyRows] = await Promise.all([
    t
      .select({ id: customers.id, name: customers.name, email: customers.email })
      .from(customers, customerSearch(q))
      .orderBy(desc(customers.createdAt), desc(customers.id))
      .limit(SEARCH_LIMIT),
    t
      .select({
        id: policies.id,
        policy_number: policies.policyNumber,
        customer_name: policies.customerName,
        policy_type: policies.policyType,
        status: policyStatusSql(agencyTodayOf(actor)),
      })
      .from(policies, searchMatches(q))
      .orderBy(desc(policies.createdAt), desc(policies.id))
      .limit(SEARCH_LIMIT),
  ]);
  return {
    customers: customerRows,
    policies: policyRows.map((p) => ({ ...p, policy_type: p.policy_type as PolicyType, status: p.status as PolicyStatus })),
  };
}
