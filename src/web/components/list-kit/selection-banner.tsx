// The "select all N that match" banner, apart from the list's states so a list can load it with
// the first selection (selection-banner-slot.tsx), not before its first screen (issue 33).
import { LIST_TEXT } from '#shared/lists-text.ts';
import { Button } from '../ui/button.tsx';
import type { SelectionControl } from './use-selection.ts';

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
