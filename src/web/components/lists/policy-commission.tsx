// The policies list's commission column (issue 31): each listed term's expected commission and,
// once a carrier paid something or nothing is owed, whether it was paid in full, short or over.
// Read for the page's ids only, so the list's own prepared statements stay as they are; not
// sortable (expected commission is computed per term, so a sort would rate the whole book).
// The cell (its query, labels and money formatting) loads after the list's first screen, to keep
// /dashboard/policies within its first-load budget (first-load.test); every cell of a page shares one
// request (TanStack Query dedupes the same key).
import { lazy, Suspense } from 'react';
import type { Policy } from '#shared/policies-text.ts';
import type { ListColumn } from '../list-kit/data-list.tsx';

const CommissionCell = lazy(() => import('./policy-commission-cell.tsx'));

export function commissionColumn(ids: string[]): ListColumn<Policy> {
  return {
    id: 'commission',
    header: 'Commission',
    className: 'tabular-nums whitespace-nowrap',
    cell: (p) => (
      <Suspense fallback={<span className="text-slate-400">…</span>}>
        <CommissionCell ids={ids} id={p.id} />
      </Suspense>
    ),
  };
}
