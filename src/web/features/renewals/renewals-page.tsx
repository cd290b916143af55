// /dashboard/renewals: the renewal cockpit (Professional and above, through the feature map).
// Filters live in the URL, so a filtered view can be bookmarked and the back button restores it.
import { lazy, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatMoney } from '#shared/money-text.ts';
import { PolicyTypeOptions } from '#web/components/policy-filter-options.tsx';
import { BUCKETS, BUCKET_LABEL, RENEWAL_TEXT, type Bucket, type RenewalRow } from '#shared/renewals-text.ts';
import { Card } from '#web/components/ui/card.tsx';
import { Select } from '#web/components/ui/input.tsx';
import { cn } from '#web/lib/cn.ts';
import { FeatureGate } from '#web/app/guards.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { Pager } from '#web/components/list-parts.tsx';
import { useCockpit, type CockpitFilters } from '#web/lib/renewals.ts';
import { useOnce } from '#web/lib/use-once.ts';
import { RenewalTable } from './renewal-table.tsx';

// the dialogs (Radix, with their form) load when a row's menu first asks for one (issue 33)
const dialogs = () => import('#web/components/renewal-dialogs.tsx');
const MarkLostDialog = lazy(() => dialogs().then((m) => ({ default: m.MarkLostDialog })));
const AssignDialog = lazy(() => dialogs().then((m) => ({ default: m.AssignDialog })));

export function RenewalsPage() {
  return (
    <FeatureGate feature="renewals">
      <Cockpit />
    </FeatureGate>
  );
}

function Cockpit() {
  const [params, setParams] = useSearchParams();
  const filters: CockpitFilters = {
    assignee: params.get('assignee') ?? undefined,
    type: (params.get('type') as CockpitFilters['type']) ?? undefined,
    carrier: params.get('carrier') ?? undefined,
    bucket: (params.get('bucket') as Bucket | null) ?? undefined,
    sort: (params.get('sort') as CockpitFilters['sort']) ?? undefined,
    view: params.get('view') === 'lost' ? 'lost' : undefined,
    page: Number(params.get('page') ?? 1) || 1,
  };
  const cockpit = useCockpit(filters);
  const data = cockpit.data;
  const [losing, setLosing] = useState<RenewalRow | null>(null);
  const [assigning, setAssigning] = useState<RenewalRow | null>(null);
  const lostUsed = useOnce(losing !== null);
  const assignUsed = useOnce(assigning !== null);
  const change = (patch: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) if (v === undefined || v === '') next.delete(k);
    else next.set(k, v);
    if (!('page' in patch)) next.delete('page');
    setParams(next, { replace: true });
  };
  const assignee = data?.assignee ?? filters.assignee ?? 'all';

  return (
    <div>
      <PageHeader title={RENEWAL_TEXT.title} description={RENEWAL_TEXT.subtitle} />
      <section aria-label="Renewal buckets" className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {BUCKETS.map((b) => {
          const summary = data?.buckets.find((s) => s.bucket === b);
          const active = filters.bucket === b;
          return (
            <button
              key={b}
              type="button"
              aria-pressed={active}
              // a bucket holds open terms: choosing one leaves the Lost view
              onClick={() => change({ bucket: active ? undefined : b, view: undefined })}
              className={cn(
                'rounded-lg border bg-white p-4 text-left shadow-xs transition hover:border-brand-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600',
                active ? 'border-brand-600 ring-2 ring-brand-600' : 'border-slate-200',
                b === 'lapsed' && (summary?.count ?? 0) > 0 ? 'bg-red-50' : '',
              )}
              data-testid={`bucket-${b}`}
            >
              <span className="block text-xs font-medium uppercase tracking-wide text-slate-600">{BUCKET_LABEL[b]}</span>
              <span className="mt-1 block text-2xl font-semibold text-slate-900">{summary ? summary.count : '–'}</span>
              <span className="block text-sm tabular-nums text-slate-600">{summary ? formatMoney(summary.premium) : '\u00a0'}</span>
            </button>
          );
        })}
        <div className="col-span-2 rounded-lg border border-slate-200 bg-white p-4 shadow-xs sm:col-span-3 lg:col-span-1" data-testid="retention">
          <span className="block text-xs font-medium uppercase tracking-wide text-slate-600">{RENEWAL_TEXT.retention}</span>
          <span className="mt-1 block text-2xl font-semibold text-slate-900">
            {data ? (data.retention.rate === null ? 'N/A' : `${data.retention.rate} %`) : '–'}
          </span>
          {/* its line is there before the data too, so the list below does not move when it comes (decision 075) */}
          <span className="block text-xs text-slate-600">
            {data ? `${data.retention.renewed} renewed · ${data.retention.lost} lost · ${data.retention.lapsed} lapsed` : '\u00a0'}
          </span>
        </div>
      </section>

      <Card>
        <div className="flex flex-col gap-3 border-b border-slate-200 p-4 md:flex-row md:flex-wrap">
          <Select
            aria-label={RENEWAL_TEXT.view}
            className="md:w-44"
            value={filters.view ?? 'open'}
            onChange={(e) => change({ view: e.target.value === 'lost' ? 'lost' : undefined, bucket: undefined })}
          >
            <option value="open">{RENEWAL_TEXT.viewOpen}</option>
            <option value="lost">{RENEWAL_TEXT.viewLost}</option>
          </Select>
          <Select aria-label="Assignee" className="md:w-48" value={assignee} onChange={(e) => change({ assignee: e.target.value })}>
            <option value="me">My renewals</option>
            <option value="all">Everyone</option>
            <option value="unassigned">{RENEWAL_TEXT.unassigned}</option>
            {data?.members.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </Select>
          <Select aria-label="Policy type" className="md:w-40" value={filters.type ?? 'all'} onChange={(e) => change({ type: e.target.value })}>
            <PolicyTypeOptions />
          </Select>
          <Select aria-label="Carrier" className="md:w-56" value={filters.carrier ?? ''} onChange={(e) => change({ carrier: e.target.value })}>
            <option value="">All Carriers</option>
            {data?.carriers.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Select>
        </div>
        <RenewalTable
          source={cockpit}
          sort={{ value: filters.sort === 'end_desc' ? 'end_date.desc' : 'end_date.asc', onChange: (v) => change({ sort: v.endsWith('.desc') ? 'end_desc' : undefined }) }}
          handlers={{ onMarkLost: setLosing, onAssign: setAssigning }}
          empty={filters.view === 'lost' ? RENEWAL_TEXT.emptyLost : RENEWAL_TEXT.empty}
        />
        {data ? <Pager page={data.page} total={data.total} pageSize={data.pageSize} onPage={(page) => change({ page: String(page) })} /> : null}
      </Card>
      {data ? (
        <p className="mt-3 text-xs text-slate-500">
          Days are counted in your agency&apos;s time zone, {data.time_zone.replace(/_/g, ' ')} (today is {data.today}). Renewals rising by{' '}
          {data.remarket_threshold} % or more are flagged {RENEWAL_TEXT.remarket}. Both are set in{' '}
          <Link to="/dashboard/settings?tab=agency" className="underline hover:text-slate-700">
            Settings › Agency
          </Link>
          .
        </p>
      ) : null}
      {/* mounted from their first use on, so they can animate their closing */}
      <Suspense fallback={null}>
        {lostUsed ? <MarkLostDialog row={losing} onClose={() => setLosing(null)} /> : null}
        {assignUsed ? <AssignDialog row={assigning ? { ...assigning, assignee_id: assigning.assignee?.id ?? null } : null} onClose={() => setAssigning(null)} /> : null}
      </Suspense>
    </div>
  );
}
