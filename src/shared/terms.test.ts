import { describe, expect, it } from 'vitest';
import { DATE_TEXT } from './money.ts';
import { policyInputSchema } from './policies.ts';
import { renewalTerm, renewInputSchema } from './renewals.ts';
import { addMonths, renewedTerm, resolveTermEnd, TERM_TEXT, termEndDate, termLength, termLengthLabel, termOf } from './terms.ts';

const CAR = { vehicle_make: 'Toyota', vehicle_model: 'Corolla', vehicle_year: 2020, vin_number: 'VIN1', driver_license: 'DL-1' };
const policy = (over: Record<string, unknown> = {}) => ({
  customer_name: 'Jane Doe',
  customer_email: 'jane@example.com',
  policy_number: 'CAR-1',
  insurance_company: 'Acme Mutual',
  policy_type: 'car',
  premium_amount: '100',
  coverage_amount: '1000',
  deductible: '10',
  start_date: '2025-01-05',
  car_details: CAR,
  ...over,
});

/** The policy schema's messages by field, or its end date when it passes. */
function parse(over: Record<string, unknown>): { end_date: string } | Record<string, string> {
  const r = policyInputSchema.safeParse(policy(over));
  if (r.success) return { end_date: r.data.end_date };
  return Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('calendar months', () => {
  it('adds months and keeps the day, or the month’s last day when it has none', () => {
    expect(addMonths('2025-01-05', 6)).toBe('2025-07-05');
    expect(addMonths('2025-08-31', 6)).toBe('2026-02-28');
    expect(addMonths('2023-08-31', 6)).toBe('2024-02-29');
    expect(addMonths('2025-11-30', 3)).toBe('2026-02-28');
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
    expect(addMonths('2025-12-15', 1)).toBe('2026-01-15');
  });

  it('names a stored term: 12 months, 6 months, or custom', () => {
    expect(termOf('2025-01-05', '2026-01-05')).toBe('12_months');
    expect(termOf('2024-02-29', '2025-02-28')).toBe('12_months');
    expect(termOf('2025-08-31', '2026-02-28')).toBe('6_months');
    expect(termOf('2025-01-05', '2025-07-06')).toBe('custom');
    expect(termOf('2025-01-05', '2025-01-05')).toBe('custom');
  });

  it('measures a term in whole months and the days after them', () => {
    expect(termLength('2025-03-01', '2025-04-11')).toEqual({ months: 1, days: 10 });
    expect(termLength('2025-01-31', '2025-02-28')).toEqual({ months: 1, days: 0 });
    expect(termLength('2025-01-31', '2025-03-01')).toEqual({ months: 1, days: 1 });
    expect(termLength('2025-01-05', '2025-01-25')).toEqual({ months: 0, days: 20 });
    expect(termLengthLabel('2025-01-05', '2025-07-05')).toBe('6 months');
    expect(termLengthLabel('2025-03-01', '2025-04-11')).toBe('1 month 10 days');
    expect(termLengthLabel('2025-01-05', '2025-01-06')).toBe('1 day');
  });

  it('computes a fixed term’s end, nothing for a start that is no date', () => {
    expect(termEndDate('2025-01-05', '12_months')).toBe('2026-01-05');
    expect(termEndDate('2025-01-05', '6_months')).toBe('2025-07-05');
    expect(termEndDate('', '6_months')).toBe('');
  });
});

describe('the policy schema’s term', () => {
  it('is 12 months from the start by default, and ignores an end date it did not ask for', () => {
    expect(parse({})).toEqual({ end_date: '2026-01-05' });
    expect(parse({ term: null, end_date: '2030-12-31' })).toEqual({ end_date: '2026-01-05' });
    expect(parse({ term: '12_months', end_date: '2030-12-31' })).toEqual({ end_date: '2026-01-05' });
  });

  it('is 6 months when chosen', () => {
    expect(parse({ term: '6_months' })).toEqual({ end_date: '2025-07-05' });
    expect(parse({ term: '6_months', start_date: '2025-08-31' })).toEqual({ end_date: '2026-02-28' });
  });

  it('takes a custom end date after the start and up to 36 months later', () => {
    expect(parse({ term: 'custom', end_date: '2025-04-20' })).toEqual({ end_date: '2025-04-20' });
    expect(parse({ term: 'custom', end_date: '2025-01-06' })).toEqual({ end_date: '2025-01-06' });
    expect(parse({ term: 'custom', end_date: '2028-01-05' })).toEqual({ end_date: '2028-01-05' });
  });

  it('answers each mistake on the End Date field', () => {
    expect(parse({ term: 'custom' })).toEqual({ end_date: TERM_TEXT.endRequired });
    expect(parse({ term: 'custom', end_date: '' })).toEqual({ end_date: TERM_TEXT.endRequired });
    expect(parse({ term: 'custom', end_date: '2025-02-30' })).toEqual({ end_date: DATE_TEXT.invalid });
    expect(parse({ term: 'custom', end_date: '2025-01-05' })).toEqual({ end_date: TERM_TEXT.endNotAfterStart });
    expect(parse({ term: 'custom', end_date: '2024-12-31' })).toEqual({ end_date: TERM_TEXT.endNotAfterStart });
    expect(parse({ term: 'custom', end_date: '2028-01-06' })).toEqual({ end_date: TERM_TEXT.tooLong });
    expect(parse({ term: 'two_years' })).toEqual({ term: TERM_TEXT.choose });
    // whatever the term, an end date that is no text, or has a NUL in it, is refused
    expect(parse({ end_date: 20250105 })).toEqual({ end_date: DATE_TEXT.invalid });
    expect(Object.keys(parse({ term: '6_months', end_date: '2025-07-05\u0000' }))).toEqual(['end_date']);
  });

  it('shows the end date’s message together with the other fields’ messages', () => {
    expect(parse({ term: 'custom', end_date: '2020-01-01', policy_number: '' })).toMatchObject({
      end_date: TERM_TEXT.endNotAfterStart,
      policy_number: 'Policy Number is required.',
    });
    // no start to compare with: only the start's own message
    expect(Object.keys(parse({ term: 'custom', end_date: '2025-06-01', start_date: '' }))).toEqual(['start_date']);
  });

  it('keeps the term in its output, so what the form sends after parsing reads the same on the server', () => {
    for (const over of [{ term: '6_months' }, { term: 'custom', end_date: '2025-04-20' }, {}]) {
      const once = policyInputSchema.parse(policy(over));
      const twice = policyInputSchema.parse(once);
      expect(twice.end_date, JSON.stringify(over)).toBe(once.end_date);
      expect(twice.term).toBe(once.term);
    }
  });

  it('reads the same through resolveTermEnd, the function the Renew form and route share', () => {
    expect(resolveTermEnd('2025-01-05', 'custom', '2025-01-01')).toEqual({ message: TERM_TEXT.endNotAfterStart });
    expect(resolveTermEnd('2025-01-05', '6_months', 'ignored')).toEqual({ end_date: '2025-07-05' });
    expect(resolveTermEnd('nope', '6_months', undefined)).toBeNull();
    expect(resolveTermEnd('2025-01-05', 'weekly', undefined)).toBeNull();
  });
});

describe('Renew keeps the term’s length', () => {
  it('renews 12 months as 12 months and 6 months as 6 months', () => {
    expect(renewedTerm({ start_date: '2025-03-10', end_date: '2026-03-10' })).toEqual({ start_date: '2026-03-10', end_date: '2027-03-10', term: '12_months' });
    expect(renewedTerm({ start_date: '2025-01-05', end_date: '2025-07-05' })).toEqual({ start_date: '2025-07-05', end_date: '2026-01-05', term: '6_months' });
    // end-of-month: 31 Aug → 28 Feb is 6 months, and so is its renewal
    expect(renewedTerm({ start_date: '2025-08-31', end_date: '2026-02-28' })).toEqual({ start_date: '2026-02-28', end_date: '2026-08-28', term: '6_months' });
  });

  it('renews a custom length as the same months and days', () => {
    expect(renewedTerm({ start_date: '2025-03-01', end_date: '2025-04-11' })).toEqual({ start_date: '2025-04-11', end_date: '2025-05-21', term: 'custom' });
    expect(renewedTerm({ start_date: '2025-01-01', end_date: '2025-01-21' })).toMatchObject({ end_date: '2025-02-10' });
    expect(renewedTerm({ start_date: '2025-01-01', end_date: '2027-01-01' })).toMatchObject({ end_date: '2029-01-01' });
  });

  it('renews a stored term the rules refuse as 12 months', () => {
    expect(renewedTerm({ start_date: '2025-01-01', end_date: '2025-01-01' })).toMatchObject({ start_date: '2025-01-01', end_date: '2026-01-01' });
    expect(renewedTerm({ start_date: '2020-01-01', end_date: '2025-01-01' })).toMatchObject({ end_date: '2026-01-01' });
  });

  it('takes another term when the Renew form chooses one, with the policy form’s messages', () => {
    const current = { start_date: '2025-01-05', end_date: '2025-07-05' };
    expect(renewalTerm(current, {})).toEqual({ start_date: '2025-07-05', end_date: '2026-01-05', term: '6_months' });
    expect(renewalTerm(current, { term: '12_months' })).toEqual({ start_date: '2025-07-05', end_date: '2026-07-05' });
    expect(renewalTerm(current, { term: 'custom', end_date: '2025-10-01' })).toEqual({ start_date: '2025-07-05', end_date: '2025-10-01' });
    expect(renewalTerm(current, { term: 'custom', end_date: '2025-07-05' })).toEqual({ message: TERM_TEXT.endNotAfterStart });
    expect(renewalTerm(current, { term: 'custom', end_date: '2028-07-06' })).toEqual({ message: TERM_TEXT.tooLong });
    expect(renewalTerm(current, { term: 'custom' })).toEqual({ message: TERM_TEXT.endRequired });
  });

  it('the Renew body refuses an unknown term', () => {
    const r = renewInputSchema.safeParse({ premium_amount: '10', term: 'forever' });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['term', TERM_TEXT.choose]]);
    expect(renewInputSchema.safeParse({ premium_amount: '10', end_date: 'x\u0000' }).success).toBe(false);
  });
});
