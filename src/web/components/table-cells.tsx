// The cell classes and the state row of the report tables outside the list kit (reports, charts'
// data, export columns, import previews); apart from list-parts.tsx, so a list page's first load
// doesn't carry them.
import type { ReactNode } from 'react';
import { Spinner } from './ui/spinner.tsx';

export const th = 'px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-500';
export const td = 'whitespace-nowrap px-4 py-3 text-sm text-slate-700';

/** One table row across the columns: loading, an error, or the empty text. */
export function TableState({ colSpan, loading, error, empty }: { colSpan: number; loading: boolean; error: string | null; empty: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-4 py-10 text-center text-sm">
        {loading ? <Spinner label="Loading" className="mx-auto" /> : error ? <span className="text-red-600">{error}</span> : <span className="text-slate-500">{empty}</span>}
      </td>
    </tr>
  );
}
