// Cancellation and reinstatement of a term (issue 29 §1): checked against the stored term, the
// unearned premium computed here (exact cents), the change, its activity line and policy.updated in
// one transaction.
import { eq } from 'drizzle-orm';
import { POLICY_TEXT, type PolicyDetail } from '#shared/policies.ts';
import {
  CANCEL_REASON_LABEL,
  CANCEL_TEXT,
  cancelDateError,
  cancelQuote,
  type CancelInput,
  type CancelQuote,
} from '#shared/policy-status.ts';
import { formatMoney } from '#shared/money.ts';
import type { Actor } from '#server/context.ts';
import { idOr404 } from '#server/db/helpers.ts';
import { policies } from '#server/db/schema.ts';
import { badRequest, conflict, notFound } from '#server/errors.ts';
import { emit } from '#server/platform/events.ts';
import { agencyTodayOf, refreshStoredStatus } from '#server/platform/policy-status.ts';
import { tenant, type Connection, type Tenant } from '#server/tenant.ts';
import { readPolicy } from '#server/entities/policies/read.ts';

const TERM = {
  id: policies.id,
  policyNumber: policies.policyNumber,
  premiumAmount: policies.premiumAmount,
  startDate: policies.startDate,
  endDate: policies.endDate,
  cancelEffectiveDate: policies.cancelEffectiveDate,
  renewalState: policies.renewalState,
};

async function lockTerm(t: Tenant, rawId: string) {
  const [row] = await t.select(TERM).from(policies, eq(policies.id, idOr404(rawId, POLICY_TEXT.notFound))).for('update');
  if (!row) throw notFound(POLICY_TEXT.notFound);
  return row;
}

type Term = Awaited<ReturnType<typeof lockTerm>>;

function checkCancel(row: Term, input: CancelInput): CancelQuote {
  if (row.cancelEffectiveDate) throw conflict(CANCEL_TEXT.alreadyCancelled, 'ALREADY_CANCELLED');
  if (row.renewalState === 'renewed') throw conflict(CANCEL_TEXT.renewedTerm, 'RENEWED');
  const dateError = cancelDateError({ start_date: row.startDate, end_date: row.endDate }, input.effective_date);
  if (dateError) throw badRequest(dateError, { effective_date: dateError });
  return cancelQuote({ premium_amount: row.premiumAmount, start_date: row.startDate, end_date: row.endDate }, input);
}

/** The figures the dialog shows before the agent confirms: the same checks as the cancellation, nothing written. */
export async function quoteCancellation(db: Connection, actor: Actor, rawId: string, input: CancelInput): Promise<CancelQuote> {
  const t = tenant(db, actor);
  const [row] = await t.select(TERM).from(policies, eq(policies.id, idOr404(rawId, POLICY_TEXT.notFound)));
  if (!row) throw notFound(POLICY_TEXT.notFound);
  return checkCancel(row, input);
}

export async function cancelPolicy(db: Connection, actor: Actor, rawId: string, input: CancelInput): Promise<PolicyDetail> {
  return tenant(db, actor).transaction(async (t) => {
    const row = await lockTerm(t, rawId);
    const quote = checkCancel(row, input);
    await t.update(
      policies,
      {
        cancelEffectiveDate: input.effective_date,
        cancelReason: input.reason,
        cancelMethod: input.method,
        unearnedPremium: quote.unearned_premium,
        updatedAt: new Date(),
      },
      eq(policies.id, row.id),
    );
    const today = agencyTodayOf(actor);
    await refreshStoredStatus(t, today, eq(policies.id, row.id));
    const detail = await readPolicy(t, row.id, today);
    const how = input.method === 'flat' ? 'flat' : 'pro rata';
    const summary = `Cancelled policy ${row.policyNumber} effective ${input.effective_date} (${CANCEL_REASON_LABEL[input.reason]}, ${how}; unearned premium ${formatMoney(quote.unearned_premium)})`;
    await emit(t, actor, { type: 'policy.updated', entityId: row.id, summary, data: detail });
    return detail;
  });
}

/** Undoes a cancellation while the term runs; a term that was renewed stays as it is. */
export async function reinstatePolicy(db: Connection, actor: Actor, rawId: string): Promise<PolicyDetail> {
  return tenant(db, actor).transaction(async (t) => {
    const row = await lockTerm(t, rawId);
    if (!row.cancelEffectiveDate) throw conflict(CANCEL_TEXT.notCancelled, 'NOT_CANCELLED');
    if (row.renewalState === 'renewed') throw conflict(CANCEL_TEXT.reinstateRenewed, 'RENEWED');
    const today = agencyTodayOf(actor);
    if (row.endDate <= today) throw conflict(CANCEL_TEXT.reinstateEnded, 'TERM_ENDED');
    await t.update(
      policies,
      { cancelEffectiveDate: null, cancelReason: null, cancelMethod: null, unearnedPremium: null, updatedAt: new Date() },
      eq(policies.id, row.id),
    );
    await refreshStoredStatus(t, today, eq(policies.id, row.id));
    const detail = await readPolicy(t, row.id, today);
    await emit(t, actor, { type: 'policy.updated', entityId: row.id, summary: `Reinstated policy ${row.policyNumber} (cancellation of ${row.cancelEffectiveDate} undone)`, data: detail });
    return detail;
  });
}
