// Loading, empty and error-with-Retry, and the "select all N that match" banner.
import type { ReactNode } from 'react';
import { RotateCcw } from 'lucide-react';
import { LIST_TEXT } from '#shared/lists-text.ts';
import { Button } from '../ui/button.tsx';
import type { SelectionControl } from './use-selection.ts';

export function ListSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <div role="status" aria-label="Loading" aria-busy className="divide-y divide-slate-100">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex animate-pulse items-center gap-4 px-4 py-4">
          <div className="h-4 w-1/4 rounded bg-slate-200" />
          <div className="h-4 w-1/3 rounded bg-slate-100" />
          <div className="h-4 w-1/6 rounded bg-slate-200" />
        </div>
      ))}
    </div>
  );
}

export function ListEmpty({ children }: { children: ReactNode }) {
  return <p className="px-4 py-10 text-center text-sm text-slate-500">{children}</p>;
}

export function ListError({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 px-4 py-10 text-center text-sm text-red-700">
      <p>{children}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RotateCcw className="h-4 w-4" aria-hidden /> {LIST_TEXT.retry}
      </Button>
    </div>
  );
}

/** Shown once the whole page is selected and more rows match than the page holds. */
export function SelectionBanner<F>({ control, pageSize, total, estimated }: { control: SelectionControl<F>; pageSize: number; total: number; estimated?: boolean }) {
  const all = control.selection.all;
  if (!all && control.count === 0) return null;
  return (
    <div role="status" className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-brand-100 bg-brand-50 px-4 py-2 text-sm text-slate-800">
      <span data-testid="selection-count">{all ? LIST_TEXT.allSelected(total, estimated) : `${control.count} selected.`}</span>
      {!all && control.pageState === true && total > pageSize ? (
        <Button variant="link" size="sm" className="h-auto p-0" onClick={control.selectAll}>
          {LIST_TEXT.selectAll(total, estimated)}
        </Button>
      ) : null}
      <Button variant="link" size="sm" className="h-auto p-0" onClick={control.clear}>
        {LIST_TEXT.clearSelection}
      </Button>
    </div>
  );
}
