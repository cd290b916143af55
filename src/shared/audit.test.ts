import { describe, expect, it } from 'vitest';
import { planMonthlyPrice } from './admin-analytics.ts';
import { auditCsvRow, auditQuerySchema } from './audit.ts';
import { passwordMinimum, platformSettingsSchema } from './platform-settings.ts';

describe('the audit CSV', () => {
  it('uses the one formula rule: formula-like starts defused, quotes doubled, numbers kept', () => {
    const row = auditCsvRow({ created_at: '2026-01-01T00:00:00Z', actor_email: '=HYPERLINK("x")', ip: null, action: 'user.update', target_type: 'user', target_label: '@cmd', target_id: '-42', before: null, after: { a: 1 } } as never);
    expect(row).toBe(`2026-01-01T00:00:00Z,"'=HYPERLINK(""x"")",,user.update,user,'@cmd,-42,,"{""a"":1}"`);
  });
});

describe('audit filters', () => {
  it('accepts whole days and refuses an end before the start', () => {
    expect(auditQuerySchema.parse({ from: '2026-01-01', to: '2026-01-31', actor: ' Admin@Example.com ' })).toMatchObject({ actor: 'admin@example.com', action: 'all' });
    expect(auditQuerySchema.safeParse({ from: '2026-02-01', to: '2026-01-01' }).success).toBe(false);
    expect(auditQuerySchema.safeParse({ from: '01/02/2026' }).success).toBe(false);
    expect(auditQuerySchema.safeParse({ action: 'user.nuked' }).success).toBe(false);
  });
});

describe('platform settings', () => {
  it('never allows a minimum below the sign-up minimum of 8', () => {
    const base = { require_admin_two_factor: false, session_lifetime_days: 30, sign_up_limit_per_hour: 10 };
    expect(platformSettingsSchema.safeParse({ ...base, min_password_length: 7 }).success).toBe(false);
    expect(platformSettingsSchema.safeParse({ ...base, min_password_length: '12' }).success).toBe(true);
  });

  it('keeps the spec minimums at the default and raises every form above it', () => {
    expect(passwordMinimum(8, 8)).toBe(8);
    expect(passwordMinimum(6, 8)).toBe(6);
    expect(passwordMinimum(6, 12)).toBe(12);
    expect(passwordMinimum(8, 12)).toBe(12);
  });
});

describe('plan prices for MRR', () => {
  it('reads exact decimals from the pricing figures', () => {
    expect(planMonthlyPrice('professional')).toBe('5.99');
    expect(planMonthlyPrice('business')).toBe('9.99');
    expect(planMonthlyPrice('enterprise')).toBe('29.99');
  });
});
