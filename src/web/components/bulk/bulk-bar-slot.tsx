// Where a list shows its bulk bar (policies, customers). The bar's code (actions, their dialogs and
// the bulk request's schema) loads when the first row is selected, not with the list (issue 33);
// from then on the bar stays mounted, as before, so a dialog it opened outlives the selection.
import { lazy, Suspense } from 'react';
import type { BulkEntity } from '#shared/bulk.ts';
import type { SelectionControl } from '../list-kit/use-selection.ts';
import { useOnce } from '#web/lib/use-once.ts';

const Bar = lazy(() => import('./bulk-bar.tsx').then((m) => ({ default: m.BulkBar })));

export function BulkBarSlot({ entity, control }: { entity: BulkEntity; control: SelectionControl<unknown> }) {
  if (!useOnce(control.selection.all || control.count > 0)) return null;
  return (
    <Suspense fallback={null}>
      <Bar entity={entity} control={control} />
    </Suspense>
  );
}
