import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { CMS_PAGES } from '#shared/content-pages.ts';
import { gated } from './gated.tsx';
import { page, withData } from './lazy.ts';
import { crmRoutes } from './crm-routes.tsx';
import { billingAndAdminRoutes } from './billing-admin-routes.tsx';
import { PublicLayout } from './public-layout.tsx';
import { RootLayout } from './root-layout.tsx';
import { setRouteTable } from './route-table.ts';

// Pages used by more than one route are one component, so moving between those routes keeps it mounted.
const cmsPage = page(() => import('../features/public/cms-public-page.tsx'), 'CmsPublicPage');
const notFound = page(() => import('../features/public/not-found-page.tsx'), 'NotFoundPage');
// public pages that fetch through TanStack Query: inside its (lazily loaded) provider
const queryLayout = page(() => import('./query-layout.tsx'), 'QueryLayout');

/**
 * Every route, for the declarative router: main.tsx renders <AppRoutes /> in a <BrowserRouter>, the
 * build's pre-render (prerender.tsx) in a <StaticRouter>. Pages are lazy elements (lazy.ts).
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: '/', ...page(() => import('../features/public/home-page.tsx'), 'HomePage') },
          { path: '/pricing', ...page(() => import('../features/public/pricing-page.tsx'), 'PricingPage') },
          { path: '/features', ...page(() => import('../features/public/features-pages.tsx'), 'FeaturesPage') },
          { path: '/features/:slug', ...page(() => import('../features/public/features-pages.tsx'), 'FeatureDetailPage') },
          // unknown paths: inside the public layout, which hides its header and footer under /dashboard, /admin, /profile
          { path: '*', ...notFound },
          { path: '/login', ...page(() => import('../features/auth/login-page.tsx'), 'LoginPage') },
          {
            ...queryLayout,
            children: [
              { path: '/contact', ...page(() => import('../features/public/contact-page.tsx'), 'ContactPage') },
              ...CMS_PAGES.map(({ path }) => ({ path, ...cmsPage })),
              { path: '/blog', ...page(() => import('../features/public/blog-pages.tsx'), 'BlogListPage') },
              { path: '/blog/:slug', ...page(() => import('../features/public/blog-pages.tsx'), 'BlogPostPage') },
              { path: '/register', ...page(() => import('../features/auth/register-page.tsx'), 'RegisterPage') },
              { path: '/confirm-email', ...page(() => import('../features/auth/confirm-email-page.tsx'), 'ConfirmEmailPage') },
              { path: '/forgot-password', ...page(() => import('../features/auth/forgot-password-page.tsx'), 'ForgotPasswordPage') },
              { path: '/reset-password', ...page(() => import('../features/auth/reset-password-page.tsx'), 'ResetPasswordPage') },
              { path: '/accept-invitation/:token', ...page(() => import('../features/team/accept-invitation-page.tsx'), 'AcceptInvitationPage') },
              { path: '/accept-invitation/:token/register', ...page(() => import('../features/team/invited-register-page.tsx'), 'InvitedRegisterPage') },
            ],
          },
        ],
      },
      {
        // the client portal (issue 32): its own door and layout, outside the public site and the shell
        ...queryLayout,
        children: [{ path: '/portal', ...page(() => import('../features/portal/portal-page.tsx'), 'PortalPage') }],
      },
      {
        // the session is asked for with the shell's chunk, not once the shell renders
        ...withData(page(() => import('./signed-in-shell.tsx'), 'SignedInShell'), 'session'),
        children: [
          { path: '/dashboard', ...withData(page(() => import('../features/dashboard/dashboard-page.tsx'), 'DashboardPage'), '/dashboard') },
          { path: '/profile', ...page(() => import('../features/profile/profile-page.tsx'), 'ProfilePage') },
          { path: '/dashboard/policies', ...withData(page(() => import('../features/policies/policies-page.tsx'), 'PoliciesPage'), '/dashboard/policies') },
          { path: '/dashboard/policies/new', ...page(() => import('../features/policies/policy-edit-pages.tsx'), 'NewPolicyPage') },
          { path: '/dashboard/policies/:id', ...page(() => import('../features/policies/policy-details-page.tsx'), 'PolicyDetailsPage') },
          { path: '/dashboard/policies/:id/edit', ...page(() => import('../features/policies/policy-edit-pages.tsx'), 'EditPolicyPage') },
          { path: '/dashboard/customers', ...withData(page(() => import('../features/customers/customers-page.tsx'), 'CustomersPage'), '/dashboard/customers') },
          { path: '/dashboard/customers/new', ...page(() => import('../features/customers/customer-form.tsx'), 'NewCustomerPage') },
          { path: '/dashboard/customers/:id', ...page(() => import('../features/customers/customer-profile-page.tsx'), 'CustomerProfilePage') },
          { path: '/dashboard/customers/:id/edit', ...page(() => import('../features/customers/customer-form.tsx'), 'EditCustomerPage') },
          { path: '/dashboard/renewals', ...withData(page(() => import('../features/renewals/renewals-page.tsx'), 'RenewalsPage'), '/dashboard/renewals') },
          { path: '/dashboard/policies/:id/renew', ...page(() => import('../features/renewals/renew-page.tsx'), 'RenewPolicyPage') },
          { path: '/dashboard/activity', ...page(() => import('../features/activity/activity-page.tsx'), 'ActivityPage') },
          { path: '/dashboard/analytics', ...gated('analytics', () => import('../features/analytics/analytics-page.tsx'), 'AnalyticsPage') },
          { path: '/dashboard/export', ...gated('export', () => import('../features/export/export-page.tsx'), 'ExportPage') },
          { path: '/dashboard/reports', ...gated('reports', () => import('../features/reports/reports-page.tsx'), 'ReportsPage') },
          { path: '/dashboard/commissions', ...gated('commissions', () => import('../features/commissions/commissions-page.tsx'), 'CommissionsPage') },
          { path: '/dashboard/api-settings/webhooks', ...gated('api', () => import('../features/webhooks/webhooks-page.tsx'), 'WebhooksPage') },
          { path: '/dashboard/documents', ...gated('documents', () => import('../features/documents/documents-page.tsx'), 'DocumentsPage') },
          { path: '/dashboard/crm/pipeline', ...page(() => import('../features/pipeline/pipeline-page.tsx'), 'PipelinePage') },
          // the breadcrumb of an opportunity links here: the pipeline's list view
          { path: '/dashboard/crm/opportunities', element: <Navigate to="/dashboard/crm/pipeline?view=list" replace /> },
          { path: '/dashboard/crm/opportunities/:id', ...page(() => import('../features/pipeline/opportunity-page.tsx'), 'OpportunityPage') },
          { path: '/dashboard/bulk-actions', ...gated('bulk-actions', () => import('../features/bulk-actions/bulk-actions-page.tsx'), 'BulkActionsPage') },
          { path: '/dashboard/bulk-actions/:id', ...gated('bulk-actions', () => import('../features/bulk-actions/bulk-action-page.tsx'), 'BulkActionPage') },
          { path: '/dashboard/white-label', ...gated('white-label', () => import('../features/branding/white-label-page.tsx'), 'WhiteLabelPage') },
          { path: '/dashboard/settings', ...page(() => import('#web/features/settings/settings-page.tsx'), 'SettingsPage') },
          { path: '/dashboard/api-settings', ...gated('api', () => import('../features/api-settings/api-keys-page.tsx'), 'ApiKeysPage') },
          { path: '/dashboard/api-settings/reference', ...gated('api', () => import('../features/api-settings/reference-page.tsx'), 'ApiReferencePage') },
          ...crmRoutes,
          // an unknown signed-in path keeps the shell around its 404 page
          { path: '/dashboard/*', ...notFound },
          { path: '/admin/*', ...notFound },
          ...billingAndAdminRoutes,
          { path: '/dashboard/team-management', ...page(() => import('../features/team/team-management-page.tsx'), 'TeamManagementPage') },
        ],
      },
      {
        // the printable policy: signed in, but without the sidebar and header
        ...page(() => import('./access-layouts.tsx'), 'PrintLayout'),
        children: [
          { path: '/dashboard/policies/:id/print', ...page(() => import('../features/policies/policy-print-page.tsx'), 'PolicyPrintPage') },
          { path: '/dashboard/reports/print', ...gated('reports', () => import('../features/reports/report-print-page.tsx'), 'ReportPrintPage') },
        ],
      },
    ],
  },
];
setRouteTable(routes);

/** The routes' element tree for the current location (inside a <BrowserRouter> or <StaticRouter>). */
export function AppRoutes() {
  return useRoutes(routes);
}
