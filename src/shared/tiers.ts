// Plans, their ranks and advertised limits (spec: platform.md §6, §9).
export const TIERS = ['starter', 'professional', 'business', 'enterprise'] as const;
export type Tier = (typeof TIERS)[number];

export const TIER_RANK: Record<Tier, number> = { starter: 0, professional: 1, business: 2, enterprise: 3 };

export const TIER_LABEL: Record<Tier, string> = {
  starter: 'Starter',
  professional: 'Professional',
  business: 'Business',
  enterprise: 'Enterprise',
};

/** Tiers a user can pay for (the upgrade form's list excludes starter). */
export const PAID_TIERS = ['professional', 'business', 'enterprise'] as const;
export type PaidTier = (typeof PAID_TIERS)[number];

/** Plans that may be chosen at sign-up; anything else falls back to starter. */
export const SIGNUP_PLANS = ['professional', 'business'] as const;

export const SUBSCRIPTION_STATUSES = ['active', 'trialing', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const TRIAL_DAYS = 14;

export interface TierLimits {
  maxClients: number | null;
  maxPolicies: number | null;
}

/** The advertised figures; the server seeds subscription_limits with them and then reads the table. */
export const DEFAULT_LIMITS: Record<Tier, TierLimits & { features: string[] }> = {
  starter: { maxClients: 10, maxPolicies: 20, features: ['dashboard', 'customers', 'policies'] },
  professional: { maxClients: 50, maxPolicies: 100, features: ['renewals', 'reports', 'export'] },
  business: {
    maxClients: 100,
    maxPolicies: 250,
    features: ['documents', 'analytics', 'bulk-actions', 'crm', 'communications', 'document-storage-5gb', 'limited-api'],
  },
  enterprise: { maxClients: null, maxPolicies: null, features: ['team-management', 'api-settings', 'white-label', 'two-factor'] },
};

export function isTier(value: unknown): value is Tier {
  return typeof value === 'string' && (TIERS as readonly string[]).includes(value);
}

export function tierFromSignupPlan(plan: unknown): Tier {
  return typeof plan === 'string' && (SIGNUP_PLANS as readonly string[]).includes(plan) ? (plan as Tier) : 'starter';
}

/**
 * The tier whose features and limits apply now: a trial that has ended without an approved
 * payment falls back to starter (nothing is deleted; only creating past the lower limits stops).
 */
export function effectiveTier(
  account: { subscriptionTier: string; subscriptionStatus: string; trialEndsAt: Date | string | null },
  now: Date = new Date(),
): Tier {
  const tier = isTier(account.subscriptionTier) ? account.subscriptionTier : 'starter';
  if (account.subscriptionStatus === 'expired') return 'starter';
  if (account.subscriptionStatus === 'trialing') {
    const end = account.trialEndsAt ? new Date(account.trialEndsAt) : null;
    if (!end || end.getTime() <= now.getTime()) return 'starter';
  }
  return tier;
}

/** Whole days left in a trial, rounded up; 0 once it has ended. */
export function trialDaysLeft(trialEndsAt: Date | string | null, now: Date = new Date()): number {
  if (!trialEndsAt) return 0;
  const ms = new Date(trialEndsAt).getTime() - now.getTime();
  return ms <= 0 ? 0 : Math.ceil(ms / 86_400_000);
}

export const PLAN_PRICES: Record<Tier, string> = {
  starter: 'Free',
  professional: '$5.99',
  business: '$9.99',
  enterprise: '$29.99',
};
