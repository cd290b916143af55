// Reports: aggregates of the agency's book through the tenant context. Premiums are summed by
// PostgreSQL as numeric and travel as text, so no total ever passes through a float.
import { and, asc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import {
  REPORT_ROW_CAP,
  REPORT_TEXT,
  reportGroup,
  type ReportColumn,
  type ReportKind,
  type ReportQuery as ReportFilters,
  type ReportResult,
  type ReportRow,
} from '#shared/reports.ts';
import { CUSTOMER_TYPE_LABEL, type CustomerType } from '#shared/customers.ts';
import { displayStatus, POLICY_STATUS_LABEL, POLICY_TYPE_LABEL, type PolicyType } from '#shared/policies.ts';
import { LINES } from '#shared/lines/index.ts';
import type { Actor } from '#server/context.ts';
import { agencyMembers, customers, policies, user } from '#server/db/schema.ts';
import { tenant, type Connection, type Tenant, type TenantConds } from '#server/tenant.ts';
import { assigneeName } from '#server/platform/team-membership.ts';
import { agencyTodayOf, policyStatusSql, statusIs } from '#server/platform/policy-status.ts';
import { commissionAging, commissionReport } from './commission.ts';

/** A report's filters and the agency's today, on which every status is read (#shared/policy-status.ts). */
type ReportQuery = ReportFilters & { today: string };

/** sum(numeric) as "1234.50" ("0.00" over no rows). */
const money = (expr: SQL) => sql<string>`coalesce(${expr}, 0)::numeric(18,2)::text`;
const count = sql<number>`count(*)::int`;

/** The policy filters shared by the policy reports: type, status, carrier (case-insensitive). */
function policyConds(q: ReportQuery): (SQL | undefined)[] {
  return [
    q.type !== 'all' ? eq(policies.policyType, q.type) : undefined,
    q.status !== 'all' ? statusIs(q.status, q.today) : undefined,
    q.carrier ? sql`lower(${policies.insuranceCompany}) = lower(${q.carrier})` : undefined,
  ];
}

/** The term [start_date, end_date] overlaps the range. */
function overlapsRange(q: ReportQuery): (SQL | undefined)[] {
  return [q.to ? lte(policies.startDate, q.to) : undefined, q.from ? gte(policies.endDate, q.from) : undefined];
}

const col = (key: string, label: string, kind: ReportColumn['kind'] = 'text'): ReportColumn => ({ key, label, kind });

export async function runReport(db: Connection, actor: Actor, kind: ReportKind, filters: ReportFilters): Promise<ReportResult> {
  const t = tenant(db, actor);
  const result = await REPORTS[kind](t, { ...filters, today: agencyTodayOf(actor) });
  return { ...result, rows: result.rows.map(labelRow) };
}

const REPORTS: Record<ReportKind, (t: Tenant, q: ReportQuery) => Promise<ReportResult>> = {
  book: bookOfBusiness,
  production,
  expiring,
  'cross-sell': crossSell,
  'no-policy': customersWithoutPolicy,
  commission: commissionReport,
  'commission-aging': commissionAging,
};

/** Stored codes shown as the app's labels ("car" → "Car"), the same on the page and in the CSV. */
function labelRow(row: ReportRow): ReportRow {
  const out = { ...row };
  if (typeof out.type === 'string') out.type = POLICY_TYPE_LABEL[out.type as PolicyType] ?? out.type;
  if (typeof out.status === 'string') out.status = POLICY_STATUS_LABEL[displayStatus(out.status)];
  if (typeof out.customerType === 'string') out.customerType = CUSTOMER_TYPE_LABEL[out.customerType as CustomerType] ?? out.customerType;
  return out;
}

async function policyTotals(t: Tenant, conds: TenantConds) {
  const [row] = await t.select({ count, premium: money(sql`sum(${policies.premiumAmount})`) }).from(policies, ...conds);
  return row;
}

async function bookOfBusiness(t: Tenant, q: ReportQuery): Promise<ReportResult> {
  const conds = [...policyConds(q), ...overlapsRange(q)];
  const fields = { count, premium: money(sql`sum(${policies.premiumAmount})`) };
  const totals = policyTotals(t, conds);
  const tail = [col('count', 'Policies', 'count'), col('premium', 'Premium', 'money')];
  if (reportGroup('book', q.group) === 'assignee') {
    const [rows, sums] = await Promise.all([byAssignee(t, fields, conds), totals]);
    return { kind: 'book', columns: [col('assignee', 'Assignee'), ...tail], rows, totals: { rows: rows.length, ...sums }, truncated: false };
  }
  const [rows, sums] = await Promise.all([
    t
      .select({ type: policies.policyType, carrier: policies.insuranceCompany, status: policyStatusSql(q.today), ...fields })
      .from(policies, ...conds)
      .groupBy(policies.policyType, policies.insuranceCompany, policyStatusSql(q.today))
      .orderBy(asc(policies.policyType), asc(policies.insuranceCompany), asc(policyStatusSql(q.today))),
    totals,
  ]);
  return {
    kind: 'book',
    columns: [col('type', 'Type'), col('carrier', 'Carrier'), col('status', 'Status'), ...tail],
    rows,
    totals: { rows: rows.length, ...sums },
    truncated: false,
  };
}

/**
 * The assignee's name comes from the agency's own members: the join is on (agency_id, user_id), so
 * a row can only ever be named by a member of the caller's agency. No assignee reads "Unassigned"
 * (listed last).
 */
const assigneeLabel = sql<string>`coalesce(${assigneeName}, nullif(${user.name}, ''), ${user.email}, ${REPORT_TEXT.unassigned})`;

function byAssignee(t: Tenant, fields: Record<string, SQL>, conds: TenantConds): Promise<ReportRow[]> {
  return t
    // assignee_id is no column (not in the table or the CSV), like cross-sell's customer_id
    .select({ assignee: assigneeLabel, assignee_id: policies.assigneeId, ...fields })
    .from(policies, ...conds)
    .leftJoin(agencyMembers, and(eq(agencyMembers.agencyId, policies.agencyId), eq(agencyMembers.userId, policies.assigneeId)))
    .leftJoin(user, eq(user.id, agencyMembers.userId))
    .groupBy(policies.assigneeId, user.id)
    .orderBy(sql`${policies.assigneeId} is null`, asc(assigneeLabel), asc(policies.assigneeId)) as Promise<ReportRow[]>;
}

/** A policy that renews an earlier term (renewed_from_id set) is a renewal; any other is new business. */
const isRenewal = sql`${policies.renewedFromId} is not null`;
const PRODUCTION_FIELDS = {
  newBusiness: sql<number>`(count(*) filter (where not ${isRenewal}))::int`,
  newPremium: money(sql`sum(${policies.premiumAmount}) filter (where not ${isRenewal})`),
  renewals: sql<number>`(count(*) filter (where ${isRenewal}))::int`,
  renewalPremium: money(sql`sum(${policies.premiumAmount}) filter (where ${isRenewal})`),
  count,
  premium: money(sql`sum(${policies.premiumAmount})`),
};

/**
 * A term counts in the month it starts (its effective date), not the day it was entered: a term
 * written in March that starts in May is May's production (decision 053). The range and the months
 * read start_date itself, so policies_agency_start_idx serves them.
 */
async function production(t: Tenant, q: ReportQuery): Promise<ReportResult> {
  const month = sql<string>`to_char(${policies.startDate}, 'YYYY-MM')`;
  const conds = [...policyConds(q), q.from ? gte(policies.startDate, q.from) : undefined, q.to ? lte(policies.startDate, q.to) : undefined];
  const group = reportGroup('production', q.group);
  const grouped = (key: SQL | typeof policies.insuranceCompany) =>
    t.select({ key, ...PRODUCTION_FIELDS }).from(policies, ...conds).groupBy(key).orderBy(asc(key));
  const [rows, [sums]] = await Promise.all([
    group === 'assignee'
      ? byAssignee(t, PRODUCTION_FIELDS, conds)
      : grouped(group === 'carrier' ? policies.insuranceCompany : month).then((found) =>
          found.map(({ key, ...rest }): ReportRow => ({ [group === 'carrier' ? 'carrier' : 'month']: key, ...rest })),
        ),
    t.select(PRODUCTION_FIELDS).from(policies, ...conds),
  ]);
  const first = group === 'assignee' ? col('assignee', 'Assignee') : group === 'carrier' ? col('carrier', 'Carrier') : col('month', 'Month');
  return {
    kind: 'production',
    columns: [
      first,
      col('newBusiness', 'New business', 'count'),
      col('newPremium', 'New business premium', 'money'),
      col('renewals', 'Renewals', 'count'),
      col('renewalPremium', 'Renewal premium', 'money'),
      col('count', 'Policies', 'count'),
      col('premium', 'Premium', 'money'),
    ],
    rows,
    totals: {
      rows: rows.length,
      count: sums.count,
      premium: sums.premium,
      cells: { newBusiness: sums.newBusiness, newPremium: sums.newPremium, renewals: sums.renewals, renewalPremium: sums.renewalPremium },
    },
    truncated: false,
  };
}

async function expiring(t: Tenant, q: ReportQuery): Promise<ReportResult> {
  const conds = [...policyConds(q), q.from ? gte(policies.endDate, q.from) : undefined, q.to ? lte(policies.endDate, q.to) : undefined];
  const [rows, totals] = await Promise.all([
    t
      .select({
        policyNumber: policies.policyNumber,
        customer: policies.customerName,
        email: policies.customerEmail,
        type: policies.policyType,
        carrier: policies.insuranceCompany,
        status: policyStatusSql(q.today),
        endDate: policies.endDate,
        premium: sql<string>`${policies.premiumAmount}::text`,
      })
      .from(policies, ...conds)
      .orderBy(asc(policies.endDate), asc(policies.policyNumber))
      .limit(REPORT_ROW_CAP),
    policyTotals(t, conds),
  ]);
  return {
    kind: 'expiring',
    columns: [
      col('policyNumber', 'Policy #'),
      col('customer', 'Customer'),
      col('email', 'Email'),
      col('type', 'Type'),
      col('carrier', 'Carrier'),
      col('status', 'Status'),
      col('endDate', 'End date', 'date'),
      col('premium', 'Premium', 'money'),
    ],
    rows,
    totals: { rows: totals.count, ...totals },
    truncated: totals.count > rows.length,
  };
}

async function crossSell(t: Tenant, q: ReportQuery): Promise<ReportResult> {
  const cars = sql<number>`count(*) filter (where ${policies.policyType} = 'car')`;
  const fires = sql<number>`count(*) filter (where ${policies.policyType} = 'fire')`;
  const carNoFire = sql`(${cars} > 0 and ${fires} = 0)`;
  const fireNoCar = sql`(${fires} > 0 and ${cars} = 0)`;
  // "lacks-<line>": customers with policies, none of that line (any registered line, decision 051)
  const lacking = q.direction.startsWith('lacks-') ? q.direction.slice('lacks-'.length) : null;
  const lineLabels = sql.join(LINES.map((l) => sql`when ${l.id} then ${l.label}`), sql` `);
  const having = lacking
    ? sql`count(*) filter (where ${policies.policyType} = ${lacking}) = 0`
    : q.direction === 'car-no-fire' ? carNoFire : q.direction === 'fire-no-car' ? fireNoCar : sql`(${carNoFire} or ${fireNoCar})`;
  const has = lacking
    ? sql<string>`string_agg(distinct case ${policies.policyType} ${lineLabels} else ${policies.policyType} end, ', ')`
    : sql<string>`case when ${cars} > 0 then 'Car' else 'Fire' end`;
  const missing = lacking ? sql<string>`${POLICY_TYPE_LABEL[lacking as PolicyType] ?? lacking}::text` : sql<string>`case when ${cars} > 0 then 'Fire' else 'Car' end`;
  const per = t
    .select({
      id: customers.id,
      name: sql<string>`${customers.name}`.as('name'),
      email: sql<string>`${customers.email}`.as('email'),
      phone: sql<string | null>`${customers.phone}`.as('phone'),
      has: has.as('has'),
      missing: missing.as('missing'),
      count: sql<number>`count(*)::int`.as('count'),
      premium: sql<string>`sum(${policies.premiumAmount})`.as('premium'),
    })
    .from(customers, q.status !== 'all' ? statusIs(q.status, q.today) : undefined, ...overlapsRange(q))
    // joined on (agency_id, id): the composite key, so a join never leaves the agency
    .innerJoin(policies, and(eq(policies.agencyId, customers.agencyId), eq(policies.customerId, customers.id)))
    .groupBy(customers.id)
    .having(having)
    .as('per');
  const [rows, [totals]] = await Promise.all([
    // customer_id is no column (not in the table or the CSV): the row's "Create opportunity" shortcut uses it
    t.selectChecked((select) =>
      select({ customer_id: per.id, name: per.name, email: per.email, phone: per.phone, has: per.has, missing: per.missing, count: per.count, premium: sql<string>`${per.premium}::text` })
        .from(per)
        .orderBy(asc(per.name), asc(per.email))
        .limit(REPORT_ROW_CAP),
    ),
    t.selectChecked((select) => select({ rows: count, count: sql<number>`coalesce(sum(${per.count}), 0)::int`, premium: money(sql`sum(${per.premium})`) }).from(per)),
  ]);
  return {
    kind: 'cross-sell',
    columns: [
      col('name', 'Customer'),
      col('email', 'Email'),
      col('phone', 'Phone'),
      col('has', 'Has'),
      col('missing', 'Missing'),
      col('count', 'Policies', 'count'),
      col('premium', 'Premium', 'money'),
    ],
    rows,
    totals,
    truncated: totals.rows > rows.length,
  };
}

async function customersWithoutPolicy(t: Tenant, q: ReportQuery): Promise<ReportResult> {
  const added = sql<string>`to_char(${customers.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const conds = [
    q.customerType !== 'all' ? eq(customers.customerType, q.customerType) : undefined,
    q.from ? sql`${added} >= ${q.from}` : undefined,
    q.to ? sql`${added} <= ${q.to}` : undefined,
    sql`not exists (select 1 from ${policies} where ${policies.agencyId} = ${customers.agencyId} and ${policies.customerId} = ${customers.id})`,
  ];
  const [rows, [totals]] = await Promise.all([
    t
      .select({ name: customers.name, email: customers.email, phone: customers.phone, customerType: customers.customerType, added })
      .from(customers, ...conds)
      .orderBy(asc(customers.name), asc(customers.email))
      .limit(REPORT_ROW_CAP),
    t.select({ count }).from(customers, ...conds),
  ]);
  return {
    kind: 'no-policy',
    columns: [col('name', 'Customer'), col('email', 'Email'), col('phone', 'Phone'), col('customerType', 'Type'), col('added', 'Added', 'date')],
    rows: rows as ReportRow[],
    totals: { rows: totals.count, count: totals.count, premium: '0.00' },
    truncated: totals.count > rows.length,
  };
}

/** The agency's carriers, for the carrier filter. */
export async function listCarriers(db: Connection, actor: Actor): Promise<string[]> {
  const rows = await tenant(db, actor)
    .select({ carrier: policies.insuranceCompany })
    .from(policies)
    .groupBy(policies.insuranceCompany)
    .orderBy(asc(policies.insuranceCompany));
  return rows.map((r) => r.carrier);
}
