// /api/v1 premium payments (issue 34 §3, read): a policy's client premium payments and their receipt
// files, through the premium payments feature's own reader, with the `premium_payments` scope. A
// payment is recorded once and never changed, so a policy's payments are one short list.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { PREMIUM_METHODS } from '#shared/premium-payments.ts';
import { POLICY_TEXT } from '#shared/policies.ts';
import type { AppEnv } from '#server/context.ts';
import { idParam } from '#server/http.ts';
import { listPolicyPayments } from '#server/features/premium-payments/service.ts';
import { requireScope } from '../authenticate.ts';
import { define, errors, idPath, ok, operationBase, text, timestampOut } from './kit.ts';

const paymentOut = z.object({
  id: z.uuid(),
  policy_id: z.uuid(),
  client_name: text(),
  policy_number: text(),
  amount: text().describe('decimal, 2 places'),
  payment_date: text().meta({ format: 'date' }),
  payment_method: z.enum(PREMIUM_METHODS),
  notes: text().nullable(),
  created_at: timestampOut(),
  created_by_name: text().nullable(),
  files: z.array(z.object({ id: z.uuid(), file_name: text(), content_type: text(), size: z.number().int() })).describe('The receipts'),
});

const read = operationBase('Premium payments', 'read');
const route = createRoute({
  ...read.base,
  operationId: 'listPolicyPremiumPayments',
  method: 'get',
  path: '/policies/{id}/premium-payments',
  summary: "A policy's premium payments",
  description: `Newest payment date first, in one page (next_cursor is always null). ${read.note}`,
  request: { params: idPath },
  responses: { 200: ok("The policy's payments", z.object({ data: z.array(paymentOut), next_cursor: z.null() })), ...errors([401, 403, 404, 429]) },
});

export function registerPaymentRoutes(api: OpenAPIHono<AppEnv>) {
  define(api, route, requireScope('premium_payments', 'read'), async (c) =>
    c.json({ data: await listPolicyPayments(c.var.deps.db, c.var.actor, idParam(c, 'id', POLICY_TEXT.notFound)), next_cursor: null }),
  );
}
