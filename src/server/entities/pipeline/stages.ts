// Stage moves (board drag and drop, the card menu's "Move to…", Won and Lost) and the Won conversion.
import { and, eq, isNull } from 'drizzle-orm';
import { OPPORTUNITY_STAGE_LABEL, OPPORTUNITY_TEXT, type OpportunityDetail, type OpportunityStage } from '#shared/pipeline.ts';
import type { Actor } from '#server/context.ts';
import { opportunities } from '#server/db/schema.ts';
import { badRequest, conflict } from '#server/errors.ts';
import { type Connection, tenant, type Tenant } from '#server/tenant.ts';
import { emit } from '#server/platform/events.ts';
import { findCustomerByEmail, insertCustomer } from '#server/entities/customers.ts';
import { assertWithinLimit } from '#server/platform/limits.ts';
import { lockOpportunity, readOpportunity, recordStage, withoutHistory } from './opportunities.ts';

type OpportunityRow = typeof opportunities.$inferSelect;

/**
 * The customer a won opportunity becomes: its own customer; else the agency's customer with the
 * prospect's e-mail; else a new Individual customer, within the plan's customer limit (the customers
 * service's own check and create path, so the limit message and the e-mail race rules are one).
 */
async function convert(t: Tenant, actor: Actor, row: OpportunityRow): Promise<string> {
  if (row.customerId) return row.customerId;
  if (!row.prospectEmail) throw badRequest(OPPORTUNITY_TEXT.emailForWon, { prospect_email: OPPORTUNITY_TEXT.emailForWon }, 'EMAIL_REQUIRED');
  const existing = await findCustomerByEmail(t, row.prospectEmail);
  if (existing) return existing.id;
  await assertWithinLimit(t, actor, 'customers');
  const { row: customer } = await insertCustomer(
    t,
    actor,
    { name: row.prospectName ?? row.prospectEmail, email: row.prospectEmail, phone: row.prospectPhone, customerType: 'individual' },
    (name) => `Created customer ${name} from a won opportunity`,
  );
  return customer.id;
}

/**
 * One transaction: lock the opportunity (a second, parallel move of the same card waits here and then
 * sees the first one's result), convert on Won, update, record the move. The update's
 * `converted_at is null` condition keeps the conversion single even without the lock.
 */
export async function moveStage(db: Connection, actor: Actor, rawId: string, stage: OpportunityStage, lostReason: string | null): Promise<OpportunityDetail> {
  return tenant(db, actor).transaction(async (t) => {
    const row = await lockOpportunity(t, rawId);
    if (row.stage === stage && (stage !== 'lost' || row.lostReason === lostReason)) return readOpportunity(t, row.id);
    if (row.stage === 'won') throw conflict(OPPORTUNITY_TEXT.wonIsFinal, 'WON_IS_FINAL');
    const now = new Date();
    if (stage === 'won') {
      const customerId = await convert(t, actor, row);
      const [done] = await t
        .update(
          opportunities,
          { stage, stageChangedAt: now, customerId, convertedAt: now, lostReason: null, updatedAt: now },
          eq(opportunities.id, row.id),
          isNull(opportunities.convertedAt),
        )
        .returning({ id: opportunities.id });
      if (!done) throw conflict(OPPORTUNITY_TEXT.wonIsFinal, 'WON_IS_FINAL');
    } else {
      await t.update(
        opportunities,
        { stage, stageChangedAt: now, lostReason: stage === 'lost' ? lostReason : null, updatedAt: now },
        and(eq(opportunities.id, row.id), isNull(opportunities.convertedAt)),
      );
    }
    if (row.stage !== stage) await recordStage(t, actor, row.id, row.stage, stage, now);
    const detail = await readOpportunity(t, row.id);
    const why = stage === 'lost' ? ` (${lostReason})` : '';
    await emit(t, actor, {
      type: 'opportunity.updated',
      entityId: row.id,
      summary: `Moved opportunity ${detail.name} from ${OPPORTUNITY_STAGE_LABEL[row.stage as OpportunityStage]} to ${OPPORTUNITY_STAGE_LABEL[stage]}${why}`,
      data: withoutHistory(detail),
    });
    return detail;
  });
}
