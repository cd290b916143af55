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

/** The highest plan: nothing to upgrade to. */
export const TOP_TIER: Tier = 'enterprise';

export const TOP_PLAN_TEXT = {
  title: "You're on our top plan",
  body: "Enterprise is PolicyDesk's top plan: every feature is included and there is nothing to upgrade to.",
  short: 'Enterprise is our top plan.',
  billing: 'Billing History',
} as const;

/**
 * On the top plan for good, so nothing should urge an upgrade; a trial of it still may be paid for.
 * `tier` is the agency's plan (the one that applies), `status` the signed-in account's.
 */
export function isOnTopPlan(tier: string | undefined, status: string | undefined): boolean {
  return tier === TOP_TIER && status !== 'trialing';
}

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
export const DEFAULT_LIMITS: Record<Tier, TierLimits> = {
  starter: { maxClients: 10, maxPolicies: 20 },
  professional: { maxClients: 50, maxPolicies: 100 },
  business: { maxClients: 100, maxPolicies: 250 },
  enterprise: { maxClients: null, maxPolicies: null },
};

const GB = 1024 * 1024 * 1024;

/** Document storage per plan, in bytes (issue 13): none below Business. */
export const DOCUMENT_QUOTA_BYTES: Record<Tier, number> = {
  starter: 0,
  professional: 0,
  business: 5 * GB,
  enterprise: 50 * GB,
};

/** What a plan advertises beside its counts (platform.md §9). */
const EXTRA_LIMITS: Record<Tier, readonly string[]> = {
  starter: [],
  professional: [],
  business: ['5GB document storage', 'Limited API access'],
  enterprise: [],
};

/** A plan's advertised limits, one line each: the pricing page and the upgrade page both show these. */
export function planLimitLines(tier: Tier): string[] {
  const { maxClients, maxPolicies } = DEFAULT_LIMITS[tier];
  const count = (n: number | null, noun: string) => (n === null ? `Unlimited ${noun}` : `${n} ${noun}`);
  return [count(maxClients, 'clients'), count(maxPolicies, 'policies'), ...EXTRA_LIMITS[tier]];
}

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
