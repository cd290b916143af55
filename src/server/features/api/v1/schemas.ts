// The /api/v1 document's schemas. Request bodies and query parameters are the shared schemas the
// forms and the web routes validate with, turned into JSON Schema by zod itself (input side; the
// shared field builders carry their JSON type, format and required-ness); responses are written here
// once and checked against the shared response types at compile time. Named types become
// components.schemas (components.ts).
import { z as zo } from '@hono/zod-openapi';
import { z } from 'zod';
import { COMMUNICATION_TYPES } from '#shared/communications.ts';
import { CUSTOMER_TYPES, type Communication, type Customer, type CustomerDetail } from '#shared/customers.ts';
import { POLICY_STATUSES, POLICY_TYPES, policyDocumentSchema, type Policy, type PolicyDetail } from '#shared/policies.ts';
import { DETAILS_KEYS, detailsKey, LINES, type DetailsKey, type LineDetails } from '#shared/lines/index.ts';
import { CANCEL_METHODS, CANCEL_REASONS } from '#shared/policy-status.ts';
import { LOST_REASONS, RENEWAL_STATES } from '#shared/renewals.ts';
import { POLICY_TERMS } from '#shared/terms.ts';

/** A zod schema as a documented (not validating) schema of the OpenAPI registry. */
export function documented(schema: z.ZodType, io: 'input' | 'output' = 'input') {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  return zo.any().openapi(json as never);
}

/** The parameters of a query schema, one documented schema each. */
export function documentedQuery(schema: z.ZodObject) {
  return zo.object(Object.fromEntries(Object.entries(schema.shape).map(([k, v]) => [k, documented(v as z.ZodType)])));
}

const nullableString = z.string().nullable();
/** Contact details are customer data: a key without customers: read gets policies without them. */
const CONTACT_NOTE = 'Only for a key with customers: read (the customer\'s contact details).';
const timestamp = z.string().meta({ format: 'date-time', description: 'ISO 8601 date and time' });
/** A calendar day, YYYY-MM-DD. */
const day = (description?: string) => z.string().meta({ format: 'date', ...(description ? { description } : {}) });

export const customerOut = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: nullableString,
  address: nullableString,
  city: nullableString,
  postal_code: nullableString,
  date_of_birth: day().nullable(),
  customer_type: z.enum(CUSTOMER_TYPES),
  notes: nullableString,
  created_at: timestamp,
  updated_at: timestamp,
});

export const communicationOut = z.object({
  id: z.uuid(),
  customer_id: z.uuid(),
  type: z.enum(COMMUNICATION_TYPES),
  subject: nullableString,
  content: z.string(),
  communication_date: timestamp,
  created_by: nullableString,
  created_by_name: nullableString,
  created_at: timestamp,
  corrects_id: z.uuid().nullable().describe('A correction: the id of the entry it corrects (the log is append-only).'),
  updated_at: timestamp,
});

export const customerDetailOut = customerOut.extend({
  policies: z.array(z.object({ id: z.uuid(), policy_number: z.string(), policy_type: z.string(), status: z.string(), end_date: day() })),
  communications: z.array(communicationOut).describe('Empty below the Business plan.'),
});

export const policyOut = z.object({
  id: z.uuid(),
  customer_id: z.uuid().nullable(),
  policy_number: z.string(),
  insurance_company: z.string(),
  policy_type: z.enum(POLICY_TYPES),
  customer_name: z.string(),
  customer_email: z.string().optional().describe(CONTACT_NOTE),
  customer_phone: nullableString.optional().describe(CONTACT_NOTE),
  premium_amount: z.string().describe('decimal, 2 places'),
  coverage_amount: z.string(),
  deductible: z.string(),
  start_date: day(),
  end_date: day('The end of the term (start date + 12 or 6 months, or a custom date)'),
  term: z.enum(POLICY_TERMS).describe('12_months or 6_months when end_date is that far from start_date, otherwise custom; send it back unchanged to keep the term.'),
  status: z.enum(POLICY_STATUSES).describe('Follows the dates and events on the agency\'s today: an ended term is never active.'),
  bound: z.boolean().describe('The agent\'s choice: active (bound) or pending'),
  cancel_effective_date: day('The cancellation takes effect on this day').nullable(),
  cancel_reason: z.enum(CANCEL_REASONS).nullable(),
  cancel_method: z.enum(CANCEL_METHODS).nullable(),
  unearned_premium: nullableString.describe('decimal, 2 places: the premium returned on cancellation'),
  assignee_id: nullableString.describe("A team member's user id."),
  assignee_name: nullableString,
  renewal_state: z.enum(RENEWAL_STATES),
  lost_reason: z.enum(LOST_REASONS).nullable(),
  lost_note: nullableString,
  renewed_from_id: z.uuid().nullable(),
  remarket: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
});

export const termLinkOut = z.object({ id: z.uuid(), policy_number: z.string(), start_date: day(), end_date: day() });
const termLink = termLinkOut.nullable();
const policyCustomer = z
  .object({ id: z.uuid(), name: z.string(), email: z.string().optional().describe(CONTACT_NOTE), phone: nullableString.optional().describe(CONTACT_NOTE) })
  .nullable();

/** Every line's details field, from the registry (decision 051): the line's own schema, null for the other lines. */
const detailsOut = Object.fromEntries(LINES.map((l) => [detailsKey(l.id), l.schema.nullable().describe(`The ${l.label} details when policy_type is ${l.id}; null otherwise.`)])) as unknown as {
  [K in DetailsKey]: z.ZodType<LineDetails[K]>;
};

/** Every line's fields in one object (the compile-time check below); the document has policyDetailByLine. */
export const policyDetailOut = policyOut.extend({ ...detailsOut, customer: policyCustomer, previous_term: termLink, next_term: termLink });

/** The other lines' details fields: null in an answer. */
const otherDetails = (id: string, value: z.ZodType) => Object.fromEntries(DETAILS_KEYS.filter((k) => k !== `${id}_details`).map((k) => [k, value]));

/** A policy as GET answers it, one variant per line (policy_type): its details filled, the others null. */
export const policyDetailByLine = LINES.map((l) =>
  policyOut.extend({
    policy_type: z.literal(l.id),
    [detailsKey(l.id)]: l.schema,
    ...otherDetails(l.id, z.null()),
    customer: policyCustomer,
    previous_term: termLink,
    next_term: termLink,
  }),
);
export const policyDetailUnion = z.discriminatedUnion('policy_type', policyDetailByLine as unknown as [z.ZodObject, ...z.ZodObject[]]);

/**
 * A policy as POST and PUT read it, one variant per line: the chosen line's details required (policyInputSchema
 * refuses a car policy without car_details), the other lines' null or absent. Everything GET answers may be
 * sent back: fields the server sets (id, status history, names) are ignored.
 */
export const policyInputByLine = LINES.map((l) =>
  policyDocumentSchema.extend({
    policy_type: z.literal(l.id),
    [detailsKey(l.id)]: l.schema,
    // typed as their line's (or null), not as null alone: openapi-fetch drops a property typed null
    // from a request body, and the server ignores them whatever they hold
    ...Object.fromEntries(LINES.filter((o) => o.id !== l.id).map((o) => [detailsKey(o.id), o.schema.nullable().optional().describe(`Ignored: policy_type is ${l.id}.`)])),
  }),
);
export const policyInputUnion = z.discriminatedUnion('policy_type', policyInputByLine as unknown as [z.ZodObject, ...z.ZodObject[]]);

export const errorOut = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional().describe('per field: the message to show next to it'),
  }),
});

/** A webhook's body (#shared/webhooks.ts WebhookPayload): the event and the resource as the API answers it. */
export const webhookPayloadOut = (type: z.ZodType, data: z.ZodType) =>
  z.object({
    id: z.uuid().describe('The event id: the same on every delivery of this event (de-duplicate on it).'),
    type,
    created_at: timestamp,
    agency_id: z.uuid(),
    data,
  });
export const testEventData = z.object({ message: z.string(), endpoint_id: z.uuid() });

export const listOut = (row: z.ZodType) =>
  z.object({ data: z.array(row), next_cursor: z.string().nullable().describe('Pass as cursor for the next page; null on the last.') });

// The documented responses stay in step with what the services return.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** A policy answer as a key without customers: read may get it (routes.ts, policyView). */
type ContactsOptional<P> = Omit<P, 'customer_email' | 'customer_phone'> & { customer_email?: string; customer_phone?: string | null };
type DetailContactsOptional = Omit<ContactsOptional<PolicyDetail>, 'customer'> & {
  customer: { id: string; name: string; email?: string; phone?: string | null } | null;
};
const inSync: [
  Same<z.output<typeof customerOut>, Customer>,
  Same<Omit<z.output<typeof customerDetailOut>, 'communications'>, Omit<CustomerDetail, 'communications'>>,
  Same<z.output<typeof policyOut>, ContactsOptional<Policy>>,
  Same<z.output<typeof policyDetailOut>, DetailContactsOptional>,
  Same<Omit<z.output<typeof communicationOut>, 'type'>, Omit<Communication, 'type'>>,
] = [true, true, true, true, true];
void inSync;
