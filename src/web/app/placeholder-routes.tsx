// The tier-gated placeholder pages (platform.md §2): each behind its tier, showing the
// under-construction page until a later issue replaces it.
import type { RouteObject } from 'react-router';
import { SIDEBAR_ITEMS } from '#shared/navigation.ts';
import { UnderConstructionPage } from '../features/shell/under-construction-page.tsx';
import { RequireAccess } from './guards.tsx';

const PLACEHOLDER_PATHS = [
  '/dashboard/renewals',
  '/dashboard/reports',
  '/dashboard/export',
  '/dashboard/documents',
  '/dashboard/analytics',
  '/dashboard/bulk-actions',
  '/dashboard/crm',
  '/dashboard/api-settings',
  '/dashboard/white-label',
  '/dashboard/settings',
];

export const placeholderRoutes: RouteObject[] = PLACEHOLDER_PATHS.map((path) => {
  const item = SIDEBAR_ITEMS.find((i) => i.href === path);
  if (!item) throw new Error(`no sidebar item for ${path}`);
  return {
    path,
    element: (
      <RequireAccess need={item.need}>
        <UnderConstructionPage title={item.name} />
      </RequireAccess>
    ),
  };
});
