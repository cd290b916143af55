// /dashboard home (agency.md §2 + issue 4): welcome, usage, quick actions, recent activity.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { FilePlus2, RefreshCw, UserPlus } from 'lucide-react';
import { ACTIVITY_TEXT } from '#shared/activity-text.ts';
import { formatLongDateTime } from '#shared/format-date.ts';
import { PlanBadge } from '#web/components/plan-badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { apiPost, errorMessage } from '#web/lib/api.ts';
import { ActivityItem } from '#web/components/activity-item.tsx';
import { UpgradePlanButton } from '#web/components/upgrade-plan-button.tsx';
import { useDashboardCards } from '#web/lib/dashboard-data.ts';
import { meKey, useFeature, useSession } from '#web/lib/session.ts';
import { PolicyPerformancePanel } from './performance-panel.tsx';
import { UsageBar } from './usage-bars.tsx';

export const CLOCK_REFRESH_MS = 60_000;

function useNow(intervalMs: number) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * "Welcome" on the user's first view of the dashboard, "Welcome back" after it. The answer is taken
 * once per page view, so the heading does not change while the first view is being recorded.
 */
function useGreeting(): string {
  const { data: session } = useSession();
  const qc = useQueryClient();
  const seen = session?.profile.dashboard_seen_at;
  const firstNow = seen === undefined ? null : seen === null;
  const [pinned, setPinned] = useState<boolean | null>(null);
  useEffect(() => {
    if (pinned !== null || firstNow === null) return;
    setPinned(firstNow);
    if (firstNow)
      void apiPost('/api/account/dashboard-seen')
        .then(() => qc.invalidateQueries({ queryKey: meKey }))
        .catch(() => undefined);
  }, [pinned, firstNow, qc]);
  return (pinned ?? firstNow) ? 'Welcome' : 'Welcome back';
}

export function DashboardPage() {
  const { data: session } = useSession();
  const greeting = useGreeting();
  const now = useNow(CLOCK_REFRESH_MS);
  const { allowed: analyticsAllowed } = useFeature('analytics');
  // one request for the three cards (issue 33), each card's data under its own cache key
  const { allowed: commissionsAllowed } = useFeature('commissions');
  const { usage, recent, analytics, commission } = useDashboardCards(analyticsAllowed, commissionsAllowed);
  const tier = session?.agency?.tier ?? session?.profile.effective_tier;
  return (
    <div className="space-y-6">
      <section className="rounded-lg bg-gradient-to-r from-brand-700 to-brand-600 p-6 text-white shadow-sm">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h1 className="text-2xl font-semibold">
              {greeting}, {session?.profile.first_name || 'User'}
            </h1>
            <p className="mt-1 text-sm text-white/85" data-testid="dashboard-clock">
              {formatLongDateTime(now)}
            </p>
          </div>
          <PlanBadge tier={tier} className="self-start sm:self-center" />
        </div>
      </section>

      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader className="flex flex-row items-center justify-between">
            <CardTitle>{ACTIVITY_TEXT.recent}</CardTitle>
            <Button variant="outline" size="sm" asChild>
              <Link to="/dashboard/activity">{ACTIVITY_TEXT.viewAll}</Link>
            </Button>
          </CardHeader>
          <CardContent>
            {recent.isPending ? (
              <Spinner label="Loading activity" />
            ) : recent.isError ? (
              <p className="text-sm text-red-600">{errorMessage(recent.error)}</p>
            ) : recent.data.rows.length === 0 ? (
              <p className="text-sm text-slate-500">{ACTIVITY_TEXT.empty}</p>
            ) : (
              <ul className="divide-y divide-slate-100" aria-label={ACTIVITY_TEXT.recent}>
                {recent.data.rows.map((entry) => (
                  <ActivityItem key={entry.id} entry={entry} />
                ))}
              </ul>
            )}
          </CardContent>
        </Card>

        <div className="space-y-6">
          <Card>
            <CardHeader>
              <CardTitle>Usage Statistics</CardTitle>
            </CardHeader>
            <CardContent className="space-y-4">
              {usage.isPending ? (
                <Spinner label="Loading usage" />
              ) : usage.isError ? (
                <p className="text-sm text-red-600">{errorMessage(usage.error)}</p>
              ) : (
                <>
                  <UsageBar label="Policies" usage={usage.data.policies} />
                  <UsageBar label="Customers" usage={usage.data.customers} />
                </>
              )}
              <UpgradePlanButton className="w-full" />
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Quick Actions</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-2">
              <Button variant="outline" asChild className="justify-start">
                <Link to="/dashboard/policies/new">
                  <FilePlus2 className="h-4 w-4" aria-hidden /> New Policy
                </Link>
              </Button>
              <Button variant="outline" asChild className="justify-start">
                <Link to="/dashboard/customers/new">
                  <UserPlus className="h-4 w-4" aria-hidden /> New Customer
                </Link>
              </Button>
              <Button variant="outline" asChild className="justify-start">
                <Link to="/dashboard/renewals">
                  <RefreshCw className="h-4 w-4" aria-hidden /> Renewal
                </Link>
              </Button>
            </CardContent>
          </Card>
        </div>
      </div>

      <PolicyPerformancePanel query={analytics} commission={commissionsAllowed ? commission : undefined} />
    </div>
  );
}
