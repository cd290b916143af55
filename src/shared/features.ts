// The feature map: what each feature needs (minimum plan, permission, agency role), written once
// (spec: platform.md §2, §6; agency.md §7, §8). Server guards and services, the web's gates, the
// sidebar and the pricing page all read it, so a tier is never typed out twice.
import { checkAccess, hasRole, type AccessDenial, type AccessSubject, type Requirement } from './access.ts';
import { TIER_RANK, type Tier } from './tiers.ts';

export interface FeatureSpec {
  /** the feature's name as the sidebar and the gates show it */
  label: string;
  /** at least a tier: the plan that introduces the feature */
  need: Requirement & { tier: Tier };
  /** the line on the pricing page; none when the plan card does not advertise it */
  pricing?: string;
  /**
   * Who may change it, beyond using it: the others who may use the feature read it only, and the
   * page says so up front instead of offering forms the server refuses (issue 30 §3).
   */
  manage?: Requirement;
}

/** The agency's integrations and brand are managed by its owner and admins; members read. */
const MANAGERS: Requirement = { agencyRoles: ['owner', 'admin'] };

export const FEATURES = {
  dashboard: { label: 'Dashboard', need: { tier: 'starter' }, pricing: 'Dashboard' },
  customers: { label: 'Customers', need: { tier: 'starter' }, pricing: 'Customer management' },
  policies: { label: 'Policies', need: { tier: 'starter' }, pricing: 'Policy management' },
  // a plan is the agency owner's: members working in someone else's agency don't manage it
  subscription: { label: 'Subscription', need: { tier: 'starter', agencyRoles: ['owner'] } },
  settings: { label: 'Settings', need: { tier: 'starter' } },
  renewals: { label: 'Renewals', need: { tier: 'professional' }, pricing: 'Renewal tracking' },
  reports: { label: 'Reports', need: { tier: 'professional' }, pricing: 'Reports' },
  export: { label: 'Export', need: { tier: 'professional' }, pricing: 'Data export' },
  documents: { label: 'Documents', need: { tier: 'business' }, pricing: 'Documents' },
  analytics: { label: 'Analytics', need: { tier: 'business' }, pricing: 'Analytics' },
  'bulk-actions': { label: 'Bulk Actions', need: { tier: 'business' }, pricing: 'Bulk actions' },
  crm: { label: 'CRM', need: { tier: 'business' }, pricing: 'CRM' },
  communications: { label: 'Communication logs', need: { tier: 'business' }, pricing: 'Communication logs' },
  'team-management': {
    label: 'Team Management',
    need: { tier: 'enterprise', permission: 'manage_team', agencyRoles: ['owner', 'admin'] },
    pricing: 'Team management',
  },
  // Business's "limited API access" (platform.md §9): read-only keys at a lower rate; writing through
  // the API and webhooks are Enterprise's (issue 30 §2).
  api: { label: 'API Settings', need: { tier: 'business' }, pricing: 'Read-only API keys', manage: MANAGERS },
  'api-write': { label: 'API write access and webhooks', need: { tier: 'enterprise' }, pricing: 'API write access and webhooks', manage: MANAGERS },
  'white-label': { label: 'White Label', need: { tier: 'enterprise' }, pricing: 'White label', manage: MANAGERS },
  'two-factor': { label: 'Two-factor authentication', need: { tier: 'enterprise' }, pricing: 'Two-factor authentication' },
  // issue 31: schedules, carrier statements and their reconciliation
  commissions: { label: 'Commissions', need: { tier: 'professional' }, pricing: 'Commission tracking' },
  // issue 32: the agency's clients see their policies, ID cards and requests; branded with the white label on Enterprise
  'client-portal': { label: 'Client portal', need: { tier: 'business' }, pricing: 'Client portal' },
} as const satisfies Record<string, FeatureSpec>;

export type Feature = keyof typeof FEATURES;

export const FEATURE_NAMES = Object.keys(FEATURES) as Feature[];

export function isFeature(value: unknown): value is Feature {
  return typeof value === 'string' && Object.hasOwn(FEATURES, value);
}

/** What the feature needs, for checkAccess, requireAccess and RequireAccess. */
export function featureNeed(feature: Feature): Requirement & { tier: Tier } {
  return FEATURES[feature].need;
}

/** Why the subject may not use the feature, or null when it may. */
export function featureDenial(subject: AccessSubject | null | undefined, feature: Feature): AccessDenial | null {
  return checkAccess(subject, featureNeed(feature));
}

export function canUseFeature(subject: AccessSubject | null | undefined, feature: Feature): boolean {
  return featureDenial(subject, feature) === null;
}

/** Whether the subject may change the feature, not only use (read) it: its `manage` requirement too. */
export function canManageFeature(subject: AccessSubject | null | undefined, feature: Feature): boolean {
  const spec: FeatureSpec = FEATURES[feature];
  return canUseFeature(subject, feature) && (!spec.manage || checkAccess(subject, spec.manage) === null);
}

/** Whether a plan includes the feature's tier (its permission and agency role aside). */
export function planIncludes(tier: Tier, feature: Feature): boolean {
  return TIER_RANK[tier] >= TIER_RANK[featureNeed(feature).tier];
}

/** The features a plan adds to the one below it, in the map's order. */
export function featuresIntroducedIn(tier: Tier): Feature[] {
  return FEATURE_NAMES.filter((f) => FEATURES[f].need.tier === tier);
}

/** The pricing card's feature lines for a plan: the ones it introduces that are advertised. */
export function pricingFeatures(tier: Tier): string[] {
  return featuresIntroducedIn(tier).flatMap((f) => {
    const spec: FeatureSpec = FEATURES[f];
    return spec.pricing ? [spec.pricing] : [];
  });
}

/** Two-factor is an Enterprise feature, and every platform admin may turn it on (it can be required of admins). */
export function canUseTwoFactor(subject: AccessSubject | null | undefined): boolean {
  return canUseFeature(subject, 'two-factor') || hasRole(subject, 'admin');
}
