// The board (per-stage count and premium from the pipeline_stats counters, the first cards of every
// column in one statement, "Load more"), the list (the list kit: filters, search, sort, pages) and
// the figures (win rate, pipeline value per stage). Decisions 026 and 034.
import { desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias, unionAll, type AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  BOARD_PAGE,
  OPPORTUNITY_STAGES,
  winRate,
  type BoardCard,
  type BoardColumn,
  type BoardQuery,
  type Opportunity,
  type OpportunityListQuery,
  type OpportunityStage,
  type PipelineFigures,
  type StageSummary,
} from '#shared/pipeline.ts';
import type { Page, PolicyType } from '#shared/policies.ts';
import type { Actor } from '#server/context.ts';
import type { Db, Tx } from '#server/db/client.ts';
import { boundedCount } from '#server/db/count.ts';
import { containsPattern } from '#server/db/helpers.ts';
import { customers, opportunities, pipelineStats, user } from '#server/db/schema.ts';
import { sortOrder } from '#server/lists.ts';
import { preparedWhere, tenant, type Tenant } from '#server/tenant.ts';
import { cachedStatement, constantLimit } from '#server/db/prepared.ts';
import { customerSearch } from '#server/entities/customers.ts';
import { opportunitySelect, toOpportunity } from '#server/entities/pipeline/opportunities.ts';

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

/** The column totals from the counters (pipeline_stats: a handful of rows per agency), filtered on their own line and assignee columns. */
async function counterSummaries(t: Tenant, q: Pick<BoardQuery, 'assignee' | 'line'>, actor: Actor): Promise<StageSummary[]> {
  const s = pipelineStats;
  const rows = await t
    .select({ stage: s.stage, count: sql<number>`coalesce(sum(${s.opportunities}), 0)::int`, premium: sql<string>`coalesce(sum(${s.premium}), 0)::numeric(14,2)::text` })
    .from(
      s,
      q.assignee === 'all' || q.assignee === '' ? undefined : q.assignee === 'unassigned' ? isNull(s.assigneeId) : eq(s.assigneeId, q.assignee === 'me' ? actor.userId : q.assignee),
      q.line !== 'all' ? eq(s.line, q.line) : undefined,
    )
    .groupBy(s.stage);
  return summaries(rows);
}

/** A search cannot be counted ahead: the totals of the matching opportunities, grouped (index-only on stage and premium). */
async function searchedSummaries(t: Tenant, conds: (SQL | undefined)[]): Promise<StageSummary[]> {
  const rows = await t
    .select({ stage: opportunities.stage, count: sql<number>`count(*)::int`, premium: sql<string>`coalesce(sum(${opportunities.estimatedPremium}), 0)::numeric(14,2)::text` })
    .from(opportunities, ...conds)
    .groupBy(opportunities.stage);
  return summaries(rows);
}

function summaries(rows: { stage: string; count: number; premium: string }[]): StageSummary[] {
  return OPPORTUNITY_STAGES.map((stage) => {
    const r = rows.find((x) => x.stage === stage);
    return { stage, count: r ? Number(r.count) : 0, premium: r?.premium ?? '0.00' };
  });
}

const assignee = alias(user, 'assignee');

/** What a card shows and moves with, and nothing else (the board sends 100 of them per request). */
const cardFields = {
  id: opportunities.id,
  customerId: opportunities.customerId,
  customerName: customers.name,
  prospectName: opportunities.prospectName,
  line: opportunities.line,
  estimatedPremium: opportunities.estimatedPremium,
  expectedCloseDate: opportunities.expectedCloseDate,
  assigneeId: opportunities.assigneeId,
  assigneeName: sql<string | null>`coalesce(nullif(trim(coalesce(${assignee.firstName}, '') || ' ' || coalesce(${assignee.lastName}, '')), ''), ${assignee.name})`.as('assignee_name'),
  stage: opportunities.stage,
  stageChangedAt: opportunities.stageChangedAt,
  lostReason: opportunities.lostReason,
};

/** A column's cards, newest move first: opportunities_agency_stage_idx read in order. */
function cardQuery(db: Db | Tx, where: SQL, limit: number, offset = 0) {
  return db
    .select(cardFields)
    .from(opportunities)
    .leftJoin(customers, sql`${customers.agencyId} = ${opportunities.agencyId} and ${customers.id} = ${opportunities.customerId}`)
    .leftJoin(assignee, eq(assignee.id, opportunities.assigneeId))
    .where(where)
    .orderBy(desc(opportunities.stageChangedAt), opportunities.id)
    .limit(constantLimit(limit))
    .offset(offset ? offset : constantLimit(0));
}

type CardRow = Awaited<ReturnType<typeof cardQuery>>[number];

function toCard(r: CardRow): BoardCard {
  return {
    id: r.id,
    name: r.customerName ?? r.prospectName ?? '',
    customer_id: r.customerId,
    line: r.line as PolicyType,
    estimated_premium: r.estimatedPremium,
    expected_close_date: r.expectedCloseDate,
    assignee_id: r.assigneeId,
    assignee_name: r.assigneeId ? r.assigneeName : null,
    stage: r.stage as OpportunityStage,
    lost_reason: r.lostReason,
  };
}

function page(rows: CardRow[], limit: number): { cards: BoardCard[]; has_more: boolean } {
  return { cards: rows.slice(0, limit).map(toCard), has_more: rows.length > limit };
}

/** The board's filters other than a search, as a statement shape: who (anyone, unassigned, one member) and the line (any, one). */
type Shape = { who: 'all' | 'unassigned' | 'one'; line: boolean };
const shapeOf = (q: Pick<BoardQuery, 'assignee' | 'line'>): Shape => ({
  who: q.assignee === 'all' || q.assignee === '' ? 'all' : q.assignee === 'unassigned' ? 'unassigned' : 'one',
  line: q.line !== 'all',
});
function shapeConds(shape: Shape, assigneeColumn: AnyPgColumn, lineColumn: AnyPgColumn): SQL[] {
  return [
    ...(shape.who === 'unassigned' ? [isNull(assigneeColumn)] : shape.who === 'one' ? [eq(assigneeColumn, sql.placeholder('assigneeId'))] : []),
    ...(shape.line ? [eq(lineColumn, sql.placeholder('line'))] : []),
  ];
}

/**
 * The board's two statements for one shape, built once per connection pool and prepared by name
 * (PostgreSQL parses and plans each once per connection; drizzle builds the SQL once — building the
 * five-branch UNION was a tenth of the request's CPU). The agency is the tenant layer's placeholder
 * (preparedWhere), which only `t.run` fills, with the caller's agency.
 */
function prepareBoard(db: Db, shape: Shape, key: string) {
  const s = pipelineStats;
  const where = (stage: OpportunityStage) => preparedWhere(opportunities, eq(opportunities.stage, stage), ...shapeConds(shape, opportunities.assigneeId, opportunities.line));
  const [a, b, ...rest] = OPPORTUNITY_STAGES.map((stage) => cardQuery(db, where(stage), BOARD_PAGE + 1));
  return {
    // by output column name: drizzle's set-operation orderBy would name columns without the snake_case mapping
    cards: unionAll(a, b, ...rest)
      .orderBy(sql`stage, stage_changed_at desc, id`)
      .prepare(`board_cards_${key}`),
    totals: db
      .select({ stage: s.stage, count: sql<number>`coalesce(sum(${s.opportunities}), 0)::int`, premium: sql<string>`coalesce(sum(${s.premium}), 0)::numeric(14,2)::text` })
      .from(s)
      .where(preparedWhere(s, ...shapeConds(shape, s.assigneeId, s.line)))
      .groupBy(s.stage)
      .prepare(`board_totals_${key}`),
  };
}
function boardStatement(db: Db, shape: Shape) {
  const key = `${shape.who}_${shape.line ? 'line' : 'any'}`;
  return cachedStatement(db, `board_${key}`, () => prepareBoard(db, shape, key));
}

/**
 * The board: the totals from the counters and the first cards of all five columns in one statement
 * (a UNION ALL of five index range scans of BOARD_PAGE + 1 rows each), the two in parallel. A search
 * cannot be counted ahead or prepared: its totals are grouped over the matching opportunities.
 */
export async function readBoard(db: Db, actor: Actor, q: BoardQuery): Promise<{ columns: BoardColumn[] }> {
  const t = tenant(db, actor);
  let totals: StageSummary[];
  let rows: CardRow[];
  if (q.search) {
    const conds = filterConds(q, actor);
    const [a, b, ...rest] = OPPORTUNITY_STAGES.map((stage) => cardQuery(db, t.where(opportunities, eq(opportunities.stage, stage), ...conds), BOARD_PAGE + 1));
    [totals, rows] = await Promise.all([searchedSummaries(t, conds), unionAll(a, b, ...rest).orderBy(sql`stage, stage_changed_at desc, id`)]);
  } else {
    const shape = shapeOf(q);
    const statement = boardStatement(db, shape);
    // t.run fills the agency placeholder with the tenant context's own agency
    const params = { assigneeId: q.assignee === 'me' ? actor.userId : q.assignee, line: q.line };
    const [sums, cards] = await Promise.all([t.run(statement.totals, params), t.run(statement.cards, params)]);
    totals = summaries(sums);
    rows = cards;
  }
  const byStage = new Map<string, CardRow[]>();
  for (const r of rows) {
    const list = byStage.get(r.stage);
    if (list) list.push(r);
    else byStage.set(r.stage, [r]);
  }
  return { columns: totals.map((total) => ({ ...total, ...page(byStage.get(total.stage) ?? [], BOARD_PAGE) })) };
}

/** "Load more": one column's next cards. */
export async function readColumn(db: Db, actor: Actor, stage: OpportunityStage, q: BoardQuery & { offset: number }) {
  const t = tenant(db, actor);
  const rows = await cardQuery(db, t.where(opportunities, eq(opportunities.stage, stage), ...filterConds(q, actor)), BOARD_PAGE + 1, q.offset);
  return page(rows, BOARD_PAGE);
}

/** Over the whole pipeline of the agency (the filters do not change the figures at the top). */
export async function readFigures(db: Db, actor: Actor): Promise<PipelineFigures> {
  const stages = await counterSummaries(tenant(db, actor), { assignee: 'all', line: 'all' }, actor);
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
  const conds = [q.stage !== 'all' ? eq(opportunities.stage, q.stage) : undefined, ...filterConds(q, actor)];
  const where = t.where(opportunities, ...conds);
  const [rows, { total, estimated }] = await Promise.all([
    opportunitySelect(t, ...conds)
      .orderBy(...sortOrder(q.sort, OPPORTUNITY_SORT, opportunities.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    boundedCount(db, opportunities, where),
  ]);
  return { rows: rows.map(toOpportunity), total, totalIsEstimate: estimated, page: q.page, pageSize: q.pageSize };
}
