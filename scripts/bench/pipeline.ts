// The pipeline's figure (issue 14): 20,000 opportunities in one agency, the board's p99 (≤ 150 ms).
// Seeds with one INSERT … SELECT generate_series: every stage, both lines, premiums, close dates,
// a tenth of them for existing customers (so the board's customer join does real work).
import { sql } from './postgres.ts';

export const PIPELINE_OPPORTUNITIES = 20_000;

export const PIPELINE_BOARD_PATHS = [
  '/api/opportunities/board',
  '/api/opportunities/board?line=car',
  '/api/opportunities/board?assignee=me',
];

export async function seedOpportunities(url: string, agencyId: string, ownerId: string, n = PIPELINE_OPPORTUNITIES): Promise<void> {
  await sql(
    url,
    `with own as (select id, row_number() over (order by id) as k from customers where agency_id = $1 limit 2000)
     insert into opportunities (agency_id, customer_id, prospect_name, prospect_email, line, estimated_premium, expected_close_date,
                                assignee_id, stage, stage_changed_at, created_by, created_at, updated_at)
     select $1, own.id,
            case when own.id is null then 'Prospect ' || i end,
            case when own.id is null then 'prospect' || i || '@bench.example' end,
            case when i % 2 = 0 then 'car' else 'fire' end,
            (i % 5000) + 100,
            date '2026-01-01' + (i % 365),
            $2,
            (array['new_lead','contacted','quoted','won','lost'])[1 + i % 5],
            now() - (i || ' minutes')::interval, $2,
            now() - (i || ' minutes')::interval, now()
     from generate_series(1, $3::int) as i
     left join own on i % 10 = 0 and own.k = (i / 10) % 2000 + 1`,
    [agencyId, ownerId, n],
  );
  // as autovacuum would after a bulk load: statistics, and the visibility map the index-only scans need
  await sql(url, 'vacuum analyze opportunities');
}
