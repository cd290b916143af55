// The pager of the list pages, and the cell classes of small tables outside the list kit.
import type { ReactNode } from 'react';
import { pageCount } from '#shared/policies-text.ts';
import { Button } from './ui/button.tsx';
import { Spinner } from './ui/spinner.tsx';

export function Pager({
  page,
  total,
  pageSize,
  onPage,
  estimated,
}: {
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** the total is the database's estimate (very large lists) */
  estimated?: boolean;
}) {
  const pages = pageCount(total, pageSize);
  return (
    <nav aria-label="Pagination" className="flex items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 text-sm text-slate-600">
      <span>
        Page {Math.min(page, pages)} of {estimated ? `about ${pages.toLocaleString('en-US')}` : pages}
      </span>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}

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
