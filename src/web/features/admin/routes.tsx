// The routes of issue 5 (billing, client premium receipts, admin area), spread into the signed-in layout.
import { Outlet, type RouteObject } from 'react-router';
import { RequireAccess } from '../../app/guards.tsx';
import { page } from '../../app/lazy.ts';

const adminPage = (name: string) => page(() => import('./admin-pages.tsx'), name as keyof typeof import('./admin-pages.tsx'));

export const billingAndAdminRoutes: RouteObject[] = [
  {
    // a plan belongs to the agency's owner; a member working in someone else's agency is turned away
    element: (
      <RequireAccess need={{ agencyRoles: ['owner'] }}>
        <Outlet />
      </RequireAccess>
    ),
    children: [
      { path: '/dashboard/subscription/upgrade', lazy: page(() => import('../billing/upgrade-page.tsx'), 'UpgradePage') },
      { path: '/dashboard/subscription/history', lazy: page(() => import('../billing/history-page.tsx'), 'BillingHistoryPage') },
    ],
  },
  { path: '/payment-receipt', lazy: page(() => import('../premium-payments/payment-receipt-page.tsx'), 'PaymentReceiptPage') },
  {
    element: (
      <RequireAccess need={{ role: 'admin' }}>
        <Outlet />
      </RequireAccess>
    ),
    children: [
      { path: '/admin', lazy: adminPage('AdminDashboardPage') },
      { path: '/admin/users', lazy: page(() => import('./users-page.tsx'), 'AdminUsersPage') },
      { path: '/admin/payment-verification', lazy: page(() => import('./payment-verification-page.tsx'), 'PaymentVerificationPage') },
      { path: '/admin/messages', lazy: page(() => import('./messages-page.tsx'), 'AdminMessagesPage') },
      // a plain admin reads the settings; saving them is a super admin's (checked again by the server)
      { path: '/admin/settings', lazy: page(() => import('./settings-page.tsx'), 'AdminSettingsPage') },
    ],
  },
  {
    element: (
      <RequireAccess need={{ role: 'super_admin' }}>
        <Outlet />
      </RequireAccess>
    ),
    children: [
      { path: '/admin/analytics', lazy: adminPage('AdminAnalyticsPage') },
      { path: '/admin/security', lazy: adminPage('AdminSecurityPage') },
      { path: '/admin/cms', lazy: page(() => import('./cms-page.tsx'), 'AdminCmsPage') },
      { path: '/admin/blog', lazy: page(() => import('./blog-list-page.tsx'), 'AdminBlogPage') },
      { path: '/admin/blog/new', lazy: page(() => import('./blog-editor-page.tsx'), 'BlogEditorPage') },
      { path: '/admin/blog/:id', lazy: page(() => import('./blog-editor-page.tsx'), 'BlogEditorPage') },
      { path: '/admin/seo', lazy: page(() => import('./seo-page.tsx'), 'AdminSeoPage') },
    ],
  },
];
