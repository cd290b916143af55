// POST /api/premium-payments (multipart, /payment-receipt) and GET /api/policies/:id/premium-payments.
import { Hono } from 'hono';
import { PREMIUM_RECEIPT_MAX_BYTES, PREMIUM_RECEIPT_MAX_FILES, PREMIUM_RECEIPT_TYPES } from '#shared/files.ts';
import { premiumPaymentSchema, PREMIUM_TEXT } from '#shared/premium-payments.ts';
import { requireUser, type AppEnv } from '#server/context.ts';
import { idParam, validate } from '#server/http.ts';
import { readUploadForm } from '#server/platform/upload-form.ts';
import { findPolicyByNumber, listPolicyPayments, recordPremiumPayment } from './service.ts';

export const PREMIUM_UPLOAD_PREFIX = '/api/premium-payments';

const FIELDS = ['client_name', 'policy_number', 'amount', 'payment_date', 'payment_method', 'notes'];

export function premiumPaymentRoutes() {
  const r = new Hono<AppEnv>();

  // Session first (requireUser), then the fields and the policy number, then the files as they stream in.
  r.post('/premium-payments', requireUser, async (c) => {
    const { deps, actor } = c.var;
    const { input, uploads } = await readUploadForm(c, {
      fields: FIELDS,
      rules: {
        field: 'files',
        types: PREMIUM_RECEIPT_TYPES,
        maxBytes: PREMIUM_RECEIPT_MAX_BYTES,
        maxFiles: PREMIUM_RECEIPT_MAX_FILES,
        text: { invalidFile: PREMIUM_TEXT.invalidFile, tooLarge: PREMIUM_TEXT.tooLarge, receipt: PREMIUM_TEXT.receipt, tooManyFiles: PREMIUM_TEXT.tooManyFiles },
      },
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

  return r;
}
