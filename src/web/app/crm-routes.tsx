// The CRM (Business and above): /dashboard/crm opens its default tab, My tasks. The pipeline
// (another issue's part) replaces its placeholder line here.
import { Navigate, type RouteObject } from 'react-router';
import { CrmTabs } from '#web/components/crm-tabs.tsx';
import { UnderConstructionPage } from '../features/shell/under-construction-page.tsx';
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
  {
    path: '/dashboard/crm/pipeline',
    element: (
      <FeatureGate feature="crm">
        <div className="mx-auto max-w-3xl space-y-4">
          <CrmTabs />
          <UnderConstructionPage title="Pipeline" />
        </div>
      </FeatureGate>
    ),
  },
];
