// The dashboard's Policy Performance panel: premium per month on Business and above (the chart
// module loads only then, and only once the panel comes on screen: below the first screen on a
// phone, decision 080), an upsell below Business.
import { lazy, Suspense, useEffect, useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Lock } from 'lucide-react';
import { ANALYTICS_TEXT, type Analytics } from '#shared/analytics.ts';
import type { CommissionComparison } from '#shared/dashboard.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { useFeature } from '#web/lib/session.ts';
import { CommissionLine } from './commission-line.tsx';

const PremiumByMonthChart = lazy(() => import('#web/components/charts.tsx').then((m) => ({ default: m.PremiumByMonthChart })));

/** Whether the element has come into the viewport (once true, stays true). */
function useNearViewport(): [(el: Element | null) => void, boolean] {
  const [el, setEl] = useState<Element | null>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (!el || near) return;
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: '0px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [el, near]);
  return [setEl, near];
}

/**
 * `query`: the analytics, read by the dashboard with its other cards (dashboard-data.ts);
 * `commission`: the commission line, given where the plan has commissions (Professional and above).
 */
export function PolicyPerformancePanel({ query, commission }: { query: UseQueryResult<Analytics>; commission?: UseQueryResult<CommissionComparison | null> }) {
  const { allowed, isPending } = useFeature('analytics');
  const [chartRef, chartNear] = useNearViewport();
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between">
        <CardTitle>Policy Performance</CardTitle>
        {allowed ? (
          <Button variant="outline" size="sm" asChild>
            <Link to="/dashboard/analytics">View analytics</Link>
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {commission ? <CommissionLine query={commission} /> : null}
        {isPending ? (
          <Spinner label="Loading" />
        ) : !allowed ? (
          <div className="flex flex-col items-center gap-2 py-6 text-center">
            <Lock className="h-8 w-8 text-slate-400" aria-hidden />
            <p className="font-medium text-slate-900">{ANALYTICS_TEXT.upsellTitle}</p>
            <p className="text-sm text-slate-600">{ANALYTICS_TEXT.upsellText}</p>
            <Button asChild className="mt-2">
              <Link to="/dashboard/subscription/upgrade?tier=business">Upgrade to Business</Link>
            </Button>
          </div>
        ) : query.isPending ? (
          <Spinner label="Loading premium per month" />
        ) : query.isError ? (
          <p className="text-sm text-red-600">{ANALYTICS_TEXT.loadError(errorMessage(query.error))}</p>
        ) : (
          <figure>
            <figcaption className="mb-2 text-sm text-slate-600">Premium written per month, last 12 months</figcaption>
            <div ref={chartRef} className="min-h-40" role="img" aria-label={`Premium written per month: ${query.data.premiumByMonth.map((p) => `${p.month} ${p.premium}`).join(', ')}`}>
              {chartNear ? (
                <Suspense fallback={<Spinner label="Loading chart" />}>
                  <PremiumByMonthChart data={query.data.premiumByMonth} compact />
                </Suspense>
              ) : (
                <Spinner label="Loading chart" />
              )}
            </div>
          </figure>
        )}
      </CardContent>
    </Card>
  );
}
