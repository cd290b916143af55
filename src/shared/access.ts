// The access rules of platform.md §6, written once: the server enforces them, the web app shows them.
import { ROLE_RANK, isRole, type Role } from './roles.ts';
import { TIER_RANK, isTier, type Tier } from './tiers.ts';

export type AgencyRole = 'owner' | 'admin' | 'team_member';

export interface AccessSubject {
  role: string;
  /** The effective tier (a lapsed trial counts as starter). */
  tier: string;
  permissions: readonly string[];
  /** The subject's role in the agency it currently works in; absent means owner (a personal agency). */
  agencyRole?: AgencyRole;
}

/** Permissions that belong to an agency rather than to a person: held by its owner, used by its admins. */
export const AGENCY_PERMISSIONS: readonly string[] = ['manage_team'];

/**
 * The permissions that count inside an agency: the user's own, except agency permissions, which come
 * from the agency's owner for its owner and admins and never carry over into another agency.
 */
export function agencyScopedPermissions(own: readonly string[], agencyRole: AgencyRole, ownerPermissions: readonly string[]): string[] {
  const personal = own.filter((p) => !AGENCY_PERMISSIONS.includes(p));
  if (agencyRole === 'team_member') return personal;
  const fromAgency = (agencyRole === 'owner' ? own : ownerPermissions).filter((p) => AGENCY_PERMISSIONS.includes(p));
  return [...personal, ...fromAgency];
}

/** Passes when the subject's role ranks at or above the required one. No subject: fails. */
export function hasRole(subject: AccessSubject | null | undefined, required: Role): boolean {
  if (!subject || !isRole(subject.role)) return false;
  return ROLE_RANK[subject.role] >= ROLE_RANK[required];
}

/** super_admin always passes; an unknown required tier never passes. */
export function hasTier(subject: AccessSubject | null | undefined, required: string): boolean {
  if (!subject) return false;
  if (subject.role === 'super_admin') return true;
  if (!isTier(required)) return false;
  const own: Tier = isTier(subject.tier) ? subject.tier : 'starter';
  return TIER_RANK[own] >= TIER_RANK[required];
}

/** super_admin always passes; otherwise the permission must be granted. */
export function hasPermission(subject: AccessSubject | null | undefined, permission: string): boolean {
  if (!subject) return false;
  if (subject.role === 'super_admin') return true;
  return subject.permissions.includes(permission);
}

export interface Requirement {
  role?: Role;
  tier?: Tier;
  permission?: string;
  /** roles inside the current agency that may use it (billing and plans: the owner only) */
  agencyRoles?: readonly AgencyRole[];
}

export type AccessDenial =
  | { kind: 'role'; role: Role }
  | { kind: 'agencyRole'; agencyRoles: readonly AgencyRole[] }
  | { kind: 'tier'; tier: Tier }
  | { kind: 'permission'; permission: string };

/** The subject's role in its current agency is one of those allowed (no subject: fails). */
export function hasAgencyRole(subject: AccessSubject | null | undefined, allowed: readonly AgencyRole[]): boolean {
  if (!subject) return false;
  return allowed.includes(subject.agencyRole ?? 'owner');
}

/** Checks in the spec's guard order: role, then tier, then permission. */
export function checkAccess(subject: AccessSubject | null | undefined, need: Requirement): AccessDenial | null {
  if (need.role && !hasRole(subject, need.role)) return { kind: 'role', role: need.role };
  if (need.agencyRoles && !hasAgencyRole(subject, need.agencyRoles)) return { kind: 'agencyRole', agencyRoles: need.agencyRoles };
  if (need.tier && !hasTier(subject, need.tier)) return { kind: 'tier', tier: need.tier };
  if (need.permission && !hasPermission(subject, need.permission)) return { kind: 'permission', permission: need.permission };
  return null;
}

export const ACCESS_TEXT = {
  roleDenied: (role: string) => `You don't have permission to access this page. Required role: ${role}`,
  // the spec's text, with the article the plan's name takes ("an enterprise", issue 30)
  tierDenied: (tier: string, current: string | null | undefined) =>
    `This feature requires ${/^[aeiou]/i.test(tier) ? 'an' : 'a'} ${tier} subscription or higher. Your current plan: ${current || 'N/A'}`,
  permissionDenied: (permission: string) =>
    `You don't have the required permission (${permission}) to access this feature.`,
  profileNotFound: "We couldn't load your profile information. Please try logging out and back in.",
  agencyRoleDenied: (roles: readonly string[]) =>
    `Only the agency's ${roles.map((r) => (r === 'owner' ? 'owner' : r === 'admin' ? 'admins' : 'team members')).join(' and ')} can use this page. Switch to your own agency from the account menu to manage your own account.`,
  lockedItem: (item: string) => `The "${item}" feature requires a higher subscription tier or specific permissions.`,
} as const;

export function denialMessage(denial: AccessDenial, currentTier?: string | null): string {
  switch (denial.kind) {
    case 'role':
      return ACCESS_TEXT.roleDenied(denial.role);
    case 'agencyRole':
      return ACCESS_TEXT.agencyRoleDenied(denial.agencyRoles);
    case 'tier':
      return ACCESS_TEXT.tierDenied(denial.tier, currentTier);
    case 'permission':
      return ACCESS_TEXT.permissionDenied(denial.permission);
  }
}

