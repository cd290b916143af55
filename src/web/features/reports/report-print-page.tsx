// /dashboard/reports/print?report=…: the report as a clean printable page (no sidebar, print CSS),
// with the same filters, table and totals as the page.
import { format } from 'date-fns';
import { Printer } from 'lucide-react';
import { CROSS_SELL_LABEL, GROUP_LABEL, REPORT_DESCRIPTION, REPORT_FILTERS, REPORT_LABEL, REPORT_TEXT, reportGroup } from '#shared/reports.ts';
import { Button } from '#web/components/ui/button.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { useSession } from '#web/lib/session.ts';
import { useBrand } from '#web/lib/brand.ts';
import { PrintBrand } from '#web/components/print-brand.tsx';
import { formatDay } from '#web/lib/format.ts';
import { useReport } from './queries.ts';
import { ReportTable } from './report-table.tsx';
import { useReportParams } from './reports-page.tsx';

export function ReportPrintPage() {
  const { kind, q } = useReportParams();
  const report = useReport(kind, q);
  const { data: session } = useSession();
  const brand = useBrand();
  const filters = REPORT_FILTERS[kind];
  const group = reportGroup(kind, q.group);
  const applied = [
    q.from || q.to ? `${q.from ? formatDay(q.from) : '…'} – ${q.to ? formatDay(q.to) : '…'}` : 'All dates',
    group ? `${REPORT_TEXT.groupBy}: ${GROUP_LABEL[group]}` : null,
    filters.includes('type') && q.type !== 'all' ? `Type: ${q.type}` : null,
    filters.includes('status') && q.status !== 'all' ? `Status: ${q.status}` : null,
    filters.includes('carrier') && q.carrier ? `Carrier: ${q.carrier}` : null,
    filters.includes('direction') && q.direction ? CROSS_SELL_LABEL[q.direction] : null,
    filters.includes('customerType') && q.customerType !== 'all' ? `Customer type: ${q.customerType}` : null,
  ].filter(Boolean);
  return (
    <main className="mx-auto max-w-5xl bg-white p-8 text-slate-900 print:max-w-none print:p-0">
      <style>{'@media print { @page { margin: 12mm; size: landscape; } body { background: white; } thead { display: table-header-group; } }'}</style>
      <div className="mb-4 flex items-start justify-between gap-4 border-b border-slate-300 pb-4">
        <div>
          <PrintBrand brand={brand} agencyName={session?.agency?.name} />
          <h1 className="text-2xl font-semibold">{REPORT_LABEL[kind]}</h1>
          <p className="text-sm text-slate-600">{REPORT_DESCRIPTION[kind]}</p>
          <p className="mt-1 text-sm text-slate-600">{applied.join(' · ')}</p>
          <p className="text-xs text-slate-500">Printed {format(new Date(), 'MMM dd, yyyy')}</p>
        </div>
        <Button className="print:hidden" onClick={() => window.print()}>
          <Printer className="h-4 w-4" aria-hidden /> Print
        </Button>
      </div>
      <ReportTable
        caption={REPORT_LABEL[kind]}
        result={report.data}
        loading={report.isPending}
        error={report.isError ? REPORT_TEXT.loadError(errorMessage(report.error)) : null}
      />
    </main>
  );
}
