// Payment-proof upgrades: a submission with its receipt, the user's history, the admin's decision.
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_SUBMISSIONS_PAGE_SIZE,
  PAYMENT_TEXT,
  type AdminPaymentSubmission,
  type AdminSubmissionQuery,
  type OwnSubmissionQuery,
  type PaymentSubmission,
  type PaymentMethod,
  type SubmissionStatus,
} from '#shared/payments.ts';
import type { Paged } from '#shared/admin.ts';
import { formatDay } from '#shared/format-date.ts';
import { TIER_LABEL, type PaidTier, type Tier } from '#shared/tiers.ts';
import type { Actor, Deps } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { paymentSubmissions, storedFiles, user } from '#server/db/schema.ts';
import { conflict, notFound } from '#server/errors.ts';
import { storeWithRows, type Upload } from '#server/files.ts';
import { crossAgency } from '#server/tenant.ts';
import { renderMail, sendInBackground } from '#server/mail.ts';
import { auditByActor } from '#server/platform/audit.ts';
import { emit } from '#server/platform/events.ts';
import { applyPaidPlan } from '#server/platform/paid-plan.ts';
import { sortOrder } from '#server/lists.ts';

type SubmissionRow = typeof paymentSubmissions.$inferSelect;
type FileRow = typeof storedFiles.$inferSelect;

function toSubmission(row: SubmissionRow, file: Pick<FileRow, 'id' | 'fileName' | 'contentType' | 'size'>): PaymentSubmission {
  return {
    id: row.id,
    user_id: row.userId,
    selected_tier: row.selectedTier as PaidTier,
    payment_method: row.paymentMethod as PaymentMethod,
    transaction_reference: row.transactionReference,
    payment_date: row.paymentDate,
    notes: row.notes,
    receipt_file: { id: file.id, file_name: file.fileName, content_type: file.contentType, size: file.size },
    status: row.status as SubmissionStatus,
    admin_notes: row.adminNotes,
    verified_by: row.verifiedBy,
    verified_at: row.verifiedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export interface SubmissionInput {
  selected_tier: PaidTier;
  payment_method: PaymentMethod;
  transaction_reference: string | null;
  payment_date: string;
  notes: string | null;
}

/** Any number that names "a user's upgrade submissions" among the advisory locks. */
const SUBMISSION_LOCK = 7_310_002;

/**
 * user_id, status and the verification fields come from here, never from the request. A user has
 * at most one Pending submission: a new one closes the earlier one (Rejected, with a note saying
 * it was replaced). A lock per user makes two submissions at once run one after the other (a row
 * lock on the user would deadlock with the foreign-key locks the file rows take); the partial
 * unique index payment_submissions_one_pending_uq is the backstop.
 */
export async function createSubmission(deps: Deps, actor: Actor, input: SubmissionInput, receipt: Upload): Promise<PaymentSubmission> {
  // Only an agency's owner pays (ownerOnly): the receipt lives in their own agency, shown to no member.
  const owner = { userId: actor.userId, agencyId: actor.agency.id, sharedWithAgency: false };
  return storeWithRows(deps, owner, [receipt], async (t, [file]) => {
    await t.execute(sql`select pg_advisory_xact_lock(${SUBMISSION_LOCK}, hashtext(${actor.userId}))`);
    // submissions are the user's own, of no agency (the receipt's file row is the agency's)
    const own = crossAgency(t, "a user's payment submissions, of no agency");
    await own
      .update(paymentSubmissions)
      .set({ status: 'Rejected', adminNotes: PAYMENT_TEXT.replaced, verifiedAt: new Date() })
      .where(and(eq(paymentSubmissions.userId, actor.userId), eq(paymentSubmissions.status, 'Pending')));
    const [row] = await own
      .insert(paymentSubmissions)
      .values({
        userId: actor.userId,
        selectedTier: input.selected_tier,
        paymentMethod: input.payment_method,
        transactionReference: input.transaction_reference,
        paymentDate: input.payment_date,
        notes: input.notes,
        receiptFileId: file.id,
        status: 'Pending',
      })
      .returning();
    return toSubmission(row, file);
  });
}

const fileColumns = { id: storedFiles.id, fileName: storedFiles.fileName, contentType: storedFiles.contentType, size: storedFiles.size };

const SUBMISSION_SORT = { created_at: [paymentSubmissions.createdAt], payment_date: [paymentSubmissions.paymentDate] };

export async function listOwnSubmissions(db: Db, actor: Actor, query: OwnSubmissionQuery): Promise<PaymentSubmission[]> {
  const rows = await db
    .select({ s: paymentSubmissions, f: fileColumns })
    .from(paymentSubmissions)
    .innerJoin(storedFiles, eq(storedFiles.id, paymentSubmissions.receiptFileId))
    .where(eq(paymentSubmissions.userId, actor.userId))
    .orderBy(...sortOrder(query.sort, SUBMISSION_SORT, paymentSubmissions.id));
  return rows.map((r) => toSubmission(r.s, r.f));
}

/** Only the submitter reads their submission here; anyone else gets 404. */
export async function getOwnSubmission(db: Db, actor: Actor, id: string): Promise<PaymentSubmission> {
  const [row] = await db
    .select({ s: paymentSubmissions, f: fileColumns })
    .from(paymentSubmissions)
    .innerJoin(storedFiles, eq(storedFiles.id, paymentSubmissions.receiptFileId))
    .where(and(eq(paymentSubmissions.id, id), eq(paymentSubmissions.userId, actor.userId)));
  if (!row) throw notFound(PAYMENT_TEXT.notFound);
  return toSubmission(row.s, row.f);
}

export async function listAllSubmissions(
  db: Db,
  query: AdminSubmissionQuery,
): Promise<Paged<AdminPaymentSubmission>> {
  const filters: SQL[] = [];
  if (query.status !== 'all') filters.push(eq(paymentSubmissions.status, query.status));
  if (query.tier !== 'all') filters.push(eq(paymentSubmissions.selectedTier, query.tier));
  const where = filters.length ? and(...filters) : undefined;
  const [{ total }] = await db.select({ total: count() }).from(paymentSubmissions).where(where);
  const rows = await db
    .select({ s: paymentSubmissions, f: fileColumns, u: { firstName: user.firstName, lastName: user.lastName, email: user.email } })
    .from(paymentSubmissions)
    .innerJoin(storedFiles, eq(storedFiles.id, paymentSubmissions.receiptFileId))
    .innerJoin(user, eq(user.id, paymentSubmissions.userId))
    .where(where)
    .orderBy(...sortOrder(query.sort, SUBMISSION_SORT, paymentSubmissions.id))
    .limit(ADMIN_SUBMISSIONS_PAGE_SIZE)
    .offset((query.page - 1) * ADMIN_SUBMISSIONS_PAGE_SIZE);
  return {
    rows: rows.map((r) => ({ ...toSubmission(r.s, r.f), first_name: r.u.firstName, last_name: r.u.lastName, email: r.u.email })),
    total,
    page: query.page,
    pageSize: ADMIN_SUBMISSIONS_PAGE_SIZE,
  };
}

/**
 * Approve or reject, only from Pending: the status change is a conditional UPDATE in the same
 * transaction as the plan change, so of two admins deciding at once exactly one wins.
 */
export async function decideSubmission(
  deps: Deps,
  actor: Actor,
  id: string,
  decision: 'Approved' | 'Rejected',
  notes: string | null,
): Promise<PaymentSubmission> {
  const { db } = deps;
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(paymentSubmissions)
      .set({ status: decision, adminNotes: notes, verifiedBy: actor.userId, verifiedAt: sql`now()` })
      .where(and(eq(paymentSubmissions.id, id), eq(paymentSubmissions.status, 'Pending')))
      .returning();
    if (!row) {
      const [exists] = await tx.select({ id: paymentSubmissions.id }).from(paymentSubmissions).where(eq(paymentSubmissions.id, id));
      if (!exists) throw notFound(PAYMENT_TEXT.notFound);
      throw conflict(PAYMENT_TEXT.alreadyDecided, 'ALREADY_DECIDED');
    }
    const [plan] = await tx.select({ tier: user.subscriptionTier, status: user.subscriptionStatus }).from(user).where(eq(user.id, row.userId));
    if (decision === 'Approved') {
      await applyPaidPlan(tx, row.userId, row.selectedTier as Tier, actor.userId);
    }
    // the user's own, in no agency: emitted on the bare transaction
    await emit(tx, actor, { type: 'payment.decided', entityId: row.id, userId: row.userId, submissionId: row.id, approved: decision === 'Approved' });
    const [file] = await tx.select(fileColumns).from(storedFiles).where(eq(storedFiles.id, row.receiptFileId));
    const [submitter] = await tx.select({ email: user.email, firstName: user.firstName }).from(user).where(eq(user.id, row.userId));
    await auditByActor(tx, actor, {
      action: decision === 'Approved' ? 'payment.approved' : 'payment.rejected',
      targetType: 'payment_submission',
      targetId: row.id,
      targetLabel: submitter.email,
      before: { status: 'Pending', subscription_tier: plan.tier, subscription_status: plan.status },
      after: { status: decision, admin_notes: notes, subscription_tier: decision === 'Approved' ? row.selectedTier : plan.tier },
    });
    return { submission: toSubmission(row, file), submitter };
  });
  notifySubmitter(deps, result.submission, result.submitter);
  return result.submission;
}

function notifySubmitter(deps: Deps, s: PaymentSubmission, to: { email: string; firstName: string }) {
  const plan = TIER_LABEL[s.selected_tier];
  const greeting = to.firstName ? `Hello ${to.firstName},` : 'Hello,';
  const message =
    s.status === 'Approved'
      ? renderMail({
          to: to.email,
          subject: `Your PolicyDesk ${plan} plan is active`,
          greeting,
          paragraphs: [
            `We have verified your payment of ${formatDay(s.payment_date)} (${s.payment_method}${s.transaction_reference ? `, reference ${s.transaction_reference}` : ''}). Your account now has the ${plan} plan.`,
            ...(s.admin_notes ? [`Note from our team: ${s.admin_notes}`] : []),
          ],
          action: { label: 'Open your dashboard', url: `${deps.config.appUrl}/dashboard` },
        })
      : renderMail({
          to: to.email,
          subject: 'Your PolicyDesk payment submission was not approved',
          greeting,
          paragraphs: [
            `We could not verify your payment for the ${plan} plan submitted for ${formatDay(s.payment_date)}.`,
            `Reason: ${s.admin_notes ?? ''}`,
            'You can correct the details and resubmit your payment from your billing history.',
          ],
          action: { label: 'Open billing history', url: `${deps.config.appUrl}/dashboard/subscription/history` },
        });
  sendInBackground(deps.mailer, message, deps.logger);
}
