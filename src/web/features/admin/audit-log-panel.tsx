// The audit log at /admin/security: filters (actor, action, target, dates), pages, CSV export.
import { useEffect, useRef, useState } from 'react';
import { format, parseISO } from 'date-fns';
import { ChevronLeft, ChevronRight, Download } from 'lucide-react';
import { AUDIT_ACTION_NAMES, AUDIT_ACTIONS, type AuditEntry } from '#shared/audit.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Input, Select } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { useDebounced } from '#web/lib/use-debounced.ts';
import { auditParams, useAuditLog, type AuditFilters } from './security-queries.ts';
import { usePageParam } from '#web/components/list-kit/use-page-param.ts';

const EMPTY: AuditFilters = { actor: '', action: 'all', target: '', from: '', to: '' };

const show = (v: unknown) => (v === null || v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** The fields that differ between before and after, as "field: old → new". */
function Changes({ before, after }: { before: unknown; after: unknown }) {
  const b = (before && typeof before === 'object' ? before : {}) as Record<string, unknown>;
  const a = (after && typeof after === 'object' ? after : {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  const changed = keys.filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]));
  const shown = changed.length ? changed : keys;
  if (shown.length === 0) return <span className="text-slate-500">—</span>;
  return (
    <dl className="space-y-0.5 text-xs">
      {shown.slice(0, 8).map((k) => (
        <div key={k} className="break-words">
          <dt className="inline font-medium text-slate-700">{k}: </dt>
          <dd className="inline text-slate-600">
            <span data-testid="audit-before">{before === null ? '—' : show(b[k])}</span> → <span data-testid="audit-after">{after === null ? '—' : show(a[k])}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

function EntryRow({ e }: { e: AuditEntry }) {
  return (
    <li data-testid="audit-row" className="grid gap-2 px-4 py-3 text-sm md:grid-cols-[11rem_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.4fr)]">
      <div className="text-slate-600">
        <time dateTime={e.created_at}>{format(parseISO(e.created_at), 'MMM d, yyyy HH:mm:ss')}</time>
        <p className="text-xs text-slate-500">IP {e.ip ?? 'unknown'}</p>
      </div>
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{AUDIT_ACTIONS[e.action as keyof typeof AUDIT_ACTIONS] ?? e.action}</p>
        <p className="truncate text-xs text-slate-500">by {e.actor_email ?? 'system'}</p>
      </div>
      <div className="min-w-0">
        <p className="truncate text-slate-800" title={e.target_label ?? e.target_id ?? undefined}>{e.target_label ?? e.target_id ?? '—'}</p>
        <p className="text-xs text-slate-500">{e.target_type.replace(/_/g, ' ')}</p>
      </div>
      <Changes before={e.before} after={e.after} />
    </li>
  );
}

export function AuditLogPanel() {
  const [draft, setDraft] = useState<AuditFilters>(EMPTY);
  const filters = useDebounced(draft, 300);
  const [page, setPage] = usePageParam();
  // a new filter starts at page 1; the first render keeps the page the URL names
  const shown = useRef(filters);
  useEffect(() => {
    if (shown.current === filters) return;
    shown.current = filters;
    setPage(1);
  }, [filters, setPage]);
  const log = useAuditLog(filters, page);
  const set = (k: keyof AuditFilters) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [k]: e.target.value }));
  const data = log.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_12rem_1fr_9.5rem_9.5rem]">
        <div className="space-y-1">
          <label htmlFor="audit-actor" className="text-sm font-medium text-slate-800">Actor</label>
          <Input id="audit-actor" type="search" placeholder="Admin e-mail" value={draft.actor} onChange={set('actor')} />
        </div>
        <div className="space-y-1">
          <label htmlFor="audit-action" className="text-sm font-medium text-slate-800">Action</label>
          <Select id="audit-action" value={draft.action} onChange={set('action')}>
            <option value="all">All actions</option>
            {AUDIT_ACTION_NAMES.map((a) => (
              <option key={a} value={a}>{AUDIT_ACTIONS[a]}</option>
            ))}
          </Select>
        </div>
        <div className="space-y-1">
          <label htmlFor="audit-target" className="text-sm font-medium text-slate-800">Target</label>
          <Input id="audit-target" type="search" placeholder="E-mail or id" value={draft.target} onChange={set('target')} />
        </div>
        <div className="space-y-1">
          <label htmlFor="audit-from" className="text-sm font-medium text-slate-800">From</label>
          <Input id="audit-from" type="date" value={draft.from} onChange={set('from')} />
        </div>
        <div className="space-y-1">
          <label htmlFor="audit-to" className="text-sm font-medium text-slate-800">To</label>
          <Input id="audit-to" type="date" value={draft.to} onChange={set('to')} />
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" asChild>
          <a href={`/api/admin/audit/export?${auditParams(filters)}`} download>
            <Download className="h-4 w-4" aria-hidden /> Export CSV
          </a>
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setDraft(EMPTY)}>Clear filters</Button>
      </div>

      <Card className="overflow-hidden">
        {log.isPending ? (
          <div className="flex justify-center py-12"><Spinner label="Loading the audit log" /></div>
        ) : log.isError ? (
          <div role="alert" className="space-y-3 p-6 text-sm text-red-700">
            <p>Error loading the audit log: {errorMessage(log.error)}</p>
            <Button variant="outline" size="sm" onClick={() => log.refetch()}>Try again</Button>
          </div>
        ) : data && data.rows.length === 0 ? (
          <p className="p-10 text-center text-slate-600">No audit entries match these filters.</p>
        ) : (
          <>
            <div className="hidden grid-cols-[11rem_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.4fr)] gap-2 border-b border-slate-200 bg-slate-50 px-4 py-2 text-xs font-medium uppercase tracking-wide text-slate-500 md:grid" aria-hidden>
              <span>When</span><span>Action</span><span>Target</span><span>Before → after</span>
            </div>
            <ul className="divide-y divide-slate-100" aria-label="Audit entries">
              {data?.rows.map((e) => <EntryRow key={e.id} e={e} />)}
            </ul>
          </>
        )}
        {data && data.total > 0 ? (
          <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 px-4 py-3 text-sm text-slate-600">
            <span>
              {data.totalIsEstimate ? 'about ' : ''}{data.total} {data.total === 1 ? 'entry' : 'entries'} · page {data.page} of {data.totalIsEstimate ? 'about ' : ''}{pages}
            </span>
            <div className="flex gap-2">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                <ChevronLeft className="h-4 w-4" aria-hidden /> Previous
              </Button>
              <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                Next <ChevronRight className="h-4 w-4" aria-hidden />
              </Button>
            </div>
          </div>
        ) : null}
      </Card>
    </div>
  );
}
