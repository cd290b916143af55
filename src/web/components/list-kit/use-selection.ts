// Row selection for bulk actions: the ids picked on any page, or every row that matches
// the filter. A new filter (or search) clears it, since "all that match" would change meaning.
import { useCallback, useMemo, useState } from 'react';
import type { ListSelection } from '#shared/lists.ts';

interface Picked {
  key: string;
  all: boolean;
  ids: Set<string>;
}

export interface SelectionControl<F> {
  selection: ListSelection<F>;
  /** how many rows are selected (all: the list's total) */
  count: number;
  isSelected: (id: string) => boolean;
  toggle: (id: string) => void;
  pageState: boolean | 'indeterminate';
  togglePage: () => void;
  selectAll: () => void;
  clear: () => void;
}

export function useSelection<F>(filter: F, pageIds: string[], total: number): SelectionControl<F> {
  const key = JSON.stringify(filter);
  const [picked, setPicked] = useState<Picked>({ key, all: false, ids: new Set() });
  let current = picked;
  if (picked.key !== key) {
    // reset now, so going back to the old filter does not bring its selection back
    current = { key, all: false, ids: new Set<string>() };
    setPicked(current);
  }
  const onPage = pageIds.filter((id) => current.all || current.ids.has(id)).length;
  const pageState = pageIds.length > 0 && onPage === pageIds.length ? true : onPage > 0 ? 'indeterminate' : false;

  const toggle = useCallback(
    (id: string) =>
      setPicked((p) => {
        const ids = new Set(p.key === key && !p.all ? p.ids : []);
        if (p.key === key && p.all) for (const pid of pageIds) ids.add(pid);
        if (ids.has(id)) ids.delete(id);
        else ids.add(id);
        return { key, all: false, ids };
      }),
    [key, pageIds],
  );
  const togglePage = useCallback(
    () =>
      setPicked((p) => {
        const ids = new Set(p.key === key && !p.all ? p.ids : []);
        const everyOnPage = pageState === true;
        for (const id of pageIds) if (everyOnPage) ids.delete(id);
        else ids.add(id);
        return { key, all: false, ids };
      }),
    [key, pageIds, pageState],
  );
  const selectAll = useCallback(() => setPicked({ key, all: true, ids: new Set() }), [key]);
  const clear = useCallback(() => setPicked({ key, all: false, ids: new Set() }), [key]);

  const selection = useMemo<ListSelection<F>>(
    () => (current.all ? { all: true, filter } : { all: false, ids: [...current.ids] }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the filter is identified by its key
    [current.all, current.ids, key],
  );
  return {
    selection,
    count: current.all ? total : current.ids.size,
    isSelected: (id) => current.all || current.ids.has(id),
    toggle,
    pageState,
    togglePage,
    selectAll,
    clear,
  };
}
