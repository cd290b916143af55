// Policies (agency.md §2–§5, §9): the form and API schema and the list query's schema; the texts,
// the list query's definition and the row types are policies-text.ts.
import { z } from 'zod';
import { listQuerySchema } from './lists.ts';
import { dateField, moneyField, nullableText } from './money.ts';
import { emailField, requiredText, safeText } from './validation.ts';
import { POLICY_TYPES, type PolicyType } from './policy-types.ts';
import { DETAILS_KEYS, detailsKey, LINES, lineOf, type DetailsKey, type LineDetails } from './lines/index.ts';
import { car } from './lines/car.ts';
import { fire } from './lines/fire.ts';
import { POLICY_STATUSES, type ChosenStatus } from './policy-status.ts';
import { endDateText, resolveTermEnd, termField, type PolicyTerm } from './terms.ts';
import { POLICY_LIST_QUERY, POLICY_TEXT, POLICY_TYPE_REQUIRED } from './policies-text.ts';

export * from './policies-text.ts';
export type { LineDetails, DetailsKey };

/** The spec's "is required" messages of the form's fields (apart from POLICY_TEXT: only the form and the API use them). */
export const POLICY_REQUIRED_TEXT = {
  customer_name: 'Customer Name is required.',
  customer_email: 'Customer Email is required.',
  policy_number: 'Policy Number is required.',
  insurance_company: 'Insurance Company is required.',
  premium_amount: 'Premium Amount is required.',
  coverage_amount: 'Coverage Amount is required.',
  deductible: 'Deductible is required.',
  start_date: 'Start Date is required.',
  vehicle_make: 'Vehicle Make is required.',
  vehicle_model: 'Vehicle Model is required.',
  vehicle_year: 'Vehicle Year is required.',
  vin_number: 'VIN Number is required.',
  driver_license: 'Driver License is required.',
  property_address: 'Property Address is required.',
  property_type: 'Property Type is required.',
  construction_year: 'Construction Year is required.',
  property_value: 'Property Value is required.',
} as const;

const R = POLICY_REQUIRED_TEXT;

// Each line's details schema is its file in src/shared/lines (decision 051); car and fire keep the spec's texts.
export const carDetailsSchema = car.schema;
export type CarDetails = z.output<typeof carDetailsSchema>;
export const fireDetailsSchema = fire.schema;
export type FireDetails = z.output<typeof fireDetailsSchema>;

const policyBase = z.object({
  customer_id: z.uuid('Please choose a customer from the list.').nullish().or(z.literal('')).transform((v) => v || null),
  customer_name: requiredText(R.customer_name),
  customer_email: emailField(R.customer_email),
  customer_phone: nullableText(50),
  policy_number: requiredText(R.policy_number, 50),
  insurance_company: requiredText(R.insurance_company, 200),
  policy_type: z.enum(POLICY_TYPES, POLICY_TYPE_REQUIRED),
  premium_amount: moneyField(R.premium_amount),
  coverage_amount: moneyField(R.coverage_amount),
  deductible: moneyField(R.deductible),
  start_date: dateField(R.start_date),
  // 12 months unless chosen otherwise; end_date is read only for a custom term (terms.ts, decision 053)
  term: termField,
  end_date: endDateText,
  // the agent's choice (bound or not); the dates decide the rest (#shared/policy-status.ts). A status
  // the rule decides is read too, so that what a read gave can be sent back: the server accepts it
  // only as what the term already shows (src/server/entities/policies/write.ts)
  status: z.enum(POLICY_STATUSES, POLICY_TEXT.statusChoice).default('pending'),
  // A member of the agency; empty: whoever creates the policy (an edit keeps the current one).
  assignee_id: safeText().max(200).nullish().transform((v) => v || null),
});

/** Form values for every line travel together; only the chosen line's are validated and kept. */
const anyDetails = Object.fromEntries(DETAILS_KEYS.map((k) => [k, z.unknown().optional()]));
/** Built once: zod compiles an object schema on its first parse, so a schema built per parse compiles per request (issue 28's creates, decision 076). */
const policyBaseWithDetails = policyBase.extend(anyDetails);

/** The shape policyInputSchema reads, for the API document (the validation itself is policyInputSchema's). */
export const policyDocumentSchema = policyBase.extend({
  term: termField.describe('12_months (the default when omitted), 6_months, or custom: then end_date is required.'),
  end_date: dateField('').optional().describe('YYYY-MM-DD, read only when term is custom: after start_date and at most 36 months later.'),
  ...Object.fromEntries(LINES.map((l) => [detailsKey(l.id), l.schema.optional().describe(`Required when policy_type is ${l.id}.`)])),
});

type PolicyBase = z.output<typeof policyBase>;
export type PolicyValues = Omit<PolicyBase, 'end_date'> & { end_date: string } & LineDetails;

/**
 * One schema for the form and the API. The chosen line's details are checked together with the
 * policy fields, so every message shows at once. The end date follows the term (12 or 6 months from the
 * start); the client's end_date is read only for a custom term.
 */
export const policyInputSchema = z.unknown().transform((raw, ctx): PolicyValues => {
  const value = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const base = policyBaseWithDetails.safeParse(value);
  // an unknown type is refused by policyBase; its details are then read as car's, as before
  const line = lineOf(String(value.policy_type));
  const key = detailsKey(line.id as PolicyType);
  const details = line.schema.safeParse(value[key] ?? {});
  if (!base.success) for (const issue of base.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  if (!details.success)
    for (const issue of details.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: [key, ...issue.path] });
  const term = resolveTermEnd(value.start_date, value.term, value.end_date);
  if (term && 'message' in term) ctx.addIssue({ code: 'custom', message: term.message, path: ['end_date'] });
  if (!base.success || !details.success || !term || 'message' in term) return z.NEVER;
  // term stays in the output, so parsing the output again gives the same end date (the form sends it)
  const policy = Object.fromEntries(Object.entries(base.data).filter(([k]) => !k.endsWith('_details') && k !== 'end_date')) as Omit<PolicyBase, 'end_date'>;
  const all = Object.fromEntries(DETAILS_KEYS.map((k) => [k, k === key ? details.data : null])) as LineDetails;
  return { ...policy, end_date: term.end_date, ...all };
});

/** A line's details as the form edits them: text as typed, lists as arrays of such records. */
export type DetailsFormValues = Record<string, unknown>;

/** What the form edits: strings as typed, every line's details side by side. */
export type PolicyFormValues = {
  customer_id: string;
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  policy_number: string;
  insurance_company: string;
  policy_type: PolicyType;
  premium_amount: string;
  coverage_amount: string;
  deductible: string;
  start_date: string;
  term: PolicyTerm;
  /** the custom term's end date (the fixed terms compute theirs) */
  end_date: string;
  status: ChosenStatus;
  assignee_id: string;
} & Record<DetailsKey, DetailsFormValues>;

/** The server's reading of the list's URL query (POLICY_LIST_QUERY; the web reads it without zod, list-query.test.ts). */
export const policyListQuerySchema = listQuerySchema(POLICY_LIST_QUERY).extend({
  type: z.enum(POLICY_LIST_QUERY.filters.type.oneOf).catch('all').default('all'),
  status: z.enum(POLICY_LIST_QUERY.filters.status.oneOf).catch('all').default('all'),
  assignee: safeText().max(POLICY_LIST_QUERY.filters.assignee.text).catch('all').default('all'),
  commission: z.enum(POLICY_LIST_QUERY.filters.commission.oneOf).catch('all').default('all'),
});

