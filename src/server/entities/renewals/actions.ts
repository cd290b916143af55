// Renew, Mark lost (and undo), assign and the manual renewal states (issue 11), through the tenant context.
import { detailsOf } from '#server/entities/policies/lines.ts';
import { and, eq, inArray, lte, gte } from 'drizzle-orm';
import { POLICY_TEXT, type PolicyDetail, type PolicyValues } from '#shared/policies.ts';
import { addDays, agencyToday } from '#shared/time.ts';
import { termOf } from '#shared/terms.ts';
import {
  COCKPIT_HORIZON_DAYS,
  isRemarket,
  MAX_PREMIUM_FACTOR,
  RENEWAL_TEXT,
  renewalDates,
  renewalTerm,
  type MarkLostInput,
  type RenewalPrefill,
  type RenewInput,
} from '#shared/renewals.ts';
import type { Actor } from '#server/context.ts';
import { idOr404, isUniqueViolation } from '#server/db/helpers.ts';
import { policies } from '#server/db/schema.ts';
import { badRequest, conflict, notFound } from '#server/errors.ts';
import { type Connection, tenant, type Tenant } from '#server/tenant.ts';
import { emit, type EventSource } from '#server/platform/events.ts';
import { agencyTodayOf, refreshStoredStatus } from '#server/platform/policy-status.ts';
import { insertPolicy, mapUnique } from '#server/entities/policies/write.ts';
import { readPolicy } from '#server/entities/policies/read.ts';
import { policiesChanged, updatePoliciesWhere } from '#server/entities/policies/cascade.ts';
import { assertMember } from '#server/platform/team-membership.ts';
import { LOOKBACK_DAYS } from './cockpit.ts';
import { readRenewalSettings } from './settings.ts';

/** CAR-1 → CAR-1-R1 → CAR-1-R2: the next term's number, editable in the form. */
export function nextPolicyNumber(current: string): string {
  const m = /^(.*)-R(\d+)$/.exec(current);
  const next = m ? `${m[1]}-R${Number(m[2]) + 1}` : `${current}-R1`;
  return next.slice(0, 50);
}

async function lockPolicy(t: Tenant, rawId: string) {
  const id = idOr404(rawId, POLICY_TEXT.notFound);
  const [row] = await t.from(policies, eq(policies.id, id)).for('update');
  if (!row) throw notFound(POLICY_TEXT.notFound);
  return row;
}

const alreadyRenewed = () => conflict(RENEWAL_TEXT.alreadyRenewed, 'ALREADY_RENEWED');

export async function prefillRenewal(db: Connection, actor: Actor, rawId: string): Promise<RenewalPrefill> {
  const t = tenant(db, actor);
  const current = await readPolicy(t, idOr404(rawId, POLICY_TEXT.notFound));
  if (current.renewal_state === 'renewed') throw alreadyRenewed();
  const { threshold } = await readRenewalSettings(t);
  return {
    policy_id: current.id,
    policy_number: current.policy_number,
    next_policy_number: nextPolicyNumber(current.policy_number),
    ...renewalDates(current),
    premium_amount: current.premium_amount,
    remarket_threshold: threshold,
  };
}

/**
 * The next term, in one transaction: lock the current term, mark it renewed (so it leaves the
 * policy limit before the new one is counted), then the policy service's own create path with the
 * link. A second renewal waits on the lock and then finds the term renewed: 409. The unique
 * (agency, renewed_from_id) key refuses what slips past.
 */
export async function renewPolicy(db: Connection, actor: Actor, rawId: string, input: RenewInput): Promise<PolicyDetail> {
  try {
    return await mapUnique(() =>
      tenant(db, actor).transaction(async (t) => {
        const row = await lockPolicy(t, rawId);
        if (row.renewalState === 'renewed') throw alreadyRenewed();
        if (row.renewalState === 'lost') throw conflict(RENEWAL_TEXT.cannotRenewLost, 'LOST');
        if (Number(row.premiumAmount) > 0 && Number(input.premium_amount) > Number(row.premiumAmount) * MAX_PREMIUM_FACTOR)
          throw badRequest(RENEWAL_TEXT.premiumAbsurd, { premium_amount: RENEWAL_TEXT.premiumAbsurd });
        const current = await readPolicy(t, row.id);
        const dates = renewalTerm(current, input);
        if ('message' in dates) throw badRequest(dates.message, { end_date: dates.message });
        const { threshold } = await readRenewalSettings(t);
        await t.update(policies, { renewalState: 'renewed', updatedAt: new Date() }, eq(policies.id, row.id));
        await refreshStoredStatus(t, agencyTodayOf(actor), eq(policies.id, row.id));
        const values: PolicyValues = {
          customer_id: current.customer_id,
          customer_name: current.customer_name,
          customer_email: current.customer_email,
          customer_phone: current.customer_phone,
          policy_number: input.policy_number ?? nextPolicyNumber(current.policy_number),
          insurance_company: current.insurance_company,
          policy_type: current.policy_type,
          premium_amount: input.premium_amount,
          coverage_amount: current.coverage_amount,
          deductible: current.deductible,
          start_date: dates.start_date,
          end_date: dates.end_date,
          term: termOf(dates.start_date, dates.end_date),
          status: 'active',
          assignee_id: current.assignee_id,
          ...detailsOf(current.policy_type, current[`${current.policy_type}_details`]),
        };
        const id = await insertPolicy(t, actor, values, {
          renewedFromId: row.id,
          remarket: isRemarket(current.premium_amount, input.premium_amount, threshold),
        });
        const renewed = await readPolicy(t, id);
        // the old term is Renewed now, with its next term: a change of its own
        await policiesChanged(t, actor, 'policy.updated', [row.id]);
        // the new term (its renewed_from_id names the old one); insertPolicy sent policy.created
        await emit(t, actor, { type: 'policy.renewed', entityId: renewed.id, data: renewed });
        return renewed;
      }),
    );
  } catch (err) {
    if (isUniqueViolation(err, 'policies_renewed_from_uq')) throw alreadyRenewed();
    throw err;
  }
}

/** The policy after a renewals action: policy.updated (webhooks), with the log's line when it has one. */
async function updated(t: Tenant, actor: Actor, id: string, summary?: string): Promise<PolicyDetail> {
  // Renewed and Lost are statuses of an ended term (#shared/policy-status.ts)
  await refreshStoredStatus(t, agencyTodayOf(actor), eq(policies.id, id));
  const detail = await readPolicy(t, id);
  await emit(t, actor, { type: 'policy.updated', entityId: id, summary, data: detail });
  return detail;
}

export async function markLost(db: Connection, actor: Actor, rawId: string, input: MarkLostInput): Promise<PolicyDetail> {
  return tenant(db, actor).transaction(async (t) => {
    const row = await lockPolicy(t, rawId);
    if (row.renewalState === 'renewed') throw conflict(RENEWAL_TEXT.renewedIsFinal, 'ALREADY_RENEWED');
    await t.update(policies, { renewalState: 'lost', lostReason: input.reason, lostNote: input.note, updatedAt: new Date() }, eq(policies.id, row.id));
    return updated(t, actor, row.id, `Marked renewal of ${row.policyNumber} as lost (${input.reason})`);
  });
}

export async function undoLost(db: Connection, actor: Actor, rawId: string): Promise<PolicyDetail> {
  return tenant(db, actor).transaction(async (t) => {
    const row = await lockPolicy(t, rawId);
    if (row.renewalState !== 'lost') throw conflict(RENEWAL_TEXT.notLost, 'NOT_LOST');
    await t.update(policies, { renewalState: 'not_started', lostReason: null, lostNote: null, updatedAt: new Date() }, eq(policies.id, row.id));
    return updated(t, actor, row.id, `Reopened the renewal of ${row.policyNumber}`);
  });
}

export async function setRenewalState(db: Connection, actor: Actor, rawId: string, state: 'not_started' | 'contacted' | 'quoted'): Promise<PolicyDetail> {
  return tenant(db, actor).transaction(async (t) => {
    const row = await lockPolicy(t, rawId);
    if (row.renewalState === 'renewed') throw conflict(RENEWAL_TEXT.renewedIsFinal, 'ALREADY_RENEWED');
    if (row.renewalState === 'lost') throw conflict(RENEWAL_TEXT.cannotRenewLost, 'LOST');
    await t.update(policies, { renewalState: state, updatedAt: new Date() }, eq(policies.id, row.id));
    return updated(t, actor, row.id);
  });
}

export async function assignPolicy(db: Connection, actor: Actor, rawId: string, assigneeId: string): Promise<PolicyDetail> {
  return tenant(db, actor).transaction(async (t) => {
    const row = await lockPolicy(t, rawId);
    await assertMember(t, assigneeId, RENEWAL_TEXT.notMember);
    await t.update(policies, { assigneeId, updatedAt: new Date() }, eq(policies.id, row.id));
    if (assigneeId !== actor.userId && row.assigneeId !== assigneeId)
      await emit(t, actor, {
        type: 'policy.assigned',
        entityId: row.id,
        assigneeId,
        policyNumber: row.policyNumber,
        customerName: row.customerName,
        at: row.updatedAt.toISOString(),
      });
    return updated(t, actor, row.id, `Assigned policy ${row.policyNumber}`);
  });
}

/**
 * A communication about a customer is the first outreach: their open terms in the cockpit's window
 * move from Not started to Contacted. Runs in the communication's transaction.
 */
export async function markContacted(t: Tenant, by: EventSource, customerId: string, now = new Date()): Promise<void> {
  const { timeZone } = await readRenewalSettings(t);
  const today = agencyToday(timeZone, now);
  // each term moved is a change of its own (updated_at, policy.updated): pollers and webhooks see it
  await updatePoliciesWhere(
    t,
    by,
    { renewalState: 'contacted' },
    and(
      eq(policies.customerId, customerId),
      inArray(policies.renewalState, ['not_started']),
      gte(policies.endDate, addDays(today, -LOOKBACK_DAYS)),
      lte(policies.endDate, addDays(today, COCKPIT_HORIZON_DAYS)),
    )!,
  );
}
