// Client premium payments (the entity, shared by the web form and /api/v1): recorded against the agency's policy
// with that number, with receipt files; a policy's payments, read.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { PREMIUM_TEXT, type PremiumMethod, type PremiumPayment } from '#shared/premium-payments.ts';
import { safeText } from '#shared/validation.ts';
import { PREMIUM_RECEIPT_MAX_BYTES, PREMIUM_RECEIPT_MAX_FILES, PREMIUM_RECEIPT_TYPES, type StoredFileInfo } from '#shared/files.ts';
import type { Actor, Deps } from '#server/context.ts';
import { policies, premiumPaymentFiles, premiumPayments, storedFiles, user } from '#server/db/schema.ts';
import { badRequest, conflict, notFound } from '#server/errors.ts';
import { storeWithRows, type Upload, type UploadRules } from '#server/files.ts';
import { crossAgency, tenant, type Connection, type Tenant } from '#server/tenant.ts';
import { emit, type EventSource } from '#server/platform/events.ts';

type PaymentRow = typeof premiumPayments.$inferSelect;

/** The receipts of a payment, as the web form and /api/v1 read them (at least one). */
export const RECEIPT_RULES: UploadRules = {
  field: 'files',
  types: PREMIUM_RECEIPT_TYPES,
  maxBytes: PREMIUM_RECEIPT_MAX_BYTES,
  maxFiles: PREMIUM_RECEIPT_MAX_FILES,
  text: { invalidFile: PREMIUM_TEXT.invalidFile, tooLarge: PREMIUM_TEXT.tooLarge, receipt: PREMIUM_TEXT.receipt, tooManyFiles: PREMIUM_TEXT.tooManyFiles },
};

/** The agency's policy with this id, for a payment recorded on it (/api/v1); another agency's is a 404. */
export async function findPaymentPolicy(db: Connection, actor: Actor, policyId: string): Promise<PaymentPolicy> {
  const [row] = await tenant(db, actor).select({ id: policies.id, policyNumber: policies.policyNumber }).from(policies, eq(policies.id, policyId));
  if (!row) throw notFound('Policy not found');
  return row;
}

function toPayment(row: PaymentRow, files: StoredFileInfo[], createdByName: string | null): PremiumPayment {
  return {
    id: row.id,
    policy_id: row.policyId,
    client_name: row.clientName,
    policy_number: row.policyNumber,
    amount: row.amount,
    payment_date: row.paymentDate,
    payment_method: row.paymentMethod as PremiumMethod,
    notes: row.notes,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    created_by_name: createdByName,
    files,
  };
}

/** What a receipt records from its form: the payment's own fields. */
export type PremiumInput = Pick<PremiumPayment, 'client_name' | 'policy_number' | 'amount' | 'payment_date' | 'payment_method' | 'notes'>;

export interface PaymentPolicy {
  id: string;
  policyNumber: string;
}

/** The agency's policy with this number. Checked before the files are read, so an unknown number costs no upload. */
export async function findPolicyByNumber(db: Connection, actor: Actor, policyNumber: string): Promise<PaymentPolicy> {
  const [row] = await tenant(db, actor)
    .select({ id: policies.id, policyNumber: policies.policyNumber })
    .from(policies, eq(policies.policyNumber, policyNumber));
  if (!row) throw badRequest(PREMIUM_TEXT.policyNotFound, { policy_number: PREMIUM_TEXT.policyNotFound }, 'POLICY_NOT_FOUND');
  return row;
}

export async function recordPremiumPayment(deps: Deps, actor: Actor, input: PremiumInput, policy: PaymentPolicy, uploads: Upload[]): Promise<PremiumPayment> {
  const owner = { userId: actor.userId, agencyId: actor.agency.id, sharedWithAgency: true };
  // The policy may have been deleted while the files came in: checked again, locked, in the transaction.
  return storeWithRows(deps, owner, uploads, async (t, files) => {
    const [current] = await t.select({ id: policies.id }).from(policies, eq(policies.id, policy.id)).for('update');
    if (!current) throw badRequest(PREMIUM_TEXT.policyNotFound, { policy_number: PREMIUM_TEXT.policyNotFound }, 'POLICY_NOT_FOUND');
    const [row] = await t
      .insert(premiumPayments, {
        policyId: policy.id,
        createdBy: actor.userId,
        clientName: input.client_name,
        policyNumber: policy.policyNumber,
        amount: input.amount,
        paymentDate: input.payment_date,
        paymentMethod: input.payment_method,
        notes: input.notes,
      })
      .returning();
    await t.insert(premiumPaymentFiles, files.map((f) => ({ paymentId: row.id, fileId: f.id })));
    const payment = toPayment(
      row,
      files.map((f) => ({ id: f.id, file_name: f.fileName, content_type: f.contentType, size: f.size })),
      `${actor.firstName} ${actor.lastName}`.trim() || null,
    );
    // the form and /api/v1 alike: the change feed and the webhooks hear of it (no activity line, as before)
    await emit(t, actor, { type: 'premium_payment.created', entityId: payment.id, data: payment });
    return payment;
  });
}

/** A policy's premium payments, newest first; another agency's policy is a 404. */
export async function listPolicyPayments(db: Connection, actor: Actor, policyId: string): Promise<PremiumPayment[]> {
  const t = tenant(db, actor);
  const [policy] = await t.select({ id: policies.id }).from(policies, eq(policies.id, policyId));
  if (!policy) throw notFound('Policy not found');
  return paymentsWhere(t, eq(premiumPayments.policyId, policyId));
}

/** Payments as the API answers them (newest payment date first), with their receipts. */
async function paymentsWhere(t: Tenant, cond: SQL): Promise<PremiumPayment[]> {
  const rows = await t
    .select({ p: premiumPayments, firstName: user.firstName, lastName: user.lastName })
    .from(premiumPayments, cond)
    .leftJoin(user, eq(user.id, premiumPayments.createdBy))
    .orderBy(desc(premiumPayments.paymentDate), desc(premiumPayments.createdAt));
  return withReceipts(t, rows);
}

type NamedRow = { p: PaymentRow; firstName: string | null; lastName: string | null };

/** The rows as the API answers them, each with its receipts (one query for all), in the rows' order. */
async function withReceipts(t: Tenant, rows: NamedRow[]): Promise<PremiumPayment[]> {
  const ids = rows.map((r) => r.p.id);
  const files = ids.length
    ? await t
        .select({ paymentId: premiumPaymentFiles.paymentId, f: storedFiles })
        .from(premiumPaymentFiles, inArray(premiumPaymentFiles.paymentId, ids))
        .innerJoin(storedFiles, and(eq(storedFiles.agencyId, premiumPaymentFiles.agencyId), eq(storedFiles.id, premiumPaymentFiles.fileId)))
        .orderBy(storedFiles.createdAt, storedFiles.fileName)
    : [];
  return rows.map((r) =>
    toPayment(
      r.p,
      files
        .filter((f) => f.paymentId === r.p.id)
        .map(({ f }) => ({ id: f.id, file_name: f.fileName, content_type: f.contentType, size: f.size })),
      r.firstName !== null ? `${r.firstName} ${r.lastName ?? ''}`.trim() : null,
    ),
  );
}

/**
 * A page of the agency's payments in (updated_at, id) order (/api/v1's list): the caller's paging
 * conditions, `limit` rows, each with the text of its updated_at for the next cursor.
 */
export async function paymentsPage(t: Tenant, conds: (SQL | undefined)[], limit: number): Promise<{ payment: PremiumPayment; cursorAt: string }[]> {
  const rows = await t
    .select({ p: premiumPayments, firstName: user.firstName, lastName: user.lastName, cursorAt: sql<string>`${premiumPayments.updatedAt}::text` })
    .from(premiumPayments, ...conds)
    .leftJoin(user, eq(user.id, premiumPayments.createdBy))
    .orderBy(asc(premiumPayments.updatedAt), asc(premiumPayments.id))
    .limit(limit);
  const answers = await withReceipts(t, rows);
  return rows.map((r, i) => ({ payment: answers[i], cursorAt: r.cursorAt }));
}

/** The payments of these ids as the API answers them (the change feed); gone ones are absent. */
export async function paymentsByIds(t: Tenant, ids: string[]): Promise<PremiumPayment[]> {
  return ids.length ? paymentsWhere(t, inArray(premiumPayments.id, ids)) : [];
}

/**
 * Deletes one of the agency's premium payments (the policy's payments card and /api/v1): its receipts'
 * links go with it; one premium_payment.deleted (the feed's tombstone, the webhooks) with a log line.
 * Another agency's or an unknown id is a 404.
 */
export async function deletePremiumPayment(db: Connection, actor: Actor, id: string): Promise<DeletedPayment> {
  return tenant(db, actor).transaction(async (t) => {
    const [was] = await paymentsWhere(t, eq(premiumPayments.id, id));
    if (!was) throw notFound(PREMIUM_TEXT.paymentNotFound);
    const [row] = await t.delete(premiumPayments, eq(premiumPayments.id, id)).returning();
    await emit(t, actor, { type: 'premium_payment.deleted', entityId: id, data: was, summary: `Deleted the premium payment of ${was.amount} on policy ${was.policy_number}` });
    return { row, fileIds: was.files.map((f) => f.id) };
  });
}

/** A deleted payment as it was (its receipts' stored files stay: only their links went), for its undo. */
export interface DeletedPayment {
  row: PaymentRow;
  fileIds: string[];
}

/** How long the Undo of a deleted payment works (the toast's action; then the payment stays deleted). */
export const PAYMENT_UNDO_SECONDS = 600;

const undoShape = z.object({
  agency: z.uuid(),
  exp: z.number().int(),
  row: z.object({
    id: z.uuid(),
    policyId: z.uuid(),
    createdBy: safeText({ trim: false }).nullable(),
    clientName: safeText({ trim: false }),
    policyNumber: safeText({ trim: false }),
    amount: safeText({ trim: false }),
    paymentDate: safeText({ trim: false }),
    paymentMethod: safeText({ trim: false }),
    notes: safeText({ trim: false }).nullable(),
    createdAt: safeText({ trim: false }),
  }),
  files: z.array(z.uuid()),
});

const undoSignature = (secret: string, body: string) => createHmac('sha256', secret).update(`premium-payment-undo:${body}`).digest('base64url');

/**
 * The Undo of a delete: the payment as it was, signed with the server's secret (so it cannot be forged
 * or changed on its way back) and valid PAYMENT_UNDO_SECONDS, for this agency only.
 */
export function paymentUndoToken(secret: string, actor: Actor, deleted: DeletedPayment, now = Date.now()): string {
  // updated_at is not kept: a restored payment is a change, its updated_at is the restore's
  const { agencyId: _agency, createdAt, updatedAt: _updated, ...row } = deleted.row;
  const body = Buffer.from(
    JSON.stringify({ agency: actor.agency.id, exp: Math.floor(now / 1000) + PAYMENT_UNDO_SECONDS, row: { ...row, createdAt: createdAt.toISOString() }, files: deleted.fileIds }),
  ).toString('base64url');
  return `${body}.${undoSignature(secret, body)}`;
}

/**
 * Puts a deleted payment back from its Undo token: the same id, fields, author and receipts (those whose
 * files still exist), one premium_payment.created and a log line. A token that is forged, of another
 * agency or expired is a 400; a payment already back, or whose policy is gone since, is a 409.
 */
export async function restorePremiumPayment(secret: string, db: Connection, actor: Actor, token: string): Promise<PremiumPayment> {
  const [body = '', sig = ''] = token.split('.');
  const expected = Buffer.from(undoSignature(secret, body));
  const given = Buffer.from(sig);
  const invalid = () => badRequest(PREMIUM_TEXT.undoInvalid, { undo: PREMIUM_TEXT.undoInvalid }, 'UNDO_INVALID');
  if (!body || expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid();
  const parsed = undoShape.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
  if (!parsed.success || parsed.data.agency !== actor.agency.id) throw invalid();
  if (parsed.data.exp * 1000 <= Date.now()) throw badRequest(PREMIUM_TEXT.undoExpired, { undo: PREMIUM_TEXT.undoExpired }, 'UNDO_EXPIRED');
  const { row, files } = parsed.data;
  return tenant(db, actor).transaction(async (t) => {
    const [policy] = await t.select({ id: policies.id }).from(policies, eq(policies.id, row.policyId)).for('update');
    if (!policy) throw conflict(PREMIUM_TEXT.undoPolicyGone, 'POLICY_GONE');
    const [again] = await t.select({ id: premiumPayments.id }).from(premiumPayments, eq(premiumPayments.id, row.id));
    if (again) throw conflict(PREMIUM_TEXT.undoDone, 'ALREADY_RESTORED');
    // the author may have left the platform since: the payment then reads as recorded by no one
    const [author] = row.createdBy ? await crossAgency(t, 'an account belongs to no agency').select({ id: user.id }).from(user).where(eq(user.id, row.createdBy)) : [];
    await t.insert(premiumPayments, {
      ...row,
      createdBy: author?.id ?? null,
      createdAt: new Date(row.createdAt),
    });
    const kept = files.length ? await t.select({ id: storedFiles.id }).from(storedFiles, inArray(storedFiles.id, files)) : [];
    if (kept.length) await t.insert(premiumPaymentFiles, kept.map((f) => ({ paymentId: row.id, fileId: f.id })));
    const [payment] = await paymentsByIds(t, [row.id]);
    await emit(t, actor, { type: 'premium_payment.created', entityId: row.id, data: payment, summary: `Restored the premium payment of ${payment.amount} on policy ${payment.policy_number}` });
    return payment;
  });
}

/** Payments an undo put back (a bulk delete's, with their receipts): one premium_payment.created each. */
export async function paymentsRestored(t: Tenant, by: EventSource, ids: string[]): Promise<void> {
  const back = await paymentsByIds(t, ids);
  for (const p of back) await emit(t, by, { type: 'premium_payment.created', entityId: p.id, data: p });
}

/**
 * Called inside the transaction that removes a policy, before its row goes: its payments go with it
 * (as the foreign key would take them), each one premium_payment.deleted with its data as it was.
 */
export async function deletePaymentsOf(t: Tenant, by: EventSource, policyId: string): Promise<void> {
  const was = await paymentsWhere(t, eq(premiumPayments.policyId, policyId));
  if (!was.length) return;
  await t.delete(premiumPayments, eq(premiumPayments.policyId, policyId));
  for (const p of was) await emit(t, by, { type: 'premium_payment.deleted', entityId: p.id, data: p });
}

/**
 * A member renamed themselves (member.renamed, in this agency): the payments they recorded answer
 * their new name, so each is a change — updated_at moves, one premium_payment.updated (decision 083).
 * `gone`: their account is being deleted (author.deleting): the payments stay, recorded by no one.
 */
export async function touchPaymentsBy(t: Tenant, by: EventSource, userId: string, gone = false): Promise<void> {
  const changed = await t
    .update(premiumPayments, { updatedAt: new Date(), ...(gone ? { createdBy: null } : {}) }, eq(premiumPayments.createdBy, userId))
    .returning({ id: premiumPayments.id });
  if (!changed.length) return;
  for (const p of await paymentsByIds(t, changed.map((r) => r.id))) await emit(t, by, { type: 'premium_payment.updated', entityId: p.id, data: p });
}
