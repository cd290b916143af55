import { describe, expect, it } from 'vitest';
import {
  canManageFeature,
  canUseFeature,
  FEATURE_NAMES,
  FEATURES,
  featureDenial,
  featureNeed,
  featuresIntroducedIn,
  isFeature,
  planIncludes,
  pricingFeatures,
} from './features.ts';
import { SIDEBAR_ITEMS } from './navigation.ts';
import { TEAM_MANAGEMENT } from './team.ts';
import { planLimitLines, TIERS } from './tiers.ts';

describe('feature map', () => {
  it('gives each feature the tier of the spec (platform.md §6, agency.md §8)', () => {
    const tiers = Object.fromEntries(FEATURE_NAMES.map((f) => [f, FEATURES[f].need.tier]));
    expect(tiers).toEqual({
      dashboard: 'starter',
      customers: 'starter',
      policies: 'starter',
      subscription: 'starter',
      settings: 'starter',
      renewals: 'professional',
      reports: 'professional',
      export: 'professional',
      documents: 'business',
      analytics: 'business',
      'bulk-actions': 'business',
      crm: 'business',
      communications: 'business',
      'team-management': 'enterprise',
      // Business's "limited API access" (platform.md §9): read-only keys; writing and webhooks at Enterprise
      api: 'business',
      'api-write': 'enterprise',
      'white-label': 'enterprise',
      'two-factor': 'enterprise',
      commissions: 'professional',
      'client-portal': 'business',
    });
  });

  it('asks manage_team and an owner or admin for team management, and the owner for the plan pages', () => {
    expect(featureNeed('team-management')).toEqual({ tier: 'enterprise', permission: 'manage_team', agencyRoles: ['owner', 'admin'] });
    expect(TEAM_MANAGEMENT).toBe(featureNeed('team-management'));
    expect(featureNeed('subscription')).toEqual({ tier: 'starter', agencyRoles: ['owner'] });
  });

  it("takes every main sidebar item's requirement from the map", () => {
    for (const item of SIDEBAR_ITEMS) {
      expect(item.feature, item.name).toBeDefined();
      expect(item.need, item.name).toBe(featureNeed(item.feature!));
    }
    expect(new Set(SIDEBAR_ITEMS.map((i) => i.feature))).toEqual(
      // the client portal is a card on the customer page and its own door (/portal), not a sidebar page
      new Set(FEATURE_NAMES.filter((f) => f !== 'communications' && f !== 'two-factor' && f !== 'api-write' && f !== 'client-portal')),
    );
  });

  it('checks a subject against the map: tier, permission, agency role; super_admin passes', () => {
    const subject = (tier: string, extra: object = {}) => ({ role: 'user', tier, permissions: [] as string[], ...extra });
    expect(canUseFeature(subject('professional'), 'export')).toBe(true);
    expect(featureDenial(subject('starter'), 'export')).toEqual({ kind: 'tier', tier: 'professional' });
    expect(canUseFeature(subject('professional'), 'communications')).toBe(false);
    expect(canUseFeature(subject('business'), 'communications')).toBe(true);
    expect(canUseFeature(subject('business'), 'two-factor')).toBe(false);
    expect(featureDenial(subject('enterprise'), 'team-management')).toEqual({ kind: 'permission', permission: 'manage_team' });
    expect(canUseFeature(subject('enterprise', { permissions: ['manage_team'] }), 'team-management')).toBe(true);
    expect(featureDenial(subject('enterprise', { agencyRole: 'team_member' }), 'subscription')?.kind).toBe('agencyRole');
    expect(canUseFeature({ role: 'super_admin', tier: 'starter', permissions: [] }, 'white-label')).toBe(true);
    expect(canUseFeature(null, 'dashboard')).toBe(false);
  });

  it('lets the owner and agency admins manage the integrations and the brand; a team member reads them', () => {
    const as = (tier: string, agencyRole: 'owner' | 'admin' | 'team_member') => ({ role: 'user', tier, permissions: [] as string[], agencyRole });
    for (const feature of ['api', 'api-write', 'white-label'] as const) {
      expect(canManageFeature(as('enterprise', 'owner'), feature), feature).toBe(true);
      expect(canManageFeature(as('enterprise', 'admin'), feature), feature).toBe(true);
      expect(canManageFeature(as('enterprise', 'team_member'), feature), feature).toBe(false);
      expect(canUseFeature(as('enterprise', 'team_member'), feature), feature).toBe(true);
    }
    expect(canManageFeature(as('business', 'owner'), 'api')).toBe(true);
    expect(canManageFeature(as('business', 'owner'), 'api-write')).toBe(false);
    expect(canManageFeature(as('professional', 'owner'), 'api')).toBe(false);
    // features without a `manage` rule: whoever may use them may change them
    expect(canManageFeature(as('business', 'team_member'), 'documents')).toBe(true);
  });

  it('says which plan includes which feature', () => {
    expect(planIncludes('business', 'export')).toBe(true);
    expect(planIncludes('business', 'team-management')).toBe(false);
    expect(planIncludes('enterprise', 'team-management')).toBe(true);
    expect(featuresIntroducedIn('professional')).toEqual(['renewals', 'reports', 'export', 'commissions']);
    expect(isFeature('crm')).toBe(true);
    expect(isFeature('toString')).toBe(false);
  });
});

describe('plan data for the pricing and upgrade pages', () => {
  it('advertises the limits of platform.md §9', () => {
    expect(planLimitLines('starter')).toEqual(['10 clients', '20 policies']);
    expect(planLimitLines('professional')).toEqual(['50 clients', '100 policies']);
    expect(planLimitLines('business')).toEqual(['100 clients', '250 policies', '5GB document storage', 'Limited API access']);
    expect(planLimitLines('enterprise')).toEqual(['Unlimited clients', 'Unlimited policies']);
  });

  it('lists each paid feature on exactly one plan card, the one that introduces it', () => {
    expect(pricingFeatures('professional')).toEqual(['Renewal tracking', 'Reports', 'Data export', 'Commission tracking']);
    expect(pricingFeatures('business')).toEqual(['Documents', 'Analytics', 'Bulk actions', 'CRM', 'Communication logs', 'Read-only API keys', 'Client portal']);
    expect(pricingFeatures('enterprise')).toEqual(['Team management', 'API write access and webhooks', 'White label', 'Two-factor authentication']);
    const all = TIERS.flatMap((t) => pricingFeatures(t));
    expect(new Set(all).size).toBe(all.length);
  });
});
