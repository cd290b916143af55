// Commissions (issue 31): schedules per carrier × line × new business/renewal, a term's expected
// commission, carrier statements and the reconciliation's states. Money and rates are exact decimal
// strings end to end; sums are the server's (SQL numeric), never the browser's.
import { z } from 'zod';
import { POLICY_TYPES, type PolicyType } from './lines/index.ts';
import { dateField, isIsoDate, parseMoney } from './money.ts';
import { optionalText, requiredText, safeText, UUID_PATTERN } from './validation.ts';

export const BUSINESS_KINDS = ['new', 'renewal'] as const;
export type BusinessKind = (typeof BUSINESS_KINDS)[number];
export const BUSINESS_LABEL: Record<BusinessKind, string> = { new: 'New business', renewal: 'Renewal' };

export { COMMISSION_STATES, COMMISSION_STATE_LABEL, type CommissionState } from './commission-states.ts';
import { COMMISSION_STATES, type CommissionState } from './commission-states.ts';

/** The Rates view's page: the schedule is read whole (it is small) and shown this many rates a page. */
export const RATES_PAGE_SIZE = 50;

export const COMMISSION_TEXT = {
  title: 'Commissions',
  description: 'What each policy should pay the agency, what the carriers paid, and what is missing.',
  carrierRequired: 'Please enter the carrier.',
  lineRequired: 'Please choose a line of business.',
  businessRequired: 'Please choose new business or renewal.',
  rateRequired: 'Please enter the commission rate.',
  rateInvalid: 'Please enter a rate between 0 and 100 percent (for example 12.5).',
  effectiveRequired: 'Please enter the date the rate applies from.',
  rateExists: 'This carrier and line already have a rate from that date.',
  rateNotFound: 'Rate not found.',
  rateSaved: 'Rate saved.',
  rateDeleted: 'Rate deleted.',
  ratesEmpty: 'No rates yet: every policy shows “No rate” until its carrier and line have one.',
  termsEmpty: 'No policy terms match these filters.',
  termsEmptyOverdue: 'No term of these filters is expected but not paid 60 days after its start.',
  termCount: (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'policy term' : 'policy terms'}`,
  overrideSaved: 'Policy rate saved.',
  policyNotFound: 'Policy not found.',
  toleranceInvalid: 'Please enter a tolerance between 0 and 1000.00 (for example 1.00).',
  settingsSaved: 'Tolerance saved.',
  toleranceChanged: (from: string, to: string) => `From $${from} to $${to}: the reconciliation reads every term again.`,
  toleranceRestored: (value: string) => `Tolerance back to $${value}.`,
  periodRequired: 'Please choose the month the statement covers.',
  periodInvalid: 'Please choose a month as yyyy-MM (for example 2026-03).',
  statementNotFound: 'Statement not found.',
  alreadyUndone: 'This statement has already been undone.',
  undone: 'Statement import undone: its payments are no longer counted.',
  duplicateFile: (name: string, date: string) =>
    `This file was already imported on ${date} (${name}). Import it again only if the carrier really paid twice.`,
  noLines: 'No line of this statement can be applied: see the reasons in the preview.',
  amountRequired: 'Please enter the amount received.',
  amountInvalid: 'Please enter a valid amount (for example 120.50; a chargeback is negative).',
  dateRequired: 'Please enter the date received.',
  noRate: 'No rate',
  lineNotFound: 'Statement line not found.',
  ignoreReasonRequired: 'Please say why this line is ignored.',
  lineNotUnmatched: 'Only a line that matches no policy can be ignored.',
  lineNotMatchable: 'Only a line that matches no policy can be matched to one.',
  lineNotReopenable: 'Only a statement line that was matched or ignored can be put back among the lines not in the book.',
  lineMatched: (number: string) => `The statement line now pays policy ${number}.`,
  lineIgnoredNotMatchable: 'An ignored line cannot be matched: undo the ignore first.',
  lineAlreadyPays: (number: string) => `This line already pays policy ${number}.`,
  searchTooLong: 'Please search with at most 100 characters.',
  lineReopened: 'The line is back among the lines not in the book.',
  lineIgnored: 'Statement line ignored.',
  lineRestored: (number: string) => `The line pays policy ${number} again, as the import matched it.`,
  receiptRecorded: (amount: string, date: string) => `${amount} received on ${date}.`,
  receiptDeleted: 'Receipt deleted: the commission received by hand is no longer counted.',
  fromLine: (carrier: string, what: string, amount: string, date: string) =>
    `From the ${carrier} statement line of ${what}: ${amount} received on ${date}. Once you save the policy, this line pays it.`,
} as const;

/** The reasons a statement line gets in the preview and the failures file. */
export const LINE_TEXT = {
  missingNumber: 'The line has neither a policy number nor an insured name and premium to match on.',
  missingAmount: 'The commission amount is missing.',
  amountNotNumber: (v: string) => `The commission amount "${v}" is not a number.`,
  premiumNotNumber: (v: string) => `The premium "${v}" is not a number.`,
  negativePremium: 'The premium cannot be negative.',
  missingDate: 'The statement date is missing.',
  badDate: (v: string) => `The statement date "${v}" is not a date (yyyy-MM-dd).`,
  outsidePeriod: (d: string, period: string) => `The statement date ${d} is outside the statement's month (${period}).`,
  duplicateLine: (line: number) => `The same line as line ${line} of this file.`,
  notInBook: 'No policy with this number in your book.',
  ambiguousName: 'More than one policy of this insured has this premium: add the policy number.',
  noNameMatch: 'No policy of this insured with this premium in your book.',
  matchedNumber: 'Matched on the policy number.',
  matchedName: 'Matched on the insured name and premium (no policy number on the line).',
  matchedByHand: (number: string, by: string) => `Matched by hand by ${by} to policy ${number}.`,
} as const;

/** The statement's columns; policy number, commission amount and statement date must be mapped. */
export const STATEMENT_FIELDS = [
  { key: 'policy_number', label: 'Policy number', required: true, aliases: ['policy', 'policy no', 'policy #', 'pol no', 'policy num'] },
  { key: 'insured_name', label: 'Insured name', required: false, aliases: ['insured', 'name', 'customer', 'client', 'named insured'] },
  { key: 'premium', label: 'Premium', required: false, aliases: ['written premium', 'premium amount', 'prem'] },
  { key: 'commission', label: 'Commission amount', required: true, aliases: ['commission', 'comm', 'comm amount', 'commission paid', 'amount'] },
  { key: 'statement_date', label: 'Statement date', required: true, aliases: ['date', 'transaction date', 'stmt date', 'paid date'] },
  { key: 'transaction_type', label: 'Transaction type', required: false, aliases: ['type', 'trans type', 'transaction'] },
] as const;
export type StatementField = (typeof STATEMENT_FIELDS)[number]['key'];
/** Column index per field (null: not mapped). */
export type StatementMapping = Partial<Record<StatementField, number | null>>;

const norm = (h: string) => h.trim().toLowerCase().replace(/[_\s.]+/g, ' ').trim();

/** The automatic mapping: a header equal to a field's key, label or one of its aliases. */
export function autoMapStatement(headers: string[]): StatementMapping {
  const out: StatementMapping = {};
  const names = headers.map(norm);
  for (const f of STATEMENT_FIELDS) {
    const wanted = new Set([norm(f.key), norm(f.label), ...f.aliases.map(norm)]);
    const i = names.findIndex((n, idx) => wanted.has(n) && !Object.values(out).includes(idx));
    out[f.key] = i >= 0 ? i : null;
  }
  return out;
}

export function missingStatementFields(mapping: StatementMapping): string[] {
  return STATEMENT_FIELDS.filter((f) => f.required && (mapping[f.key] === null || mapping[f.key] === undefined)).map((f) => f.label);
}

export const STATEMENT_MISSING = (labels: string[]) => `Please map a column to: ${labels.join(', ')}.`;

/** Case, spaces and dashes do not tell two policy numbers apart (carriers print them differently). */
export function normalizePolicyNumber(value: string): string {
  return value.toUpperCase().replace(/[\s\-–—]/g, '');
}

/** A signed amount with up to 2 decimals ("-12.50", "(12.50)", "$1,200"); null when not a number. */
export function parseSignedMoney(value: string): string | null {
  let text = value.trim().replace(/^\$/, '');
  let negative = false;
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1).trim();
  }
  if (text.startsWith('-')) {
    negative = !negative;
    text = text.slice(1).trim();
  }
  const parsed = parseMoney(text.replace(/^\$/, ''));
  if (parsed === null) return null;
  return negative && !/^0\.00$/.test(parsed) ? `-${parsed}` : parsed;
}

/** A percentage with up to 4 decimals, 0–100: "12.5" → "12.5000"; null otherwise. */
export function parseRate(value: unknown): string | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim().replace(/%$/, '').trim() : '';
  if (!/^\d{1,3}(\.\d{1,4})?$/.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  if (Number(whole) > 100 || (Number(whole) === 100 && /[1-9]/.test(fraction))) return null;
  return `${Number(whole)}.${fraction.padEnd(4, '0')}`;
}

const rateField = z.unknown().transform((value, ctx): string => {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    ctx.addIssue({ code: 'custom', message: COMMISSION_TEXT.rateRequired });
    return z.NEVER;
  }
  const rate = parseRate(value);
  if (rate === null) {
    ctx.addIssue({ code: 'custom', message: COMMISSION_TEXT.rateInvalid });
    return z.NEVER;
  }
  return rate;
});

export const rateInputSchema = z.object({
  carrier: requiredText(COMMISSION_TEXT.carrierRequired, 200),
  line: z.enum(POLICY_TYPES, { error: COMMISSION_TEXT.lineRequired }),
  business: z.enum(BUSINESS_KINDS, { error: COMMISSION_TEXT.businessRequired }),
  rate: rateField,
  effective_from: dateField(COMMISSION_TEXT.effectiveRequired),
});
export type RateInput = z.output<typeof rateInputSchema>;

/** A policy's own rate, or null to go back to the schedule's. */
export const overrideInputSchema = z.object({
  rate: z.unknown().transform((value, ctx): string | null => {
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return null;
    const rate = parseRate(value);
    if (rate === null) {
      ctx.addIssue({ code: 'custom', message: COMMISSION_TEXT.rateInvalid });
      return z.NEVER;
    }
    return rate;
  }),
});

export const settingsInputSchema = z.object({
  tolerance: z.unknown().transform((value, ctx): string => {
    const parsed = typeof value === 'string' || typeof value === 'number' ? parseMoney(value) : null;
    if (parsed === null || Number(parsed) > 1000) {
      ctx.addIssue({ code: 'custom', message: COMMISSION_TEXT.toleranceInvalid });
      return z.NEVER;
    }
    return parsed;
  }),
});

const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;
export const periodField = requiredText(COMMISSION_TEXT.periodRequired, 7).refine((v) => PERIOD.test(v), COMMISSION_TEXT.periodInvalid);

/** The statement upload's fields (multipart): the carrier, its month, the mapping, and the re-import confirmation. */
export const statementOptionsSchema = z.object({
  carrier: requiredText(COMMISSION_TEXT.carrierRequired, 200),
  period: periodField,
  mapping: optionalText(2000).transform((v, ctx): StatementMapping | undefined => {
    if (!v) return undefined;
    try {
      const parsed = JSON.parse(v) as unknown;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        const out: StatementMapping = {};
        for (const f of STATEMENT_FIELDS) {
          const i = (parsed as Record<string, unknown>)[f.key];
          out[f.key] = typeof i === 'number' && Number.isInteger(i) && i >= 0 && i < 500 ? i : null;
        }
        return out;
      }
    } catch {}
    ctx.addIssue({ code: 'custom', message: 'The column mapping could not be read.' });
    return z.NEVER;
  }),
  confirm: optionalText(10).transform((v) => v === 'true' || v === '1'),
});

export const manualReceiptSchema = z.object({
  policy_id: z.uuid({ error: COMMISSION_TEXT.policyNotFound }),
  amount: z.unknown().transform((value, ctx): string => {
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      ctx.addIssue({ code: 'custom', message: COMMISSION_TEXT.amountRequired });
      return z.NEVER;
    }
    const parsed = parseSignedMoney(String(value));
    if (parsed === null) {
      ctx.addIssue({ code: 'custom', message: COMMISSION_TEXT.amountInvalid });
      return z.NEVER;
    }
    return parsed;
  }),
  received_on: dateField(COMMISSION_TEXT.dateRequired),
  note: optionalText(500),
});

export const ignoreLineSchema = z.object({ reason: requiredText(COMMISSION_TEXT.ignoreReasonRequired, 500) });

/**
 * A statement line matched by hand to a policy of the book: a line not in the book (the carrier
 * prints another number, or the policy created from the line), or a line the import matched to the
 * wrong policy.
 */
export const matchLineSchema = z.object({ policy_id: z.uuid({ error: COMMISSION_TEXT.policyNotFound }) });

/** The match dialog's search: policy number (case, spaces and dashes aside) or insured name; empty: suggestions. */
export const matchCandidatesQuerySchema = z.object({
  q: safeText()
    .max(100, COMMISSION_TEXT.searchTooLong)
    .optional()
    .transform((v) => v ?? ''),
});

/** A policy the match dialog offers for a line, with its commission as the reconciliation reads it. */
export interface MatchCandidate {
  policy_id: string;
  policy_number: string;
  customer_name: string;
  carrier: string;
  line: string;
  start_date: string;
  premium: string;
  expected: string;
  received: string;
  state: CommissionState;
}

/** A line that pays a term (a statement line or a receipt by hand), as the term's lines list it. */
export interface TermLine {
  id: string;
  statement_id: string | null;
  /** the statement's carrier and month; null for a receipt recorded by hand */
  statement: { carrier: string; period: string } | null;
  policy_number: string | null;
  insured_name: string | null;
  amount: string;
  received_on: string;
  reason: string | null;
  matched_by_hand: boolean;
}

/** The reconciliation's filters (query string). */
export const reconciliationQuerySchema = z.object({
  state: z.enum(['all', ...COMMISSION_STATES]).catch('all').default('all'),
  carrier: optionalText(200).catch(null),
  /** terms starting in this month (yyyy-MM) */
  month: optionalText(7)
    .catch(null)
    .transform((v) => (v && PERIOD.test(v) ? v : null)),
  statement: optionalText(40).catch(null),
  /** only the terms expected but not paid 60 days after their start (?overdue=1) */
  overdue: z
    .unknown()
    .transform((v) => v === '1' || v === 'true')
    .catch(false),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});
export type ReconciliationQuery = z.output<typeof reconciliationQuerySchema>;

/** A schedule's rate, in the app and on /api/v1. */
export interface CommissionRate {
  id: string;
  carrier: string;
  line: PolicyType;
  business: BusinessKind;
  /** a percentage with 4 decimals, as text */
  rate: string;
  effective_from: string;
  created_at: string;
}

export interface ReconciliationRow {
  policy_id: string;
  policy_number: string;
  customer_name: string;
  carrier: string;
  line: string;
  business: BusinessKind;
  start_date: string;
  end_date: string;
  premium: string;
  /** the rate applied (a percentage) and whether it is the policy's own */
  rate: string | null;
  rate_overridden: boolean;
  /** premium × rate, before any chargeback */
  written: string | null;
  /** the unearned commission of a cancelled term, as a negative amount (0.00 otherwise) */
  chargeback: string;
  /** written + chargeback: what the carrier owes for the term */
  expected: string;
  received: string;
  /** expected − received */
  difference: string;
  state: CommissionState;
  /** unpaid or short-paid 60 days after the term started */
  overdue: boolean;
}

export interface CommissionTotals {
  terms: number;
  expected: string;
  received: string;
  difference: string;
}

export interface ReconciliationResult {
  rows: ReconciliationRow[];
  page: number;
  page_size: number;
  total: number;
  totals: CommissionTotals;
  by_carrier: (CommissionTotals & { carrier: string })[];
  by_state: Record<CommissionState, number>;
  /** outstanding by days since the term started; the buckets add up to totals.difference */
  aging: Record<'0-30' | '31-60' | '61-90' | '90+', string>;
  /**
   * The group "expected but not paid 60 days after the term's start" (unpaid or short-paid, started
   * 60 days or more before today) within the carrier, month and statement filters: its count and sums
   */
  overdue: CommissionTotals;
  tolerance: string;
}

export type StatementLineStatus = 'matched' | 'unmatched' | 'invalid' | 'duplicate' | 'ignored';

export interface StatementPreviewLine {
  line: number;
  values: string[];
  status: StatementLineStatus;
  reason: string;
  policy_number: string | null;
  amount: string | null;
}

export interface StatementPreview {
  headers: string[];
  mapping: StatementMapping;
  missing: string[];
  total: number;
  summary: { matched: number; unmatched: number; invalid: number };
  amount: string;
  lines: StatementPreviewLine[];
  /** an earlier import of the same file that is still applied */
  duplicate_of: { id: string; file_name: string; created_at: string } | null;
}

export interface Statement {
  id: string;
  carrier: string;
  period: string;
  file_name: string;
  status: 'applied' | 'undone';
  matched: number;
  unmatched: number;
  failed: number;
  amount: string;
  created_at: string;
  undone_at: string | null;
}

/**
 * What changed the amounts received against the book (the `commission.reconciled` webhook, issue 31):
 * a statement imported or undone, a manual receipt recorded or deleted, a line not in the book matched
 * by hand to a policy or put back. Ignoring a line that is not in
 * the book changes no term, and sends nothing.
 */
export const RECONCILE_CAUSES = ['statement_imported', 'statement_undone', 'receipt_recorded', 'receipt_deleted', 'line_matched', 'line_unmatched'] as const;
export type ReconcileCause = (typeof RECONCILE_CAUSES)[number];

/** The `commission.reconciled` webhook's data: one per change, naming every term whose received amount moved. */
export interface CommissionReconciled {
  cause: ReconcileCause;
  statement_id: string | null;
  receipt_id: string | null;
  policy_ids: string[];
}

export const STATEMENT_ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A month "2026-03" as its first and last day. */
export function periodBounds(period: string): { from: string; to: string } {
  const [y, m] = period.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${period}-01`, to: `${period}-${String(last).padStart(2, '0')}` };
}

export { isIsoDate };

/** A statement line that paid no term of the book: listed to be matched by hand or ignored. */
export interface UnmatchedLine {
  id: string;
  statement_id: string | null;
  line: number | null;
  policy_number: string | null;
  insured_name: string | null;
  premium: string | null;
  amount: string;
  received_on: string;
  status: 'unmatched' | 'ignored';
  reason: string | null;
}

/** One statement line with its statement's carrier: what the new-policy form is filled with. */
export interface StatementLineDetail extends Omit<UnmatchedLine, 'status'> {
  status: 'matched' | 'unmatched' | 'ignored';
  carrier: string | null;
  policy_id: string | null;
}

/** The policies list's commission column: the listed page's ids, comma-separated. */
export const TERM_STATES_MAX = 200;
export const TERM_TEXT = { idsInvalid: `Please send up to ${TERM_STATES_MAX} policy ids, separated by commas.` } as const;
export const termStatesQuerySchema = z.object({
  ids: safeText({ error: TERM_TEXT.idsInvalid })
    .max(TERM_STATES_MAX * 37, TERM_TEXT.idsInvalid)
    .transform((v) => [...new Set(v.split(',').map((s) => s.trim()).filter(Boolean))])
    .refine((ids) => ids.length <= TERM_STATES_MAX && ids.every((id) => UUID_PATTERN.test(id)), TERM_TEXT.idsInvalid),
});

/** A listed policy's commission (what the list shows; the reconciliation has the rest). */
export interface TermState {
  expected: string;
  received: string;
  difference: string;
  state: CommissionState;
}
