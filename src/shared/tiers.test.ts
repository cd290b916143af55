import { describe, expect, it } from 'vitest';
import { effectiveTier, isOnTopPlan, tierFromSignupPlan, trialDaysLeft } from './tiers.ts';

const now = new Date('2026-06-15T12:00:00Z');
const day = 86_400_000;

describe('tiers', () => {
  it('accepts only professional or business at sign-up', () => {
    expect(tierFromSignupPlan('professional')).toBe('professional');
    expect(tierFromSignupPlan('business')).toBe('business');
    for (const plan of ['enterprise', 'starter', '', undefined, 'Business', 42]) expect(tierFromSignupPlan(plan)).toBe('starter');
  });

  it('keeps a running trial and falls back to starter when it ends', () => {
    const trial = { subscriptionTier: 'business', subscriptionStatus: 'trialing', trialEndsAt: new Date(now.getTime() + day) };
    expect(effectiveTier(trial, now)).toBe('business');
    expect(effectiveTier({ ...trial, trialEndsAt: new Date(now.getTime() - 1) }, now)).toBe('starter');
    expect(effectiveTier({ ...trial, trialEndsAt: null }, now)).toBe('starter');
    expect(effectiveTier({ subscriptionTier: 'enterprise', subscriptionStatus: 'active', trialEndsAt: null }, now)).toBe('enterprise');
    expect(effectiveTier({ subscriptionTier: 'enterprise', subscriptionStatus: 'expired', trialEndsAt: null }, now)).toBe('starter');
    expect(effectiveTier({ subscriptionTier: 'platinum', subscriptionStatus: 'active', trialEndsAt: null }, now)).toBe('starter');
  });

  it('counts trial days left, rounded up', () => {
    expect(trialDaysLeft(new Date(now.getTime() + 14 * day), now)).toBe(14);
    expect(trialDaysLeft(new Date(now.getTime() + 1), now)).toBe(1);
    expect(trialDaysLeft(new Date(now.getTime() - 1), now)).toBe(0);
    expect(trialDaysLeft(null, now)).toBe(0);
  });
});

describe('isOnTopPlan', () => {
  it('is Enterprise paid for (nothing to upgrade to); a trial of it may still be paid for', () => {
    expect(isOnTopPlan('enterprise', 'active')).toBe(true);
    expect(isOnTopPlan('enterprise', 'trialing')).toBe(false);
    expect(isOnTopPlan('business', 'active')).toBe(false);
    expect(isOnTopPlan(undefined, undefined)).toBe(false);
  });
});
