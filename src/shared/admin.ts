// Admin area: user management, payment verification and the contact inbox (platform.md §2, §6, §8).
import { z } from 'zod';
import { sortSchema } from './lists.ts';
import { ACCOUNT_ROLES, PERMISSIONS, type AccountRole } from './roles.ts';
import { TIERS, type Tier } from './tiers.ts';
import { searchField } from './validation.ts';

export const ADMIN_TEXT = {
  permissionDenied: 'Permission denied',
  roleUpdated: 'User role updated.',
  tierUpdated: 'User tier updated.',
  userDeleted: 'User profile deleted.',
  roleFailed: 'Failed to update role.',
  tierFailed: 'Failed to update tier.',
  deleteFailed: 'Failed to delete user profile.',
  permissionGranted: 'Permission granted.',
  permissionRevoked: 'Permission revoked.',
  permissionFailed: 'Failed to update permissions.',
  cannotChangeOwnRole: 'You cannot change your own role.',
  cannotDeleteSelf: 'You cannot delete your own account.',
  cannotChangeOwnPlan: 'You cannot change your own plan.',
  cannotChangeOwnPermissions: 'You cannot change your own permissions.',
  superAdminOnly: 'Only a super admin can change a super admin.',
  roleAboveOwn: 'Only a super admin can grant the admin or super admin role.',
  targetOutranks: 'Only a super admin can change or delete an admin or super admin.',
  lastSuperAdmin: 'The last super admin cannot be removed or demoted.',
  nothingToUpdate: 'Choose a role or a tier to update.',
  invalidRole: 'Please choose a valid role.',
  invalidTier: 'Please choose a valid tier.',
  userNotFound: 'User not found',
} as const;

export const ADMIN_USERS_PAGE_SIZE = 25;

/**
 * Why the acting admin may not change this user's plan or permissions, or null when they may:
 * nobody changes their own, and only a super admin changes anything on a super admin. The server
 * enforces it; the users page uses it to disable the controls and say why.
 */
export function planOrPermissionBlock(
  actor: { id: string; role: string },
  target: { id: string; role: string },
  what: 'plan' | 'permissions',
): string | null {
  if (actor.id === target.id) return what === 'plan' ? ADMIN_TEXT.cannotChangeOwnPlan : ADMIN_TEXT.cannotChangeOwnPermissions;
  if (target.role === 'super_admin' && actor.role !== 'super_admin') return ADMIN_TEXT.superAdminOnly;
  return null;
}

export const adminUserUpdateSchema = z
  .object({
    role: z.enum(ACCOUNT_ROLES, { error: ADMIN_TEXT.invalidRole }).optional(),
    subscription_tier: z.enum(TIERS, { error: ADMIN_TEXT.invalidTier }).optional(),
  })
  .refine((v) => v.role !== undefined || v.subscription_tier !== undefined, { message: ADMIN_TEXT.nothingToUpdate });
export type AdminUserUpdate = z.input<typeof adminUserUpdateSchema>;

const pageNumber = z.coerce.number().int().min(1).max(100_000).catch(1);

export const ADMIN_USER_SORT_COLUMNS = ['created_at', 'name', 'email'] as const;

export const adminUserQuerySchema = z.object({
  page: pageNumber,
  search: searchField(),
  role: z.enum(['all', ...ACCOUNT_ROLES]).catch('all'),
  tier: z.enum(['all', ...TIERS]).catch('all'),
  sort: sortSchema(ADMIN_USER_SORT_COLUMNS, 'created_at.desc'),
});
export type AdminUserQuery = z.output<typeof adminUserQuerySchema>;

export const permissionNameSchema = z.enum(PERMISSIONS);

export interface AdminUserRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  company: string | null;
  role: AccountRole;
  subscription_tier: Tier;
  effective_tier: Tier;
  subscription_status: string;
  trial_ends_at: string | null;
  created_at: string;
  last_login_at: string | null;
  permissions: string[];
}

export interface Paged<T> {
  rows: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** The admin dashboard's cards (platform.md §2 Admin routes), each shown only with its role. */
export const ADMIN_CARDS = [
  { href: '/admin/users', title: 'User Management', description: 'Search users, change roles and plans, grant permissions.', role: 'admin' },
  { href: '/admin/payment-verification', title: 'Payment Verification', description: 'Review payment proofs and approve or reject upgrades.', role: 'admin' },
  { href: '/admin/messages', title: 'Contact Messages', description: 'Messages sent through the contact form.', role: 'admin' },
  { href: '/admin/analytics', title: 'System Analytics', description: 'Platform-wide usage and growth.', role: 'super_admin' },
  { href: '/admin/security', title: 'Security Settings', description: 'Authentication and access policies.', role: 'super_admin' },
  { href: '/admin/system', title: 'System', description: 'Background jobs: queued, running and failed, with Retry.', role: 'super_admin' },
  { href: '/admin/cms', title: 'CMS Pages', description: 'Edit the marketing site pages.', role: 'super_admin' },
  { href: '/admin/blog', title: 'Blog Management', description: 'Write and publish blog posts.', role: 'super_admin' },
  { href: '/admin/seo', title: 'SEO Tools', description: 'Titles, descriptions and sitemaps.', role: 'super_admin' },
] as const;

// ---------------------------------------------------------------- contact inbox

export interface ContactMessageRow {
  id: string;
  name: string;
  email: string;
  company: string | null;
  contact_reason: string;
  subject: string;
  message: string;
  read_at: string | null;
  created_at: string;
}

export const MESSAGES_TEXT = {
  markedRead: 'Message marked as read.',
  markedUnread: 'Message marked as unread.',
  loadFailed: 'Error loading messages',
  empty: 'No messages yet.',
} as const;
