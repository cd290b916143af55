// The signed-in sidebar as data and the breadcrumb rules (spec: platform.md §2, §6; agency.md §2).
import { checkAccess, type AccessSubject, type Requirement } from './access.ts';
import { canManageFeature, featureNeed, type Feature } from './features.ts';

export type NavIcon =
  | 'dashboard'
  | 'customers'
  | 'policies'
  | 'upgrade'
  | 'billing'
  | 'settings'
  | 'renewals'
  | 'reports'
  | 'export'
  | 'documents'
  | 'analytics'
  | 'bulk'
  | 'crm'
  | 'team'
  | 'api'
  | 'whiteLabel'
  | 'admin'
  | 'users'
  | 'payments'
  | 'security'
  | 'cms'
  | 'blog'
  | 'seo'
  | 'messages'
  | 'system'
  | 'commissions';

export interface NavItem {
  name: string;
  href: string;
  icon: NavIcon;
  /** minimum tier, optional permission, or the role an admin item needs */
  need: Requirement;
  /** the feature a main-section item opens (its need is that feature's) */
  feature?: Feature;
}

/** A sidebar entry of the main section: its requirement is its feature's, from the feature map. */
function featureItem(name: string, href: string, icon: NavIcon, feature: Feature): NavItem {
  return { name, href, icon, feature, need: featureNeed(feature) };
}

/** Every item of the dashboard sidebar; what each needs comes from src/shared/features.ts. */
export const SIDEBAR_ITEMS: readonly NavItem[] = [
  featureItem('Dashboard', '/dashboard', 'dashboard', 'dashboard'),
  featureItem('Customers', '/dashboard/customers', 'customers', 'customers'),
  featureItem('Policies', '/dashboard/policies', 'policies', 'policies'),
  featureItem('Upgrade', '/dashboard/subscription/upgrade', 'upgrade', 'subscription'),
  featureItem('Billing History', '/dashboard/subscription/history', 'billing', 'subscription'),
  featureItem('Settings', '/dashboard/settings', 'settings', 'settings'),
  featureItem('Renewals', '/dashboard/renewals', 'renewals', 'renewals'),
  featureItem('Reports', '/dashboard/reports', 'reports', 'reports'),
  featureItem('Commissions', '/dashboard/commissions', 'commissions', 'commissions'),
  featureItem('Export', '/dashboard/export', 'export', 'export'),
  featureItem('Documents', '/dashboard/documents', 'documents', 'documents'),
  featureItem('Analytics', '/dashboard/analytics', 'analytics', 'analytics'),
  featureItem('Bulk Actions', '/dashboard/bulk-actions', 'bulk', 'bulk-actions'),
  featureItem('CRM', '/dashboard/crm', 'crm', 'crm'),
  featureItem('Team Management', '/dashboard/team-management', 'team', 'team-management'),
  featureItem('API Settings', '/dashboard/api-settings', 'api', 'api'),
  featureItem('White Label', '/dashboard/white-label', 'whiteLabel', 'white-label'),
];

/** The Admin section: shown only to admins; super_admin items are locked for a plain admin. */
export const ADMIN_ITEMS: readonly NavItem[] = [
  { name: 'Admin Dashboard', href: '/admin', icon: 'admin', need: { role: 'admin' } },
  { name: 'User Management', href: '/admin/users', icon: 'users', need: { role: 'admin' } },
  { name: 'Payment Verification', href: '/admin/payment-verification', icon: 'payments', need: { role: 'admin' } },
  { name: 'Contact Messages', href: '/admin/messages', icon: 'messages', need: { role: 'admin' } },
  // every admin reads the payment instructions here; only a super admin saves them
  { name: 'Admin Settings', href: '/admin/settings', icon: 'settings', need: { role: 'admin' } },
  { name: 'System Analytics', href: '/admin/analytics', icon: 'analytics', need: { role: 'super_admin' } },
  { name: 'Security Settings', href: '/admin/security', icon: 'security', need: { role: 'super_admin' } },
  { name: 'System', href: '/admin/system', icon: 'system', need: { role: 'super_admin' } },
  { name: 'CMS Pages', href: '/admin/cms', icon: 'cms', need: { role: 'super_admin' } },
  { name: 'Blog', href: '/admin/blog', icon: 'blog', need: { role: 'super_admin' } },
  { name: 'SEO Tools', href: '/admin/seo', icon: 'seo', need: { role: 'super_admin' } },
];

export interface SidebarEntry extends NavItem {
  locked: boolean;
  /** open, but the subject may only read it (a team member on the agency's integrations and brand) */
  viewOnly: boolean;
}

export interface SidebarModel {
  main: SidebarEntry[];
  /** null when the Admin section is hidden (the subject is not an admin) */
  admin: SidebarEntry[] | null;
}

/** Which items a subject sees and which of them are locked. */
export function sidebarFor(subject: AccessSubject | null | undefined): SidebarModel {
  const mark = (item: NavItem): SidebarEntry => {
    const locked = checkAccess(subject, item.need) !== null;
    return { ...item, locked, viewOnly: !locked && item.feature !== undefined && !canManageFeature(subject, item.feature) };
  };
  const isAdmin = checkAccess(subject, { role: 'admin' }) === null;
  return { main: SIDEBAR_ITEMS.map(mark), admin: isAdmin ? ADMIN_ITEMS.map(mark) : null };
}

export interface Crumb {
  label: string;
  href: string;
}

/** A 36-character id segment: hexadecimal characters or hyphens. */
export const ID_SEGMENT = /^[0-9a-fA-F-]{36}$/;

const BREADCRUMB_ROOTS = new Set(['dashboard', 'admin', 'profile']);

/** Readable labels for segments whose plain capitalisation reads badly. */
const SEGMENT_LABELS: Record<string, string> = {
  crm: 'CRM',
  'api-settings': 'API Settings',
  seo: 'SEO',
  cms: 'CMS',
};

/** Capitalised; words joined by hyphens are shown as separate capitalised words. */
export function segmentLabel(segment: string): string {
  if (segment === 'new') return 'New';
  if (segment === 'edit') return 'Edit';
  if (ID_SEGMENT.test(segment)) return 'Details';
  const known = SEGMENT_LABELS[segment.toLowerCase()];
  if (known) return known;
  return segment
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * Breadcrumbs for paths beginning dashboard, admin or profile (none for other paths):
 * root Dashboard at /dashboard; new → New, edit → Edit; a 36-character id → Details and the
 * segment after an id is skipped; others capitalised. /admin/policies/{id}/edit gives none.
 */
export function breadcrumbsFor(pathname: string): Crumb[] {
  const segments = pathname.split('/').filter(Boolean).map(safeDecode);
  if (segments.length === 0 || !BREADCRUMB_ROOTS.has(segments[0])) return [];
  if (segments.length === 4 && segments[0] === 'admin' && segments[1] === 'policies' && ID_SEGMENT.test(segments[2]) && segments[3] === 'edit')
    return [];
  const crumbs: Crumb[] = [{ label: 'Dashboard', href: '/dashboard' }];
  let href = '';
  let afterId = false;
  segments.forEach((segment, index) => {
    href += `/${encodeURIComponent(segment)}`;
    if (index === 0 && segment === 'dashboard') return;
    if (afterId) {
      afterId = false;
      return;
    }
    crumbs.push({ label: segmentLabel(segment), href });
    if (ID_SEGMENT.test(segment)) afterId = true;
  });
  return crumbs;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
