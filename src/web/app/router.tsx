import { createBrowserRouter } from 'react-router';
import { RequireAccess } from './guards.tsx';
import { page } from './lazy.ts';
import { placeholderRoutes } from './placeholder-routes.tsx';
import { billingAndAdminRoutes } from '../features/admin/routes.tsx';
import { PublicLayout } from './public-layout.tsx';
import { RootLayout } from './root-layout.tsx';
import { SignedInLayout } from './signed-in-layout.tsx';

export const router = createBrowserRouter([
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
        element: (
          <RequireAccess>
            <SignedInLayout />
          </RequireAccess>
        ),
        children: [
          { path: '/dashboard', lazy: page(() => import('../features/dashboard/dashboard-page.tsx'), 'DashboardPage') },
          { path: '/profile', lazy: page(() => import('../features/profile/profile-page.tsx'), 'ProfilePage') },
          ...placeholderRoutes,
          ...billingAndAdminRoutes,
          { path: '/dashboard/team-management', lazy: page(() => import('../features/team/team-management-page.tsx'), 'TeamManagementPage') },
        ],
      },
    ],
  },
]);
