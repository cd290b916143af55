import { describe, expect, it } from 'vitest';
import { ADMIN_ITEMS, breadcrumbsFor, segmentLabel, SIDEBAR_ITEMS, sidebarFor } from './navigation.ts';

const ID = '0b6f6f2e-8f1c-4c3a-9a51-3c2d7e9b1a20';

describe('breadcrumbsFor', () => {
  it('gives the root Dashboard at /dashboard', () => {
    expect(breadcrumbsFor('/dashboard')).toEqual([{ label: 'Dashboard', href: '/dashboard' }]);
    expect(breadcrumbsFor('/dashboard/')).toEqual([{ label: 'Dashboard', href: '/dashboard' }]);
  });

  it('capitalises other segments and links each to its path', () => {
    expect(breadcrumbsFor('/dashboard/policies')).toEqual([
      { label: 'Dashboard', href: '/dashboard' },
      { label: 'Policies', href: '/dashboard/policies' },
    ]);
    expect(breadcrumbsFor('/dashboard/subscription/history')).toEqual([
      { label: 'Dashboard', href: '/dashboard' },
      { label: 'Subscription', href: '/dashboard/subscription' },
      { label: 'History', href: '/dashboard/subscription/history' },
    ]);
  });

  it('shows new as New and edit as Edit', () => {
    expect(breadcrumbsFor('/dashboard/customers/new').map((c) => c.label)).toEqual(['Dashboard', 'Customers', 'New']);
    expect(breadcrumbsFor('/dashboard/settings/edit').map((c) => c.label)).toEqual(['Dashboard', 'Settings', 'Edit']);
  });

  it('shows a 36-character id as Details', () => {
    expect(breadcrumbsFor(`/dashboard/policies/${ID}`)).toEqual([
      { label: 'Dashboard', href: '/dashboard' },
      { label: 'Policies', href: '/dashboard/policies' },
      { label: 'Details', href: `/dashboard/policies/${ID}` },
    ]);
    // hexadecimal characters or hyphens, exactly 36 of them
    expect(breadcrumbsFor(`/dashboard/policies/${'a'.repeat(36)}`).at(-1)?.label).toBe('Details');
    expect(breadcrumbsFor(`/dashboard/policies/${'-'.repeat(36)}`).at(-1)?.label).toBe('Details');
    expect(breadcrumbsFor(`/dashboard/policies/${ID.toUpperCase()}`).at(-1)?.label).toBe('Details');
    expect(breadcrumbsFor(`/dashboard/policies/${'a'.repeat(35)}`).at(-1)?.label).toBe('A'.concat('a'.repeat(34)));
    expect(breadcrumbsFor(`/dashboard/policies/${'g'.repeat(36)}`).at(-1)?.label).not.toBe('Details');
  });

  it('skips the segment after an id', () => {
    expect(breadcrumbsFor(`/dashboard/policies/${ID}/edit`)).toEqual([
      { label: 'Dashboard', href: '/dashboard' },
      { label: 'Policies', href: '/dashboard/policies' },
      { label: 'Details', href: `/dashboard/policies/${ID}` },
    ]);
    // only the one segment after the id is skipped
    expect(breadcrumbsFor(`/dashboard/customers/${ID}/communications/new`).map((c) => c.label)).toEqual([
      'Dashboard',
      'Customers',
      'Details',
      'New',
    ]);
  });

  it('covers admin and profile paths under the Dashboard root', () => {
    expect(breadcrumbsFor('/admin/users')).toEqual([
      { label: 'Dashboard', href: '/dashboard' },
      { label: 'Admin', href: '/admin' },
      { label: 'Users', href: '/admin/users' },
    ]);
    expect(breadcrumbsFor('/profile')).toEqual([
      { label: 'Dashboard', href: '/dashboard' },
      { label: 'Profile', href: '/profile' },
    ]);
    expect(breadcrumbsFor(`/admin/users/${ID}`).map((c) => c.label)).toEqual(['Dashboard', 'Admin', 'Users', 'Details']);
  });

  it('gives no breadcrumbs on /admin/policies/{id}/edit', () => {
    expect(breadcrumbsFor(`/admin/policies/${ID}/edit`)).toEqual([]);
    // the exception is that one path, not its neighbours
    expect(breadcrumbsFor(`/admin/policies/${ID}`).map((c) => c.label)).toEqual(['Dashboard', 'Admin', 'Policies', 'Details']);
  });

  it('gives none for paths that do not begin dashboard, admin or profile', () => {
    expect(breadcrumbsFor('/')).toEqual([]);
    expect(breadcrumbsFor('/pricing')).toEqual([]);
    expect(breadcrumbsFor('/payment-receipt')).toEqual([]);
    expect(breadcrumbsFor('/features/analytics')).toEqual([]);
    expect(breadcrumbsFor('/dashboards')).toEqual([]);
    expect(breadcrumbsFor('/accept-invitation/abc')).toEqual([]);
  });
});

describe('segmentLabel', () => {
  it('capitalises, splitting hyphenated words, with readable acronyms', () => {
    expect(segmentLabel('renewals')).toBe('Renewals');
    expect(segmentLabel('bulk-actions')).toBe('Bulk Actions');
    expect(segmentLabel('team-management')).toBe('Team Management');
    expect(segmentLabel('payment-verification')).toBe('Payment Verification');
    expect(segmentLabel('crm')).toBe('CRM');
    expect(segmentLabel('api-settings')).toBe('API Settings');
    expect(segmentLabel('white-label')).toBe('White Label');
  });
});

describe('sidebar', () => {
  const subject = (tier: string, role = 'user', permissions: string[] = []) => ({ tier, role, permissions });
  const locked = (tier: string, role = 'user', permissions: string[] = []) =>
    sidebarFor(subject(tier, role, permissions))
      .main.filter((i) => i.locked)
      .map((i) => i.href);

  it('lists every item of the spec with its minimum tier', () => {
    const byHref = Object.fromEntries(SIDEBAR_ITEMS.map((i) => [i.href, i.need]));
    expect(byHref).toEqual({
      '/dashboard': { tier: 'starter' },
      '/dashboard/customers': { tier: 'starter' },
      '/dashboard/policies': { tier: 'starter' },
      '/dashboard/subscription/upgrade': { tier: 'starter', agencyRoles: ['owner'] },
      '/dashboard/subscription/history': { tier: 'starter', agencyRoles: ['owner'] },
      '/dashboard/settings': { tier: 'starter' },
      '/dashboard/renewals': { tier: 'professional' },
      '/dashboard/reports': { tier: 'professional' },
      '/dashboard/commissions': { tier: 'professional' },
      '/dashboard/export': { tier: 'professional' },
      '/dashboard/documents': { tier: 'business' },
      '/dashboard/analytics': { tier: 'business' },
      '/dashboard/bulk-actions': { tier: 'business' },
      '/dashboard/crm': { tier: 'business' },
      '/dashboard/team-management': { tier: 'enterprise', permission: 'manage_team', agencyRoles: ['owner', 'admin'] },
      // API Settings opens at Business for its read-only keys (platform.md §9's "limited API access",
      // issue 30); writing and webhooks stay Enterprise's (the feature map's 'api-write')
      '/dashboard/api-settings': { tier: 'business' },
      '/dashboard/white-label': { tier: 'enterprise' },
    });
  });

  it("locks billing and team pages for a member working in someone else's agency, and team pages only for an admin", () => {
    const lockedFor = (agencyRole: 'admin' | 'team_member', permissions: string[]) =>
      sidebarFor({ role: 'user', tier: 'enterprise', permissions, agencyRole })
        .main.filter((i) => i.locked)
        .map((i) => i.href);
    expect(lockedFor('team_member', [])).toEqual([
      '/dashboard/subscription/upgrade',
      '/dashboard/subscription/history',
      '/dashboard/team-management',
    ]);
    expect(lockedFor('admin', ['manage_team'])).toEqual(['/dashboard/subscription/upgrade', '/dashboard/subscription/history']);
  });

  it("gives a team member every page as open, view only or locked, and says which up front (issue 30 §3)", () => {
    const view = (tier: string, agencyRole: 'owner' | 'admin' | 'team_member', permissions: string[] = []) =>
      Object.fromEntries(
        sidebarFor({ role: 'user', tier, permissions, agencyRole }).main.map((i) => [i.href, i.locked ? 'locked' : i.viewOnly ? 'view only' : 'open']),
      );
    const open = (hrefs: string[]) => Object.fromEntries(hrefs.map((h) => [h, 'open']));
    const everyday = [
      '/dashboard',
      '/dashboard/customers',
      '/dashboard/policies',
      '/dashboard/settings',
      '/dashboard/renewals',
      '/dashboard/reports',
      '/dashboard/commissions',
      '/dashboard/export',
      '/dashboard/documents',
      '/dashboard/analytics',
      '/dashboard/bulk-actions',
      '/dashboard/crm',
    ];
    expect(view('enterprise', 'team_member')).toEqual({
      ...open(everyday),
      '/dashboard/subscription/upgrade': 'locked',
      '/dashboard/subscription/history': 'locked',
      '/dashboard/team-management': 'locked',
      '/dashboard/api-settings': 'view only',
      '/dashboard/white-label': 'view only',
    });
    expect(view('business', 'team_member')).toEqual({
      ...open(everyday),
      '/dashboard/subscription/upgrade': 'locked',
      '/dashboard/subscription/history': 'locked',
      '/dashboard/team-management': 'locked',
      '/dashboard/api-settings': 'view only',
      '/dashboard/white-label': 'locked',
    });
    // the agency's admin and owner manage what they open
    expect(Object.values(view('enterprise', 'admin', ['manage_team'])).filter((v) => v === 'view only')).toEqual([]);
    expect(Object.values(view('business', 'owner')).filter((v) => v === 'view only')).toEqual([]);
  });

  it('locks what the tier does not include', () => {
    expect(locked('starter')).toEqual([
      '/dashboard/renewals',
      '/dashboard/reports',
      '/dashboard/commissions',
      '/dashboard/export',
      '/dashboard/documents',
      '/dashboard/analytics',
      '/dashboard/bulk-actions',
      '/dashboard/crm',
      '/dashboard/team-management',
      '/dashboard/api-settings',
      '/dashboard/white-label',
    ]);
    expect(locked('professional')).toEqual([
      '/dashboard/documents',
      '/dashboard/analytics',
      '/dashboard/bulk-actions',
      '/dashboard/crm',
      '/dashboard/team-management',
      '/dashboard/api-settings',
      '/dashboard/white-label',
    ]);
    expect(locked('business')).toEqual(['/dashboard/team-management', '/dashboard/white-label']);
    // enterprise without manage_team: team management stays locked
    expect(locked('enterprise')).toEqual(['/dashboard/team-management']);
    expect(locked('enterprise', 'user', ['manage_team'])).toEqual([]);
    expect(locked('starter', 'super_admin')).toEqual([]);
  });

  it('shows the Admin section only to admins, locking super_admin items for a plain admin', () => {
    expect(sidebarFor(subject('enterprise', 'user', ['manage_team'])).admin).toBeNull();
    expect(sidebarFor(subject('starter', 'team_owner')).admin).toBeNull();
    const admin = sidebarFor(subject('starter', 'admin')).admin;
    expect(admin?.map((i) => i.href)).toEqual(ADMIN_ITEMS.map((i) => i.href));
    expect(admin?.filter((i) => i.locked).map((i) => i.href)).toEqual([
      '/admin/analytics',
      '/admin/security',
      '/admin/system',
      '/admin/cms',
      '/admin/blog',
      '/admin/seo',
    ]);
    expect(sidebarFor(subject('starter', 'super_admin')).admin?.every((i) => !i.locked)).toBe(true);
  });

  it('locks everything and hides Admin without a subject (loading or no profile)', () => {
    const model = sidebarFor(null);
    expect(model.main.every((i) => i.locked)).toBe(true);
    expect(model.admin).toBeNull();
  });
});
