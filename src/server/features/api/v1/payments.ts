// /api/v1 premium payments (issue 34 §3): a policy's client premium payments and their receipt files,
// read, and recorded as the web form records them (multipart: the fields and one to five receipts,
// typed by their bytes), with the `premium_payments` scope. A payment's own fields never change, so a
// policy's payments are one short list; the agency's are paged in (updated_at, id) order like the other
// lists, for a sync (updated_at moves when its author renames themselves: decision 083).
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { PREMIUM_RECEIPT_MAX_BYTES, PREMIUM_RECEIPT_MAX_FILES } from '#shared/files.ts';
import { PREMIUM_METHODS, PREMIUM_TEXT, premiumPaymentSchema } from '#shared/premium-payments.ts';
import { POLICY_TEXT } from '#shared/policies.ts';
import type { AppEnv } from '#server/context.ts';
import { idParam, validate } from '#server/http.ts';
import { readUploadForm } from '#server/platform/upload-form.ts';
import { premiumPayments } from '#server/db/schema.ts';
import { tenant } from '#server/tenant.ts';
import { deletePremiumPayment, findPaymentPolicy, listPolicyPayments, paymentsPage, recordPremiumPayment, RECEIPT_RULES } from '#server/entities/premium-payments.ts';
import { requireScope } from '../authenticate.ts';
import { uploadOnce, writeOnce } from './idempotency.ts';
import { define, errors, idempotencyHeader, idPath, ok, operationBase, pageOf, text, timestampOut } from './kit.ts';
import { pageConditions, pagingSchema, toPage } from './lists.ts';
import { documentedQuery } from './schemas.ts';

export const paymentOut = z.object({
  id: z.uuid(),
  policy_id: z.uuid(),
  client_name: text(),
  policy_number: text(),
  amount: text().describe('decimal, 2 places'),
  payment_date: text().meta({ format: 'date' }),
  payment_method: z.enum(PREMIUM_METHODS),
  notes: text().nullable(),
  created_at: timestampOut(),
  updated_at: timestampOut(),
  created_by_name: text().nullable(),
  files: z.array(z.object({ id: z.uuid(), file_name: text(), content_type: text(), size: z.number().int() })).describe('The receipts'),
});

/** The web form's fields but the policy number: the policy is the path's. */
const paymentFields = premiumPaymentSchema.omit({ policy_number: true });
const FIELDS = ['client_name', 'amount', 'payment_date', 'payment_method', 'notes'];

const paymentForm = z.object({
  client_name: text().describe('Who paid, as on the receipt'),
  amount: text().describe('decimal, more than 0, at most 2 places'),
  payment_date: text().meta({ format: 'date' }),
  payment_method: z.enum(PREMIUM_METHODS),
  notes: text().optional(),
  files: z
    .array(text().meta({ format: 'binary' }))
    .min(1)
    .max(PREMIUM_RECEIPT_MAX_FILES)
    .describe(`1 to ${PREMIUM_RECEIPT_MAX_FILES} receipts (PDF, JPEG, PNG or GIF, decided from the bytes), each at most ${PREMIUM_RECEIPT_MAX_BYTES / 1024 / 1024} MB`),
});

export const paymentApiQuerySchema = pagingSchema.extend({
  policy_id: z.uuid('policy_id must be a policy id.').optional().describe("Only this policy's payments."),
});

const read = operationBase('Premium payments', 'read');
const write = operationBase('Premium payments', 'write');
const ROUTES = {
  page: createRoute({
    ...read.base,
    operationId: 'listPremiumPayments',
    method: 'get',
    path: '/premium-payments',
    summary: 'List premium payments',
    description: `The agency's premium payments, oldest change first, in pages; pass next_cursor as cursor until it is null. ${read.note}`,
    request: { query: documentedQuery(paymentApiQuerySchema) },
    responses: { 200: ok('A page of premium payments', pageOf(paymentOut)), ...errors([400, 401, 403, 429]) },
  }),
  list: createRoute({
    ...read.base,
    operationId: 'listPolicyPremiumPayments',
    method: 'get',
    path: '/policies/{id}/premium-payments',
    summary: "A policy's premium payments",
    description: `Newest payment date first, in one page (next_cursor is always null). ${read.note}`,
    request: { params: idPath },
    responses: { 200: ok("The policy's payments", z.object({ data: z.array(paymentOut), next_cursor: z.null() })), ...errors([401, 403, 404, 429]) },
  }),
  record: createRoute({
    ...write.base,
    operationId: 'recordPolicyPremiumPayment',
    method: 'post',
    path: '/policies/{id}/premium-payments',
    summary: 'Record a premium payment',
    description:
      "A client's premium payment on this policy, with its receipts, as multipart/form-data (the web form's fields; the policy is the path's). " +
      `An Idempotency-Key replays the first answer to a retry with the same fields and files. ${write.note}`,
    request: { params: idPath, headers: idempotencyHeader, body: { required: true, content: { 'multipart/form-data': { schema: paymentForm } } } },
    responses: { 201: ok('Recorded', paymentOut), ...errors([400, 401, 403, 404, 409, 413, 429]) },
  }),
  remove: createRoute({
    ...write.base,
    operationId: 'deletePremiumPayment',
    method: 'delete',
    path: '/premium-payments/{id}',
    summary: 'Delete a premium payment',
    description: `A payment recorded by mistake, with its receipts' links (premium_payment.deleted). ${write.note}`,
    request: { params: idPath, headers: idempotencyHeader },
    responses: { 204: { description: 'Deleted' }, ...errors([401, 403, 404, 409, 429]) },
  }),
};

export function registerPaymentRoutes(api: OpenAPIHono<AppEnv>) {
  define(api, ROUTES.page, requireScope('premium_payments', 'read'), async (c) => {
    const q = validate(paymentApiQuerySchema, c.req.query());
    const rows = await paymentsPage(
      tenant(c.var.deps.db, c.var.actor),
      [q.policy_id ? eq(premiumPayments.policyId, q.policy_id) : undefined, ...pageConditions('premium_payments', premiumPayments.updatedAt, premiumPayments.id, q)],
      q.limit + 1,
    );
    return c.json(toPage('premium_payments', rows, q, (r) => r.payment));
  });
  define(api, ROUTES.list, requireScope('premium_payments', 'read'), async (c) =>
    c.json({ data: await listPolicyPayments(c.var.deps.db, c.var.actor, idParam(c, 'id', POLICY_TEXT.notFound)), next_cursor: null }),
  );
  define(api, ROUTES.record, requireScope('premium_payments', 'write'), async (c) => {
    const { deps, actor } = c.var;
    const policyId = idParam(c, 'id', POLICY_TEXT.notFound);
    return uploadOnce(c, async () => {
      // the fields and the policy (another agency's is a 404) before the first receipt byte is kept
      const { input, uploads } = await readUploadForm(c, {
        fields: FIELDS,
        rules: RECEIPT_RULES,
        check: async (fields) => ({ values: validate(paymentFields, fields), policy: await findPaymentPolicy(deps.db, actor, policyId) }),
      });
      return { status: 201, body: await recordPremiumPayment(deps, actor, { ...input.values, policy_number: input.policy.policyNumber }, input.policy, uploads) };
    });
  });
  define(api, ROUTES.remove, requireScope('premium_payments', 'write'), (c) =>
    writeOnce(c, async (db) => {
      await deletePremiumPayment(db, c.var.actor, idParam(c, 'id', PREMIUM_TEXT.paymentNotFound));
      return { status: 204, body: null };
    }),
  );
}
