import { describe, expect, it } from 'vitest';
import { ACCESS_TEXT, agencyScopedPermissions, checkAccess, denialMessage, hasPermission, hasRole, hasTier, type AccessSubject } from './access.ts';
import { ROLES, type Role } from './roles.ts';
import { TIERS } from './tiers.ts';

const as = (role: string, tier = 'starter', permissions: string[] = []): AccessSubject => ({ role, tier, permissions });

describe('role check (ranking user < team_member < team_owner < admin < super_admin)', () => {
  it('passes when the role ranks at or above the required one, for every pair', () => {
    ROLES.forEach((own, ownRank) => {
      ROLES.forEach((required, requiredRank) => {
        expect(hasRole(as(own), required), `${own} vs ${required}`).toBe(ownRank >= requiredRank);
      });
    });
  });

  it('fails without a profile (loading or missing) and for an unknown role', () => {
    expect(hasRole(null, 'user')).toBe(false);
    expect(hasRole(undefined, 'user')).toBe(false);
    expect(hasRole(as('owner'), 'user')).toBe(false);
  });
});

describe('tier check (starter 0 < professional 1 < business 2 < enterprise 3)', () => {
  it('passes when the tier ranks at or above the required one, for every pair', () => {
    TIERS.forEach((own, ownRank) => {
      TIERS.forEach((required, requiredRank) => {
        expect(hasTier(as('user', own), required), `${own} vs ${required}`).toBe(ownRank >= requiredRank);
      });
    });
  });

  it('lets super_admin always pass, whatever its own tier', () => {
    for (const required of TIERS) expect(hasTier(as('super_admin', 'starter'), required)).toBe(true);
    // an admin gets no tier bypass
    expect(hasTier(as('admin', 'starter'), 'professional')).toBe(false);
  });

  it('never passes an unknown required tier (except for super_admin, who always passes)', () => {
    expect(hasTier(as('user', 'enterprise'), 'platinum')).toBe(false);
    expect(hasTier(as('admin', 'enterprise'), '')).toBe(false);
    expect(hasTier(as('super_admin'), 'platinum')).toBe(true);
  });

  it('treats an unknown own tier as starter', () => {
    expect(hasTier(as('user', 'gold'), 'starter')).toBe(true);
    expect(hasTier(as('user', 'gold'), 'professional')).toBe(false);
  });

  it('fails without a profile', () => {
    expect(hasTier(null, 'starter')).toBe(false);
  });
});

describe('permission check', () => {
  it('needs the named permission in the list', () => {
    expect(hasPermission(as('user', 'enterprise', ['manage_team']), 'manage_team')).toBe(true);
    expect(hasPermission(as('user', 'enterprise', []), 'manage_team')).toBe(false);
    expect(hasPermission(as('user', 'enterprise', ['manage_billing']), 'manage_team')).toBe(false);
    expect(hasPermission(as('admin', 'enterprise'), 'manage_team')).toBe(false);
  });

  it('lets super_admin always pass', () => {
    expect(hasPermission(as('super_admin'), 'manage_team')).toBe(true);
  });

  it('fails without a profile', () => {
    expect(hasPermission(null, 'manage_team')).toBe(false);
  });
});

describe('checkAccess in the guard order: role, then tier, then permission', () => {
  it('reports the first miss', () => {
    const need = { role: 'admin' as Role, tier: 'enterprise' as const, permission: 'manage_team' };
    expect(checkAccess(as('user', 'starter'), need)).toEqual({ kind: 'role', role: 'admin' });
    expect(checkAccess(as('admin', 'starter'), need)).toEqual({ kind: 'tier', tier: 'enterprise' });
    expect(checkAccess(as('admin', 'enterprise'), need)).toEqual({ kind: 'permission', permission: 'manage_team' });
    expect(checkAccess(as('admin', 'enterprise', ['manage_team']), need)).toBeNull();
    expect(checkAccess(as('super_admin'), need)).toBeNull();
    expect(checkAccess(as('user'), {})).toBeNull();
    expect(checkAccess(null, { tier: 'starter' })).toEqual({ kind: 'tier', tier: 'starter' });
  });

  it('needs enterprise and manage_team for team management (§6)', () => {
    const need = { tier: 'enterprise' as const, permission: 'manage_team' };
    expect(checkAccess(as('user', 'business', ['manage_team']), need)?.kind).toBe('tier');
    expect(checkAccess(as('user', 'enterprise'), need)?.kind).toBe('permission');
    expect(checkAccess(as('user', 'enterprise', ['manage_team']), need)).toBeNull();
  });
});

describe('the spec texts', () => {
  it('are copied exactly', () => {
    expect(ACCESS_TEXT.roleDenied('admin')).toBe("You don't have permission to access this page. Required role: admin");
    expect(ACCESS_TEXT.tierDenied('business', 'starter')).toBe(
      'This feature requires a business subscription or higher. Your current plan: starter',
    );
    expect(ACCESS_TEXT.tierDenied('business', null)).toBe('This feature requires a business subscription or higher. Your current plan: N/A');
    // the plan's article (issue 30: "a enterprise")
    expect(ACCESS_TEXT.tierDenied('enterprise', 'business')).toBe(
      'This feature requires an enterprise subscription or higher. Your current plan: business',
    );
    expect(ACCESS_TEXT.permissionDenied('manage_team')).toBe(
      "You don't have the required permission (manage_team) to access this feature.",
    );
    expect(ACCESS_TEXT.profileNotFound).toBe("We couldn't load your profile information. Please try logging out and back in.");
    expect(ACCESS_TEXT.lockedItem('Reports')).toBe(
      'The "Reports" feature requires a higher subscription tier or specific permissions.',
    );
    expect(denialMessage({ kind: 'tier', tier: 'professional' }, 'starter')).toBe(
      'This feature requires a professional subscription or higher. Your current plan: starter',
    );
    expect(denialMessage({ kind: 'role', role: 'super_admin' })).toBe(
      "You don't have permission to access this page. Required role: super_admin",
    );
    expect(denialMessage({ kind: 'permission', permission: 'manage_team' })).toBe(
      "You don't have the required permission (manage_team) to access this feature.",
    );
  });
});

describe('agency roles', () => {
  const base = { role: 'user', tier: 'enterprise', permissions: [] as string[] };
  it('lets only the listed roles of the current agency through (no agency role means owner)', () => {
    expect(checkAccess({ ...base }, { agencyRoles: ['owner'] })).toBeNull();
    expect(checkAccess({ ...base, agencyRole: 'admin' }, { agencyRoles: ['owner', 'admin'] })).toBeNull();
    expect(checkAccess({ ...base, agencyRole: 'team_member' }, { agencyRoles: ['owner', 'admin'] })).toEqual({
      kind: 'agencyRole',
      agencyRoles: ['owner', 'admin'],
    });
    expect(checkAccess(null, { agencyRoles: ['owner'] })).not.toBeNull();
  });

  it('scopes manage_team to the agency: the owner’s, used by admins, never carried into another agency', () => {
    expect(agencyScopedPermissions(['manage_team'], 'owner', [])).toEqual(['manage_team']);
    expect(agencyScopedPermissions([], 'admin', ['manage_team'])).toEqual(['manage_team']);
    expect(agencyScopedPermissions(['manage_team'], 'team_member', ['manage_team'])).toEqual([]);
    expect(agencyScopedPermissions(['manage_team'], 'admin', [])).toEqual([]);
  });
});
