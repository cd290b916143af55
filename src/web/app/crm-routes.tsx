// The CRM (Business and above): /dashboard/crm opens its default tab, My tasks. The pipeline's
// routes are in router.tsx.
import { Navigate, type RouteObject } from 'react-router';
import { gated } from './gated.tsx';
import { FeatureGate } from './guards.tsx';

export const crmRoutes: RouteObject[] = [
  {
    path: '/dashboard/crm',
    element: (
      <FeatureGate feature="crm">
        <Navigate to="/dashboard/crm/tasks" replace />
      </FeatureGate>
    ),
  },
  { path: '/dashboard/crm/tasks', lazy: gated('crm', () => import('../features/crm/my-tasks-page.tsx'), 'MyTasksPage') },
];
