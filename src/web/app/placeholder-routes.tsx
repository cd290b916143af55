// The tier-gated placeholder pages (platform.md §2): each behind its feature's gate, showing the
// under-construction page until a later issue replaces it.
import type { RouteObject } from 'react-router';
import { SIDEBAR_ITEMS } from '#shared/navigation.ts';
import { UnderConstructionPage } from '../features/shell/under-construction-page.tsx';
import { FeatureGate } from './guards.tsx';

const PLACEHOLDER_PATHS = [
  '/dashboard/documents',
  '/dashboard/bulk-actions',
  '/dashboard/crm',
  '/dashboard/white-label',
];

export const placeholderRoutes: RouteObject[] = PLACEHOLDER_PATHS.map((path) => {
  const item = SIDEBAR_ITEMS.find((i) => i.href === path);
  if (!item?.feature) throw new Error(`no sidebar feature for ${path}`);
  return {
    path,
    element: (
      <FeatureGate feature={item.feature}>
        <UnderConstructionPage title={item.name} />
      </FeatureGate>
    ),
  };
});
