// A term's status follows its dates and events (issue 29 §1, decision 052): one rule, read by the
// list, the policy page, the reports, the dashboard, /api/v1 and the daily job. The agent chooses
// only whether the term is bound (Pending or Active); dates, renewal and cancellation decide the rest.
import { z } from 'zod';
import { safeText } from './validation.ts';
import { CANCEL_METHODS, CANCEL_REASONS, CANCEL_TEXT } from './policy-status-text.ts';

export * from './policy-status-text.ts';

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** One schema for the dialog and the server (the term's bounds are checked against the stored row). */
export const cancelInputSchema = z.object({
  effective_date: safeText({ error: CANCEL_TEXT.dateRequired })
    .min(1, CANCEL_TEXT.dateRequired)
    .refine((v) => isoDate.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), CANCEL_TEXT.dateInvalid),
  reason: z.enum(CANCEL_REASONS, CANCEL_TEXT.reasonRequired),
  method: z.enum(CANCEL_METHODS, CANCEL_TEXT.methodRequired),
});
export type CancelInput = z.output<typeof cancelInputSchema>;

