// The pager of the list pages (the cells of the report tables outside the list kit: table-cells.tsx).
import { pageCount } from '#shared/policies-text.ts';
import { Button } from './ui/button.tsx';

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
