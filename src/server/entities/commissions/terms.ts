// The commission of every term, as one SQL definition that the reconciliation, the producer report
// and the reports page all read (issue 31: their totals must tie): the rate is the policy's own or
// its schedule's (carrier × line × new/renewal, the latest effective on or before the term's start);
// a cancelled term's unearned share comes back as a negative chargeback, pro rata by days; money is
// numeric (exact to the cent) and leaves as text. Sums and buckets are sums of the same rows, so for
// every filter expected − received = outstanding.
import { sql, type SQL } from 'drizzle-orm';
import { SPLIT_TEXT, type ProducerReport, type ProducerReportRow } from '#shared/commission-splits.ts';
import type { CommissionTotals } from '#shared/commissions.ts';
import type { Tenant } from '#server/tenant.ts';
import { readSettings } from './settings.ts';

export type Raw = Record<string, unknown>;
const money = (v: unknown) => String(v ?? '0.00');

export const CARRIER_KEY = (column: SQL) => sql`lower(regexp_replace(btrim(${column}), '\\s+', ' ', 'g'))`;

/**
 * Every term of the agency with its rate, expected, received, difference and state; `only` narrows
 * the policies read (alias p), e.g. to one outer row in a lateral join.
 */
export function termsSql(t: Tenant, tolerance: string | SQL, only?: SQL): SQL {
  return sql`
    with base as (
      select p.id, p.policy_number, p.customer_name, p.insurance_company, p.policy_type, p.start_date, p.end_date,
             p.premium_amount, p.cancel_effective_date, p.assignee_id,
             case when p.renewed_from_id is null then 'new' else 'renewal' end as business,
             o.rate as own_rate, sr.rate as schedule_rate, rc.received
        from policies p
        left join commission_overrides o on o.agency_id = ${t.agency} and o.policy_id = p.id
        -- lateral joins, not scalar subqueries in the select list: the later steps name the rate several
        -- times, and each name of an inlined subquery ran it again (26 subplans per term, and a cost
        -- estimate that had PostgreSQL JIT-compile for seconds)
        left join lateral (select r.rate from commission_rates r
               where r.agency_id = ${t.agency} and r.carrier_key = ${CARRIER_KEY(sql`p.insurance_company`)} and r.line = p.policy_type
                 and r.business = case when p.renewed_from_id is null then 'new' else 'renewal' end and r.effective_from <= p.start_date
               order by r.effective_from desc limit 1) sr on true
        -- a line with a policy is a matched one (commission_lines_matched_check), so no status
        -- test: the sum is an index-only read of commission_lines_agency_policy_idx
        cross join lateral (select coalesce(sum(l.amount), 0)::numeric(14,2) as received from commission_lines l
               where l.agency_id = ${t.agency} and l.policy_id = p.id) rc
       where p.agency_id = ${t.agency}${only ? sql` and ${only}` : sql``}
    ), rated as (
      select base.*, coalesce(own_rate, schedule_rate) as rate,
             round(premium_amount * coalesce(own_rate, schedule_rate) / 100, 2) as written
        from base
    ), charged as (
      select rated.*,
             (case when written is null or cancel_effective_date is null or cancel_effective_date >= end_date or end_date <= start_date then 0
                   else -round(written * (end_date - greatest(cancel_effective_date, start_date))::numeric / (end_date - start_date), 2) end)::numeric(14,2) as chargeback
        from rated
    ), owed as (
      select charged.*, (coalesce(written, 0) + chargeback)::numeric(14,2) as expected from charged
    )
    select owed.*, (expected - received)::numeric(14,2) as difference,
           case when rate is null then 'no_rate'
                when received = 0 and expected > 0 then 'unpaid'
                when abs(expected - received) <= ${tolerance}::numeric then 'paid'
                when expected > received then 'short_paid'
                else 'overpaid' end as state
      from owed`;
}

export const totalsOf = (r: Raw | undefined): CommissionTotals => ({
  terms: Number(r?.terms ?? 0),
  expected: String(r?.expected ?? '0.00'),
  received: String(r?.received ?? '0.00'),
  difference: String(r?.difference ?? '0.00'),
});

export const SUMS = sql`count(*)::int as terms, coalesce(sum(expected), 0)::numeric(16,2)::text as expected,
  coalesce(sum(received), 0)::numeric(16,2)::text as received, coalesce(sum(difference), 0)::numeric(16,2)::text as difference`;

/**
 * Outstanding by the term's age (days since it started, on the agency's today): the buckets are the
 * same rows' differences, so they add up to the total outstanding (an over-payment counts in its bucket).
 */
export function agingSql(today: string): SQL {
  const age = sql`(${today}::date - start_date)`;
  return sql`coalesce(sum(difference) filter (where ${age} <= 30), 0)::numeric(16,2)::text as d0,
  coalesce(sum(difference) filter (where ${age} between 31 and 60), 0)::numeric(16,2)::text as d31,
  coalesce(sum(difference) filter (where ${age} between 61 and 90), 0)::numeric(16,2)::text as d61,
  coalesce(sum(difference) filter (where ${age} > 90), 0)::numeric(16,2)::text as d91`;
}
export const agingOf = (r: Raw | undefined) => ({
  '0-30': String(r?.d0 ?? '0.00'),
  '31-60': String(r?.d31 ?? '0.00'),
  '61-90': String(r?.d61 ?? '0.00'),
  '90+': String(r?.d91 ?? '0.00'),
});

/** Each producer's part of the filtered terms and their earnings at their split (rows with no producer last). */
export async function readProducerReport(t: Tenant, where: SQL): Promise<ProducerReport> {
  const { tolerance } = await readSettings(t);
  const part = (col: string, secondPart: boolean) => {
    const x = sql.raw(`terms.${col}`);
    const share = sql`round(${x} * s.share / 100, 2)`;
    return secondPart ? share : sql`(${x} - coalesce(${share}, 0))`;
  };
  // grouping sets: one row per producer and the total row, which counts a shared term once
  const result = await t.execute(sql`with terms as (${termsSql(t, tolerance)}),
    parts as (
      select terms.id, terms.business, terms.assignee_id as producer_id, ${part('expected', false)} as expected, ${part('received', false)} as received
        from terms left join commission_term_splits s on s.agency_id = ${t.agency} and s.policy_id = terms.id
       where ${where}
      union all
      select terms.id, terms.business, s.producer_id, ${part('expected', true)}, ${part('received', true)}
        from terms join commission_term_splits s on s.agency_id = ${t.agency} and s.policy_id = terms.id
       where ${where}
    ), earned as (
      select parts.*, ps.new_business, ps.renewal, u.name,
             round(parts.expected * case when parts.business = 'new' then ps.new_business else ps.renewal end / 100, 2) as earned_expected,
             round(parts.received * case when parts.business = 'new' then ps.new_business else ps.renewal end / 100, 2) as earned
        from parts left join commission_producer_splits ps on ps.agency_id = ${t.agency} and ps.user_id = parts.producer_id
        left join "user" u on u.id = parts.producer_id
    )
    select grouping(producer_id) as is_total, producer_id, name, new_business::text as new_business, renewal::text as renewal,
           count(distinct id)::int as terms,
           coalesce(sum(expected), 0)::numeric(16,2)::text as expected, coalesce(sum(received), 0)::numeric(16,2)::text as received,
           coalesce(sum(expected - received), 0)::numeric(16,2)::text as difference,
           coalesce(sum(earned_expected), 0)::numeric(16,2)::text as earned_expected, coalesce(sum(earned), 0)::numeric(16,2)::text as earned
      from earned
     group by grouping sets ((producer_id, name, new_business, renewal), ())
     order by grouping(producer_id), producer_id is null, name`);
  const all = result.rows as Raw[];
  const rows: ProducerReportRow[] = all
    .filter((r) => Number(r.is_total) === 0)
    .map((r) => ({
      producer_id: r.producer_id === null ? null : String(r.producer_id),
      name: r.producer_id === null ? SPLIT_TEXT.noProducer : String(r.name ?? ''),
      new_business: r.new_business === null ? null : String(r.new_business),
      renewal: r.renewal === null ? null : String(r.renewal),
      terms: Number(r.terms),
      expected: money(r.expected),
      received: money(r.received),
      difference: money(r.difference),
      earned_expected: money(r.earned_expected),
      earned: money(r.earned),
    }));
  const sum = all.find((r) => Number(r.is_total) === 1);
  return {
    rows,
    totals: {
      terms: Number(sum?.terms ?? 0),
      expected: money(sum?.expected),
      received: money(sum?.received),
      difference: money(sum?.difference),
      earned_expected: money(sum?.earned_expected),
      earned: money(sum?.earned),
    },
  };
}
