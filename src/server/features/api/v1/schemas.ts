// The /api/v1 document's schemas. Request bodies and query parameters are the shared schemas the
// forms and the web routes validate with, turned into JSON Schema by zod itself (input side);
// responses are written here once and checked against the shared response types at compile time.
import { z as zo } from '@hono/zod-openapi';
import { z } from 'zod';
import { COMMUNICATION_TYPES } from '#shared/communications.ts';
import { CUSTOMER_TYPES, type Communication, type Customer, type CustomerDetail } from '#shared/customers.ts';
import { POLICY_STATUSES, POLICY_TYPES, type Policy, type PolicyDetail } from '#shared/policies.ts';
import { detailsKey, LINES, type DetailsKey, type LineDetails } from '#shared/lines/index.ts';
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
const timestamp = z.string().describe('ISO 8601 date and time');

export const customerOut = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: nullableString,
  address: nullableString,
  city: nullableString,
  postal_code: nullableString,
  date_of_birth: nullableString,
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
  policies: z.array(z.object({ id: z.uuid(), policy_number: z.string(), policy_type: z.string(), status: z.string(), end_date: z.string() })),
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
  start_date: z.string().describe('YYYY-MM-DD'),
  end_date: z.string().describe('YYYY-MM-DD: the end of the term (start date + 12 or 6 months, or a custom date)'),
  term: z.enum(POLICY_TERMS).describe('12_months or 6_months when end_date is that far from start_date, otherwise custom; send it back unchanged to keep the term.'),
  status: z.enum(POLICY_STATUSES).describe('Follows the dates and events on the agency\'s today: an ended term is never active.'),
  bound: z.boolean().describe('The agent\'s choice: active (bound) or pending'),
  cancel_effective_date: nullableString.describe('YYYY-MM-DD: the cancellation takes effect on this day'),
  cancel_reason: z.enum(CANCEL_REASONS).nullable(),
  cancel_method: z.enum(CANCEL_METHODS).nullable(),
  unearned_premium: nullableString.describe('decimal, 2 places: the premium returned on cancellation'),
  assignee_id: nullableString,
  assignee_name: nullableString,
  renewal_state: z.enum(RENEWAL_STATES),
  lost_reason: z.enum(LOST_REASONS).nullable(),
  lost_note: nullableString,
  renewed_from_id: z.uuid().nullable(),
  remarket: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
});

const termLink = z.object({ id: z.uuid(), policy_number: z.string(), start_date: z.string(), end_date: z.string() }).nullable();

/** Every line's details field, from the registry (decision 051): the line's own schema, null for the other lines. */
const detailsOut = Object.fromEntries(LINES.map((l) => [detailsKey(l.id), l.schema.nullable().describe(`The ${l.label} details when policy_type is ${l.id}; null otherwise.`)])) as unknown as {
  [K in DetailsKey]: z.ZodType<LineDetails[K]>;
};

export const policyDetailOut = policyOut.extend({
  ...detailsOut,
  customer: z.object({ id: z.uuid(), name: z.string(), email: z.string().optional().describe(CONTACT_NOTE), phone: nullableString.optional().describe(CONTACT_NOTE) }).nullable(),
  previous_term: termLink,
  next_term: termLink,
});

export const errorOut = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional().describe('per field: the message to show next to it'),
  }),
});

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
