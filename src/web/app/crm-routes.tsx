// The CRM (Business and above): /dashboard/crm opens its default tab, My tasks. The pipeline's
// routes are in router.tsx.
import type { RouteObject } from 'react-router';
import { gated } from './gated.tsx';
import { page } from './lazy.ts';

export const crmRoutes: RouteObject[] = [
  { path: '/dashboard/crm', ...page(() => import('./access-layouts.tsx'), 'CrmHome') },
  { path: '/dashboard/crm/tasks', ...gated('crm', () => import('../features/crm/my-tasks-page.tsx'), 'MyTasksPage') },
];
