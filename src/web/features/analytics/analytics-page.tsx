// /dashboard/analytics (Business and above): premium per month, status, type and carrier mix, new
// customers per month, retention per month. Every chart has its data table and a CSV.
import { ANALYTICS_TEXT, type Analytics, type Slice } from '#shared/analytics.ts';
import { formatMoney } from '#shared/money.ts';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { PageHeader } from '#web/components/page-header.tsx';
import { ChartCard, type ChartTable } from './chart-card.tsx';
import { CountByMonthChart, PremiumByMonthChart, RetentionChart, SliceChart } from '#web/components/charts.tsx';
import { useAnalytics } from '#web/lib/analytics.ts';

function sliceTable(name: string, slices: Slice[]): ChartTable {
  return {
    header: [name, 'Policies', 'Premium'],
    rows: slices.map((s) => [s.label, s.count, s.premium]),
    shown: slices.map((s) => [s.label, String(s.count), formatMoney(s.premium)]),
  };
}

export function premiumTable(a: Pick<Analytics, 'premiumByMonth'>): ChartTable {
  return {
    header: ['Month', 'Policies', 'Premium'],
    rows: a.premiumByMonth.map((p) => [p.month, p.count, p.premium]),
    shown: a.premiumByMonth.map((p) => [p.month, String(p.count), formatMoney(p.premium)]),
  };
}

export function retentionTable(a: Pick<Analytics, 'retentionByMonth'>): ChartTable {
  const rate = (r: number | null) => (r === null ? ANALYTICS_TEXT.noRate : `${r.toFixed(1)} %`);
  return {
    header: ['Month', 'Renewed', 'Lost', 'Lapsed', 'Still open', 'Retention (%)'],
    // the CSV leaves an undecided month's rate empty; the table shows a dash
    rows: a.retentionByMonth.map((p) => [p.month, p.renewed, p.lost, p.lapsed, p.open, p.rate === null ? '' : p.rate.toFixed(1)]),
    shown: a.retentionByMonth.map((p) => [p.month, String(p.renewed), String(p.lost), String(p.lapsed), String(p.open), rate(p.rate)]),
  };
}

export function AnalyticsPage() {
  const query = useAnalytics();
  return (
    <div>
      <PageHeader title="Analytics" description="Your book of business over the last 12 months (UTC months)." />
      {query.isPending ? (
        <Spinner label="Loading analytics" />
      ) : query.isError ? (
        <p role="alert" className="text-sm text-red-600">
          {ANALYTICS_TEXT.loadError(errorMessage(query.error))}
        </p>
      ) : (
        <Charts data={query.data} />
      )}
    </div>
  );
}

function Charts({ data }: { data: Analytics }) {
  const customersTable: ChartTable = {
    header: ['Month', 'New customers'],
    rows: data.newCustomersByMonth.map((m) => [m.month, m.count]),
    shown: data.newCustomersByMonth.map((m) => [m.month, String(m.count)]),
  };
  const noPolicies = data.byStatus.length === 0;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div className="lg:col-span-2">
        <ChartCard title="Premium written per month" description="Premium of the policies entered each month." file="premium-per-month" table={premiumTable(data)}>
          <PremiumByMonthChart data={data.premiumByMonth} />
        </ChartCard>
      </div>
      {noPolicies ? (
        <p className="text-sm text-slate-500 lg:col-span-2">{ANALYTICS_TEXT.empty}</p>
      ) : (
        <>
          <ChartCard title="Policies by status" file="policies-by-status" table={sliceTable('Status', data.byStatus)}>
            <SliceChart data={data.byStatus} by="count" />
          </ChartCard>
          <ChartCard title="Mix by type" description="Share of premium." file="mix-by-type" table={sliceTable('Type', data.byType)}>
            <SliceChart data={data.byType} by="premium" />
          </ChartCard>
          <ChartCard title="Mix by carrier" description="Share of premium, top 10 carriers." file="mix-by-carrier" table={sliceTable('Carrier', data.byCarrier)}>
            <SliceChart data={data.byCarrier} by="premium" />
          </ChartCard>
        </>
      )}
      <ChartCard title="New customers per month" file="new-customers-per-month" table={customersTable}>
        <CountByMonthChart data={data.newCustomersByMonth} />
      </ChartCard>
      <div className="lg:col-span-2">
        <ChartCard title={ANALYTICS_TEXT.retentionTitle} description={ANALYTICS_TEXT.retentionDescription} file="retention-per-month" table={retentionTable(data)}>
          <RetentionChart data={data.retentionByMonth} />
        </ChartCard>
      </div>
    </div>
  );
}
