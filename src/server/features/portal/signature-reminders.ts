// Automatic signature reminders (issue 32): a pending request reminds its client SIGNATURE_REMINDER_DAYS
// after it was sent (3 and 7 days), in the agency's name, through the same e-mail as the agent's
// "Send a reminder". Never twice within a day (a manual reminder counts), never once the request is
// signed, declined or expired, and never once the agent has revoked the client's portal access. One
// UPDATE claims the due requests and stamps reminded_at in the transaction that queues their e-mails,
// so a second instance running the same schedule finds nothing left to claim.
import { and, eq, gt, lte, or, sql, isNull, exists } from 'drizzle-orm';
import { SIGNATURE_REMINDER_DAYS } from '#shared/portal-messages.ts';
import { customers, portalAccess, signatureRequests } from '#server/db/schema.ts';
import { emit } from '#server/platform/events.ts';
import { defineJob } from '#server/jobs/queue.ts';
import { crossAgency, tenant, type Connection } from '#server/tenant.ts';
import { signatureMailJob } from './signatures.ts';

const DAY_MS = 86_400_000;

/** The latest reminder mark a request has passed at `at` (created_at + N days), or null before the first. */
function markPassed(at: Date) {
  const steps = [...SIGNATURE_REMINDER_DAYS].sort((a, b) => b - a);
  const whens = steps.map((d) => sql`when ${signatureRequests.createdAt} <= ${new Date(at.getTime() - d * DAY_MS).toISOString()}::timestamptz then ${signatureRequests.createdAt} + ${sql.raw(`interval '${d} days'`)}`);
  return sql`(case ${sql.join(whens, sql` `)} end)`;
}

/** Sends the reminders due at `at`; returns how many. */
export async function remindSignatures(db: Connection, at: Date): Promise<number> {
  const first = Math.min(...SIGNATURE_REMINDER_DAYS);
  return crossAgency(db, 'the reminder job runs over every agency').transaction(async (tx) => {
    const due = await tx
      .update(signatureRequests)
      .set({ remindedAt: at, updatedAt: at })
      .where(
        and(
          eq(signatureRequests.state, 'pending'),
          gt(signatureRequests.expiresAt, at),
          lte(signatureRequests.createdAt, new Date(at.getTime() - first * DAY_MS)),
          or(isNull(signatureRequests.remindedAt), and(sql`${signatureRequests.remindedAt} < ${markPassed(at)}`, lte(signatureRequests.remindedAt, new Date(at.getTime() - DAY_MS)))),
          // still invited: revoking portal access (or changing the customer's e-mail) stops the reminders
          exists(
            tx
              .select({ one: sql`1` })
              .from(portalAccess)
              .innerJoin(customers, and(eq(customers.agencyId, portalAccess.agencyId), eq(customers.id, portalAccess.customerId), eq(customers.email, portalAccess.email)))
              .where(and(eq(portalAccess.agencyId, signatureRequests.agencyId), eq(portalAccess.customerId, signatureRequests.customerId))),
          ),
        ),
      )
      .returning({ id: signatureRequests.id, agencyId: signatureRequests.agencyId, documentId: signatureRequests.documentId });
    for (const r of due) {
      await signatureMailJob.enqueue(tx, { agencyId: r.agencyId, requestId: r.id, reminder: true }, { agencyId: r.agencyId });
      await emit(tenant(tx, { agency: { id: r.agencyId } }), { userId: null }, { type: 'signature.reminded', entityId: r.documentId, summary: 'Sent an automatic reminder to sign' });
    }
    return due.length;
  });
}

export const signatureReminderJob = defineJob<Record<string, never>>({ name: 'signatures.remind', run: async (deps, ctx) => void (await remindSignatures(deps.db, ctx.now)) });
