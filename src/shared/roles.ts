// Role ranking (spec: platform.md §6). team_member and team_owner exist in the ranking only.
export const ROLES = ['user', 'team_member', 'team_owner', 'admin', 'super_admin'] as const;
export type Role = (typeof ROLES)[number];

/** Roles an account can hold on the platform (profile.role). */
export const ACCOUNT_ROLES = ['user', 'admin', 'super_admin'] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

export const ROLE_RANK: Record<Role, number> = { user: 0, team_member: 1, team_owner: 2, admin: 3, super_admin: 4 };

export const ROLE_LABEL: Record<Role, string> = {
  user: 'User',
  team_member: 'Team Member',
  team_owner: 'Team Owner',
  admin: 'Admin',
  super_admin: 'Super Admin',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export const PERMISSIONS = ['manage_team'] as const;
export type Permission = (typeof PERMISSIONS)[number];
