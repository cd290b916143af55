// Analytics: the agency's book grouped for the charts, through the tenant context. Premiums are
// summed by PostgreSQL as numeric and travel as text. Retention per month reads the renewal
// cockpit's counters with the cockpit's rule.
import { desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { lastMonths, type Analytics, type MonthPoint, type RetentionPoint, type Slice } from '#shared/analytics.ts';
import { agencyToday } from '#shared/time.ts';
import { retentionRate } from '#shared/renewals.ts';
import { displayStatus, POLICY_STATUS_LABEL, POLICY_TYPE_LABEL, type PolicyType } from '#shared/policies.ts';
import type { Actor } from '#server/context.ts';
import { customers, policies, renewalStats } from '#server/db/schema.ts';
import { type Connection, tenant, type Tenant } from '#server/tenant.ts';
import { agencyTodayOf, policyStatusSql } from '#server/platform/policy-status.ts';
import { readRenewalSettings, retentionCounters } from '#server/entities/renewals/settings.ts';

const premium = sql<string>`coalesce(sum(${policies.premiumAmount}), 0)::numeric(18,2)::text`;
const count = sql<number>`count(*)::int`;
const CARRIER_SLICES = 10;

export async function getAnalytics(db: Connection, actor: Actor, now = new Date()): Promise<Analytics> {
  const t = tenant(db, actor);
  const months = lastMonths(now);
  const since = `${months[0]}-01`;
  const policyMonth = sql<string>`to_char(${policies.createdAt} at time zone 'UTC', 'YYYY-MM')`;
  const customerMonth = sql<string>`to_char(${customers.createdAt} at time zone 'UTC', 'YYYY-MM')`;
  // each term's status by the rule on the agency's today, as on the list (#shared/policy-status.ts)
  const statusToday = policyStatusSql(agencyTodayOf(actor));
  const inWindow = (column: SQL | typeof policies.createdAt | typeof customers.createdAt) => sql`${column} >= ${since}::timestamp at time zone 'UTC'`;
  const [byMonth, byStatus, byType, byCarrier, newCustomers, retention] = await Promise.all([
    t.select({ month: policyMonth, count, premium }).from(policies, inWindow(policies.createdAt)).groupBy(policyMonth),
    t.select({ key: statusToday, count, premium }).from(policies).groupBy(statusToday).orderBy(desc(count)),
    t.select({ key: policies.policyType, count, premium }).from(policies).groupBy(policies.policyType).orderBy(desc(count)),
    t
      .select({ key: policies.insuranceCompany, count, premium })
      .from(policies)
      .groupBy(policies.insuranceCompany)
      .orderBy(desc(sql`sum(${policies.premiumAmount})`), policies.insuranceCompany)
      .limit(CARRIER_SLICES),
    t.select({ month: customerMonth, count }).from(customers, inWindow(customers.createdAt)).groupBy(customerMonth),
    readRetention(t, months, now),
  ]);
  const retentionAt = new Map(retention.map(({ month, ...r }) => [month, r]));
  const policyAt = new Map(byMonth.map((r) => [r.month, r]));
  const customerAt = new Map(newCustomers.map((r) => [r.month, r.count]));
  return {
    premiumByMonth: months.map((month): MonthPoint => policyAt.get(month) ?? { month, count: 0, premium: '0.00' }),
    byStatus: byStatus.map((r): Slice => ({ ...r, label: POLICY_STATUS_LABEL[displayStatus(r.key)] })),
    byType: byType.map((r): Slice => ({ ...r, label: POLICY_TYPE_LABEL[r.key as PolicyType] ?? r.key })),
    byCarrier: byCarrier.map((r): Slice => ({ ...r, label: r.key })),
    newCustomersByMonth: months.map((month) => ({ month, count: customerAt.get(month) ?? 0 })),
    retentionByMonth: months.map((month): RetentionPoint => {
      const r = retentionAt.get(month) ?? { renewed: 0, lost: 0, lapsed: 0, open: 0 };
      return { month, ...r, rate: retentionRate(r) };
    }),
  };
}

/**
 * Retention per month from the renewal_stats counters, with the cockpit's own rule
 * (retentionCounters): terms grouped by the calendar month of their end date, lapsed against the
 * agency's today (its timezone, as in the cockpit).
 */
async function readRetention(t: Tenant, months: string[], now: Date) {
  const s = renewalStats;
  const { timeZone } = await readRenewalSettings(t);
  const today = agencyToday(timeZone, now);
  const month = sql<string>`to_char(${s.endDate}, 'YYYY-MM')`;
  // the day after the window: Date.UTC's month is 0-based, so (year, month) is the next month's first day
  const [year, lastMonth] = months.at(-1)!.split('-').map(Number);
  const after = new Date(Date.UTC(year, lastMonth, 1)).toISOString().slice(0, 10);
  return t
    .select({
      month,
      ...retentionCounters(today),
      open: sql<number>`coalesce(sum(${s.policies}) filter (where ${s.renewalState} in ('not_started', 'contacted', 'quoted') and ${s.endDate} >= ${today}), 0)::int`,
    })
    .from(s, gte(s.endDate, `${months[0]}-01`), lt(s.endDate, after), eq(s.cancelled, false))
    .groupBy(month);
}
