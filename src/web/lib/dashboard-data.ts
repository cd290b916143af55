// The dashboard's first screen in one round trip (issue 33): GET /api/dashboard answers usage,
// recent activity and analytics together, and each part lands in the cache under the key its own
// endpoint's query uses, so Policies (usage) or Analytics read it without asking again.
import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Analytics } from '#shared/analytics.ts';
import { DASHBOARD_ACTIVITY_QUERY, type DashboardData } from '#shared/dashboard.ts';
import { apiGet } from './api.ts';
import { usageKey } from './book.ts';

export const dashboardKey = ['dashboard'] as const;
export const recentActivityKey = ['activity', DASHBOARD_ACTIVITY_QUERY] as const;
export const analyticsKey = ['analytics'] as const;
/** under 'commissions': a change on the commissions pages that invalidates them refreshes the line too */
export const dashboardCommissionKey = ['commissions', 'dashboard-comparison'] as const;

function seed(qc: QueryClient, d: DashboardData) {
  qc.setQueryData(usageKey, d.usage);
  qc.setQueryData(recentActivityKey, d.recentActivity);
  if (d.analytics) qc.setQueryData(analyticsKey, d.analytics);
  if (d.commission) qc.setQueryData(dashboardCommissionKey, d.commission);
}

/**
 * The dashboard request, shared: the cards ask at the same time (or after an invalidation of
 * several of them) and get one request in flight. staleTime 0: a card that asks again wants fresh
 * figures; the cards' own queries keep the app's staleTime.
 */
export function fetchDashboard(qc: QueryClient): Promise<DashboardData> {
  return qc.fetchQuery({
    queryKey: dashboardKey,
    queryFn: async ({ signal }) => {
      const d = await apiGet<DashboardData>('/api/dashboard', signal);
      seed(qc, d);
      return d;
    },
    staleTime: 0,
  });
}

/** The dashboard's cards: their own cache keys, filled (and refreshed) by the one dashboard request. */
export function useDashboardCards(analyticsAllowed: boolean, commissionsAllowed = false) {
  const qc = useQueryClient();
  const usage = useQuery({ queryKey: usageKey, queryFn: () => fetchDashboard(qc).then((d) => d.usage) });
  const recent = useQuery({
    queryKey: recentActivityKey,
    queryFn: () => fetchDashboard(qc).then((d) => d.recentActivity),
    placeholderData: keepPreviousData,
  });
  const analytics = useQuery({
    queryKey: analyticsKey,
    // null: the server's plan check said no where the session said yes (a plan changed meanwhile);
    // the analytics endpoint then answers the denial's own message
    queryFn: ({ signal }) => fetchDashboard(qc).then((d) => d.analytics ?? apiGet<Analytics>('/api/analytics', signal)),
    enabled: analyticsAllowed,
  });
  const commission = useQuery({
    queryKey: dashboardCommissionKey,
    queryFn: () => fetchDashboard(qc).then((d) => d.commission),
    enabled: commissionsAllowed,
  });
  return { usage, recent, analytics, commission };
}
