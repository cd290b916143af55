// Money and calendar rules of the book of business, as exact strings (never floats).
import { z } from 'zod';
import { optionalText, safeText } from './validation.ts';
import { parseMoney } from './money-text.ts';

export * from './money-text.ts';

export const MONEY_TEXT = {
  invalid: 'Please enter a valid amount (for example 1234.50).',
  negative: 'The amount cannot be negative.',
} as const;

/**
 * The JSON Schema of an amount in a request (the API document): a number, or a decimal string. The
 * server also reads "1,234.50" and "$1234" (what people type); the document names the exact form.
 */
export const MONEY_JSON = { type: ['string', 'number'], pattern: '^\\d{1,12}(\\.\\d{1,2})?$', minimum: 0, description: 'An amount: a number, or a decimal string with up to 2 places ("1234.50").' };

/** A required money field that accepts a number or a string and outputs "1234.50". */
export function moneyField(requiredMessage: string) {
  // no .optional(): an absent key is this field's "required" message, and the document says required
  return z
    .unknown()
    .transform((value, ctx): string => {
      const out = checkMoney(value, ctx, requiredMessage);
      return out ?? z.NEVER;
    })
    .meta(MONEY_JSON);
}

export function optionalMoneyField() {
  return z
    .unknown()
    .optional()
    .transform((value, ctx): string | null => checkMoney(value, ctx, null))
    .meta({ ...MONEY_JSON, type: ['string', 'number', 'null'] });
}

function checkMoney(value: unknown, ctx: z.RefinementCtx, requiredMessage: string | null): string | null {
  const empty = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  if (empty) {
    if (requiredMessage === null) return null;
    ctx.addIssue({ code: 'custom', message: requiredMessage });
    return z.NEVER;
  }
  const text = typeof value === 'string' ? value.trim() : value;
  if ((typeof text === 'string' && text.startsWith('-')) || (typeof text === 'number' && text < 0)) {
    ctx.addIssue({ code: 'custom', message: MONEY_TEXT.negative });
    return z.NEVER;
  }
  const parsed = parseMoney(text);
  if (parsed === null) {
    ctx.addIssue({ code: 'custom', message: MONEY_TEXT.invalid });
    return z.NEVER;
  }
  return parsed;
}

/** Optional text that also accepts null (a row read back from the API can be sent again as is). */
export const nullableText = optionalText;

/** A whole year within [min, max]; accepts "2020" or 2020. */
export function yearField(requiredMessage: string, min: number, max: () => number) {
  // required in the document too (no .optional(): an absent key gets requiredMessage)
  return z.unknown().transform((value, ctx) => {
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      ctx.addIssue({ code: 'custom', message: requiredMessage });
      return z.NEVER;
    }
    const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
    const upper = max();
    if (!/^\d{4}$/.test(text) || Number(text) < min || Number(text) > upper) {
      ctx.addIssue({ code: 'custom', message: `Please enter a year between ${min} and ${upper}.` });
      return z.NEVER;
    }
    return Number(text);
  });
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A real calendar date written yyyy-MM-dd. */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** The policy term: start plus 12 months; 29 February ends on 28 February. */
export function policyEndDate(start: string): string {
  const m = ISO_DATE.exec(start);
  if (!m || !isIsoDate(start)) return '';
  const year = Number(m[1]) + 1;
  const month = Number(m[2]);
  const day = Math.min(Number(m[3]), daysInMonth(year, month));
  return `${String(year).padStart(4, '0')}-${m[2]}-${String(day).padStart(2, '0')}`;
}

/** Today in the browser's or server's local calendar, as yyyy-MM-dd. */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The calendar every date field accepts: anything outside it is a typo (year 9999, 0202 …). */
export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '2200-12-31';
export const DATE_TEXT = {
  invalid: 'Please enter a valid date.',
  outOfRange: 'Please enter a date between 1900-01-01 and 2200-12-31.',
} as const;

/** yyyy-MM-dd strings compare as dates. */
export function isPlausibleDate(value: string): boolean {
  return value >= DATE_MIN && value <= DATE_MAX;
}

export function dateField(requiredMessage: string) {
  return safeText({ error: requiredMessage })
    .min(1, requiredMessage)
    .refine(isIsoDate, DATE_TEXT.invalid)
    .refine((v) => !isIsoDate(v) || isPlausibleDate(v), DATE_TEXT.outOfRange)
    .meta({ format: 'date' });
}
