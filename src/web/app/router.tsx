import { Outlet, redirect, type RouteObject } from 'react-router';
import { CMS_PAGES } from '#shared/content-pages.ts';
import { RequireAccess } from './guards.tsx';
import { gated } from './gated.tsx';
import { page } from './lazy.ts';
import { crmRoutes } from './crm-routes.tsx';
import { billingAndAdminRoutes } from './billing-admin-routes.tsx';
import { PublicLayout } from './public-layout.tsx';
import { RootLayout } from './root-layout.tsx';

/** Every route; main.tsx makes the browser router, the build's pre-render (prerender.tsx) a static one. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: '/', lazy: page(() => import('../features/public/home-page.tsx'), 'HomePage') },
          { path: '/pricing', lazy: page(() => import('../features/public/pricing-page.tsx'), 'PricingPage') },
          { path: '/features', lazy: page(() => import('../features/public/features-pages.tsx'), 'FeaturesPage') },
          { path: '/features/:slug', lazy: page(() => import('../features/public/features-pages.tsx'), 'FeatureDetailPage') },
          { path: '/contact', lazy: page(() => import('../features/public/contact-page.tsx'), 'ContactPage') },
          ...CMS_PAGES.map(({ path }) => ({
            path,
            lazy: page(() => import('../features/public/cms-public-page.tsx'), 'CmsPublicPage'),
          })),
          { path: '/blog', lazy: page(() => import('../features/public/blog-pages.tsx'), 'BlogListPage') },
          { path: '/blog/:slug', lazy: page(() => import('../features/public/blog-pages.tsx'), 'BlogPostPage') },
          // unknown paths: inside the public layout, which hides its header and footer under /dashboard, /admin, /profile
          { path: '*', lazy: page(() => import('../features/public/not-found-page.tsx'), 'NotFoundPage') },
          { path: '/login', lazy: page(() => import('../features/auth/login-page.tsx'), 'LoginPage') },
          { path: '/register', lazy: page(() => import('../features/auth/register-page.tsx'), 'RegisterPage') },
          { path: '/confirm-email', lazy: page(() => import('../features/auth/confirm-email-page.tsx'), 'ConfirmEmailPage') },
          { path: '/forgot-password', lazy: page(() => import('../features/auth/forgot-password-page.tsx'), 'ForgotPasswordPage') },
          { path: '/reset-password', lazy: page(() => import('../features/auth/reset-password-page.tsx'), 'ResetPasswordPage') },
          { path: '/accept-invitation/:token', lazy: page(() => import('../features/team/accept-invitation-page.tsx'), 'AcceptInvitationPage') },
        ],
      },
      {
        lazy: page(() => import('./signed-in-shell.tsx'), 'SignedInShell'),
        children: [
          { path: '/dashboard', lazy: page(() => import('../features/dashboard/dashboard-page.tsx'), 'DashboardPage') },
          { path: '/profile', lazy: page(() => import('../features/profile/profile-page.tsx'), 'ProfilePage') },
          { path: '/dashboard/policies', lazy: page(() => import('../features/policies/policies-page.tsx'), 'PoliciesPage') },
          { path: '/dashboard/policies/new', lazy: page(() => import('../features/policies/policy-edit-pages.tsx'), 'NewPolicyPage') },
          { path: '/dashboard/policies/:id', lazy: page(() => import('../features/policies/policy-details-page.tsx'), 'PolicyDetailsPage') },
          { path: '/dashboard/policies/:id/edit', lazy: page(() => import('../features/policies/policy-edit-pages.tsx'), 'EditPolicyPage') },
          { path: '/dashboard/customers', lazy: page(() => import('../features/customers/customers-page.tsx'), 'CustomersPage') },
          { path: '/dashboard/customers/new', lazy: page(() => import('../features/customers/customer-form.tsx'), 'NewCustomerPage') },
          { path: '/dashboard/customers/:id', lazy: page(() => import('../features/customers/customer-profile-page.tsx'), 'CustomerProfilePage') },
          { path: '/dashboard/customers/:id/edit', lazy: page(() => import('../features/customers/customer-form.tsx'), 'EditCustomerPage') },
          { path: '/dashboard/renewals', lazy: page(() => import('../features/renewals/renewals-page.tsx'), 'RenewalsPage') },
          { path: '/dashboard/policies/:id/renew', lazy: page(() => import('../features/renewals/renew-page.tsx'), 'RenewPolicyPage') },
          { path: '/dashboard/activity', lazy: page(() => import('../features/activity/activity-page.tsx'), 'ActivityPage') },
          { path: '/dashboard/analytics', lazy: gated('analytics', () => import('../features/analytics/analytics-page.tsx'), 'AnalyticsPage') },
          { path: '/dashboard/export', lazy: gated('export', () => import('../features/export/export-page.tsx'), 'ExportPage') },
          { path: '/dashboard/reports', lazy: gated('reports', () => import('../features/reports/reports-page.tsx'), 'ReportsPage') },
          { path: '/dashboard/api-settings/webhooks', lazy: gated('api', () => import('../features/webhooks/webhooks-page.tsx'), 'WebhooksPage') },
          { path: '/dashboard/documents', lazy: gated('documents', () => import('../features/documents/documents-page.tsx'), 'DocumentsPage') },
          { path: '/dashboard/crm/pipeline', lazy: page(() => import('../features/pipeline/pipeline-page.tsx'), 'PipelinePage') },
          // the breadcrumb of an opportunity links here: the pipeline's list view
          { path: '/dashboard/crm/opportunities', loader: () => redirect('/dashboard/crm/pipeline?view=list') },
          { path: '/dashboard/crm/opportunities/:id', lazy: page(() => import('../features/pipeline/opportunity-page.tsx'), 'OpportunityPage') },
          { path: '/dashboard/bulk-actions', lazy: gated('bulk-actions', () => import('../features/bulk-actions/bulk-actions-page.tsx'), 'BulkActionsPage') },
          { path: '/dashboard/bulk-actions/:id', lazy: gated('bulk-actions', () => import('../features/bulk-actions/bulk-action-page.tsx'), 'BulkActionPage') },
          { path: '/dashboard/white-label', lazy: gated('white-label', () => import('../features/branding/white-label-page.tsx'), 'WhiteLabelPage') },
          { path: '/dashboard/settings', lazy: page(() => import('#web/features/settings/settings-page.tsx'), 'SettingsPage') },
          { path: '/dashboard/api-settings', lazy: gated('api', () => import('../features/api-settings/api-keys-page.tsx'), 'ApiKeysPage') },
          { path: '/dashboard/api-settings/reference', lazy: gated('api', () => import('../features/api-settings/reference-page.tsx'), 'ApiReferencePage') },
          ...crmRoutes,
          // an unknown signed-in path keeps the shell around its 404 page
          { path: '/dashboard/*', lazy: page(() => import('../features/public/not-found-page.tsx'), 'NotFoundPage') },
          { path: '/admin/*', lazy: page(() => import('../features/public/not-found-page.tsx'), 'NotFoundPage') },
          ...billingAndAdminRoutes,
          { path: '/dashboard/team-management', lazy: page(() => import('../features/team/team-management-page.tsx'), 'TeamManagementPage') },
        ],
      },
      {
        // the printable policy: signed in, but without the sidebar and header
        element: (
          <RequireAccess>
            <Outlet />
          </RequireAccess>
        ),
        children: [
          { path: '/dashboard/policies/:id/print', lazy: page(() => import('../features/policies/policy-print-page.tsx'), 'PolicyPrintPage') },
          { path: '/dashboard/reports/print', lazy: gated('reports', () => import('../features/reports/report-print-page.tsx'), 'ReportPrintPage') },
        ],
      },
    ],
  },
];
