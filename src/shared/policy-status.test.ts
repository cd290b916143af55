import { describe, expect, it } from 'vitest';
import { cancelDateError, cancelInputSchema, cancelQuote, CANCEL_TEXT, derivePolicyStatus, storedStatusesFor, unearnedPremium, POLICY_STATUSES, type TermFacts } from './policy-status.ts';

const term = (over: Partial<TermFacts> = {}): TermFacts => ({
  start_date: '2026-01-01',
  end_date: '2027-01-01',
  bound: true,
  cancel_effective_date: null,
  renewal_state: 'not_started',
  ...over,
});

describe('derivePolicyStatus: status follows dates', () => {
  it('is Pending before the start, Active in term, Expired from the end date on', () => {
    expect(derivePolicyStatus(term(), '2025-12-31')).toBe('pending');
    expect(derivePolicyStatus(term(), '2026-01-01')).toBe('active');
    expect(derivePolicyStatus(term(), '2026-12-31')).toBe('active');
    expect(derivePolicyStatus(term(), '2027-01-01')).toBe('expired');
  });

  it('keeps a term that is not bound Pending in term, and an ended one never Active whatever the choice', () => {
    expect(derivePolicyStatus(term({ bound: false }), '2026-06-01')).toBe('pending');
    expect(derivePolicyStatus(term({ bound: false }), '2027-01-02')).toBe('expired');
    expect(derivePolicyStatus(term({ bound: true }), '2027-01-02')).toBe('expired');
  });

  it('is Renewed or Lost once ended, per the renewal cockpit; both are still Active while the term runs', () => {
    expect(derivePolicyStatus(term({ renewal_state: 'renewed' }), '2027-01-01')).toBe('renewed');
    expect(derivePolicyStatus(term({ renewal_state: 'lost' }), '2027-01-01')).toBe('lost');
    expect(derivePolicyStatus(term({ renewal_state: 'renewed' }), '2026-12-31')).toBe('active');
    expect(derivePolicyStatus(term({ renewal_state: 'lost' }), '2026-12-31')).toBe('active');
    expect(derivePolicyStatus(term({ renewal_state: 'quoted' }), '2027-03-01')).toBe('expired');
  });

  it('is Cancelled from the effective date on, before it the term keeps its own status', () => {
    const c = term({ cancel_effective_date: '2026-07-02' });
    expect(derivePolicyStatus(c, '2026-07-01')).toBe('active');
    expect(derivePolicyStatus(c, '2026-07-02')).toBe('cancelled');
    expect(derivePolicyStatus(c, '2027-05-01')).toBe('cancelled');
    expect(derivePolicyStatus(term({ cancel_effective_date: '2026-01-01', bound: false }), '2025-12-01')).toBe('pending');
  });

  it('names, for every status, the stored statuses it can be reached from (so the filter never misses a term)', () => {
    const days = ['2025-12-31', '2026-01-01', '2026-07-02', '2027-01-01', '2027-02-01'];
    const facts: TermFacts[] = [];
    for (const bound of [true, false])
      for (const cancel of [null, '2026-01-01', '2026-07-02'])
        for (const renewal_state of ['not_started', 'renewed', 'lost']) facts.push(term({ bound, cancel_effective_date: cancel, renewal_state }));
    // a term stored on an earlier day (as the daily run left it) is found under its status on any later day
    for (const f of facts)
      for (const [i, stored] of days.entries())
        for (const later of days.slice(i)) {
          const status = derivePolicyStatus(f, later);
          expect(storedStatusesFor(status)).toContain(derivePolicyStatus(f, stored));
        }
    for (const s of POLICY_STATUSES) expect(storedStatusesFor(s)).toContain(s);
  });
});

describe('cancellation figures', () => {
  const money = { premium_amount: '1000.00', start_date: '2026-01-01', end_date: '2027-01-01' };

  it('returns the unearned share pro rata by days, exact to the cent (half up)', () => {
    // 183 of 365 days left: 501.369… → 501.37
    expect(unearnedPremium(money, '2026-07-02', 'pro_rata')).toBe('501.37');
    expect(unearnedPremium(money, '2026-01-01', 'pro_rata')).toBe('1000.00');
    expect(unearnedPremium(money, '2026-12-31', 'pro_rata')).toBe('2.74');
    expect(unearnedPremium({ ...money, premium_amount: '0.01' }, '2026-12-31', 'pro_rata')).toBe('0.00');
    // a premium floats cannot hold: 123456789012.35 × 183 / 365
    expect(unearnedPremium({ ...money, premium_amount: '123456789012.35' }, '2026-07-02', 'pro_rata')).toBe('61897513395.23');
  });

  it('returns the whole premium when flat', () => {
    expect(unearnedPremium(money, '2026-07-02', 'flat')).toBe('1000.00');
    expect(cancelQuote(money, { effective_date: '2026-07-02', reason: 'non_payment', method: 'pro_rata' })).toEqual({
      effective_date: '2026-07-02',
      method: 'pro_rata',
      unearned_premium: '501.37',
      term_days: 365,
      unearned_days: 183,
    });
  });

  it('refuses an effective date outside the term, naming the bound', () => {
    expect(cancelDateError(money, '2025-12-31')).toBe(CANCEL_TEXT.beforeStart('2026-01-01'));
    expect(cancelDateError(money, '2027-01-01')).toBe(CANCEL_TEXT.afterEnd('2027-01-01'));
    expect(cancelDateError(money, '2026-01-01')).toBeNull();
    expect(cancelDateError(money, '2026-12-31')).toBeNull();
  });

  it('has a message for each field of the dialog', () => {
    const issues = (v: unknown) => cancelInputSchema.safeParse(v).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({})).toEqual([
      ['effective_date', CANCEL_TEXT.dateRequired],
      ['reason', CANCEL_TEXT.reasonRequired],
      ['method', CANCEL_TEXT.methodRequired],
    ]);
    expect(issues({ effective_date: '2026-02-30', reason: 'whim', method: 'pro_rata' })).toEqual([
      ['effective_date', CANCEL_TEXT.dateInvalid],
      ['reason', CANCEL_TEXT.reasonRequired],
    ]);
    expect(issues({ effective_date: ' 2026-02-28 ', reason: 'replaced', method: 'flat' })).toBeUndefined();
  });
});
