// Small pieces the book-of-business pages share: status badge, pager, dates, table states.
import { useEffect, useState, type ReactNode } from 'react';
import { format, parseISO } from 'date-fns';
import { displayStatus, pageCount, POLICY_STATUS_LABEL, type PolicyStatus } from '#shared/policies.ts';
import { Badge, type BadgeTone } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';

/** active green, pending yellow, expired orange, cancelled red; unknown → pending. */
export const STATUS_TONE: Record<PolicyStatus, BadgeTone> = { active: 'green', pending: 'yellow', expired: 'orange', cancelled: 'red' };

export function StatusBadge({ status }: { status: string }) {
  const known = displayStatus(status);
  return <Badge tone={STATUS_TONE[known]}>{POLICY_STATUS_LABEL[known]}</Badge>;
}

/** "2025-01-05" → "Jan 05, 2025" */
export function formatDay(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const d = parseISO(value);
  return Number.isNaN(d.getTime()) ? value : format(d, 'MMM dd, yyyy');
}

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

/** The body row of a table while loading, on error or when empty. */
export function TableState({ colSpan, loading, error, empty }: { colSpan: number; loading: boolean; error: string | null; empty: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-4 py-10 text-center text-sm">
        {loading ? <Spinner label="Loading" className="mx-auto" /> : error ? <span className="text-red-600">{error}</span> : <span className="text-slate-500">{empty}</span>}
      </td>
    </tr>
  );
}

export function PageHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
        {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

export const th = 'px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-500';
export const td = 'whitespace-nowrap px-4 py-3 text-sm text-slate-700';

/** The value, once it has stopped changing for `ms` (search boxes query after typing pauses). */
export function useDebounced<T>(value: T, ms = 250): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
