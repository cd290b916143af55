// Which records a bulk action reaches: the picked ids that are the agency's own (the rest are
// ignored and reported), or every record of the agency matching the list's filter, resolved here
// on the server inside the tenant. Always in id order: the order rows are locked in.
import { asc, inArray, sql, type SQL } from 'drizzle-orm';
import type { CustomerSelectionFilter, PolicySelectionFilter } from '#shared/bulk.ts';
import type { ListSelection } from '#shared/lists.ts';
import { canUseFeature } from '#shared/features.ts';
import { accessSubject, type Actor } from '#server/context.ts';
import { customers, policies } from '#server/db/schema.ts';
import { agencyTodayOf, statusIs } from '#server/platform/policy-status.ts';
import type { Tenant } from '#server/tenant.ts';
import { customerConds } from '#server/entities/customers.ts';
import { assigneeFilter, searchMatches } from '#server/entities/policies/list.ts';
import { commissionStateIs } from '#server/entities/commissions/list-column.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A uuid[] parameter that both drivers accept: the array literal as text (the ids are checked uuids). */
export function uuidArray(ids: readonly string[]): SQL {
  for (const id of ids) if (!UUID.test(id)) throw new Error('not a uuid');
  return sql`${`{${ids.join(',')}}`}::uuid[]`;
}

export const ENTITY_TABLE = { policies, customers } as const;

export interface Targets {
  ids: string[];
  ignored: string[];
}

type Selection = { entity: 'policies'; selection: ListSelection<PolicySelectionFilter> } | { entity: 'customers'; selection: ListSelection<CustomerSelectionFilter> };

/** The list's filter of a filter selection, without the agency (the tenant's `from` adds it). */
function filterOf(t: Tenant, actor: Actor, s: Selection): (SQL | undefined)[] {
  if (!s.selection.all) throw new Error('filterOf needs a filter selection');
  if (s.entity === 'customers') return customerConds(s.selection.filter);
  const f = s.selection.filter;
  return [
    f.type !== 'all' ? sql`${policies.policyType} = ${f.type}` : undefined,
    f.status !== 'all' ? statusIs(f.status, agencyTodayOf(actor)) : undefined,
    f.search ? searchMatches(f.search) : undefined,
    assigneeFilter(actor, f.assignee),
    // what the list shows: its commission filter counts only where the list has the column
    f.commission !== 'all' && canUseFeature(accessSubject(actor), 'commissions') ? commissionStateIs(t, f.commission) : undefined,
  ];
}

export async function resolveTargets(t: Tenant, actor: Actor, s: Selection): Promise<Targets> {
  const table = ENTITY_TABLE[s.entity];
  if (s.selection.all) {
    const rows = await t.select({ id: table.id }).from(table, ...filterOf(t, actor, s)).orderBy(asc(table.id));
    return { ids: rows.map((r) => r.id), ignored: [] };
  }
  const asked = [...new Set(s.selection.ids)];
  const wellFormed = asked.filter((id) => UUID.test(id)).map((id) => id.toLowerCase());
  const own = new Set<string>();
  // in chunks: an IN list of thousands of parameters is slow to plan
  for (let i = 0; i < wellFormed.length; i += 1000) {
    const chunk = wellFormed.slice(i, i + 1000);
    const rows = await t.select({ id: table.id }).from(table, inArray(table.id, chunk));
    for (const r of rows) own.add(r.id);
  }
  return { ids: [...own].sort(), ignored: asked.filter((id) => !own.has(id.toLowerCase())) };
}

export type { Selection };
