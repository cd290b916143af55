// The routes of issue 5 (billing, client premium receipts, admin area), spread into the signed-in layout.
import { Outlet, type RouteObject } from 'react-router';
import { RequireAccess } from './guards.tsx';
import { page } from './lazy.ts';
import { AdminTwoFactorNotice } from '../features/admin/two-factor-notice.tsx';

const adminPage = (name: string) => page(() => import('../features/admin/admin-pages.tsx'), name as keyof typeof import('../features/admin/admin-pages.tsx'));

export const billingAndAdminRoutes: RouteObject[] = [
  {
    // a plan belongs to the agency's owner; a member working in someone else's agency is turned away
    element: (
      <RequireAccess need={{ agencyRoles: ['owner'] }}>
        <Outlet />
      </RequireAccess>
    ),
    children: [
      { path: '/dashboard/subscription/upgrade', lazy: page(() => import('../features/billing/upgrade-page.tsx'), 'UpgradePage') },
      { path: '/dashboard/subscription/history', lazy: page(() => import('../features/billing/history-page.tsx'), 'BillingHistoryPage') },
    ],
  },
  { path: '/payment-receipt', lazy: page(() => import('../features/premium-payments/payment-receipt-page.tsx'), 'PaymentReceiptPage') },
  {
    element: (
      <RequireAccess need={{ role: 'admin' }}>
        <AdminTwoFactorNotice />
        <Outlet />
      </RequireAccess>
    ),
    children: [
      { path: '/admin', lazy: adminPage('AdminDashboardPage') },
      { path: '/admin/users', lazy: page(() => import('../features/admin/users-page.tsx'), 'AdminUsersPage') },
      { path: '/admin/payment-verification', lazy: page(() => import('../features/admin/payment-verification-page.tsx'), 'PaymentVerificationPage') },
      { path: '/admin/messages', lazy: page(() => import('../features/admin/messages-page.tsx'), 'AdminMessagesPage') },
      // a plain admin reads the settings; saving them is a super admin's (checked again by the server)
      { path: '/admin/settings', lazy: page(() => import('../features/admin/settings-page.tsx'), 'AdminSettingsPage') },
    ],
  },
  {
    element: (
      <RequireAccess need={{ role: 'super_admin' }}>
        <AdminTwoFactorNotice />
        <Outlet />
      </RequireAccess>
    ),
    children: [
      { path: '/admin/analytics', lazy: page(() => import('../features/admin/analytics-page.tsx'), 'AdminAnalyticsPage') },
      { path: '/admin/security', lazy: page(() => import('../features/admin/security-page.tsx'), 'AdminSecurityPage') },
      { path: '/admin/cms', lazy: page(() => import('../features/admin/cms-page.tsx'), 'AdminCmsPage') },
      { path: '/admin/blog', lazy: page(() => import('../features/admin/blog-list-page.tsx'), 'AdminBlogPage') },
      { path: '/admin/blog/new', lazy: page(() => import('../features/admin/blog-editor-page.tsx'), 'BlogEditorPage') },
      { path: '/admin/blog/:id', lazy: page(() => import('../features/admin/blog-editor-page.tsx'), 'BlogEditorPage') },
      { path: '/admin/seo', lazy: page(() => import('../features/admin/seo-page.tsx'), 'AdminSeoPage') },
    ],
  },
];
