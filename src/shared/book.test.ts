import { describe, expect, it } from 'vitest';
import { customerInputSchema, joinedAddress } from './customers.ts';
import { csvField } from './csv.ts';
import { MONEY_TEXT, formatMoney, parseMoney, policyEndDate } from './money.ts';
import { customerPolicyState, displayStatus, pageCount, policyInputSchema } from './policies.ts';
import { usageBar, atLimit } from './usage.ts';
import { communicationInputSchema } from './communications.ts';

describe('policy term', () => {
  it('ends 12 months after the start; 29 February ends on 28 February', () => {
    expect(policyEndDate('2025-01-05')).toBe('2026-01-05');
    expect(policyEndDate('2024-02-29')).toBe('2025-02-28');
    expect(policyEndDate('2023-12-31')).toBe('2024-12-31');
    expect(policyEndDate('2025-13-01')).toBe('');
  });
});

describe('money', () => {
  it('parses exact decimals and refuses the rest', () => {
    expect(parseMoney('1234.5')).toBe('1234.50');
    expect(parseMoney('1,234.56')).toBe('1234.56');
    expect(parseMoney('$0')).toBe('0.00');
    expect(parseMoney(99.99)).toBe('99.99');
    expect(parseMoney('007')).toBe('7.00');
    for (const bad of ['-1', 'abc', '1.234', '1e5', '', NaN, Infinity, '9999999999999'] as unknown[]) expect(parseMoney(bad)).toBeNull();
  });
  it('formats like $1,234.50', () => {
    expect(formatMoney('1234.5')).toBe('$1,234.50');
    expect(formatMoney('0')).toBe('$0.00');
    expect(formatMoney('999999999999.99')).toBe('$999,999,999,999.99');
    expect(formatMoney('100')).toBe('$100.00');
  });
  it('the policy schema says which amount is wrong', () => {
    const r = policyInputSchema.safeParse({ premium_amount: '-1', coverage_amount: 'x', policy_type: 'car' });
    expect(r.success).toBe(false);
    const fields = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(fields.premium_amount).toBe(MONEY_TEXT.negative);
    expect(fields.coverage_amount).toBe(MONEY_TEXT.invalid);
  });
});

describe('usage bars', () => {
  it('blue up to 80 %, yellow above, red above 100 %, fill capped; no limit is 0 %', () => {
    expect(usageBar({ count: 8, limit: 10 })).toEqual({ percent: 80, level: 'normal', fill: 80 });
    expect(usageBar({ count: 9, limit: 10 }).level).toBe('warning');
    expect(usageBar({ count: 10, limit: 10 })).toEqual({ percent: 100, level: 'warning', fill: 100 });
    expect(usageBar({ count: 12, limit: 10 })).toEqual({ percent: 120, level: 'over', fill: 100 });
    expect(usageBar({ count: 500, limit: null })).toEqual({ percent: 0, level: 'normal', fill: 0 });
    expect(atLimit({ count: 10, limit: 10 })).toBe(true);
    expect(atLimit({ count: 9, limit: 10 })).toBe(false);
    expect(atLimit({ count: 9, limit: null })).toBe(false);
  });
});

describe('display rules', () => {
  it('unknown statuses show as pending; a customer policy is active only while active and unexpired', () => {
    expect(displayStatus('weird')).toBe('pending');
    expect(displayStatus('cancelled')).toBe('cancelled');
    expect(customerPolicyState({ status: 'active', end_date: '2030-01-01' }, '2025-06-01')).toBe('active');
    expect(customerPolicyState({ status: 'active', end_date: '2025-06-01' }, '2025-06-01')).toBe('expired');
    expect(customerPolicyState({ status: 'pending', end_date: '2030-01-01' }, '2025-06-01')).toBe('expired');
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(51, 25)).toBe(3);
    expect(joinedAddress({ address: '1 Main St', city: null, postal_code: '123' })).toBe('1 Main St, 123');
  });
  it('CSV fields are quoted and formula-safe', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField('+1 555 0100')).toBe('+1 555 0100');
    expect(csvField('-42.5')).toBe('-42.5');
    expect(csvField(null)).toBe('');
  });
});

describe('form schemas', () => {
  it('customer: the spec’s messages', () => {
    const r = customerInputSchema.safeParse({ name: '', email: 'bad' });
    expect(r.error!.issues.map((i) => i.message)).toEqual(['Full Name is required.', 'Please enter a valid email address.']);
    expect(customerInputSchema.safeParse({ name: 'x', email: '' }).error!.issues[0].message).toBe('Email is required.');
  });
  it('communication: content required, type defaults to email', () => {
    expect(communicationInputSchema.safeParse({ content: '' }).error!.issues[0].message).toBe('Content is required.');
    expect(communicationInputSchema.parse({ content: 'x' })).toMatchObject({ type: 'email', subject: null, communication_date: null });
  });
});
