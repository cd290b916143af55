// The renewal cockpit (issue 11): the paged table read from policies_agency_end_idx (agency, end
// date), and the buckets and 12-month retention from the renewal_stats counters, through the tenant
// context.
import { asc, desc, eq, gte, inArray, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import { addDays, agencyToday } from '#shared/time.ts';
import {
  BUCKETS,
  BUCKET_UPPER,
  bucketOf,
  COCKPIT_HORIZON_DAYS,
  daysLeft,
  type Bucket,
  type RenewalCockpit,
  type RenewalQuery,
  retentionRate,
  type RenewalState,
} from '#shared/renewals.ts';
import type { PolicyType } from '#shared/policies.ts';
import type { Actor } from '#server/context.ts';
import { policies, renewalStats, user } from '#server/db/schema.ts';
import { type Connection, tenant, type Tenant } from '#server/tenant.ts';
import { assigneeFilter } from '#server/entities/policies/list.ts';
import { assigneeName, readMembers } from '#server/platform/team-membership.ts';
import { readRenewalSettings, retentionCounters } from './settings.ts';

/** Lapsed terms older than this are history, not work: the cockpit and retention look back one year. */
export const LOOKBACK_DAYS = 365;
const OPEN_STATES: RenewalState[] = ['not_started', 'contacted', 'quoted'];

/** The filters every part of the cockpit shares (assignee, type); the carrier's is kept apart (see readSummary). */
function filters(actor: Actor, q: RenewalQuery, assignee: string): (SQL | undefined)[] {
  return [assigneeFilter(actor, assignee), q.type !== 'all' ? eq(policies.policyType, q.type) : undefined];
}

/** Open terms in the window [today − lookback, today + 120]: what the buckets and the table show. */
function openWindow(today: string): SQL[] {
  return [
    gte(policies.endDate, addDays(today, -LOOKBACK_DAYS)),
    lte(policies.endDate, addDays(today, COCKPIT_HORIZON_DAYS)),
    inArray(policies.renewalState, OPEN_STATES),
    ne(policies.status, 'cancelled'),
  ];
}

/** Terms marked lost in the same window: the Lost view, the retention figure's lost terms. */
function lostWindow(today: string): SQL[] {
  return [
    gte(policies.endDate, addDays(today, -LOOKBACK_DAYS)),
    lte(policies.endDate, addDays(today, COCKPIT_HORIZON_DAYS)),
    eq(policies.renewalState, 'lost'),
    ne(policies.status, 'cancelled'),
  ];
}

function bucketRange(bucket: Bucket, today: string): SQL[] {
  if (bucket === 'lapsed') return [lt(policies.endDate, today)];
  const index = BUCKETS.indexOf(bucket);
  const lower = index === 1 ? 0 : BUCKET_UPPER[BUCKETS[index - 1] as keyof typeof BUCKET_UPPER] + 1;
  return [gte(policies.endDate, addDays(today, lower)), lte(policies.endDate, addDays(today, BUCKET_UPPER[bucket]))];
}

export async function readCockpit(db: Connection, actor: Actor, q: RenewalQuery, now = new Date()): Promise<RenewalCockpit> {
  const t = tenant(db, actor);
  const settings = await readRenewalSettings(t);
  const today = agencyToday(settings.timeZone, now);
  // "My renewals" is a team member's default; owners and admins see the whole agency.
  const assignee = q.assignee || (actor.agency.role === 'team_member' ? 'me' : 'all');
  const shared = filters(actor, q, assignee);
  const carrier = q.carrier ? eq(policies.insuranceCompany, q.carrier) : undefined;
  const lost = q.view === 'lost';
  const window = lost ? lostWindow(today) : openWindow(today);
  const tableConds = [...window, ...shared, carrier, ...(!lost && q.bucket !== 'all' ? bucketRange(q.bucket, today) : [])];
  const [{ buckets, retention, carriers }, rows, members] = await Promise.all([
    readSummary(t, today, statsFilters(actor, q, assignee), q.carrier || undefined),
    t
      .select({ policy: policies, first: assigneeName, name: user.name })
      .from(policies, ...tableConds)
      .leftJoin(user, eq(user.id, policies.assigneeId))
      .orderBy(q.sort === 'end_desc' ? desc(policies.endDate) : asc(policies.endDate), asc(policies.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    readMembers(t),
  ]);
  return {
    today,
    time_zone: settings.timeZone,
    remarket_threshold: settings.threshold,
    buckets,
    rows: rows.map(({ policy, first, name }) => {
      const days = daysLeft(policy.endDate, today);
      return {
        id: policy.id,
        policy_number: policy.policyNumber,
        customer_id: policy.customerId,
        customer_name: policy.customerName,
        insurance_company: policy.insuranceCompany,
        policy_type: policy.policyType as PolicyType,
        end_date: policy.endDate,
        days_left: days,
        bucket: bucketOf(days),
        premium_amount: policy.premiumAmount,
        assignee: policy.assigneeId ? { id: policy.assigneeId, name: first ?? name ?? '' } : null,
        renewal_state: policy.renewalState as RenewalState,
        remarket: policy.remarket,
      };
    }),
    // the table shows exactly the open terms the buckets count, or the lost ones retention counts
    total: lost
      ? retention.lost
      : q.bucket === 'all' ? buckets.reduce((n, b) => n + b.count, 0) : (buckets.find((b) => b.bucket === q.bucket)?.count ?? 0),
    page: q.page,
    pageSize: q.pageSize,
    assignee,
    retention,
    carriers,
    members,
  };
}

/** The assignee and type filters on the counters' own columns (the rules of the policies list). */
function statsFilters(actor: Actor, q: RenewalQuery, assignee: string): (SQL | undefined)[] {
  // the list's own assignee rule, on the counters' column
  return [assigneeFilter(actor, assignee, renewalStats.assigneeId), q.type !== 'all' ? eq(renewalStats.policyType, q.type) : undefined];
}

/**
 * Buckets, the 12-month retention and the carrier list in one pass over the agency's counters
 * (renewal_stats, kept by triggers on policies: one row per end date, state, type, assignee and
 * carrier) in [today − 1 year, today + 120 days], not over its terms. Retention is renewed ÷
 * (renewed + lost + lapsed) over the terms whose end date falls in that span (a term renewed or
 * lost ahead of its end counts at once). The carrier filter applies inside the aggregates, so the
 * carrier list still offers the others.
 */
async function readSummary(t: Tenant, today: string, shared: (SQL | undefined)[], carrier: string | undefined) {
  const s = renewalStats;
  const chosen = carrier ? sql`${s.insuranceCompany} = ${carrier}` : sql`true`;
  const open = sql`${s.renewalState} in ('not_started', 'contacted', 'quoted') and ${chosen}`;
  const range = (b: Bucket) => {
    if (b === 'lapsed') return sql`${s.endDate} < ${today}`;
    const index = BUCKETS.indexOf(b);
    const lower = index === 1 ? 0 : BUCKET_UPPER[BUCKETS[index - 1] as keyof typeof BUCKET_UPPER] + 1;
    return sql`${s.endDate} between ${addDays(today, lower)} and ${addDays(today, BUCKET_UPPER[b])}`;
  };
  const fields: Record<string, SQL> = {
    ...retentionCounters(today, chosen),
    carriers: sql<string[]>`coalesce(array_agg(distinct ${s.insuranceCompany}) filter (where ${s.renewalState} in ('not_started', 'contacted', 'quoted') and ${s.policies} > 0), '{}')`,
  };
  for (const b of BUCKETS) {
    fields[`${b}_count`] = sql<number>`coalesce(sum(${s.policies}) filter (where ${open} and ${range(b)}), 0)::int`;
    fields[`${b}_premium`] = sql<string>`coalesce(sum(${s.premium}) filter (where ${open} and ${range(b)}), 0)::numeric(16,2)::text`;
  }
  const [row] = (await t
    .select(fields)
    .from(s, gte(s.endDate, addDays(today, -LOOKBACK_DAYS)), lte(s.endDate, addDays(today, COCKPIT_HORIZON_DAYS)), eq(s.cancelled, false), ...shared)) as unknown as Record<
    string,
    number | string | string[]
  >[];
  const buckets = BUCKETS.map((b) => ({ bucket: b, count: Number(row[`${b}_count`]), premium: String(row[`${b}_premium`]) }));
  const counts = { renewed: Number(row.renewed), lost: Number(row.lost), lapsed: Number(row.lapsed) };
  const carriers = [...(row.carriers as string[])].sort((a, b) => a.localeCompare(b)).slice(0, 200);
  return { buckets, carriers, retention: { ...counts, rate: retentionRate(counts) } };
}
