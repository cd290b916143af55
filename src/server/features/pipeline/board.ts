// The board (per-stage count and premium, the first cards of each column, "Load more"), the list
// (the list kit: filters, search, sort, pages) and the figures (win rate, pipeline value per stage).
import { desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  BOARD_PAGE,
  OPPORTUNITY_STAGES,
  winRate,
  type BoardColumn,
  type BoardQuery,
  type Opportunity,
  type OpportunityListQuery,
  type OpportunityStage,
  type PipelineFigures,
  type StageSummary,
} from '#shared/crm.ts';
import type { Page } from '#shared/policies.ts';
import type { Actor } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { boundedCount } from '#server/db/count.ts';
import { containsPattern } from '#server/db/helpers.ts';
import { customers, opportunities } from '#server/db/schema.ts';
import { sortOrder } from '#server/lists.ts';
import { tenant, type Tenant } from '#server/tenant.ts';
import { customerSearch } from '../customers/service.ts';
import { opportunitySelect, toOpportunity } from './service.ts';

/**
 * Search by the prospect's name (opportunities_agency_prospect_trgm_idx, with agency_id) or the customer's name (the
 * customers' own trigram index, through a semi-join on the composite key).
 */
function nameSearch(search: string): SQL {
  return sql`(lower(coalesce(${opportunities.prospectName}, '')) like ${containsPattern(search)} or ${opportunities.customerId} in (select ${customers.id} from ${customers} where ${customers.agencyId} = ${opportunities.agencyId} and ${customerSearch(search)}))`;
}

function filterConds(q: Pick<BoardQuery, 'assignee' | 'line' | 'search'>, actor: Actor): (SQL | undefined)[] {
  return [
    q.assignee === 'all' || q.assignee === '' ? undefined : q.assignee === 'unassigned' ? isNull(opportunities.assigneeId) : eq(opportunities.assigneeId, q.assignee === 'me' ? actor.userId : q.assignee),
    q.line !== 'all' ? eq(opportunities.line, q.line) : undefined,
    q.search ? nameSearch(q.search) : undefined,
  ];
}

async function stageSummaries(t: Tenant, conds: (SQL | undefined)[]): Promise<StageSummary[]> {
  const rows = await t.db
    .select({ stage: opportunities.stage, count: sql<number>`count(*)::int`, premium: sql<string>`coalesce(sum(${opportunities.estimatedPremium}), 0)::numeric(14,2)::text` })
    .from(opportunities)
    .where(t.where(opportunities, ...conds))
    .groupBy(opportunities.stage);
  return OPPORTUNITY_STAGES.map((stage) => {
    const r = rows.find((x) => x.stage === stage);
    return { stage, count: r ? Number(r.count) : 0, premium: r?.premium ?? '0.00' };
  });
}

/** A column's cards, newest move first: opportunities_agency_stage_idx read in order. */
async function columnCards(t: Tenant, conds: (SQL | undefined)[], stage: OpportunityStage, offset: number, limit: number): Promise<{ cards: Opportunity[]; has_more: boolean }> {
  const rows = await opportunitySelect(t)
    .where(t.where(opportunities, eq(opportunities.stage, stage), ...conds))
    .orderBy(desc(opportunities.stageChangedAt), opportunities.id)
    .limit(limit + 1)
    .offset(offset);
  return { cards: rows.slice(0, limit).map(toOpportunity), has_more: rows.length > limit };
}

export async function readBoard(db: Db, actor: Actor, q: BoardQuery): Promise<{ columns: BoardColumn[] }> {
  const t = tenant(db, actor);
  const conds = filterConds(q, actor);
  const [summaries, ...columns] = await Promise.all([
    stageSummaries(t, conds),
    ...OPPORTUNITY_STAGES.map((stage) => columnCards(t, conds, stage, 0, BOARD_PAGE)),
  ]);
  return { columns: OPPORTUNITY_STAGES.map((_, i) => ({ ...summaries[i], ...(columns[i] as { cards: Opportunity[]; has_more: boolean }) })) };
}

export async function readColumn(db: Db, actor: Actor, stage: OpportunityStage, q: BoardQuery & { offset: number }) {
  return columnCards(tenant(db, actor), filterConds(q, actor), stage, q.offset, BOARD_PAGE);
}

/** Over the whole pipeline of the agency (the filters do not change the figures at the top). */
export async function readFigures(db: Db, actor: Actor): Promise<PipelineFigures> {
  const stages = await stageSummaries(tenant(db, actor), []);
  const count = (s: OpportunityStage) => stages.find((x) => x.stage === s)?.count ?? 0;
  return { stages, win_rate: winRate(count('won'), count('lost')) };
}

export const OPPORTUNITY_SORT = {
  created_at: [opportunities.createdAt],
  estimated_premium: [opportunities.estimatedPremium],
  expected_close_date: [opportunities.expectedCloseDate],
};

export async function listOpportunities(db: Db, actor: Actor, q: OpportunityListQuery): Promise<Page<Opportunity>> {
  const t = tenant(db, actor);
  const where = t.where(opportunities, q.stage !== 'all' ? eq(opportunities.stage, q.stage) : undefined, ...filterConds(q, actor));
  const [rows, { total, estimated }] = await Promise.all([
    opportunitySelect(t)
      .where(where)
      .orderBy(...sortOrder(q.sort, OPPORTUNITY_SORT, opportunities.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    boundedCount(db, opportunities, where),
  ]);
  return { rows: rows.map(toOpportunity), total, totalIsEstimate: estimated, page: q.page, pageSize: q.pageSize };
}
