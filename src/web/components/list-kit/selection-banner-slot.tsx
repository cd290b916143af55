// Where a list shows its selection banner: the banner's code loads with the first selection (like
// the bulk bar, bulk-bar-slot.tsx), not with the list's first screen (issue 33).
import { lazy, Suspense } from 'react';
import type { SelectionControl } from './use-selection.ts';
import { useOnce } from '#web/lib/use-once.ts';

const Banner = lazy(() => import('./selection-banner.tsx').then((m) => ({ default: m.SelectionBanner })));

interface Props {
  control: SelectionControl<unknown>;
  pageSize: number;
  total: number;
  estimated?: boolean;
}

export function SelectionBannerSlot(props: Props) {
  if (!useOnce(props.control.selection.all || props.control.count > 0)) return null;
  return (
    <Suspense fallback={null}>
      <Banner {...props} />
    </Suspense>
  );
}
