// Opportunities: create, read, edit, delete, always within the caller's agency (the tenant context).
// Stage moves and the Won conversion are in stages.ts; the board, the list and the figures in features/pipeline/board.ts.
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  OPPORTUNITY_STAGE_LABEL,
  OPPORTUNITY_TEXT,
  type Opportunity,
  type OpportunityDetail,
  type OpportunityStage,
  type OpportunityValues,
} from '#shared/pipeline.ts';
import { POLICY_TYPE_LABEL, type PolicyType } from '#shared/policies.ts';
import type { Actor } from '#server/context.ts';
import { idOr404 } from '#server/db/helpers.ts';
import { customers, opportunities, opportunityStageHistory, user } from '#server/db/schema.ts';
import { notFound } from '#server/errors.ts';
import { type Connection, tenant, type Tenant, type TenantConds } from '#server/tenant.ts';
import { emit, type EventSource } from '#server/platform/events.ts';
import { assertMember } from '#server/platform/team-membership.ts';
import { unlinkTasks } from '#server/entities/tasks/tasks.ts';

type OpportunityRow = typeof opportunities.$inferSelect;

const assignee = alias(user, 'assignee');
const assigneeName = sql<string | null>`coalesce(nullif(trim(coalesce(${assignee.firstName}, '') || ' ' || coalesce(${assignee.lastName}, '')), ''), ${assignee.name})`;

/** The columns every read of an opportunity selects: the row, its customer's name, its assignee's. */
export const opportunityFields = { o: opportunities, customerName: customers.name, assigneeName };

/** The tenant's opportunities matching `conds`, joined (on the composite keys) to their customer and assignee. */
export function opportunitySelect(t: Tenant, ...conds: TenantConds) {
  return t
    .select(opportunityFields)
    .from(opportunities, ...conds)
    .leftJoin(customers, sql`${customers.agencyId} = ${opportunities.agencyId} and ${customers.id} = ${opportunities.customerId}`)
    .leftJoin(assignee, eq(assignee.id, opportunities.assigneeId));
}

/**
 * The list by change for /api/v1: (updated_at, id) order, each with updated_at as PostgreSQL's own
 * text (microseconds), which the API's cursor keeps so that no row is skipped or repeated.
 */
export async function listOpportunitiesByChange(t: Tenant, conds: TenantConds, limit: number): Promise<(Opportunity & { cursorAt: string })[]> {
  const rows = await t
    .select({ ...opportunityFields, cursorAt: sql<string>`${opportunities.updatedAt}::text` })
    .from(opportunities, ...conds)
    .leftJoin(customers, sql`${customers.agencyId} = ${opportunities.agencyId} and ${customers.id} = ${opportunities.customerId}`)
    .leftJoin(assignee, eq(assignee.id, opportunities.assigneeId))
    .orderBy(asc(opportunities.updatedAt), asc(opportunities.id))
    .limit(limit);
  return rows.map((r) => ({ ...toOpportunity(r), cursorAt: r.cursorAt }));
}

export function toOpportunity({ o, customerName, assigneeName: who }: { o: OpportunityRow; customerName: string | null; assigneeName: string | null }): Opportunity {
  return {
    id: o.id,
    name: customerName ?? o.prospectName ?? '',
    customer_id: o.customerId,
    customer_name: customerName,
    prospect_name: o.prospectName,
    prospect_email: o.prospectEmail,
    prospect_phone: o.prospectPhone,
    source: o.source,
    line: o.line as PolicyType,
    estimated_premium: o.estimatedPremium,
    expected_close_date: o.expectedCloseDate,
    assignee_id: o.assigneeId,
    assignee_name: o.assigneeId ? who : null,
    stage: o.stage as OpportunityStage,
    stage_changed_at: o.stageChangedAt.toISOString(),
    lost_reason: o.lostReason,
    converted_at: o.convertedAt?.toISOString() ?? null,
    created_at: o.createdAt.toISOString(),
    updated_at: o.updatedAt.toISOString(),
  };
}

export async function readOpportunity(t: Tenant, id: string): Promise<OpportunityDetail> {
  const [row] = await opportunitySelect(t, eq(opportunities.id, id));
  if (!row) throw notFound(OPPORTUNITY_TEXT.notFound);
  const history = await t
    .select({ h: opportunityStageHistory, first: user.firstName, last: user.lastName, name: user.name })
    .from(opportunityStageHistory, eq(opportunityStageHistory.opportunityId, id))
    .leftJoin(user, eq(user.id, opportunityStageHistory.changedBy))
    .orderBy(asc(opportunityStageHistory.changedAt), asc(opportunityStageHistory.id));
  return {
    ...toOpportunity(row),
    history: history.map(({ h, first, last, name }) => ({
      from_stage: h.fromStage as OpportunityStage | null,
      to_stage: h.toStage as OpportunityStage,
      changed_by: h.changedBy,
      changed_by_name: h.changedBy ? `${first ?? ''} ${last ?? ''}`.trim() || name : null,
      changed_at: h.changedAt.toISOString(),
    })),
  };
}

/** An opportunity as /api/v1's list answers it (the detail without its history): the webhooks' data. */
export function withoutHistory({ history: _history, ...o }: OpportunityDetail): Opportunity {
  return o;
}

/** One opportunity as /api/v1 answers it, read only if an endpoint listens. */
export const apiOpportunityOf = (t: Tenant, id: string) => async () => withoutHistory(await readOpportunity(t, id));

/** One opportunity.updated per opportunity changed by another write (a cascade, an undo): no log line of its own. */
export async function opportunitiesChanged(t: Tenant, by: EventSource, ids: Iterable<string>): Promise<void> {
  for (const id of new Set(ids)) await emit(t, by, { type: 'opportunity.updated', entityId: id, data: apiOpportunityOf(t, id) });
}

/**
 * Opportunities that lose their customer or assignee because that row goes (customers deleted, a
 * member removed): set before it goes, so the foreign key's SET NULL finds nothing to change unseen;
 * each moves its updated_at and sends one opportunity.updated.
 */
export async function unlinkOpportunities(t: Tenant, by: EventSource, column: 'customerId' | 'assigneeId', ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const changed = await t.update(opportunities, { [column]: null, updatedAt: new Date() }, inArray(opportunities[column], ids)).returning({ id: opportunities.id });
  await opportunitiesChanged(t, by, changed.map((r) => r.id));
  return changed.map((r) => r.id);
}

/** Opportunities whose answer changed with their customer's name or their assignee's: updated_at moves, one opportunity.updated each. */
export async function touchOpportunities(t: Tenant, by: EventSource, column: 'customerId' | 'assigneeId', ids: string[]): Promise<void> {
  if (!ids.length) return;
  const changed = await t.update(opportunities, { updatedAt: new Date() }, inArray(opportunities[column], ids)).returning({ id: opportunities.id });
  await opportunitiesChanged(t, by, changed.map((r) => r.id));
}

/**
 * A member's rename (member.renamed) or account delete (`gone`, author.deleting): the opportunities that
 * show them — as assignee (a rename only: a delete's membership.ending unassigns) or as the author of a
 * stage move (its changed_by_name) — change, one opportunity.updated each (decision 083). A delete
 * leaves the moves by no one.
 */
export async function memberShownChanged(t: Tenant, by: EventSource, userId: string, gone = false): Promise<void> {
  const moved = sql`select h.opportunity_id from ${opportunityStageHistory} h where h.agency_id = ${t.agencyId} and h.changed_by = ${userId}`;
  const changed = await t
    .update(opportunities, { updatedAt: new Date() }, gone ? sql`${opportunities.id} in (${moved})` : sql`(${opportunities.assigneeId} = ${userId} or ${opportunities.id} in (${moved}))`)
    .returning({ id: opportunities.id });
  if (gone) await t.update(opportunityStageHistory, { changedBy: null }, eq(opportunityStageHistory.changedBy, userId));
  await opportunitiesChanged(t, by, changed.map((r) => r.id));
}

export async function getOpportunity(db: Connection, actor: Actor, rawId: string): Promise<OpportunityDetail> {
  return readOpportunity(tenant(db, actor), idOr404(rawId, OPPORTUNITY_TEXT.notFound));
}

/** Who and when, for every stage an opportunity enters (its creation included: from_stage null). */
export async function recordStage(t: Tenant, actor: Actor, opportunityId: string, from: string | null, to: string, at: Date) {
  await t.insert(opportunityStageHistory, { opportunityId, fromStage: from, toStage: to, changedBy: actor.userId, changedAt: at });
}

/** The chosen customer must be the agency's (another agency's is a 404, as if it did not exist). */
async function assertOwnCustomer(t: Tenant, customerId: string | null) {
  if (!customerId) return;
  const [own] = await t.select({ id: customers.id }).from(customers, eq(customers.id, customerId));
  if (!own) throw notFound(OPPORTUNITY_TEXT.customerNotFound);
}

function label(o: { prospectName: string | null; line: string }, customerName?: string | null) {
  return `${customerName ?? o.prospectName ?? 'opportunity'} (${POLICY_TYPE_LABEL[o.line as PolicyType] ?? o.line})`;
}

async function notifyAssignee(t: Tenant, actor: Actor, row: OpportunityRow, previous: string | null) {
  if (!row.assigneeId || row.assigneeId === actor.userId || row.assigneeId === previous) return;
  await emit(t, actor, { type: 'opportunity.assigned', entityId: row.id, assigneeId: row.assigneeId, label: label(row), at: row.updatedAt.toISOString() });
}

function columns(input: OpportunityValues) {
  // A customer's opportunity keeps no prospect: the customer's own name and e-mail are the contact.
  const prospect = !input.customer_id;
  return {
    customerId: input.customer_id,
    prospectName: prospect ? input.prospect_name : null,
    prospectEmail: prospect ? input.prospect_email : null,
    prospectPhone: prospect ? input.prospect_phone : null,
    source: input.source,
    line: input.line,
    estimatedPremium: input.estimated_premium,
    expectedCloseDate: input.expected_close_date,
  };
}

export async function createOpportunity(db: Connection, actor: Actor, input: OpportunityValues): Promise<OpportunityDetail> {
  return tenant(db, actor).transaction(async (t) => {
    await assertOwnCustomer(t, input.customer_id);
    const assigneeId = input.assignee_id ?? actor.userId;
    await assertMember(t, assigneeId, OPPORTUNITY_TEXT.notMember);
    const now = new Date();
    const [row] = await t
      .insert(opportunities, { ...columns(input), assigneeId, stage: input.stage, stageChangedAt: now, createdBy: actor.userId, createdAt: now, updatedAt: now })
      .returning();
    await recordStage(t, actor, row.id, null, row.stage, now);
    const detail = await readOpportunity(t, row.id);
    await emit(t, actor, { type: 'opportunity.created', entityId: row.id, summary: `Created opportunity ${label(row, detail.customer_name)}`, data: withoutHistory(detail) });
    await notifyAssignee(t, actor, row, null);
    return detail;
  });
}

export async function lockOpportunity(t: Tenant, rawId: string): Promise<OpportunityRow> {
  const id = idOr404(rawId, OPPORTUNITY_TEXT.notFound);
  const [row] = await t.from(opportunities, eq(opportunities.id, id)).for('update');
  if (!row) throw notFound(OPPORTUNITY_TEXT.notFound);
  return row;
}

/** Edit: the fields; an open opportunity's changed open stage is recorded as a move. */
export async function updateOpportunity(db: Connection, actor: Actor, rawId: string, input: OpportunityValues): Promise<OpportunityDetail> {
  return tenant(db, actor).transaction(async (t) => {
    const current = await lockOpportunity(t, rawId);
    await assertOwnCustomer(t, input.customer_id);
    const assigneeId = input.assignee_id ?? current.assigneeId;
    if (assigneeId && assigneeId !== current.assigneeId) await assertMember(t, assigneeId, OPPORTUNITY_TEXT.notMember);
    const now = new Date();
    const open = current.stage !== 'won' && current.stage !== 'lost';
    const move = open && input.stage !== current.stage;
    // A won opportunity keeps its customer: it was converted into that one.
    const values = columns(input);
    if (current.convertedAt) Object.assign(values, { customerId: current.customerId, prospectName: current.prospectName, prospectEmail: current.prospectEmail, prospectPhone: current.prospectPhone });
    const [row] = await t
      .update(opportunities, { ...values, assigneeId, updatedAt: now, ...(move ? { stage: input.stage, stageChangedAt: now } : {}) }, eq(opportunities.id, current.id))
      .returning();
    if (move) await recordStage(t, actor, row.id, current.stage, input.stage, now);
    const detail = await readOpportunity(t, row.id);
    await emit(t, actor, {
      type: 'opportunity.updated',
      entityId: row.id,
      summary: `Updated opportunity ${label(row, detail.customer_name)}${move ? ` (moved to ${OPPORTUNITY_STAGE_LABEL[input.stage]})` : ''}`,
      data: withoutHistory(detail),
    });
    await notifyAssignee(t, actor, row, current.assigneeId);
    return detail;
  });
}

/** Its stage history goes with it (cascade); tasks linked to it stay, unlinked. A converted customer stays. */
export async function deleteOpportunity(db: Connection, actor: Actor, rawId: string): Promise<void> {
  const id = idOr404(rawId, OPPORTUNITY_TEXT.notFound);
  await tenant(db, actor).transaction(async (t) => {
    const before = withoutHistory(await readOpportunity(t, id));
    // its tasks lose the link before the row goes (the foreign key would null it unseen): a change of each task
    await unlinkTasks(t, actor, 'opportunityId', [id]);
    const [gone] = await t.delete(opportunities, eq(opportunities.id, id)).returning();
    if (!gone) throw notFound(OPPORTUNITY_TEXT.notFound);
    await emit(t, actor, { type: 'opportunity.deleted', entityId: id, summary: `Deleted opportunity ${label(gone)}`, data: before });
  });
}
