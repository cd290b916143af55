// The producer report (issue 31: what each producer earned, with splits): each producer's part of the
// filtered terms (the reconciliation's, read from the stored terms) and their earnings at their split.
// The splits are not part of the stored terms: a term's second producer and each member's split are
// joined when reading (a split written changes no term's figures, and the report's totals still tie
// to the reconciliation's).
import { sql, type SQL } from 'drizzle-orm';
import { SPLIT_TEXT, type ProducerReport, type ProducerReportRow } from '#shared/commission-splits.ts';
import type { Tenant } from '#server/tenant.ts';
import { readSettings } from './settings.ts';
import { storedTermsSql, type Raw } from './terms.ts';

const money = (v: unknown) => String(v ?? '0.00');

/** Each producer's part of the filtered terms and their earnings at their split (rows with no producer last). */
export async function readProducerReport(t: Tenant, where: SQL): Promise<ProducerReport> {
  const { tolerance } = await readSettings(t);
  const part = (col: string, secondPart: boolean) => {
    const x = sql.raw(`terms.${col}`);
    const share = sql`round(${x} * s.share / 100, 2)`;
    return secondPart ? share : sql`(${x} - coalesce(${share}, 0))`;
  };
  // grouping sets: one row per producer and the total row, which counts a shared term once
  const result = await t.execute(sql`with terms as (${storedTermsSql(t, tolerance)}),
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
