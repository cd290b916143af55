// /admin/analytics (super admin). recharts is imported here only, so it loads with this page's chunk.
import { format, formatDistanceToNowStrict, parseISO } from 'date-fns';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { SystemAnalytics } from '#shared/admin-analytics.ts';
import { TIER_LABEL } from '#shared/tiers.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { ChartCard } from './chart-card.tsx';
import { useSystemAnalytics } from './security-queries.ts';

const BRAND = '#1d4ed8';
const MUTED = '#94a3b8';
const AMBER = '#d97706';

function Stat({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Card className="p-4">
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-bold tabular-nums text-slate-900">{value}</p>
      {note ? <p className="mt-0.5 text-xs text-slate-500">{note}</p> : null}
    </Card>
  );
}

function Bars({ data, x, bars, stacked }: { data: object[]; x: string; bars: { key: string; name: string; color: string }[]; stacked?: boolean }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} margin={{ top: 4, right: 8, bottom: 4, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey={x} tick={{ fontSize: 12 }} />
        <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
        <Tooltip />
        {bars.length > 1 ? <Legend wrapperStyle={{ fontSize: 12 }} /> : null}
        {bars.map((b) => (
          <Bar key={b.key} dataKey={b.key} name={b.name} fill={b.color} stackId={stacked ? 'a' : undefined} isAnimationActive={false} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}

function Figures({ a }: { a: SystemAnalytics }) {
  const weeks = a.signups_per_week.map((w) => ({ ...w, label: format(parseISO(w.week), 'MMM d') }));
  const signups = weeks.reduce((n, w) => n + w.confirmed + w.unconfirmed, 0);
  const plans = a.agencies_per_plan.map((p) => ({ ...p, label: TIER_LABEL[p.tier] }));
  const mrr = a.mrr.by_plan.map((p) => ({ ...p, label: TIER_LABEL[p.tier], amount: Number(p.revenue) }));
  const active = [
    { label: 'Last 7 days', agencies: a.active_agencies.last_7_days },
    { label: 'Last 30 days', agencies: a.active_agencies.last_30_days },
  ];
  const pending = a.pending_verifications;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Stat label="Monthly recurring revenue" value={`$${a.mrr.total}`} note="Approved payments at the plan prices" />
        <Stat label="Active agencies (7 / 30 days)" value={`${a.active_agencies.last_7_days} / ${a.active_agencies.last_30_days}`} note={`of ${a.active_agencies.total} agencies`} />
        <Stat label="Trials ending this week" value={String(a.trials_ending_this_week.count)} />
        <Stat
          label="Pending verifications"
          value={String(pending.count)}
          note={pending.oldest_submitted_at ? `oldest ${formatDistanceToNowStrict(parseISO(pending.oldest_submitted_at))} old` : 'none waiting'}
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <ChartCard
          title="Sign-ups per week"
          summary={`${signups} sign-ups in the last 12 weeks, confirmed and unconfirmed.`}
          table={{ columns: ['Week of', 'Confirmed', 'Unconfirmed'], rows: weeks.map((w) => [w.label, w.confirmed, w.unconfirmed]) }}
        >
          <Bars data={weeks} x="label" stacked bars={[{ key: 'confirmed', name: 'Confirmed', color: BRAND }, { key: 'unconfirmed', name: 'Unconfirmed', color: MUTED }]} />
        </ChartCard>
        <ChartCard
          title="Active agencies"
          summary="Agencies whose book changed or whose members signed in."
          table={{ columns: ['Period', 'Active agencies'], rows: active.map((r) => [r.label, r.agencies]) }}
        >
          <Bars data={active} x="label" bars={[{ key: 'agencies', name: 'Active agencies', color: BRAND }]} />
        </ChartCard>
        <ChartCard
          title="Agencies per plan"
          summary="Each agency counts under its owner's current plan; trials are shown separately."
          table={{ columns: ['Plan', 'Agencies', 'On trial'], rows: plans.map((p) => [p.label, p.agencies, p.trialing]) }}
        >
          <Bars data={plans} x="label" bars={[{ key: 'agencies', name: 'Agencies', color: BRAND }, { key: 'trialing', name: 'On trial', color: AMBER }]} />
        </ChartCard>
        <ChartCard
          title="Monthly recurring revenue by plan"
          summary={`$${a.mrr.total} a month from accounts with an approved payment.`}
          table={{ columns: ['Plan', 'Accounts', 'Revenue'], rows: mrr.map((p) => [p.label, p.accounts, `$${p.revenue}`]) }}
        >
          <Bars data={mrr} x="label" bars={[{ key: 'amount', name: 'Revenue ($)', color: BRAND }]} />
        </ChartCard>
        <ChartCard
          title="Pending verifications by age"
          summary={`${pending.count} payment submissions waiting for a decision.`}
          table={{ columns: ['Waiting', 'Submissions'], rows: pending.by_age.map((b) => [b.bucket, b.count]) }}
        >
          <Bars data={pending.by_age} x="bucket" bars={[{ key: 'count', name: 'Submissions', color: AMBER }]} />
        </ChartCard>
        <Card className="p-5">
          <h2 className="font-semibold text-slate-900">Trials ending this week</h2>
          {a.trials_ending_this_week.rows.length === 0 ? (
            <p className="mt-3 text-sm text-slate-600">No trials end this week.</p>
          ) : (
            <ul className="mt-3 divide-y divide-slate-100 text-sm">
              {a.trials_ending_this_week.rows.map((t) => (
                <li key={t.id} className="flex flex-wrap justify-between gap-2 py-2">
                  <span className="truncate text-slate-800">{t.email}</span>
                  <span className="text-slate-600">{TIER_LABEL[t.tier]} · ends {format(parseISO(t.trial_ends_at), 'EEE MMM d, HH:mm')}</span>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </>
  );
}

export function AdminAnalyticsPage() {
  const query = useSystemAnalytics();
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">System Analytics</h1>
        <p className="mt-1 text-slate-600">Sign-ups, active agencies, plans, revenue and the verification queue.</p>
      </div>
      {query.isPending ? (
        <div className="flex justify-center py-12"><Spinner label="Loading analytics" /></div>
      ) : query.isError ? (
        <div role="alert" className="space-y-3 text-sm text-red-700">
          <p>Error loading analytics: {errorMessage(query.error)}</p>
          <Button variant="outline" size="sm" onClick={() => query.refetch()}>Try again</Button>
        </div>
      ) : (
        <Figures a={query.data} />
      )}
    </div>
  );
}
