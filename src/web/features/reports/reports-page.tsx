// /dashboard/reports (Professional and above): five reports, each with a date range, its filters,
// a table, a CSV of exactly what the table shows, and a printable view. Filters live in the URL.
import { LINES } from '#shared/lines/index.ts';
import { useSearchParams, Link } from 'react-router';
import { Download, Printer } from 'lucide-react';
import { CUSTOMER_TYPE_LABEL, CUSTOMER_TYPES } from '#shared/customers.ts';
import { todayIso } from '#shared/money.ts';
import { PolicyStatusOptions, PolicyTypeOptions } from '#web/components/policy-filter-options.tsx';
import {
  CROSS_SELL_DIRECTIONS,
  CROSS_SELL_LABEL,
  GROUP_LABEL,
  GROUPS_OF,
  REPORT_DESCRIPTION,
  REPORT_FEATURE,
  REPORT_FILTERS,
  REPORT_KINDS,
  REPORT_LABEL,
  REPORT_TEXT,
  reportGroup,
  reportQuerySchema,
  reportSearch,
  type ReportGroup,
  type ReportKind,
  type ReportQueryInput,
  type ReportRow,
} from '#shared/reports.ts';
import { fieldErrors } from '#shared/validation.ts';
import { newOpportunityHref, OPPORTUNITY_TEXT } from '#shared/pipeline.ts';
import { useFeature } from '#web/lib/session.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input, Select } from '#web/components/ui/input.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { PageHeader } from '#web/components/page-header.tsx';
import { useCarriers, reportUrl, useReport } from './queries.ts';
import { ReportTable } from './report-table.tsx';

/**
 * Expiring looks 90 days ahead; outstanding commission looks at every term (last year's unpaid ones
 * are the oldest bucket); the other reports cover the calendar year so far and to come.
 */
export function defaultRange(kind: ReportKind, now = new Date()): { from: string; to: string } {
  const today = todayIso(now);
  if (kind === 'commission-aging') return { from: '', to: '' };
  if (kind === 'expiring') return { from: today, to: todayIso(new Date(now.getTime() + 90 * 86_400_000)) };
  return { from: `${today.slice(0, 4)}-01-01`, to: `${today.slice(0, 4)}-12-31` };
}

/** The report and its query as the URL holds them (defaults filled in). */
export function useReportParams() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('report');
  const kind: ReportKind = (REPORT_KINDS as readonly string[]).includes(raw ?? '') ? (raw as ReportKind) : 'book';
  const range = defaultRange(kind);
  const q: ReportQueryInput = {
    from: params.get('from') ?? range.from,
    to: params.get('to') ?? range.to,
    type: (params.get('type') ?? 'all') as ReportQueryInput['type'],
    status: (params.get('status') ?? 'all') as ReportQueryInput['status'],
    carrier: params.get('carrier') ?? '',
    direction: (params.get('direction') ?? 'both') as ReportQueryInput['direction'],
    customerType: (params.get('customerType') ?? 'all') as ReportQueryInput['customerType'],
    group: (params.get('group') ?? undefined) as ReportQueryInput['group'],
  };
  const change = (next: { kind?: ReportKind; q?: Partial<ReportQueryInput> }) => {
    const nextKind = next.kind ?? kind;
    // a new report starts from its own defaults; a filter change keeps the others
    const base = next.kind && next.kind !== kind ? {} : q;
    setParams(reportSearch(nextKind, { ...base, ...next.q }), { replace: true });
  };
  return { kind, q, change };
}

/** The cross-sell shortcut: an opportunity for the line the customer lacks (CRM, Business and above). */
function crossSellAction(row: ReportRow) {
  // the Missing cell names a line by its label
  const line = LINES.find((l) => l.label === row.missing)?.id;
  if (!row.customer_id || !line) return null;
  return (
    <Link to={newOpportunityHref(String(row.customer_id), line)} className="whitespace-nowrap font-medium text-brand-700 hover:underline">
      {OPPORTUNITY_TEXT.createOpportunity}
    </Link>
  );
}

export function ReportsPage() {
  const { kind, q, change } = useReportParams();
  const parsed = reportQuerySchema.safeParse(q);
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  // an invalid range is shown on its field and not sent
  const report = useReport(kind, q, parsed.success);
  const crm = useFeature('crm');
  const commissions = useFeature('commissions');
  const kinds = REPORT_KINDS.filter((k) => REPORT_FEATURE[k] !== 'commissions' || commissions.allowed);
  const carriers = useCarriers();
  const filters = REPORT_FILTERS[kind];
  const search = reportSearch(kind, q);
  return (
    <div>
      <PageHeader
        title="Reports"
        description="Numbers that tie to your book of business."
        actions={
          <>
            <Button variant="outline" asChild disabled={!parsed.success}>
              <a href={reportUrl(kind, q, '/csv')} download>
                <Download className="h-4 w-4" aria-hidden /> Download CSV
              </a>
            </Button>
            <Button variant="outline" asChild>
              <Link to={`/dashboard/reports/print?${search}`} target="_blank">
                <Printer className="h-4 w-4" aria-hidden /> Printable view
              </Link>
            </Button>
          </>
        }
      />
      {/* each report has its own URL, so the switcher is navigation (links), not a tab widget */}
      <nav aria-label="Reports" className="inline-flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1">
        {kinds.map((k) => (
          <Link
            key={k}
            to={`/dashboard/reports?report=${k}`}
            replace
            aria-current={k === kind ? 'page' : undefined}
            className={`rounded-md px-3 py-1.5 text-sm font-medium ${k === kind ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`}
          >
            {REPORT_LABEL[k]}
          </Link>
        ))}
      </nav>
      <Card className="mt-4">
        <div className="border-b border-slate-200 p-4">
          <h2 className="text-lg font-semibold text-slate-900">{REPORT_LABEL[kind]}</h2>
          <p className="text-sm text-slate-600">{REPORT_DESCRIPTION[kind]}</p>
          <form className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4" onSubmit={(e) => e.preventDefault()} aria-label="Report filters">
            <FormField label="From" error={errors.from}>
              <Input type="date" value={q.from ?? ''} onChange={(e) => change({ q: { from: e.target.value } })} />
            </FormField>
            <FormField label="To" error={errors.to}>
              <Input type="date" value={q.to ?? ''} onChange={(e) => change({ q: { to: e.target.value } })} />
            </FormField>
            {filters.includes('group') ? (
              <FormField label={REPORT_TEXT.groupBy}>
                <Select value={reportGroup(kind, q.group)} onChange={(e) => change({ q: { group: e.target.value as ReportGroup } })}>
                  {(GROUPS_OF[kind] ?? []).map((g) => (
                    <option key={g} value={g}>
                      {GROUP_LABEL[g]}
                    </option>
                  ))}
                </Select>
              </FormField>
            ) : null}
            {filters.includes('type') ? (
              <FormField label="Policy type">
                <Select value={q.type} onChange={(e) => change({ q: { type: e.target.value as ReportQueryInput['type'] } })}>
                  <PolicyTypeOptions />
                </Select>
              </FormField>
            ) : null}
            {filters.includes('status') ? (
              <FormField label="Status">
                <Select value={q.status} onChange={(e) => change({ q: { status: e.target.value as ReportQueryInput['status'] } })}>
                  <PolicyStatusOptions />
                </Select>
              </FormField>
            ) : null}
            {filters.includes('carrier') ? (
              <FormField label="Carrier">
                <Select value={q.carrier} onChange={(e) => change({ q: { carrier: e.target.value } })}>
                  <option value="">All Carriers</option>
                  {(carriers.data ?? []).map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </Select>
              </FormField>
            ) : null}
            {filters.includes('direction') ? (
              <FormField label="Missing line">
                <Select value={q.direction} onChange={(e) => change({ q: { direction: e.target.value as ReportQueryInput['direction'] } })}>
                  {CROSS_SELL_DIRECTIONS.map((d) => (
                    <option key={d} value={d}>
                      {CROSS_SELL_LABEL[d]}
                    </option>
                  ))}
                </Select>
              </FormField>
            ) : null}
            {filters.includes('customerType') ? (
              <FormField label="Customer type">
                <Select value={q.customerType} onChange={(e) => change({ q: { customerType: e.target.value as ReportQueryInput['customerType'] } })}>
                  <option value="all">All Types</option>
                  {CUSTOMER_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {CUSTOMER_TYPE_LABEL[t]}
                    </option>
                  ))}
                </Select>
              </FormField>
            ) : null}
          </form>
        </div>
        <ReportTable
          caption={REPORT_LABEL[kind]}
          rowAction={kind === 'cross-sell' && crm.allowed ? { header: 'Actions', cell: crossSellAction } : undefined}
          result={parsed.success && report.data?.kind === kind ? report.data : undefined}
          loading={report.isFetching}
          error={report.isError ? REPORT_TEXT.loadError(errorMessage(report.error)) : null}
          onRetry={() => void report.refetch()}
          cardsOnPhones
        />
        <p className="border-t border-slate-200 px-4 py-3 text-xs text-slate-500">{REPORT_TEXT.csvFormat}</p>
      </Card>
    </div>
  );
}
