// POST /api/premium-payments (multipart, /payment-receipt), DELETE /api/premium-payments/:id (with its Undo: POST /api/premium-payments/restore) and GET /api/policies/:id/premium-payments.
import { Hono } from 'hono';
import { PREMIUM_TEXT, paymentUndoSchema, premiumPaymentSchema } from '#shared/premium-payments.ts';
import { requireUser, type AppEnv } from '#server/context.ts';
import { idParam, readJson, validate } from '#server/http.ts';
import { readUploadForm } from '#server/platform/upload-form.ts';
import { deletePremiumPayment, findPolicyByNumber, listPolicyPayments, paymentUndoToken, recordPremiumPayment, restorePremiumPayment, RECEIPT_RULES } from '#server/entities/premium-payments.ts';

export const PREMIUM_UPLOAD_PREFIX = '/api/premium-payments';

const FIELDS = ['client_name', 'policy_number', 'amount', 'payment_date', 'payment_method', 'notes'];

export function premiumPaymentRoutes() {
  const r = new Hono<AppEnv>();

  // Session first (requireUser), then the fields and the policy number, then the files as they stream in.
  r.post('/premium-payments', requireUser, async (c) => {
    const { deps, actor } = c.var;
    const { input, uploads } = await readUploadForm(c, {
      fields: FIELDS,
      rules: RECEIPT_RULES,
      check: async (fields) => {
        const values = validate(premiumPaymentSchema, fields);
        return { values, policy: await findPolicyByNumber(deps.db, actor, values.policy_number) };
      },
    });
    return c.json({ payment: await recordPremiumPayment(deps, actor, input.values, input.policy, uploads) }, 201);
  });

  r.get('/policies/:id/premium-payments', requireUser, async (c) => {
    const id = idParam(c, 'id', 'Policy not found');
    return c.json({ rows: await listPolicyPayments(c.var.deps.db, c.var.actor, id) });
  });

  // a payment recorded by mistake: any member who may record one may delete it (in the activity log)
  // answers the Undo: the payment as it was, signed, which POST /premium-payments/restore puts back
  r.delete('/premium-payments/:id', requireUser, async (c) => {
    const deleted = await deletePremiumPayment(c.var.deps.db, c.var.actor, idParam(c, 'id', PREMIUM_TEXT.paymentNotFound));
    return c.json({ undo: paymentUndoToken(c.var.deps.config.authSecret, c.var.actor, deleted) });
  });

  r.post('/premium-payments/restore', requireUser, async (c) => {
    const { undo } = await readJson(c, paymentUndoSchema);
    return c.json({ payment: await restorePremiumPayment(c.var.deps.config.authSecret, c.var.deps.db, c.var.actor, undo) }, 201);
  });

  return r;
}
