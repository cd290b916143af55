// /api/payment-submissions (the user's own) and /api/admin/payment-submissions (verification).
import { Hono } from 'hono';
import { adminSubmissionQuerySchema, ownSubmissionQuerySchema, decisionSchema, PAYMENT_TEXT, paymentSubmissionSchema, rejectionSchema } from '#shared/payments.ts';
import { RECEIPT_MAX_BYTES, RECEIPT_TYPES } from '#shared/files.ts';
import { requireAccess, requireUser, type AppEnv } from '#server/context.ts';
import { readJson, validate } from '#server/http.ts';
import { requireAdmin } from '#server/platform/access.ts';
import { readUploadForm } from '#server/platform/upload-form.ts';
import { createSubmission, decideSubmission, getOwnSubmission, listAllSubmissions, listOwnSubmissions } from './service.ts';
import { idOr404 } from '#server/db/helpers.ts';

export const PAYMENT_UPLOAD_PREFIX = '/api/payment-submissions';

const submissionId = (raw: string) => idOr404(raw, PAYMENT_TEXT.notFound);

const FIELDS = ['selected_tier', 'payment_method', 'transaction_reference', 'payment_date', 'notes', 'agreed_to_terms'];

/** A plan is the agency owner's: a member working in someone else's agency can't pay for or see it. */
const ownerOnly = requireAccess({ agencyRoles: ['owner'] });

export function paymentRoutes() {
  const r = new Hono<AppEnv>();

  // Session and owner first (middleware), then the fields, then the receipt as it streams in.
  r.post('/payment-submissions', requireUser, ownerOnly, async (c) => {
    const { input, uploads } = await readUploadForm(c, {
      fields: FIELDS,
      rules: {
        field: 'receipt',
        types: RECEIPT_TYPES,
        maxBytes: RECEIPT_MAX_BYTES,
        maxFiles: 1,
        text: { invalidFile: PAYMENT_TEXT.invalidFile, tooLarge: PAYMENT_TEXT.tooLarge, receipt: PAYMENT_TEXT.receipt },
      },
      // Only these fields are read: user_id, status and verified_by/at in the form are ignored.
      check: (raw) => validate(paymentSubmissionSchema, { ...raw, agreed_to_terms: raw.agreed_to_terms === 'true' || raw.agreed_to_terms === 'on' }),
    });
    const submission = await createSubmission(c.var.deps, c.var.actor, input, uploads[0]);
    return c.json({ submission }, 201);
  });

  r.get('/payment-submissions', requireUser, ownerOnly, async (c) => c.json({ rows: await listOwnSubmissions(c.var.deps.db, c.var.actor, validate(ownSubmissionQuerySchema, c.req.query())) }));

  r.get('/payment-submissions/:id', requireUser, ownerOnly, async (c) =>
    c.json({ submission: await getOwnSubmission(c.var.deps.db, c.var.actor, submissionId(c.req.param('id'))) }),
  );

  r.get('/admin/payment-submissions', requireAdmin, async (c) =>
    c.json(await listAllSubmissions(c.var.deps.db, validate(adminSubmissionQuerySchema, c.req.query()))),
  );

  r.post('/admin/payment-submissions/:id/approve', requireAdmin, async (c) => {
    const id = submissionId(c.req.param('id'));
    const { notes } = await readJson(c, decisionSchema);
    return c.json({ submission: await decideSubmission(c.var.deps, c.var.actor, id, 'Approved', notes) });
  });

  r.post('/admin/payment-submissions/:id/reject', requireAdmin, async (c) => {
    const id = submissionId(c.req.param('id'));
    const { notes } = await readJson(c, rejectionSchema);
    return c.json({ submission: await decideSubmission(c.var.deps, c.var.actor, id, 'Rejected', notes) });
  });

  return r;
}
