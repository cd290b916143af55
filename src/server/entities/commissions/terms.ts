// The commission of every term, as one SQL definition that the reconciliation, the producer report
// and the reports page all read (issue 31: their totals must tie): the rate is the policy's own or
// its schedule's (carrier × line × new/renewal, the latest effective on or before the term's start);
// a cancelled term's unearned share comes back as a negative chargeback, pro rata by days; money is
// numeric (exact to the cent) and leaves as text. Sums and buckets are sums of the same rows, so for
// every filter expected − received = outstanding.
//
// The database keeps each term's figures in commission_terms (migration 0042, decision 077), computed
// by triggers with termsSql's formulas; every read goes through `storedTermsSql` (decision 082), which
// gives termsSql's columns from the stored terms. termsSql stays the definition the stored terms are
// checked against (stored*.test.ts, stored-reads.test.ts).
import { sql, type SQL } from 'drizzle-orm';
import type { CommissionTotals } from '#shared/commissions.ts';
import type { Tenant } from '#server/tenant.ts';

export type Raw = Record<string, unknown>;

export const CARRIER_KEY = (column: SQL) => sql`lower(regexp_replace(btrim(${column}), '\\s+', ' ', 'g'))`;

/**
 * A term's state from its figures (`c` names the row holding rate, expected, received and
 * difference): no rate, unpaid (nothing received of a positive expected), paid within the tolerance,
 * short- or over-paid. The tolerance is the agency's setting, so it is applied when reading.
 */
export const termStateSql = (c: SQL, tolerance: string | SQL) => sql`case when ${c}.rate is null then 'no_rate'
  when ${c}.received = 0 and ${c}.expected > 0 then 'unpaid'
  when abs(${c}.difference) <= ${tolerance}::numeric then 'paid'
  when ${c}.expected > ${c}.received then 'short_paid'
  else 'overpaid' end`;

/**
 * Every term of the agency with its rate, expected, received, difference and state, read from the
 * stored terms (commission_terms): termsSql's columns (but schedule_rate, which no reader needs) and
 * the same figures, without rating anything — a join of each policy to its term on the primary key.
 * `carrier_key` is the carrier's key as stored (CARRIER_KEY of the carrier): filters and groups by
 * carrier read it instead of normalising every row's carrier again.
 * `only` narrows the policies read (alias p). Every policy has its term (the insert trigger writes
 * it), so the join leaves none out.
 */
export function storedTermsSql(t: Tenant, tolerance: string | SQL, only?: SQL): SQL {
  return sql`
    select p.id, p.policy_number, p.customer_name, p.insurance_company, p.policy_type, p.start_date, p.end_date,
           p.premium_amount, p.cancel_effective_date, p.assignee_id, ct.business, ct.carrier_key,
           case when ct.rate_source = 'own' then ct.rate end as own_rate,
           ct.rate, ct.written, ct.chargeback, ct.expected, ct.received, ct.difference,
           ${termStateSql(sql`ct`, tolerance)} as state
      from policies p join commission_terms ct on ct.agency_id = ${t.agency} and ct.policy_id = p.id
     where p.agency_id = ${t.agency}${only ? sql` and ${only}` : sql``}`;
}

/**
 * Every term of the agency with its rate, expected, received, difference and state, computed from
 * scratch; `only` narrows the policies read (alias p). The definition the stored terms are checked
 * against (the triggers of migration 0042 use these formulas); the app reads `storedTermsSql`.
 */
export function termsSql(t: Tenant, tolerance: string | SQL, only?: SQL): SQL {
  return sql`
    with base as (
      select p.id, p.policy_number, p.customer_name, p.insurance_company, p.policy_type, p.start_date, p.end_date,
             p.premium_amount, p.cancel_effective_date, p.assignee_id,
             case when p.renewed_from_id is null then 'new' else 'renewal' end as business, ${CARRIER_KEY(sql`p.insurance_company`)} as carrier_key,
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
