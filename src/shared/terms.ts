// Term lengths (issue 29 §2, decision 053): 12 months (the spec's default), 6 months, or a custom
// end date up to 36 months after the start. The policy form, the Renew form, the web routes and
// /api/v1 all read a term through resolveTermEnd, so one rule answers with one message per field.
import { z } from 'zod';
import { DATE_TEXT, dateField, isIsoDate } from './money.ts';
import { addDays } from './time.ts';
import { safeText } from './validation.ts';

export const POLICY_TERMS = ['12_months', '6_months', 'custom'] as const;
export type PolicyTerm = (typeof POLICY_TERMS)[number];
/** The fixed terms and their length in months. */
export const TERM_MONTHS = { '12_months': 12, '6_months': 6 } as const satisfies Record<Exclude<PolicyTerm, 'custom'>, number>;
export const DEFAULT_TERM: PolicyTerm = '12_months';
export const MAX_TERM_MONTHS = 36;

export const POLICY_TERM_LABEL: Record<PolicyTerm, string> = {
  '12_months': '12 months',
  '6_months': '6 months',
  custom: 'Custom end date',
};

export const TERM_TEXT = {
  choose: 'Please choose a term.',
  endRequired: 'End Date is required.',
  endNotAfterStart: 'The end date must be after the start date.',
  tooLong: `A term cannot be longer than ${MAX_TERM_MONTHS} months.`,
  renewHint: "Preset to the current term's length.",
  /** The End Date field's hint per term; the 12-month one is the spec's wording. */
  hint: {
    '12_months': 'Always the start date plus 12 months.',
    '6_months': 'Always the start date plus 6 months.',
    custom: `Any date after the start, up to ${MAX_TERM_MONTHS} months later.`,
  } satisfies Record<PolicyTerm, string>,
} as const;

/** The term field: absent or null is the spec's 12 months, so older clients keep their behaviour. */
export const termField = z
  .enum(POLICY_TERMS, TERM_TEXT.choose)
  .nullish()
  .transform((v): PolicyTerm => v ?? DEFAULT_TERM);

/**
 * The end date as a body sends it: text without control characters (a NUL is refused whatever the
 * term), checked as a date by resolveTermEnd only when the term is custom.
 */
export const endDateText = safeText({ error: DATE_TEXT.invalid }).nullish();

const customEndField = dateField(TERM_TEXT.endRequired);
const startField = dateField('');

function parts(date: string): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number);
  return [y, m, d];
}

function iso(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * `months` calendar months after `date` (yyyy-MM-dd); a day the target month lacks becomes its last
 * day (31 August + 6 months = 28 February), as the 12-month rule already ends 29 February on 28 February.
 */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = parts(date);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return iso(year, month, Math.min(d, last));
}

/** The end date of a fixed term; '' for a start that is no date (the form shows nothing yet). */
export function termEndDate(start: string, term: Exclude<PolicyTerm, 'custom'>): string {
  return isIsoDate(start) ? addMonths(start, TERM_MONTHS[term]) : '';
}

/** Which choice a stored term is: a fixed length when its end is exactly that far from its start. */
export function termOf(start: string, end: string): PolicyTerm {
  if (!isIsoDate(start)) return 'custom';
  if (end === addMonths(start, 12)) return '12_months';
  if (end === addMonths(start, 6)) return '6_months';
  return 'custom';
}

/** A term's length as whole calendar months and the days after them (1 March → 11 April: 1 month 10 days). */
export function termLength(start: string, end: string): { months: number; days: number } {
  if (!isIsoDate(start) || !isIsoDate(end) || end <= start) return { months: 0, days: 0 };
  const [sy, sm] = parts(start);
  const [ey, em] = parts(end);
  let months = (ey - sy) * 12 + (em - sm);
  while (months > 0 && addMonths(start, months) > end) months -= 1;
  const from = addMonths(start, months);
  const days = Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
  return { months, days };
}

/** "6 months", "1 month 10 days", "20 days": how a term's length reads on the policy page. */
export function termLengthLabel(start: string, end: string): string {
  const { months, days } = termLength(start, end);
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (months === 0 && days === 0) return '';
  return [months ? unit(months, 'month') : '', days ? unit(days, 'day') : ''].filter(Boolean).join(' ');
}

/** Why an end date does not close a term from `start`, or null when it does. */
export function termIssue(start: string, end: string): string | null {
  if (end <= start) return TERM_TEXT.endNotAfterStart;
  if (end > addMonths(start, MAX_TERM_MONTHS)) return TERM_TEXT.tooLong;
  return null;
}

/**
 * The end date the input asks for: a fixed term's end from the start, or the custom end date checked
 * against the start. `message` is the End Date field's error; null when the start or the term is
 * itself invalid (their own fields say so) and nothing can be computed.
 */
export function resolveTermEnd(rawStart: unknown, rawTerm: unknown, rawEnd: unknown): { end_date: string } | { message: string } | null {
  const term = termField.safeParse(rawTerm);
  if (!term.success) return null;
  const start = startField.safeParse(rawStart);
  if (term.data !== 'custom') return start.success ? { end_date: addMonths(start.data, TERM_MONTHS[term.data]) } : null;
  const end = customEndField.safeParse(rawEnd);
  if (!end.success) return { message: end.error.issues[0].message };
  if (!start.success) return null;
  const issue = termIssue(start.data, end.data);
  return issue ? { message: issue } : { end_date: end.data };
}

/**
 * Renew keeps the previous term's length: the same whole months from the new start, then the same
 * extra days (a 6-month term renews as 6 months, 1 March → 11 April as 1 month 10 days). A stored
 * term the rules would refuse (ended before it started, longer than 36 months) renews as 12 months.
 */
export function renewedTerm(previous: { start_date: string; end_date: string }): { start_date: string; end_date: string; term: PolicyTerm } {
  const start = previous.end_date;
  const { months, days } = termLength(previous.start_date, previous.end_date);
  let end = addDays(addMonths(start, months), days);
  if ((months === 0 && days === 0) || termIssue(start, end)) end = addMonths(start, 12);
  return { start_date: start, end_date: end, term: termOf(start, end) };
}
