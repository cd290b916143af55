// Analytics: the agency's book grouped for the charts, through the tenant context. Premiums are
// summed by PostgreSQL as numeric and travel as text.
import { desc, sql, type SQL } from 'drizzle-orm';
import { lastMonths, type Analytics, type MonthPoint, type Slice } from '#shared/analytics.ts';
import { displayStatus, POLICY_STATUS_LABEL, POLICY_TYPE_LABEL, type PolicyType } from '#shared/policies.ts';
import type { Actor } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { customers, policies } from '#server/db/schema.ts';
import { tenant } from '#server/tenant.ts';

const premium = sql<string>`coalesce(sum(${policies.premiumAmount}), 0)::numeric(18,2)::text`;
const count = sql<number>`count(*)::int`;
const CARRIER_SLICES = 10;

export async function getAnalytics(db: Db, actor: Actor, now = new Date()): Promise<Analytics> {
  const t = tenant(db, actor);
  const months = lastMonths(now);
  const since = `${months[0]}-01`;
  const policyMonth = sql<string>`to_char(${policies.createdAt} at time zone 'UTC', 'YYYY-MM')`;
  const customerMonth = sql<string>`to_char(${customers.createdAt} at time zone 'UTC', 'YYYY-MM')`;
  const inWindow = (column: SQL | typeof policies.createdAt | typeof customers.createdAt) => sql`${column} >= ${since}::timestamp at time zone 'UTC'`;
  const [byMonth, byStatus, byType, byCarrier, newCustomers] = await Promise.all([
    t.select({ month: policyMonth, count, premium }).from(policies, inWindow(policies.createdAt)).groupBy(policyMonth),
    t.select({ key: policies.status, count, premium }).from(policies).groupBy(policies.status).orderBy(desc(count)),
    t.select({ key: policies.policyType, count, premium }).from(policies).groupBy(policies.policyType).orderBy(desc(count)),
    t
      .select({ key: policies.insuranceCompany, count, premium })
      .from(policies)
      .groupBy(policies.insuranceCompany)
      .orderBy(desc(sql`sum(${policies.premiumAmount})`), policies.insuranceCompany)
      .limit(CARRIER_SLICES),
    t.select({ month: customerMonth, count }).from(customers, inWindow(customers.createdAt)).groupBy(customerMonth),
  ]);
  const policyAt = new Map(byMonth.map((r) => [r.month, r]));
  const customerAt = new Map(newCustomers.map((r) => [r.month, r.count]));
  return {
    premiumByMonth: months.map((month): MonthPoint => policyAt.get(month) ?? { month, count: 0, premium: '0.00' }),
    byStatus: byStatus.map((r): Slice => ({ ...r, label: POLICY_STATUS_LABEL[displayStatus(r.key)] })),
    byType: byType.map((r): Slice => ({ ...r, label: POLICY_TYPE_LABEL[r.key as PolicyType] ?? r.key })),
    byCarrier: byCarrier.map((r): Slice => ({ ...r, label: r.key })),
    newCustomersByMonth: months.map((month) => ({ month, count: customerAt.get(month) ?? 0 })),
    retentionByMonth: null,
  };
}
