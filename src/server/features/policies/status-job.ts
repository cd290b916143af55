// The daily status run (issue 29 §1, decision 052): terms whose dates moved them — a start reached, a
// term ended, a cancellation taking effect — get the rule's status stored, one activity line each
// and policy.updated (webhooks), through the domain events. Reads never wait for it (they apply the
// rule on their own day); it keeps the list's index, the log and the integrations in step.
// Scheduled every 15 minutes: each agency's day starts at its own midnight (Settings › Agency), and
// a run only touches the terms the rule moved since the last one, so a rerun or a second instance
// writes nothing twice.
import { eq, inArray, ne, sql } from 'drizzle-orm';
import { POLICY_STATUS_LABEL, type PolicyStatus } from '#shared/policy-status.ts';
import { agencyToday } from '#shared/time.ts';
import { effectiveTier } from '#shared/tiers.ts';
import type { Deps } from '#server/context.ts';
import { agencies, policies, user } from '#server/db/schema.ts';
import { defineJob } from '#server/jobs/queue.ts';
import { emit, type EventSource } from '#server/platform/events.ts';
import { policyStatusSql } from '#server/platform/policy-status.ts';
import { crossAgency, tenant } from '#server/tenant.ts';
import { readPolicy } from '#server/entities/policies/read.ts';

/** Terms moved per transaction: a large agency's first run after an outage is split in several. */
const BATCH = 200;

function why(to: PolicyStatus, row: { startDate: string; endDate: string; cancelEffectiveDate: string | null }): string {
  if (to === 'active') return `the term started on ${row.startDate}`;
  if (to === 'cancelled') return `the cancellation took effect on ${row.cancelEffectiveDate}`;
  return `the term ended on ${row.endDate}`;
}

/** Moves one agency's terms to the rule's status on `today`; returns how many moved. */
async function moveAgency(deps: Deps, agencyId: string, today: string, by: EventSource): Promise<number> {
  const rule = policyStatusSql(today);
  let moved = 0;
  for (;;) {
    const count = await tenant(deps.db, { agency: { id: agencyId } }).transaction(async (t) => {
      // only a live term moves by date alone (pending or active: started, ended or cancelled)
      const due = await t
        .select({ id: policies.id, number: policies.policyNumber, status: policies.status, next: rule, startDate: policies.startDate, endDate: policies.endDate, cancelEffectiveDate: policies.cancelEffectiveDate })
        .from(policies, inArray(policies.status, ['pending', 'active']), ne(policies.status, rule))
        .orderBy(policies.id)
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const row of due) {
        const to = row.next as PolicyStatus;
        await t.update(policies, { status: to, updatedAt: new Date() }, eq(policies.id, row.id), eq(policies.status, row.status));
        const summary = `Status of ${row.number} changed from ${POLICY_STATUS_LABEL[row.status as PolicyStatus]} to ${POLICY_STATUS_LABEL[to]}: ${why(to, row)}`;
        await emit(t, by, { type: 'policy.updated', entityId: row.id, summary, data: () => readPolicy(t, row.id, today) });
      }
      return due.length;
    });
    moved += count;
    if (count < BATCH) return moved;
  }
}

/** One run over every agency, each on its own today at `now`. */
export async function moveTermStatuses(deps: Deps, now: Date): Promise<number> {
  const db = crossAgency(deps.db, 'the daily status run moves the terms of every agency, each on its own day');
  const rows = await db
    .select({ id: agencies.id, timeZone: agencies.timezone, owner: { subscriptionTier: user.subscriptionTier, subscriptionStatus: user.subscriptionStatus, trialEndsAt: user.trialEndsAt } })
    .from(agencies)
    .innerJoin(user, eq(user.id, agencies.ownerId))
    // an agency without a live term has nothing to move
    .where(sql`exists (select 1 from ${policies} p where p.agency_id = ${agencies.id} and p.status in ('pending', 'active'))`);
  let moved = 0;
  for (const a of rows) {
    // the system moves them: no user; the plan tells the webhooks whether it sends any
    const by: EventSource = { userId: null, agency: { tier: effectiveTier(a.owner) } };
    moved += await moveAgency(deps, a.id, agencyToday(a.timeZone, now), by);
  }
  return moved;
}

export const statusJob = defineJob<Record<string, never>>({
  name: 'policies.status',
  run: async (deps, ctx) => void (await moveTermStatuses(deps, ctx.now)),
});
