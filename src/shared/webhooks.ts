// Webhooks (issue 15): endpoints, the events they subscribe to, the delivery log, and the texts.
// One schema validates the dialog and the server; whether a host resolves to a private address is
// the server's check (it needs DNS), reported as a field error on `url`.
import { z } from 'zod';
import { safeText } from './validation.ts';
import { listQuerySchema } from './lists.ts';

export const WEBHOOK_EVENTS = [
  'customer.created',
  'customer.updated',
  'customer.deleted',
  'policy.created',
  'policy.updated',
  'policy.deleted',
  'policy.renewed',
  'communication.created',
  'communication.updated',
  'communication.deleted',
  'task.created',
  'task.updated',
  'task.deleted',
  'opportunity.created',
  'opportunity.updated',
  'opportunity.deleted',
  'statement.imported',
  'commission.reconciled',
  'document.created',
  'document.updated',
  'document.deleted',
  'premium_payment.created',
  'premium_payment.updated',
  'premium_payment.deleted',
  'portal_request.created',
  'portal_request.updated',
  'portal_request.deleted',
  'commission_rate.created',
  'commission_rate.deleted',
  'commission_override.created',
  'commission_override.updated',
  'commission_override.deleted',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** Sent only by "Send test event"; never subscribed to. */
export const TEST_EVENT = 'webhook.test';

export const WEBHOOK_EVENT_LABEL: Record<WebhookEvent, string> = {
  'customer.created': 'A customer is created',
  'customer.updated': 'A customer is updated',
  'customer.deleted': 'A customer is deleted',
  'policy.created': 'A policy is created',
  'policy.updated': 'A policy is updated',
  'policy.deleted': 'A policy is deleted',
  'policy.renewed': 'A policy is renewed',
  'communication.created': 'A communication is logged',
  'communication.updated': "A communication's author changes their name or leaves the platform (the log is append-only)",
  'communication.deleted': 'A communication is deleted (with its customer)',
  'task.created': 'A task is created',
  'task.updated': 'A task is updated (edited, completed, reopened or unlinked)',
  'task.deleted': 'A task is deleted',
  'opportunity.created': 'An opportunity is created',
  'opportunity.updated': 'An opportunity is updated or moves to another stage',
  'opportunity.deleted': 'An opportunity is deleted',
  'statement.imported': 'A carrier statement is imported',
  'commission.reconciled': 'Commission received changes (a statement imported or undone, a receipt recorded or deleted)',
  'document.created': 'A document is uploaded (by the agency or by the client in the portal)',
  'document.updated': 'A document is renamed, moved or restored from the Trash',
  'document.deleted': 'A document is put in the Trash (also with its customer or policy)',
  'premium_payment.created': 'A premium payment is recorded',
  'premium_payment.updated': "A premium payment's author changes their name or leaves the platform",
  'premium_payment.deleted': 'A premium payment is deleted (with its policy)',
  'portal_request.created': 'A client asks for a change in the client portal',
  'portal_request.updated': "A portal request's state or reply changes, or its policy is deleted",
  'portal_request.deleted': 'A portal request is deleted (with its customer)',
  'commission_rate.created': 'A commission schedule rate is added (by hand or by a schedules import)',
  'commission_rate.deleted': "A commission schedule rate is deleted (or its import undone)",
  'commission_override.created': 'A policy gets its own commission rate',
  'commission_override.updated': "A policy's own commission rate changes",
  'commission_override.deleted': "A policy's own commission rate is removed (also with its policy)",
};

export const DELIVERY_STATUSES = ['pending', 'sending', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const DELIVERY_STATUS_LABEL: Record<DeliveryStatus, string> = {
  pending: 'Pending',
  sending: 'Sending',
  succeeded: 'Delivered',
  failed: 'Failed',
};

/** The signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. */
export const SIGNATURE_HEADER = 'PolicyDesk-Signature';
export const EVENT_ID_HEADER = 'PolicyDesk-Event-Id';
export const EVENT_TYPE_HEADER = 'PolicyDesk-Event-Type';
export const DELIVERY_ID_HEADER = 'PolicyDesk-Delivery-Id';

export const WEBHOOK_TEXT = {
  title: 'Webhooks',
  intro: 'PolicyDesk sends a signed POST request to your URL when something changes in your agency.',
  add: 'Add endpoint',
  edit: 'Edit endpoint',
  empty: 'No webhook endpoints yet. Add one to receive events.',
  urlRequired: 'Enter the URL that should receive the events.',
  urlInvalid: 'Enter a full URL starting with http:// or https://.',
  urlCredentials: 'Leave the user name and password out of the URL.',
  urlTooLong: 'The URL must be at most 2,000 characters.',
  urlPrivate: 'This URL points to a private, loopback or internal address. Webhooks can only be sent to public addresses.',
  urlUnresolved: 'This host name could not be resolved. Check the URL.',
  eventsRequired: 'Choose at least one event.',
  eventUnknown: 'Choose events from the list.',
  descriptionTooLong: 'The description must be at most 200 characters.',
  notFound: 'Webhook endpoint not found.',
  deliveryNotFound: 'Delivery not found.',
  created: 'Webhook endpoint added.',
  saved: 'Webhook endpoint saved.',
  deleted: 'Webhook endpoint deleted.',
  rotated: 'A new signing secret was generated. Update your receiver.',
  testQueued: 'Test event queued. It appears in the delivery log.',
  redelivered: 'Delivery queued again.',
  disabledNotice: (url: string) => `Webhook endpoint ${url} kept failing and was disabled`,
  disabledReason: 'Disabled automatically after failing for 24 hours.',
  endpointDisabled: 'The endpoint is disabled.',
  logEmpty: 'No deliveries yet. Events appear here when they are sent.',
  managersOnly: 'Only the owner or an agency admin can see and manage webhooks.',
  planRequired: (plan: string) => `Webhooks come with the ${plan} plan. Your plan includes read-only API keys.`,
  createdBy: (who: string | null, left: boolean) =>
    `Added by ${who ?? 'a deleted account'}${left ? ' (no longer on the team; the endpoint stays with the agency)' : ''}`,
} as const;

const URL_MAX = 2000;

/** http(s) only, no credentials; the address check happens on the server. */
export const webhookUrlSchema = safeText({ error: WEBHOOK_TEXT.urlRequired })
  .min(1, WEBHOOK_TEXT.urlRequired)
  .max(URL_MAX, WEBHOOK_TEXT.urlTooLong)
  .superRefine((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: WEBHOOK_TEXT.urlInvalid });
      return;
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) ctx.addIssue({ code: 'custom', message: WEBHOOK_TEXT.urlInvalid });
    else if (url.username || url.password) ctx.addIssue({ code: 'custom', message: WEBHOOK_TEXT.urlCredentials });
  });

export const webhookEndpointSchema = z.object({
  url: webhookUrlSchema,
  description: safeText()
    .max(200, WEBHOOK_TEXT.descriptionTooLong)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
  events: z
    .array(z.unknown(), WEBHOOK_TEXT.eventsRequired)
    .min(1, WEBHOOK_TEXT.eventsRequired)
    // reported on `events` itself (not events.0), where the form shows it
    .refine((list) => list.every((e) => (WEBHOOK_EVENTS as readonly unknown[]).includes(e)), WEBHOOK_TEXT.eventUnknown)
    .transform((list) => WEBHOOK_EVENTS.filter((e) => list.includes(e))),
  enabled: z.boolean().default(true),
});
export type WebhookEndpointInput = z.input<typeof webhookEndpointSchema>;
export type WebhookEndpointValues = z.output<typeof webhookEndpointSchema>;

export interface WebhookEndpoint {
  id: string;
  url: string;
  description: string | null;
  events: WebhookEvent[];
  enabled: boolean;
  /** shown to the owner and admins, who manage the endpoint and verify with it */
  secret: string;
  disabled_reason: string | null;
  /** who added it (null: the account is deleted); the endpoint is the agency's and stays when they leave */
  created_by_name: string | null;
  /** the creator is no longer a member of the agency */
  created_by_left: boolean;
  created_at: string;
  updated_at: string;
}

export interface WebhookDelivery {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  status: DeliveryStatus;
  attempts: number;
  response_status: number | null;
  duration_ms: number | null;
  last_error: string | null;
  next_attempt_at: string | null;
  created_at: string;
  updated_at: string;
}

export const DELIVERY_SORTS = ['created_at'] as const;
export const deliveryQuerySchema = listQuerySchema({ sortColumns: DELIVERY_SORTS, defaultSort: 'created_at.desc', pageSize: 20 }).extend({
  status: z.enum(['all', ...DELIVERY_STATUSES]).catch('all').default('all'),
});
export type DeliveryQuery = z.output<typeof deliveryQuerySchema>;

/** The body of every delivery. */
export interface WebhookPayload {
  id: string;
  type: WebhookEvent | typeof TEST_EVENT;
  created_at: string;
  agency_id: string;
  data: unknown;
}

/** The Node sample the page shows (and docs/api.md repeats). */
export const VERIFY_SAMPLE = `import crypto from 'node:crypto';

// body: the raw request body as a string; header: the PolicyDesk-Signature header
function verify(body, header, secret, toleranceSeconds = 300) {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=')));
  const expected = crypto.createHmac('sha256', secret).update(\`\${parts.t}.\${body}\`).digest('hex');
  const fresh = Math.abs(Date.now() / 1000 - Number(parts.t)) <= toleranceSeconds;
  return fresh && parts.v1?.length === expected.length &&
    crypto.timingSafeEqual(Buffer.from(parts.v1), Buffer.from(expected));
}`;
