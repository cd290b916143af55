// Policies (agency.md §2–§5, §9): the form and API schema, list query and the spec's texts.
import { z } from 'zod';
import { listQuerySchema } from './lists.ts';
import { dateField, moneyField, nullableText } from './money.ts';
import { emailField, requiredText, safeText } from './validation.ts';
import type { LostReason, RenewalState, TermLink } from './renewals.ts';
import { POLICY_TYPES, POLICY_TYPE_LABEL, type PolicyType } from './policy-types.ts';
import { DETAILS_KEYS, detailsKey, LINES, lineOf, type DetailsKey, type LineDetails } from './lines/index.ts';
import { car } from './lines/car.ts';
import { fire } from './lines/fire.ts';
import { POLICY_STATUSES, type CancelMethod, type CancelReason, type ChosenStatus, type PolicyStatus } from './policy-status.ts';
import { endDateText, resolveTermEnd, termField, type PolicyTerm } from './terms.ts';

export { POLICY_TYPES, POLICY_TYPE_LABEL, type PolicyType, type LineDetails, type DetailsKey };

export { POLICY_STATUSES, POLICY_STATUS_LABEL, CHOSEN_STATUSES, type PolicyStatus, type ChosenStatus } from './policy-status.ts';

export const COVERAGE_TYPES = ['comprehensive', 'third-party', 'collision'] as const;

export const COVERAGE_LABEL: Record<(typeof COVERAGE_TYPES)[number], string> = {
  comprehensive: 'Comprehensive',
  'third-party': 'Third Party',
  collision: 'Collision',
};

export const PAGE_SIZE = 25;
export const PICKER_PAGE_SIZE = 5;

export const POLICY_TEXT = {
  statusChoice: 'Please choose Pending or Active: the other statuses follow the dates.',
  searchPlaceholder: 'Search by customer, policy #, or company',
  empty: 'No policies found.',
  limitTitle: 'Policy limit reached',
  limitMessage: 'Please upgrade your plan to add more policies.',
  created: 'Policy created successfully.',
  updated: 'Policy updated successfully.',
  deleted: 'Policy deleted successfully.',
  deleteTitle: 'Are you sure?',
  deleteText: 'This action cannot be undone. This will permanently delete the policy and all its associated data.',
  loadError: (message: string) => `Error loading policy: ${message}`,
  customerFailed: (message: string) => `Failed to create customer: ${message}`,
  notAuthenticated: 'User not authenticated',
  duplicateNumber: 'A policy with this number already exists.',
  customerNotFound: 'Customer not found.',
  notFound: 'Policy not found.',
  unlimited: 'Unlimited',
  // the spec's 'Unlimited', saying what is unlimited (issue 30: the header read just "Unlimited")
  used: (count: number, limit: number | null) => (limit === null ? 'Unlimited policies' : `${count} / ${limit} policies used`),
  required: {
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
  },
} as const;

const R = POLICY_TEXT.required;

// Each line's details schema is its file in src/shared/lines (decision 051); car and fire keep the spec's texts.
export const carDetailsSchema = car.schema;
export type CarDetails = z.output<typeof carDetailsSchema>;
export const fireDetailsSchema = fire.schema;
export type FireDetails = z.output<typeof fireDetailsSchema>;

/** The message of a policy_type that is no registered line. */
export const POLICY_TYPE_REQUIRED = 'Please choose a policy type.';

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
  const base = policyBase.extend(anyDetails).safeParse(value);
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

export const POLICY_SORT_COLUMNS = ['created_at', 'end_date', 'premium_amount'] as const;

export const policyListQuerySchema = listQuerySchema({ sortColumns: POLICY_SORT_COLUMNS, defaultSort: 'created_at.desc', pageSize: PAGE_SIZE }).extend({
  type: z.enum(['all', ...POLICY_TYPES]).catch('all').default('all'),
  status: z.enum(['all', ...POLICY_STATUSES]).catch('all').default('all'),
  /** "all", "me", "unassigned" or a member's user id */
  assignee: safeText().max(200).catch('all').default('all'),
});
export type PolicyListQuery = z.output<typeof policyListQuerySchema>;

export interface Policy {
  id: string;
  customer_id: string | null;
  policy_number: string;
  insurance_company: string;
  policy_type: PolicyType;
  customer_name: string;
  customer_email: string;
  customer_phone: string | null;
  premium_amount: string;
  coverage_amount: string;
  deductible: string;
  start_date: string;
  end_date: string;
  /** which choice the dates are: 12 or 6 months from the start, or a custom end date */
  term: PolicyTerm;
  /** derived from the dates and events on the agency's today (derivePolicyStatus) */
  status: PolicyStatus;
  /** the agent's choice: Active (bound) or Pending */
  bound: boolean;
  cancel_effective_date: string | null;
  cancel_reason: CancelReason | null;
  cancel_method: CancelMethod | null;
  unearned_premium: string | null;
  assignee_id: string | null;
  assignee_name: string | null;
  renewal_state: RenewalState;
  lost_reason: LostReason | null;
  lost_note: string | null;
  renewed_from_id: string | null;
  remarket: boolean;
  created_at: string;
  updated_at: string;
}

export type PolicyDetail = Policy & LineDetails & {
  customer: { id: string; name: string; email: string; phone: string | null } | null;
  /** the chain of terms: the term this one renews, and the one that renewed it */
  previous_term: TermLink | null;
  next_term: TermLink | null;
};

export interface Page<T> {
  rows: T[];
  /** exact up to 10,000 matching rows; above that the database's estimate */
  total: number;
  /** true when total is an estimate, shown as "about N" */
  totalIsEstimate?: boolean;
  page: number;
  pageSize: number;
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Unknown statuses are shown as pending (agency.md §4). */
export function displayStatus(status: string): PolicyStatus {
  return (POLICY_STATUSES as readonly string[]).includes(status) ? (status as PolicyStatus) : 'pending';
}

/** On a customer's policy table: active only while status is active and the end date is ahead. */
export function customerPolicyState(policy: { status: string; end_date: string }, today: string): 'active' | 'expired' {
  return policy.status === 'active' && policy.end_date > today ? 'active' : 'expired';
}
