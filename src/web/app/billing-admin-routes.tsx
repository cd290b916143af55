// The routes of issue 5 (billing, client premium receipts, admin area), spread into the signed-in layout.
// The guarded layouts are lazily loaded (access-layouts.tsx), so the guards stay out of the entry chunk.
import type { RouteObject } from 'react-router';
import { page } from './lazy.ts';

const adminPage = (name: string) => page(() => import('../features/admin/admin-pages.tsx'), name as keyof typeof import('../features/admin/admin-pages.tsx'));

// one component for both routes, so saving a new post (→ /admin/blog/:id) keeps the editor mounted
const blogEditor = page(() => import('../features/admin/blog-editor-page.tsx'), 'BlogEditorPage');

export const billingAndAdminRoutes: RouteObject[] = [
  {
    // a plan belongs to the agency's owner; a member working in someone else's agency is turned away
    ...page(() => import('./access-layouts.tsx'), 'OwnerOnlyLayout'),
    children: [
      { path: '/dashboard/subscription/upgrade', ...page(() => import('../features/billing/upgrade-page.tsx'), 'UpgradePage') },
      { path: '/dashboard/subscription/history', ...page(() => import('../features/billing/history-page.tsx'), 'BillingHistoryPage') },
    ],
  },
  { path: '/payment-receipt', ...page(() => import('../features/premium-payments/payment-receipt-page.tsx'), 'PaymentReceiptPage') },
  {
    ...page(() => import('./access-layouts.tsx'), 'AdminLayout'),
    children: [
      { path: '/admin', ...adminPage('AdminDashboardPage') },
      { path: '/admin/users', ...page(() => import('../features/admin/users-page.tsx'), 'AdminUsersPage') },
      { path: '/admin/payment-verification', ...page(() => import('../features/admin/payment-verification-page.tsx'), 'PaymentVerificationPage') },
      { path: '/admin/messages', ...page(() => import('../features/admin/messages-page.tsx'), 'AdminMessagesPage') },
      // a plain admin reads the settings; saving them is a super admin's (checked again by the server)
      { path: '/admin/settings', ...page(() => import('../features/admin/settings-page.tsx'), 'AdminSettingsPage') },
    ],
  },
  {
    ...page(() => import('./access-layouts.tsx'), 'SuperAdminLayout'),
    children: [
      { path: '/admin/analytics', ...page(() => import('../features/admin/analytics-page.tsx'), 'AdminAnalyticsPage') },
      { path: '/admin/security', ...page(() => import('../features/admin/security-page.tsx'), 'AdminSecurityPage') },
      { path: '/admin/system', ...page(() => import('../features/admin/system-page.tsx'), 'AdminSystemPage') },
      { path: '/admin/cms', ...page(() => import('../features/admin/cms-page.tsx'), 'AdminCmsPage') },
      { path: '/admin/blog', ...page(() => import('../features/admin/blog-list-page.tsx'), 'AdminBlogPage') },
      { path: '/admin/blog/new', ...blogEditor },
      { path: '/admin/blog/:id', ...blogEditor },
      { path: '/admin/seo', ...page(() => import('../features/admin/seo-page.tsx'), 'AdminSeoPage') },
    ],
  },
];
